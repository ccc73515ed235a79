"""The Moonriser rules benchmark runs and prints both of its figures."""

from __future__ import annotations

import pytest

from bench.moonriser_rules import main


def test_quick_rules_benchmark_prints_placements_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "placements, full hand + supply" in out and "p99=" in out
    assert "6 random 4-player games" in out and "200 games:" in out
