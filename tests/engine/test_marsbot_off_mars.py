"""The person's cities off Mars (Phobos Space Haven, Ganymede Colony): tiles in play that decide
Landlord, reported like any tile, never MarsBot's and never on its map."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.core.game import replay
from engine.marsbot.game import GAME
from engine.marsbot.placement import person_spaces
from tests.engine.marsbot_support import of, play_card, position, random_game, tiles

AWARD_CARD = "earth 5 noreq vp0"
"""An Earth tag: the city/Earth track 8 -> 9, MarsBot's award action."""


def landlord_position(person: dict[str, tuple[str, str]]) -> dict:
    """MarsBot has 2 tiles on Mars and the Earth track one step before its award; Banker and
    Scientist are already funded, so Landlord is the first award it can fund."""
    return position(
        tracks={"earth": 8},
        awards={"banker": "person", "scientist": "person"},
        map={"C3": ("city", "marsbot"), "C5": ("greenery", "marsbot"), **person},
    )


def test_a_city_on_phobos_is_noted_and_counts_for_landlord() -> None:
    state = landlord_position({"I2": ("city", "person")})
    assert GAME.view(state, 0)["person_landlord"] == 1
    after, events = GAME.apply(state, 0, "tile city phobos")
    assert after["map"]["PHOBOS"] == {"tile": "city", "owner": "person"}
    assert of(events, "tile") == [{"tile": "city", "space": "PHOBOS", "owner": "person", "reason": "report"}]
    assert after["params"] == state["params"]  # a city raises nothing
    assert GAME.view(after, 0)["person_landlord"] == 2

    # With 2 tiles each MarsBot no longer leads Landlord (2 against the person's 1 it did).
    lead, _, _ = play_card(state, AWARD_CARD, values={"thermalist": 20, "miner": 20})
    tied, _, _ = play_card(after, AWARD_CARD, values={"thermalist": 20, "miner": 20})
    assert lead["awards"].get("landlord") == "marsbot"
    assert "landlord" not in tied["awards"]


def test_only_a_city_goes_off_mars_and_only_once_per_space() -> None:
    state = position()
    for move, key in (
        ("tile greenery PHOBOS", "marsbot.off_mars_city"),
        ("tile ocean GANYMEDE", "marsbot.off_mars_city"),
        ("tile special PHOBOS", "marsbot.off_mars_city"),
    ):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, 0, move)
        assert refused.value.code == key, move
    after, _ = GAME.apply(state, 0, "tile city GANYMEDE")
    with pytest.raises(IllegalMove) as taken:
        GAME.apply(after, 0, "tile city GANYMEDE")
    assert taken.value.code == "marsbot.space_taken"
    assert person_spaces(after, "city")[-1] == "PHOBOS"  # after the map's spaces
    assert "PHOBOS" not in person_spaces(after, "greenery")
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "tile city MOON")


def test_marsbot_never_builds_off_mars_and_its_city_score_ignores_them() -> None:
    state = position(map={"PHOBOS": ("city", "person"), "GANYMEDE": ("city", "person")})
    after, _, _ = play_card(state, "city 10 noreq vp0", answers=["cost 3"])
    placed = tiles(after, "marsbot", "city")
    assert placed and not set(placed) & {"PHOBOS", "GANYMEDE"}


def test_random_games_with_cities_off_mars_end_and_replay() -> None:
    off = 0
    for seed in range(6):
        final, log, _, _ = random_game(seed, {}, rare=True)
        assert replay(GAME, 1, {}, seed, [(0, m) for m in log]) == final
        off += sum(1 for m in log if m.startswith("tile city") and m.split()[-1] in ("PHOBOS", "GANYMEDE"))
    assert off > 0
