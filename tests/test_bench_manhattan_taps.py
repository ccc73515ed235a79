"""``python -m bench.manhattan_taps`` runs and prints the figure issue 34 asks for."""

from __future__ import annotations

import re

import pytest

from bench.manhattan_taps import main


def test_quick_manhattan_taps_benchmark_prints_the_median_per_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"mixed player: \d+ of \d+ moves not the bot's advice", out)
    assert re.search(r"^median taps per turn: [\d.]+  \(placing turns; target <= 5  (ok|FAIL)\)$", out, re.M)
    assert re.search(r"placements and building uses in one whole-move tap: \d+ of \d+", out)
    assert "private acknowledgements left by a move: 0  target 0" in out
