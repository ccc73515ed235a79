"""Random legal play on every map with every option mixed ends without error, by the final score
or at the generation limit (the benchmark plays 200 games per map; this plays a few)."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.marsbot.game import GAME
from engine.marsbot.maps import MAPS
from engine.marsbot.randomplay import play_random_game, random_options

GAMES = 6


@pytest.mark.parametrize("map_name", MAPS)
def test_random_games_with_mixed_options_end_on_every_map(map_name: str) -> None:
    rng = Rng(len(map_name))
    for game in range(GAMES):
        options = random_options(rng, map_name)
        final, moves = play_random_game(1000 * game + 17, options)
        assert GAME.outcome(final) is not None, (options, moves)
        assert final["ended"] in ("scored", "generation_limit", "resigned"), final["ended"]
        assert final["options"]["map"] == map_name


def test_random_options_mix_every_option() -> None:
    rng = Rng(5)
    drawn = [random_options(rng) for _ in range(80)]
    for key in ("map", "difficulty", "corporation", "prelude", "venus", "draft"):
        assert len({str(o[key]) for o in drawn}) > 1, key
