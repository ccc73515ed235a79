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


def test_quick_taps_benchmark_plays_by_buttons_with_a_mixed_player_and_says_where_taps_go(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.moonriser_taps import main

    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"a 2-seat game, seed 11, 65% of moves the bot's advice: 6 turns", out)
    found = re.search(r"^median taps per turn: ([\d.]+)$", out, re.MULTILINE)
    assert found and float(found[1]) <= 5
    assert re.search(r"taps by kind of tap:\n +\d+ +[\d.]+/turn  (button|select) ", out)
