"""Venus Next's milestone and award on Tharsis (the overview card: "král Plošin: Jako obvykle",
"expert na Venuši: Stav MarsBotovy stupnice Venuše"), and the person's reports of a card's gift
to MarsBot: Private University's 1 M€ ("MarsBot místo dobrání karty získá 1 €") and St. Joseph
of Cupertino Mission's step on its lowest track ("v případě shody na té nejvýše")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import IllegalMove
from engine.core.game import replay
from engine.core.undo import Actor, Plan, Step, plan_undo, replay_marked
from engine.marsbot import content
from engine.marsbot.content import TRACK_IDS
from engine.marsbot.game import GAME
from engine.marsbot.keys import EVENTS
from tests.engine.marsbot_support import (
    FIRST_CONTENT,
    answer_all,
    marsbot_turn,
    of,
    play_card,
    position,
    random_game,
)

VENUS = {"venus": True}
MILESTONE_CARD = "building 5 noreq vp0"
"""Building 6 -> 7: claim a milestone."""
AWARD_CARD = "earth 5 noreq vp0"
"""Earth 8 -> 9: fund an award."""
MAXED = {"temperature": 8, "oxygen": 14, "oceans": 9}
FIVE = ["banker", "scientist", "thermalist", "miner"]
State = dict[str, Any]


def refused(state: State, move: str) -> str:
    """The refusal's code; the state is left as it was."""
    frozen = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, 0, move)
    assert json.dumps(state, sort_keys=True) == frozen
    return caught.value.code


def listed(state: State) -> set[str]:
    return {m.notation for m in GAME.legal_moves(state, 0)}


# ----------------------------------------------------------------- Hoverlord


def test_b02s_seventh_floater_lets_marsbot_claim_hoverlord_only_with_venus() -> None:
    state = position(VENUS, floaters=6, tracks={"building": 6})
    assert "hoverlord" not in GAME.view(state, None)["qualifies"]
    state, events, _ = marsbot_turn(state, ("B02",))
    assert state["floaters"] == 7 and of(events, "floater") == [{"total": 7}]
    assert GAME.view(state, None)["milestone_values"]["hoverlord"] == 7
    assert GAME.view(state, None)["qualifies"] == ["hoverlord"]
    after, events, _ = play_card(state, MILESTONE_CARD)
    assert after["milestones"] == {"hoverlord": "marsbot"}
    assert of(events, "milestone") == [{"milestone": "hoverlord", "owner": "marsbot"}]
    # one floater fewer, or no Venus: no milestone to claim, a failed action
    six, events, _ = play_card(position(VENUS, floaters=6, tracks={"building": 6}), MILESTONE_CARD)
    assert six["milestones"] == {}
    assert of(events, "failed") == [{"reason": "no_milestone", "money": 5, "total": 5}]
    base = position(floaters=7, tracks={"building": 6})
    assert "hoverlord" not in GAME.view(base, None)["milestone_values"]
    after, events, _ = play_card(base, MILESTONE_CARD)
    assert after["milestones"] == {} and [e["reason"] for e in of(events, "failed")] == ["no_milestone"]


def test_hoverlord_is_right_of_tharsis_five_when_marsbot_meets_several() -> None:
    state = position(VENUS, tr=35, floaters=7, tracks={"building": 6})
    after, _, asked = play_card(state, MILESTONE_CARD, ["closest hoverlord"])
    assert asked[-1] == {"kind": "closest", "milestones": ["terraformer", "hoverlord"]}
    assert after["milestones"] == {"hoverlord": "marsbot"}
    after, _, _ = play_card(state, MILESTONE_CARD, ["closest equal"])
    assert after["milestones"] == {"terraformer": "marsbot"}  # equal: the leftmost


def test_hard_marsbot_counts_hoverlord_among_the_milestones_it_meets_to_buy_one() -> None:
    hard = {"difficulty": "hard"}
    # 35 TR, building 8 and 7 floaters: three unclaimed milestones with Venus, two without
    # B03 of version 1 (science +1) is a quiet card to end the person's turn with
    state = position(hard | VENUS, tr=35, floaters=7, money=8, tracks={"building": 8}, versions=FIRST_CONTENT)
    after, events, asked = marsbot_turn(state, ("B03",), ["closest hoverlord"])
    assert asked[0] == {"kind": "closest", "milestones": ["terraformer", "builder", "hoverlord"]}
    assert after["milestones"] == {"hoverlord": "marsbot"}
    assert of(events, "paid") == [{"amount": 8, "total": 0, "why": "milestone"}]
    base = position(hard, tr=35, floaters=7, money=8, tracks={"building": 8}, versions=FIRST_CONTENT)
    after, events, asked = marsbot_turn(base, ("B03",))
    assert after["milestones"] == {} and of(events, "paid") == [] and asked == []
    # two claimed: Hoverlord alone is enough
    claimed = {"terraformer": "person", "mayor": "person"}
    state = position(hard | VENUS, floaters=7, money=9, milestones=claimed, versions=FIRST_CONTENT)
    after, _, _ = marsbot_turn(state, ("B03",))
    assert after["milestones"] == claimed | {"hoverlord": "marsbot"} and after["money"] == 1


