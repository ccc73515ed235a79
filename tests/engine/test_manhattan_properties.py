"""Properties of The Manhattan Project over random legal play, for 2 to 5 players (hypothesis
draws the seeds): replay of the log is the state; a game always ends with an outcome; a refused
move changes nothing; ``legal_moves`` lists exactly the moves ``apply`` accepts (every listed one
applies, random ones not listed are refused); no bomb hand or draft card of another seat reaches a
public view or an event without an audience; a move that may be taken back revealed nothing and
undo returns the state before it."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove, Move
from engine.core.game import replay
from engine.core.undo import Actor, Plan, Step, plan_undo, replay_marked
from engine.manhattan.content import spaces
from engine.manhattan.game import GAME
from engine.manhattan.notation import TOKENS
from tests.engine.manhattan_support import random_game, rich

seeds = st.integers(min_value=0, max_value=2**64 - 1)
players = st.sampled_from([2, 3, 4, 5])
SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PRIVATE_CODES = {"manhattan.picked", "manhattan.got_last_private"}
BOMB_ID = re.compile(r"B[0-9]{2}")
SHOWN = {"manhattan.bomb_built", "manhattan.tested", "manhattan.loaded"}
"""Public events whose bomb is public from then on (built, tested or loaded)."""
OPTIONS = {"max_rounds": 10}
LONG = {"max_rounds": 25}
starts = st.booleans()


def a_game(seed: int, count: int, well_off: bool) -> tuple[Any, ...]:
    """A random game: from the start (25 rounds at most), or from a start where every seat is
    well off (10 rounds at most), so bombs, tests, loading, repairs and wins happen too.
    Returns the first state, the options and ``random_game``'s results."""
    options = OPTIONS if well_off else LONG
    first = GAME.new(count, options, seed)
    if well_off:
        first = rich(first)
    return (first, options, *random_game(count, seed, options, start=first))


def replayed(first: dict[str, Any], log: list[tuple[int, str]]) -> dict[str, Any]:
    state = first
    for seat, notation in log:
        state, _ = GAME.apply(state, seat, notation)
    return state


def scrambled(state: dict[str, Any], keep_seat: int | None = None) -> dict[str, Any]:
    """``state`` with every secret changed: bomb hands (but ``keep_seat``'s), the cards passed in
    a draft (unless ``keep_seat`` is picking), the bomb deck and building deck, the generator."""
    other = copy.deepcopy(state)
    for seat, row in enumerate(other["seats"]):
        if seat != keep_seat:
            row["hand"] = ["B99"] * len(row["hand"])
    pending = other["pending"]
    if pending is not None and pending["kind"] == "draft" and pending["queue"][:1] != [keep_seat]:
        pending["cards"] = ["B98"] * len(pending["cards"])
    other["bomb_deck"] = ["B97"] * len(other["bomb_deck"])
    other["deck"] = ["X01"] * len(other["deck"])
    other["rng"] = state["rng"] ^ 0xFFFF
    return other


@SETTINGS
@given(seed=seeds, count=players, cut=st.floats(0, 1), well_off=starts)
def test_random_play_ends_and_replays(seed: int, count: int, cut: float, well_off: bool) -> None:
    first, options, final, log, states, _ = a_game(seed, count, well_off)
    assert final["phase"] == "over" and GAME.to_act(final) == []
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.places) == count and min(outcome.places) == 1
    assert list(outcome.scores) == [row["total"] for row in GAME.view(final, None)["scores"]]
    assert final["round"] <= options["max_rounds"]
    assert all(list(GAME.legal_moves(final, s)) == [] for s in range(count))
    assert replayed(first, log) == final
    if not well_off:
        assert replay(GAME, count, options, seed, log) == final
    k = int(cut * len(log))
    middle = json.loads(json.dumps(states[k]))
    assert middle == states[k]
    for seat, notation in log[k:]:
        middle, _ = GAME.apply(middle, seat, notation)
    assert middle == final


