"""``python -m bench.marsbot`` prints its figures (timings are not judged here)."""

from __future__ import annotations

import re

import pytest

from bench.marsbot import main

FIGURE = r"p50=\s*[\d.]+ ms\s+p99=\s*[\d.]+ ms"


def test_marsbot_benchmark_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2"]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"tile decision\s+n=\d+\s+{FIGURE}.*target p99 <= 5.0 ms (PASS|FAIL)", out)
    assert re.search(rf"apply \(person's move \+ MarsBot\)\s+n=\d+\s+{FIGURE}.*baseline", out)
    assert re.search(r"2 random games, \d+ moves in [\d.]+ s", out)