def test_b04_claims_hoverlord() -> None:
    state = position(VENUS, floaters=7)
    after, _, _ = marsbot_turn(state, ("B04",))
    assert after["milestones"] == {"hoverlord": "marsbot"} and "B04" in after["removed"]


# ----------------------------------------------------------------- Venuphile


def test_marsbot_funds_venuphile_by_its_venus_track_only_with_venus() -> None:
    state = position(VENUS, tracks={"earth": 8, "venus": 9})
    assert GAME.view(state, None)["award_values"]["venuphile"] == 9
    values = {"thermalist": 10, "miner": 10, "venuphile": 2}
    after, events, asked = play_card(state, AWARD_CARD, values=values)
    assert asked[-1] == {"kind": "values", "awards": [*FIVE, "venuphile"], "why": "fund"}
    assert after["awards"] == {"venuphile": "marsbot"}
    assert of(events, "award") == [{"award": "venuphile", "owner": "marsbot"}]
    # the person has as many Venus tags: no lead anywhere, a failed action
    after, events, _ = play_card(state, AWARD_CARD, values=values | {"venuphile": 9})
    assert after["awards"] == {} and [e["reason"] for e in of(events, "failed")] == ["no_award"]
    # without Venus it is never asked nor funded
    state = position(tracks={"earth": 8})
    after, _, asked = play_card(state, AWARD_CARD, values={"thermalist": 10, "miner": 10})
    assert asked[-1] == {"kind": "values", "awards": FIVE, "why": "fund"}
    assert after["awards"] == {} and "venuphile" not in GAME.view(state, None)["award_values"]


def test_easy_takes_5_off_venuphile_too() -> None:
    state = position(VENUS | {"difficulty": "easy"}, tracks={"venus": 9})
    assert GAME.view(state, None)["award_values"]["venuphile"] == 4


def test_b08_helps_in_venuphile_with_a_venus_track_step() -> None:
    state = position(VENUS, money=9, awards={"venuphile": "person"}, tracks={"venus": 2})
    after, _, asked = marsbot_turn(state, ("B08",), values={"venuphile": 50})
    assert asked == [{"kind": "values", "awards": ["venuphile"], "why": "help"}]
    # Venus strip 2 -> 3 raises Venus (+1 TR); MarsBot pays 5 M€
    assert after["tracks"]["venus"] == 3 and after["params"]["venus"] == 2
    assert after["money"] == 4 and after["tr"] == 21


def test_the_venus_strip_has_12_spaces_with_floaters_as_the_reference() -> None:
    strip = content.tracks(2)["venus"]
    assert strip.length == 12 and strip.action(12) == "tr5" and strip.action(13) == ""
    assert [strip.action(p) for p in range(1, 13)] == [
        "floater", "floater2", "venus", "floater2", "venus", "",
        "floater2", "venus", "microbe", "venus", "floater2", "tr5",
    ]  # fmt: skip
    assert content.tracks(1)["venus"].length == 18  # games stored with version 1 keep theirs


def test_floater_spaces_give_marsbot_floaters_toward_hoverlord() -> None:
    state = position(VENUS, floaters=4, tracks={"venus": 1})
    after, events, _ = marsbot_turn(state, ("P",), ["card venus 10 noreq vp0"])
    assert after["tracks"]["venus"] == 2 and after["floaters"] == 6  # space 2: two floaters
    assert of(events, "floater") == [{"total": 6}]


def test_the_microbe_space_advances_the_track_microbe_tags_move() -> None:
    state = position(VENUS, tracks={"venus": 8, "plant": 0})
    after, _, _ = marsbot_turn(state, ("P",), ["card venus 10 noreq vp0"])
    assert after["tracks"]["venus"] == 9 and after["tracks"]["plant"] == 1


def test_the_strips_last_space_ends_it() -> None:
    state = position(VENUS, tracks={"venus": 12})
    after, events, _ = marsbot_turn(state, ("P",), ["card venus 10 noreq vp0"])
    assert after["tracks"]["venus"] == 12 and "track_end" in [e.code.split(".")[1] for e in events]


def test_venuphile_scores_by_the_venus_track_at_the_end() -> None:
    state = position(
        VENUS,
        params=dict(MAXED),
        passed={"person": False, "marsbot": True},
        tr=30,
        tracks={"venus": 10},
        awards={"banker": "marsbot", "venuphile": "person"},
    )
    state, _ = GAME.apply(state, 0, "pass")
    state, _ = GAME.apply(state, 0, "done")
    state, events, asked = answer_all(state, values={"banker": 9, "venuphile": 6})
    assert asked[0] == {"kind": "values", "awards": ["banker", "venuphile"], "why": "scoring"}
    results = {e["award"]: (e["marsbot"], e["person"], e["winners"]) for e in of(events, "award_result")}
    assert results == {"banker": (0, 9, ["person"]), "venuphile": (10, 6, ["marsbot"])}
    assert state["final"]["awards"] == 5 and state["final"]["awards_won"] == ["venuphile"]
    assert state["final"]["total"] == 30 + 5


