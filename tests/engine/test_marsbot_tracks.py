"""MarsBot's tracks as the person sees them on the table: a revealed card's tag moves a cube, the
space reached does what the board prints, a failed action pays 5 M€ (3 on easy), the person's
production cuts move cubes back without re-triggering spaces, and theft costs MarsBot money."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalMove
from engine.marsbot.content import TRACK_IDS, mars, tracks
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import of, play_card, position, tiles

BOARD = tracks()
MARS = mars()
CASES = [(t, n) for t in TRACK_IDS for n in range(1, 19)]


def _award_expected(state: dict[str, Any]) -> str:
    t = state["tracks"]
    lead = {
        "landlord": 0,
        "banker": t["building"] + t["event"],
        "scientist": t["science"],
        "thermalist": t["energy"] + 5,
        "miner": t["space"] + 5,
    }
    top = max(lead.values())
    return next(a for a in lead if lead[a] == top)


@pytest.mark.parametrize(("track", "space"), CASES, ids=[f"{t}-{n}" for t, n in CASES])
def test_advancing_onto_a_space_does_what_the_board_prints(track: str, space: int) -> None:
    action = BOARD[track].action(space)
    tag = BOARD[track].tags[0]
    before = position(tracks={track: space - 1}, tr=35 if action == "milestone" else 20)
    after, events, _ = play_card(before, f"{tag} 10 noreq vp0")
    assert after["tracks"][track] == (space + 1 if action == "adv" else space)
    tr0 = before["tr"]
    if action == "":
        assert (after["tr"], after["money"], after["map"], after["params"]) == (
            tr0,
            0,
            {},
            before["params"],
        )
        assert of(events, "action") == []
    else:
        assert of(events, "action")[0] == {"track": track, "space": space, "action": action}
    if action == "ocean":
        [sid] = tiles(after, tile="ocean")
        assert after["params"]["oceans"] == 1 and after["tr"] == tr0 + 1
        assert after["money"] == MARS.spaces[sid].bonus_count
    elif action == "greenery":
        assert len(tiles(after, tile="greenery")) == 1
        assert after["params"]["oxygen"] == 1 and after["tr"] == tr0 + 1
    elif action == "city":
        assert len(tiles(after, tile="city")) == 1 and after["tr"] == tr0
    elif action == "temp":
        assert after["params"]["temperature"] == -28 and after["tr"] == tr0 + 1
    elif action == "temp2":
        assert after["params"]["temperature"] == -26 and after["tr"] == tr0 + 2
    elif action in ("venus", "venus2"):
        assert (after["params"], after["tr"], after["money"]) == (before["params"], tr0, 0)
        assert of(events, "ignored") == [{"action": action}]
    elif action.startswith("tr"):
        assert after["tr"] == tr0 + int(action[2:]) and after["money"] == 0
    elif action == "milestone":
        assert after["milestones"] == {"terraformer": "marsbot"}
    elif action == "award":
        assert after["awards"] == {_award_expected(before): "marsbot"}
    elif action == "space":
        moved = [(e["from"], e["to"]) for e in of(events, "track") if e["track"] == "space"]
        assert moved == [(0, 1), (1, 2)]  # space 1 of the space track is "adv"
    if action not in ("", "adv"):
        assert of(events, "failed") == []


@pytest.mark.parametrize("action_space", [("space", 7), ("energy", 2), ("event", 6), ("energy", 4)])
def test_venus_spaces_raise_venus_with_the_expansion(action_space: tuple[str, int]) -> None:
    track, space = action_space
    before = position({"venus": True}, tracks={track: space - 1})
    after, _, _ = play_card(before, f"{BOARD[track].tags[0]} 5 noreq vp0")
    steps = 2 if BOARD[track].action(space) == "venus2" else 1
    assert after["params"]["venus"] == 2 * steps and after["tr"] == 20 + steps


def test_a_track_at_its_end_is_a_failed_action_worth_5() -> None:
    after, events, _ = play_card(position(tracks={"science": 18}), "science 5 noreq vp0")
    assert after["tracks"]["science"] == 18
    assert of(events, "failed") == [{"reason": "track_end", "money": 5, "total": 5}]
    easy, _, _ = play_card(position({"difficulty": "easy"}, tracks={"science": 18}), "science 5 noreq vp0")
    assert easy["money"] == 3


def test_a_card_without_tags_is_a_failed_action() -> None:
    after, events, _ = play_card(position(), "none 12 noreq vp0")
    assert after["money"] == 5 and of(events, "failed")[0]["reason"] == "no_tags"
    assert after["played"] == [{"tags": [], "cost": 12, "req": False, "vp": "none"}]


@pytest.mark.parametrize(
    ("track", "space", "params", "reason"),
    [
        ("building", 6, {"temperature": 8}, "maxed"),
        ("event", 16, {"temperature": 8}, "maxed"),
        ("building", 2, {"oceans": 9}, "maxed"),
        ("space", 3, {"temperature": -2, "oceans": 9}, "bonus_blocked"),
    ],
)
def test_an_action_that_cannot_be_done_pays_5(
    track: str, space: int, params: dict[str, int], reason: str
) -> None:
    before = position(tracks={track: space - 1}, params=params)
    after, events, _ = play_card(before, f"{track} 5 noreq vp0")
    assert [f["reason"] for f in of(events, "failed")] == [reason]
    assert after["money"] == 5


def test_oxygen_reaching_8_with_the_temperature_maxed_is_a_failed_action() -> None:
    before = position(tracks={"plant": 2}, params={"oxygen": 7, "temperature": 8})
    after, events, _ = play_card(before, "plant 5 noreq vp0")
    assert after["params"]["oxygen"] == 8 and after["tr"] == 21
    assert [f["reason"] for f in of(events, "failed")] == ["bonus_blocked"]


def _all_land_taken() -> dict[str, tuple[str, str]]:
    return {s.id: ("special", "person") for s in MARS.spaces.values() if not s.ocean and s.reserved is None}


@pytest.mark.parametrize(("track", "space"), [("building", 10), ("building", 8)])
def test_no_space_for_a_city_or_greenery_is_a_failed_action(track: str, space: int) -> None:
    before = position(tracks={track: space - 1}, map=_all_land_taken())
    after, events, _ = play_card(before, f"{track} 5 noreq vp0")
    assert [f["reason"] for f in of(events, "failed")] == ["no_space"] and after["money"] == 5


def test_no_milestone_to_claim_is_a_failed_action() -> None:
    claimed = {"mayor": "person", "gardener": "person", "builder": "person"}
    for state in (
        position(tracks={"building": 6}, tr=35, milestones=claimed),
        position(tracks={"building": 6}),
    ):
        after, events, _ = play_card(state, "building 5 noreq vp0")
        assert [f["reason"] for f in of(events, "failed")] == ["no_milestone"]
        assert "terraformer" not in after["milestones"]


def test_no_award_lead_is_a_failed_action_and_three_funded_ask_nothing() -> None:
    before = position(tracks={"building": 8})
    lead = {"banker": 30, "scientist": 30, "thermalist": 30, "miner": 30}
    after, events, asked = play_card(before, "building 5 noreq vp0", values=lead)
    assert asked[-1] == {
        "kind": "values",
        "awards": ["banker", "scientist", "thermalist", "miner"],
        "why": "fund",
    }
    assert after["awards"] == {} and of(events, "failed")[0]["reason"] == "no_award"
    funded = {"landlord": "person", "banker": "person", "miner": "person"}
    after, events, asked = play_card(position(tracks={"building": 8}, awards=funded), "building 5 noreq vp0")
    assert asked == [{"kind": "card", "why": "action"}]
    assert of(events, "failed")[0]["reason"] == "no_award"


def test_adv_chains_and_easy_ignores_it() -> None:
    after, events, _ = play_card(position(), "event 5 noreq vp0")
    assert after["tracks"]["event"] == 2
    easy, events, _ = play_card(position({"difficulty": "easy"}), "event 5 noreq vp0")
    assert easy["tracks"]["event"] == 1 and of(events, "ignored") == [{"action": "adv"}]


def test_tags_resolve_left_to_right_and_event_and_city_tags_have_their_tracks() -> None:
    after, events, _ = play_card(position(), "city+event+jovian 8 noreq vp0")
    assert [e["track"] for e in of(events, "track")][:2] == ["earth", "event"]
    assert after["tracks"]["earth"] == 1 and after["tracks"]["energy"] == 2  # energy 1 is "adv"
    assert len(tiles(after, tile="city")) == 1


def test_a_venus_tag_without_venus_is_ignored_and_a_wild_tag_takes_the_lowest_track() -> None:
    after, events, _ = play_card(position(), "venus 8 noreq vp0")
    assert all(v == 0 for v in after["tracks"].values()) and of(events, "tag_ignored") == [{"tag": "venus"}]
    assert after["money"] == 0
    lowest = position({"prelude": True}, tracks={t: 5 for t in TRACK_IDS} | {"science": 4, "energy": 4})
    after, _, _ = play_card(lowest, "wild 8 noreq vp0")
    assert after["tracks"]["science"] == 5 and after["tracks"]["energy"] == 4
    with pytest.raises(IllegalMove) as refused:
        play_card(position(), "wild 8 noreq vp0")
    assert refused.value.code == "marsbot.no_wild"


def test_a_cut_moves_the_track_back_and_reached_spaces_do_not_trigger_again() -> None:
    state = position(tracks={"building": 5})
    state, events = GAME.apply(state, 0, "cut steel 2")
    assert state["tracks"]["building"] == 3 and state["reached"]["building"] == 5
    assert of(events, "cut") == [{"resource": "steel", "track": "building", "from": 5, "to": 3}]
    state, events, _ = play_card(state, "building+building+building 5 noreq vp0")
    assert state["tracks"]["building"] == 6
    assert [e["to"] for e in of(events, "no_trigger")] == [4, 5]
    assert [a["action"] for a in of(events, "action")] == ["temp"]
    assert state["tr"] == 21


@pytest.mark.parametrize(("resource", "track"), [(t.cut, t.id) for t in BOARD.values() if t.cut])
def test_each_production_cut_hits_its_track(resource: str, track: str) -> None:
    state, _ = GAME.apply(position(tracks={track: 4}), 0, f"cut {resource} 1")
    assert state["tracks"][track] == 3
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(position(tracks={track: 1}), 0, f"cut {resource} 2")
    assert refused.value.code == "marsbot.cut_too_much"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(position(), 0, f"cut {resource} 1")
    assert refused.value.code == "marsbot.nothing_to_cut"


def test_theft_takes_money_never_below_zero() -> None:
    state, events = GAME.apply(position(money=5), 0, "take 3")
    assert state["money"] == 2 and of(events, "taken") == [{"amount": 3, "total": 2}]
    state, events = GAME.apply(state, 0, "take 10")
    assert state["money"] == 0 and of(events, "taken") == [{"amount": 2, "total": 0}]


def test_taking_from_marsbot_at_0_megacredits_is_refused_not_logged() -> None:
    """ "MarsBot loses 0 M€" would be a move that changes nothing: it is refused with the reason,
    and no such move is offered."""
    empty = position(money=0)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(empty, 0, "take 99")
    assert refused.value.code == "marsbot.nothing_to_take" and refused.value.params == {"amount": 99}
    assert not [m for m in GAME.legal_moves(empty, 0) if m.kind == "take"]
    assert [m for m in GAME.legal_moves(position(money=1), 0) if m.kind == "take"]


def test_no_report_of_the_person_leaves_the_state_unchanged() -> None:
    """Every report the engine accepts changes something (a move that changes nothing would be
    logged as a move): tried from a plain position, from one with MarsBot at 0 M€ and from one
    where every track is at its start."""
    for start in (position(), position(money=0), position(money=7, tracks={t: 3 for t in BOARD})):
        for move in GAME.legal_moves(start, 0):
            if move.kind in ("done", "pass"):
                continue
            after, _ = GAME.apply(start, 0, move)
            assert after != start, move.notation
