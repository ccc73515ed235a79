"""The end of the game: the generation limit, the final greeneries in turn order, the awards'
winners, the person's total, MarsBot's total by source (with the seed's money example) and the
winner (MarsBot on a tie)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalMove
from engine.marsbot.content import mars, money_vp
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import answer_all, of, position, tiles

MAXED = {"temperature": 8, "oxygen": 14, "oceans": 9}
State = dict[str, Any]


def test_the_seeds_money_example() -> None:
    assert money_vp(14, 25, prelude=False) == 4
    assert money_vp(16, 25, prelude=False) == 6
    assert money_vp(12, 25, prelude=True) == 4
    assert money_vp(20, 25, prelude=False) is None


@pytest.mark.parametrize(("options", "generation"), [({}, 19), ({"prelude": True}, 17)])
def test_reaching_generation_20_or_18_loses(options: dict, generation: int) -> None:
    state = position(options, generation=generation, passed={"person": False, "marsbot": True})
    after, events = GAME.apply(state, 0, "pass")
    assert after["phase"] == "over" and after["ended"] == "generation_limit" and after["winner"] == 1
    assert of(events, "lost_generation") == [{"generation": generation + 1}]
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.places == (2, 1)
    assert GAME.to_act(after) == [] and list(GAME.legal_moves(after, 0)) == []


def test_the_generation_before_the_limit_goes_on() -> None:
    state = position(generation=18, passed={"person": False, "marsbot": True})
    after, _events = GAME.apply(state, 0, "pass")
    assert after["generation"] == 19 and after["phase"] != "over"


def final_position(**top: Any) -> State:
    """Everything at its target; both about to pass (MarsBot has no cards left)."""
    return position(params=dict(MAXED), passed={"person": False, "marsbot": True}, **top)


def test_final_greeneries_then_scoring_with_the_person_first() -> None:
    state = final_position(
        generation=14,
        money=25,
        tr=40,
        tracks={"plant": 4, "building": 7, "science": 2},
        milestones={"terraformer": "marsbot", "mayor": "person"},
        awards={"landlord": "marsbot", "scientist": "person", "miner": "person"},
        map={
            "C3": ("city", "marsbot"),
            "C4": ("greenery", "person"),
            "D3": ("greenery", "marsbot"),
            "H3": ("cmm", "marsbot"),
            "H4": ("city", "person"),
            "E4": ("ocean", "person"),
        },
        played=[
            {"tags": [], "cost": 3, "req": False, "vp": "pos"},
            {"tags": [], "cost": 3, "req": False, "vp": "neg"},
        ],
    )
    state, events = GAME.apply(state, 0, "pass")
    assert state["phase"] == "final" and state["question"] is None
    assert of(events, "final") == [{"first": "person"}]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "raise oxygen 1")
    assert refused.value.code == "marsbot.final_only_greenery"
    state, events = GAME.apply(state, 0, "tile greenery B3")
    assert state["params"]["oxygen"] == 14 and state["map"]["B3"]["owner"] == "person"
    state, events = GAME.apply(state, 0, "done")
    # plant 4 -> 5 and building 7 -> 8 are greeneries; science 2 -> 3 is not
    assert [e["track"] for e in of(events, "final_greenery")] == ["building", "plant"]
    assert (
        state["tracks"]["plant"] == 5 and state["tracks"]["building"] == 8 and state["tracks"]["science"] == 2
    )
    state, more, asked = answer_all(state, values={"scientist": 2, "miner": 9})
    assert asked[-2:] == [
        {"kind": "values", "awards": ["scientist", "miner"], "why": "scoring"},
        {"kind": "total"},
    ]
    results = {e["award"]: e["winners"] for e in of(more, "award_result")}
    assert results == {"landlord": ["marsbot"], "scientist": ["person", "marsbot"], "miner": ["person"]}
    final = state["final"]
    greeneries = tiles(state, tile="greenery")
    assert len(greeneries) == 3
    assert final["tr"] == 40 and final["milestones"] == 5 and final["awards"] == 10
    assert final["greeneries"] == 3 and final["money"] == 4 and final["cards"] == 0
    assert final["total"] == sum(
        final[k] for k in ("tr", "milestones", "awards", "greeneries", "cities", "cmm", "money", "cards")
    )
    assert state["phase"] == "over" and state["person_total"] == 50


def test_city_and_cmm_points() -> None:
    state = final_position(
        map={
            "C3": ("city", "marsbot"),
            "C4": ("greenery", "person"),
            "C2": ("greenery", "marsbot"),
            "H3": ("cmm", "marsbot"),
            "H4": ("city", "person"),
            "G3": ("greenery", "marsbot"),
        }
    )
    state, _ = GAME.apply(state, 0, "pass")
    state, _ = GAME.apply(state, 0, "done")
    state, _, _ = answer_all(state, ["total 10"])
    assert state["final"]["cities"] == 2  # C3 next to the greeneries C2 and C4
    assert state["final"]["cmm"] == 5  # H3's 6 neighbours, one the person's city
    assert state["winner"] == 1


@pytest.mark.parametrize(("delta", "winner", "places"), [(1, 0, (1, 2)), (0, 1, (2, 1)), (-1, 1, (2, 1))])
def test_the_person_wins_only_with_more(delta: int, winner: int, places: tuple[int, int]) -> None:
    state = final_position(tr=30)
    state, _ = GAME.apply(state, 0, "pass")
    state, _ = GAME.apply(state, 0, "done")
    state, _ = GAME.apply(state, 0, f"total {30 + delta}")
    assert state["final"]["total"] == 30 and state["winner"] == winner
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == places and outcome.scores == (30 + delta, 30)
    assert bool(outcome.ties) == (delta == 0)


def test_hard_scores_played_cards_without_negative_vp() -> None:
    played = [{"tags": [], "cost": 1, "req": False, "vp": vp} for vp in ("pos", "none", "neg", "none")]
    state = final_position(options={"difficulty": "hard"}, played=played)
    state, _ = GAME.apply(state, 0, "pass")
    state, _ = GAME.apply(state, 0, "done")
    state, _, _ = answer_all(state)
    assert state["final"]["cards"] == 3


def test_marsbot_first_places_its_final_greeneries_before_the_person() -> None:
    state = final_position(first="marsbot", tracks={"plant": 4})
    state, events = GAME.apply(state, 0, "pass")
    assert state["phase"] == "final" and of(events, "final_greenery") == [{"track": "plant", "space": 5}]
    state, _, _ = answer_all(state)
    assert len(tiles(state, tile="greenery")) == 1 and state["question"] is None
    assert state["finals"] == {"person": False, "marsbot": True}
    state, _ = GAME.apply(state, 0, "tile greenery I1")
    state, events = GAME.apply(state, 0, "done")
    assert of(events, "final_greenery") == [] and state["question"] == {"kind": "total"}


def test_resigning_hands_marsbot_the_win() -> None:
    state, _events = GAME.apply(position(), 0, "resign")
    assert state["phase"] == "over" and state["ended"] == "resigned" and state["winner"] == 1
    assert GAME.outcome(state).places == (2, 1)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "done")
    assert refused.value.code == "core.game_over"


def test_a_final_greenery_with_no_space_left_is_skipped_not_paid() -> None:
    land = [s.id for s in mars().spaces.values() if not s.ocean]
    state = final_position(
        first="marsbot", tracks={"plant": 4}, money=3, map=dict.fromkeys(land, ("special", "person"))
    )
    state, events = GAME.apply(state, 0, "pass")
    assert of(events, "final_greenery") == [{"track": "plant", "space": 5}]
    assert of(events, "failed") == [] and state["money"] == 3  # "Za MarsBot umístěte…": nothing to place