@SETTINGS
@given(seed=seeds, count=players, well_off=starts)
def test_no_secret_in_a_public_view_or_a_public_event(seed: int, count: int, well_off: bool) -> None:
    _, _, _, _, states, events = a_game(seed, count, well_off)
    drafting = [s for s in states if s["pending"] is not None and s["pending"]["kind"] == "draft"]
    for state in states[::3] + drafting:
        assert GAME.view(scrambled(state), None) == GAME.view(state, None)
        for seat in range(count):
            mine = GAME.view(state, seat)
            assert mine["hand"] == state["seats"][seat]["hand"]
            assert GAME.view(scrambled(state, keep_seat=seat), seat) == mine
        assert '"rng"' not in json.dumps(GAME.view(state, None))
    for batch, after in zip(events, states[1:], strict=True):
        for event in batch:
            if event.code in PRIVATE_CODES:
                assert event.audience == event.params["seat"]
                continue
            assert event.audience is None
            named = set(BOMB_ID.findall(json.dumps(event.params)))
            if event.code in SHOWN:
                assert named == {event.params["card"]}
            elif event.code == "manhattan.offer_refilled":
                assert named == set(after["offer"])
            else:
                assert not named, event


def _candidates(state: dict[str, Any], seat: int, rnd: random.Random) -> list[str]:
    """Random moves of every kind, mostly well-formed and near the legal ones."""
    row = state["seats"][seat]
    space_ids = [space.id for space in spaces()]
    own = [b["card"] for b in row["buildings"]]
    others = [b["card"] for r in state["seats"] for b in r["buildings"]] or ["M01"]
    hand = row["hand"] or ["B01"]
    built = [b["card"] for b in row["bombs"]] or ["B16"]
    draft = (state["pending"] or {}).get("cards") or ["B02"]

    def workers(most: int) -> str:
        return "+".join(rnd.choice(TOKENS) for _ in range(rnd.randint(1, most)))

    made = ["done", "retrieve", "repair none", "bonus E", "bonus S"]
    for _ in range(30):
        arg = rnd.choice(["", " 1", " 2", " 3", " 7", " E", " S", " L"])
        made.append(f"place {rnd.choice(space_ids)} {workers(2)}{arg}")
        opt = rnd.choice(["", " 1", " 2", " eu", " 1 eu"])
        made.append(f"work {rnd.choice(own + others)} {workers(3)}{opt}")
        made.append(f"bomb {rnd.choice(hand)} {workers(7)}")
        made.append(f"attack {rnd.randrange(state['players'])} {rnd.choice(['fighter', 'bomber'])}")
        made.append(f"raid {rnd.randrange(state['players'])} {rnd.choice(others)}")
        made.append(f"{rnd.choice(['test', 'load'])} {rnd.choice(built + hand)}")
        made.append(f"pick {rnd.choice([*draft, 'B03'])}")
        made.append("repair " + " ".join(rnd.choice(own or ["M01"]) for _ in range(rnd.randint(1, 3))))
    return made


