"""The benchmark command runs and reports every figure the README quotes (values are not judged)."""

from __future__ import annotations

import re

import pytest

from bench.runarch import main

FIGURE = r"p50=\s*[\d.]+ ms\s+p99=\s*[\d.]+ ms"


def test_quick_benchmark_prints_every_section_with_its_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    for section in (
        "engine apply",
        "render board",
        "baseline: blank PNG encode",
        "store commit",
        "baseline: bare insert+commit",
        "whole move via SimCord",
        "solo round trip via SimCord",
        "automa turn",
        "render complex/solo board",
    ):
        assert re.search(rf"{re.escape(section)}\s+n=\d+\s+{FIGURE}", out), section
    assert re.search(r"render board .* [\d.]+x blank .*(PASS|FAIL)", out)
    assert re.search(r"store commit .* [\d.]+x bare", out)
    assert re.search(r"\d+ random complete games: [\d.]+ s \(\d+ moves", out)
    assert re.search(r"\d+ random complete complex games: [\d.]+ s \(\d+ moves, [\d.]+x simple", out)
    assert re.search(r"solo round trip .* [\d.]+x a 2-player move", out)
    assert re.search(r"automa turn .* [\d.]+x apply", out)
    assert re.search(r"render complex/solo board .* [\d.]+x simple board  largest \d+ KB", out)
