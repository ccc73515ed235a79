"""Milestones and awards on Tharsis: MarsBot's values as the overview card computes them, the
``closest`` question, funding the award it leads most, the easy level's -5, the hard level's
milestone purchase, and the person's own claims."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.marsbot.content import TRACK_IDS
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import marsbot_turn, of, play_card, position

MILESTONE_CARD = "building 5 noreq vp0"
"""Building 6 -> 7: claim a milestone."""
AWARD_CARD = "earth 5 noreq vp0"
"""Earth 8 -> 9: fund an award."""


def test_marsbots_values_on_tharsis() -> None:
    state = position(
        tr=33,
        tracks={"building": 8, "space": 4, "event": 3, "science": 6, "energy": 2, "earth": 5, "plant": 4},
        map={
            "C3": ("city", "marsbot"),
            "G3": ("city", "marsbot"),
            "C4": ("greenery", "marsbot"),
            "E4": ("ocean", "marsbot"),
            "H3": ("cmm", "marsbot"),
            "I2": ("city", "person"),
        },
    )
    view = GAME.view(state, None)
    assert view["milestone_values"] == {
        "terraformer": 33,
        "mayor": 2,
        "gardener": 1,
        "builder": 8,
        "planner": 2,
    }
    assert view["qualifies"] == ["builder"]
    assert view["award_values"] == {"landlord": 4, "banker": 11, "scientist": 6, "thermalist": 7, "miner": 9}
    assert view["person_landlord"] == 1
    easy = GAME.view(position({"difficulty": "easy"}, tracks={"energy": 2}), None)["award_values"]
    assert easy == {"landlord": -5, "banker": -5, "scientist": -5, "thermalist": 2, "miner": 0}


def test_planner_needs_every_track_at_4() -> None:
    state = position(tracks=dict.fromkeys(TRACK_IDS, 4))
    assert GAME.view(state, None)["qualifies"] == ["planner"]
    state["tracks"]["plant"] = 3
    assert GAME.view(state, None)["qualifies"] == []


def test_several_milestones_ask_which_is_closest() -> None:
    state = position(tr=35, tracks={"building": 6}, reached={"building": 6})
    state["map"] = {s: {"tile": "city", "owner": "marsbot"} for s in ("A1", "C3", "G3")}
    after, _, asked = play_card(state, MILESTONE_CARD, ["closest mayor"])
    assert asked[-1] == {"kind": "closest", "milestones": ["terraformer", "mayor"]}
    assert after["milestones"] == {"mayor": "marsbot"}
    after, _, _ = play_card(state, MILESTONE_CARD, ["closest equal"])
    assert after["milestones"] == {"terraformer": "marsbot"}
    paused = _waiting_closest(state)
    for move, code in [("closest builder", "marsbot.not_a_choice"), ("cost 3", "marsbot.answer_first")]:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(paused, 0, move)
        assert refused.value.code == code


def _waiting_closest(state: dict) -> dict:
    paused = dict(state, action_deck=["P"])
    paused, _ = GAME.apply(paused, 0, "done")
    paused, _ = GAME.apply(paused, 0, f"card {MILESTONE_CARD}")
    assert paused["question"]["kind"] == "closest"
    return paused


def test_the_award_marsbot_leads_most_is_funded_leftmost_on_a_tie() -> None:
    state = position(tracks={"earth": 8, "science": 5, "building": 3, "event": 2})
    after, events, _ = play_card(state, AWARD_CARD, values={"thermalist": 10, "miner": 10})
    assert after["awards"] == {"banker": "marsbot"}  # banker 5 and scientist 5 lead alike
    assert of(events, "award") == [{"award": "banker", "owner": "marsbot"}]
    after, _, _ = play_card(state, AWARD_CARD, values={"banker": 1, "thermalist": 10, "miner": 10})
    assert after["awards"] == {"scientist": "marsbot"}


def test_landlord_compares_the_tiles_on_the_map_and_is_never_asked() -> None:
    state = position(
        tracks={"earth": 8},
        awards={"banker": "person", "scientist": "person"},
        map={"C3": ("city", "marsbot"), "C5": ("greenery", "marsbot"), "I2": ("city", "person")},
    )
    after, _, asked = play_card(state, AWARD_CARD, values={"thermalist": 20, "miner": 20})
    assert asked[-1]["awards"] == ["thermalist", "miner"]
    assert after["awards"]["landlord"] == "marsbot"


def test_easy_takes_5_off_so_a_small_lead_is_gone() -> None:
    state = position({"difficulty": "easy"}, tracks={"earth": 8, "science": 4})
    after, events, _ = play_card(state, AWARD_CARD, values={"thermalist": 9, "miner": 9})
    assert after["awards"] == {} and of(events, "failed") == [{"reason": "no_award", "money": 3, "total": 3}]


@pytest.mark.parametrize(
    ("claimed", "tracks", "money", "bought"),
    [
        ({}, dict.fromkeys(TRACK_IDS, 8), 8, "builder"),
        ({}, {"building": 8}, 8, None),
        ({"terraformer": "person"}, dict.fromkeys(TRACK_IDS, 8), 8, "builder"),
        ({"terraformer": "person", "mayor": "person"}, {"building": 8}, 8, "builder"),
        ({}, dict.fromkeys(TRACK_IDS, 8), 7, None),
    ],
)
def test_hard_buys_a_milestone_at_its_first_turn(
    claimed: dict, tracks: dict, money: int, bought: str | None
) -> None:
    state = position({"difficulty": "hard"}, tracks=tracks, money=money, milestones=claimed, tr=35)
    answers = ["closest builder"] if bought and len(claimed) < 2 else []
    after, _events, _ = marsbot_turn(state, ("B02",), answers)
    mine = [m for m, owner in after["milestones"].items() if owner == "marsbot"]
    assert mine == ([bought] if bought else [])
    assert after["money"] == money + 5 - (8 if bought else 0)
    again, _, _ = marsbot_turn(after, ("B02",))
    assert len(again["milestones"]) == len(after["milestones"])  # only the generation's first turn


def test_medium_never_buys() -> None:
    state = position(tracks=dict.fromkeys(TRACK_IDS, 8), money=20, tr=35)
    after, _, _ = marsbot_turn(state, ("B02",))
    assert after["milestones"] == {} and after["money"] == 25


def test_the_persons_claims() -> None:
    state, events = GAME.apply(position(), 0, "milestone mayor")
    assert state["milestones"] == {"mayor": "person"}
    assert of(events, "milestone") == [{"milestone": "mayor", "owner": "person"}]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "milestone mayor")
    assert refused.value.code == "marsbot.milestone_taken"
    full = position(awards={"banker": "person", "miner": "marsbot", "landlord": "person"})
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(full, 0, "award scientist")
    assert refused.value.code == "marsbot.awards_full"
    state, _ = GAME.apply(position(), 0, "award miner")
    assert state["awards"] == {"miner": "person"}