@SETTINGS
@given(seed=seeds, count=players, well_off=starts)
def test_legal_moves_are_exactly_the_moves_apply_accepts(seed: int, count: int, well_off: bool) -> None:
    rnd = random.Random(seed)
    _, _, _, _, states, _ = a_game(seed, count, well_off)
    for state in states[:: max(1, len(states) // 30)]:
        before = copy.deepcopy(state)
        waiting = GAME.to_act(state)
        for seat in range(count):
            listed = list(GAME.legal_moves(state, seat))
            notations = {m.notation for m in listed}
            assert len(notations) == len(listed), "a move is listed twice"
            if seat not in waiting:
                assert not listed
            for move in listed:
                assert str(GAME.parse_move(move.notation)) == move.notation
                assert GAME.parse_move(move.notation.upper()) == move
                GAME.apply(state, seat, move)
            for text in _candidates(state, seat, rnd):
                try:
                    parsed = GAME.parse_move(text)
                except IllegalMove:
                    continue
                if parsed.notation in notations:
                    GAME.apply(state, seat, parsed)
                    continue
                with pytest.raises(IllegalMove):
                    GAME.apply(state, seat, parsed)
            assert state == before


GARBAGE = [
    "",
    "place",
    "place mine2",
    "place mine9 L",
    "place mine2 X",
    "work M01",
    "work M01 L 3",
    "attack x fighter",
    "attack 1 tank",
    "raid 1",
    "repair",
    "repair a b c d",
    "pick",
    "pick 7",
    "bomb B01",
    "test",
    "load B1",
    "done now",
    "retrieve all",
    "bonus L",
    "place build L 8 9",
]


@SETTINGS
@given(seed=seeds, count=players, well_off=starts)
def test_refused_moves_change_nothing(seed: int, count: int, well_off: bool) -> None:
    rnd = random.Random(seed)
    _, _, _, _, states, _ = a_game(seed, count, well_off)
    for state in states[:: max(1, len(states) // 20)]:
        before = copy.deepcopy(state)
        for text in rnd.sample(GARBAGE, 6):
            with pytest.raises(IllegalMove):
                GAME.apply(state, rnd.randrange(count), text)
        waiting = GAME.to_act(state)
        for seat in range(count):
            if seat not in waiting:
                for text in ("done", "retrieve", "pick B01", "repair none", "bonus E"):
                    with pytest.raises(IllegalMove) as refusal:
                        GAME.apply(state, seat, text)
                    assert refusal.value.code in ("core.not_your_turn", "core.game_over")
        assert state == before


@SETTINGS
@given(seed=seeds, count=players)
@example(seed=267, count=5)  # the last two seats choose their start bonus at the same time
def test_undo_takes_back_only_what_revealed_nothing_and_returns_the_state_before(
    seed: int, count: int
) -> None:
    rnd = random.Random(seed)
    final, log, states, events = random_game(count, seed, LONG)
    for k in sorted(rnd.sample(range(len(log)), min(25, len(log)))):
        seat, notation = log[k]
        move = GAME.parse_move(notation)
        if not GAME.can_undo(states[k], seat, move, states[k + 1]):
            assert GAME.undo_stop(states[k], seat, move, states[k + 1]).startswith(
                ("undo.", "manhattan.undo.")
            )
            continue
        before, after = states[k], states[k + 1]
        assert all(e.audience is None for e in events[k])
        assert (
            after["deck"] == before["deck"]
            and after["bomb_deck"][: len(before["bomb_deck"])] == before["bomb_deck"]
        )
        assert after["phase"] != "over" and seat in GAME.to_act(before)
        if move.kind != "bonus":  # start bonuses are chosen by the last seats at the same time
            assert GAME.to_act(before) == [seat]
        steps = [Step(s, n, Actor.PERSON) for s, n in log[: k + 1]]
        replayed = replay_marked(GAME, count, LONG, seed, steps)
        plan = plan_undo(replayed, steps, seat)
        assert isinstance(plan, Plan) and plan.state == before
        assert replay(GAME, count, LONG, seed, log[: plan.keep]) == plan.state
    assert final["phase"] == "over"


@settings(max_examples=5, deadline=None)
@given(seed=seeds, count=players, well_off=starts)
def test_bot_players_play_legal_games_to_the_end_deterministically(
    seed: int, count: int, well_off: bool
) -> None:
    first = rich(GAME.new(count, OPTIONS, seed)) if well_off else None
    final, _, states, _ = random_game(count, seed, OPTIONS, bots=range(count), start=first)
    assert GAME.outcome(final) is not None
    for state in states[:: max(1, len(states) // 10)]:
        for seat in GAME.to_act(state):
            for level in GAME.info.bot_levels:
                chosen = GAME.bot_move(state, seat, level)
                assert isinstance(chosen, Move) and chosen == GAME.bot_move(copy.deepcopy(state), seat, level)
                GAME.apply(state, seat, chosen)
