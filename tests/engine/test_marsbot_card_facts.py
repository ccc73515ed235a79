"""A revealed card's requirement and VP are asked only where the game uses them (issue 26: a
card in few taps): the requirement for C05's money (C03 in content 2), the VP for the hard level's card VP.
An unused one is answered ``-``; a used one left out is refused and changes nothing."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.marsbot.game import GAME
from engine.marsbot.reports import card_facts
from engine.marsbot.scoring import breakdown
from tests.engine.marsbot_support import of, play_card, position


@pytest.mark.parametrize(
    ("options", "used"),
    [
        ({}, frozenset()),
        ({"difficulty": "hard"}, frozenset({"vp"})),
        ({"corporation": "C05"}, frozenset({"req"})),
        ({"difficulty": "brutal", "corporation": "C05"}, frozenset({"req", "vp"})),
    ],
)
def test_the_facts_a_game_uses(options: dict, used: frozenset) -> None:
    assert card_facts(position(options)) == used


def test_an_unused_requirement_and_vp_are_recorded_as_not_asked() -> None:
    state, events, _ = play_card(position(), "building 12 - -")
    assert state["played"][-1] == {"tags": ["building"], "cost": 12, "req": None, "vp": None}
    assert of(events, "card")[0]["req"] is None
    assert GAME.parse_move("card building 12 - -").notation == "card building 12 - -"


@pytest.mark.parametrize(
    ("options", "answer", "refusal"),
    [
        ({"corporation": "C05"}, "card building 12 - vp0", "marsbot.card_needs_req"),
        ({"difficulty": "hard"}, "card building 12 noreq -", "marsbot.card_needs_vp"),
    ],
)
def test_a_used_fact_left_out_is_refused(options: dict, answer: str, refusal: str) -> None:
    state = position(options)
    state["action_deck"] = ["P"]
    asked, _ = GAME.apply(state, 0, "done")
    assert asked["question"]["kind"] == "card"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(asked, 0, answer)
    assert refused.value.code == refusal


def test_c05_pays_for_a_requirement_given_and_the_unused_vp_is_not_asked() -> None:
    state, events, _ = play_card(position({"corporation": "C05"}), "building 12 req -")
    assert any(e["why"] == "corporation" for e in of(events, "money"))
    assert state["played"][-1]["vp"] is None


def test_the_hard_level_counts_a_card_whose_vp_is_not_negative_and_not_a_negative_one() -> None:
    """``vp0+`` (none or positive: the one thing the hard level asks) counts 1 VP, ``vp-`` none."""
    state = position({"difficulty": "hard"})
    state, _, _ = play_card(state, "building 12 - vp0+")
    state, _, _ = play_card(state, "space 9 - vp-")
    assert [card["vp"] for card in state["played"]] == ["nonneg", "neg"]
    assert breakdown(state, None)["cards"] == 1