# ----------------------------------------------------------------- the person's claims


def test_the_person_claims_hoverlord_and_funds_venuphile_only_with_venus() -> None:
    state = position(VENUS)
    assert {"milestone hoverlord", "award venuphile"} <= listed(state)
    state, events = GAME.apply(state, 0, "milestone hoverlord")
    assert state["milestones"] == {"hoverlord": "person"}
    assert of(events, "milestone") == [{"milestone": "hoverlord", "owner": "person"}]
    state, events = GAME.apply(state, 0, "award venuphile")
    assert state["awards"] == {"venuphile": "person"}
    assert refused(state, "award venuphile") == "marsbot.award_taken"
    three = position(VENUS, milestones={"mayor": "person", "builder": "marsbot", "planner": "person"})
    assert refused(three, "milestone hoverlord") == "marsbot.milestones_full"
    base = position()
    assert not {"milestone hoverlord", "award venuphile"} & listed(base)
    assert refused(base, "milestone hoverlord") == "marsbot.milestone_venus"
    assert refused(base, "award venuphile") == "marsbot.award_venus"


# ----------------------------------------------------------------- a card's gift to MarsBot


def test_private_university_gives_marsbot_1_megacredit_and_can_be_taken_back() -> None:
    before = position(money=4)
    assert "gain 1" in listed(before)
    after, events = GAME.apply(before, 0, "gain 1")
    assert after["money"] == 5 and of(events, "gained") == [{"amount": 1, "total": 5}]
    assert after["phase"] == "person" and after["question"] is None
    assert GAME.can_undo(before, 0, GAME.parse_move("gain 1"), after)


def test_st_joseph_advances_the_lowest_track_the_higher_one_on_a_tie() -> None:
    tracks = dict.fromkeys(TRACK_IDS, 5) | {"energy": 2, "plant": 2}
    before = position(tracks=tracks)
    after, events = GAME.apply(before, 0, "advance")
    # energy and plant both at 2: energy is higher on the board; its space 3 is +3 TR
    assert of(events, "advanced") == [{"track": "energy"}]
    assert after["tracks"]["energy"] == 3 and after["tracks"]["plant"] == 2
    assert [a["action"] for a in of(events, "action")] == ["tr3"] and after["tr"] == 23
    assert after["phase"] == "person" and after["question"] is None
    assert GAME.can_undo(before, 0, GAME.parse_move("advance"), after)


def test_st_joseph_never_picks_the_venus_track_and_a_reached_space_does_nothing() -> None:
    tracks = dict.fromkeys(TRACK_IDS, 4) | {"space": 3}
    after, events = GAME.apply(position(VENUS, tracks=tracks, reached=tracks | {"space": 5}), 0, "advance")
    assert after["tracks"]["space"] == 4 and after["tracks"]["venus"] == 0
    assert of(events, "no_trigger") == [{"track": "space", "to": 4}]


def test_st_josephs_step_may_ask_and_the_persons_turn_goes_on() -> None:
    tracks = dict.fromkeys(TRACK_IDS, 5) | {"earth": 0}
    state, events = GAME.apply(position(tracks=tracks), 0, "advance")
    assert [a["action"] for a in of(events, "action")] == ["city"]  # Earth 0 -> 1
    assert state["question"] is not None and state["question"]["kind"] == "cost"
    assert refused(state, "gain 1") == "marsbot.answer_first"
    state, more, _ = answer_all(state)
    assert [e["tile"] for e in of(more, "tile")] == ["city"]
    assert state["phase"] == "person" and state["question"] is None
    state, _ = GAME.apply(state, 0, "done")  # the turn ends as usual


def test_st_joseph_with_every_track_at_its_end_is_refused() -> None:
    state = position(tracks=dict.fromkeys(TRACK_IDS, 18))
    assert "advance" not in listed(state)
    assert refused(state, "advance") == "marsbot.tracks_at_end"


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, VENUS), (3, VENUS | {"difficulty": "hard"})])
def test_random_games_with_gifts_replay_undo_and_speak_only_listed_events(seed: int, options: dict) -> None:
    final, log, states, batches = random_game(seed, options, rare=True)
    assert {"gain", "advance"} & {m.split()[0] for m in log}
    assert replay(GAME, 1, options, seed, [(0, m) for m in log]) == final
    known = dict(EVENTS)
    assert all(e.code in known and set(e.params) <= set(known[e.code]) for b in batches for e in b)
    k = next(i for i, m in enumerate(log, 1) if m.split()[0] in ("gain", "advance"))
    steps = [Step(0, m, Actor.PERSON) for m in log[:k]]
    plan = plan_undo(replay_marked(GAME, 1, options, seed, steps), steps, 0)
    assert isinstance(plan, Plan) and plan.state == states[k - 1]
