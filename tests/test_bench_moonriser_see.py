"""The benchmarks of issue 27 run as the README says, quickly; their figures are printed, not
judged here (the machine may be busy), except the tap counts, which are not timings."""

from __future__ import annotations

import re

import pytest

from tests.test_bench import FIGURE


def test_quick_render_benchmark_prints_the_supply_and_tile_pictures_against_a_blank_encode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.moonriser_render import main

    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    for name in ("supply (en)", "one tile (en)", "supply (cs)", "one tile (cs)"):
        assert re.search(rf"render {re.escape(name)}\s+n=12\s+{FIGURE}.* [\d.]+x blank  target <= 3x", out)
    assert out.count("baseline: blank PNG encode") == 5


def test_quick_taps_benchmark_plays_by_buttons_and_counts_taps_per_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.moonriser_taps import main

    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "a 2-seat game, seed 11: 6 turns" in out
    found = re.search(r"taps per turn: median ([\d.]+)  target <= 6", out)
    assert found and float(found[1]) <= 6
    assert re.search(r"the same moves by the flow before issue 27: median [\d.]+", out)
