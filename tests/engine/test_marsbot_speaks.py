"""What MarsBot's events tell a person at a physical table (issue 26, section 4): where a tile
goes on the printed board, this game's number of cards, no final greenery, the breakdown of a
game lost at the generation limit."""

from __future__ import annotations

from engine.marsbot.content import mars
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import of, play_card, position

MAXED = {"temperature": 8, "oxygen": 14, "oceans": 9}


def test_marsbots_tile_says_what_the_printed_board_shows_there() -> None:
    """Everything but Pavonis Mons (D1) is taken: MarsBot's greenery goes there."""
    land = [s.id for s in mars().spaces.values() if not s.ocean and s.reserved is None and s.id != "D1"]
    state = position(map=dict.fromkeys(land, ("special", "person")))
    state["tracks"]["plant"] = state["reached"]["plant"] = 2
    _, events, _ = play_card(state, "plant 10 noreq vp0")
    (tile,) = of(events, "tile")
    assert tile["space"] == "D1"
    assert tile["place"] == {
        "name": "pavonis_mons",
        "reserved": None,
        "bonus": dict(mars().spaces["D1"].bonus),
        "ocean": False,
    }
    assert tile["place"]["bonus"] == {"plants": 1, "titanium": 1}


def test_the_research_event_says_this_games_number_of_project_cards() -> None:
    for options, cards in (
        ({}, 3),
        ({"difficulty": "brutal"}, 4),
        ({"difficulty": "custom", "modifications": "four_cards"}, 4),
    ):
        state = position(options, passed={"person": False, "marsbot": True})
        _, events = GAME.apply(state, 0, "pass")
        assert of(events, "generation")[0]["cards"] == cards


def test_marsbot_without_a_final_greenery_says_so() -> None:
    state = position(params=dict(MAXED), passed={"person": False, "marsbot": True}, first="marsbot")
    _, events = GAME.apply(state, 0, "pass")
    assert of(events, "final") == [{"first": "marsbot"}] and of(events, "final_none") == [{}]
    assert of(events, "final_greenery") == []


def test_the_generation_limit_gives_marsbots_breakdown() -> None:
    state = position(generation=19, tr=31, money=40, passed={"person": False, "marsbot": True})
    _, events = GAME.apply(state, 0, "pass")
    (shown,) = of(events, "breakdown")
    assert shown["generation"] == 20 and shown["tr"] == 31 and shown["money"] == 0 and shown["awards"] == 0
    assert shown["total"] == 31
