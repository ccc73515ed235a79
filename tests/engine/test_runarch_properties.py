"""Properties of RunArch over random legal play (hypothesis draws the seeds and choices).

Replay, termination, refusals that leave the state alone, conservation of stones and cards,
notation round-trip, and the legal score moves against an independent count.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove, Move
from engine.core.game import replay
from engine.runarch import GAME
from engine.runarch.cards import CARD_IDS, CARDS
from engine.runarch.components import CELLS, CODES, SIMPLE_LINES
from tests.engine.runarch_support import random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)
small_options = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([30, 40, 75]),
        "minimum": st.integers(5, 8),
        "best_bonus": st.integers(0, 20),
        "max_rounds": st.integers(10, 40),
    },
)
EVENT_CODES = {
    "runarch.swapped",
    "runarch.scored",
    "runarch.turn_ended",
    "runarch.final_round",
    "runarch.best_card_bonus",
    "runarch.game_over",
    "core.resigned",
}
STYLES = ("uniform", "eager", "greedy")


def check_conservation(state: dict) -> None:
    assert sorted(state["stones"]) == sorted(CODES)
    cards = state["deck"] + state["hands"][0] + state["hands"][1] + state["scored"][0] + state["scored"][1]
    assert sorted(cards) == list(CARD_IDS)
    assert all(len(hand) <= 2 for hand in state["hands"])
    assert state["scores"][0] >= sum(1 for _ in state["scored"][0]) * 5


def brute_force_scores(state: dict, seat: int) -> dict[tuple[str, str], int]:
    """Scorable (card, line) -> points, counted from scratch without the engine's tables."""
    found = {}
    for card in state["hands"][seat]:
        for line in SIMPLE_LINES:
            stones = [state["stones"][CELLS.index(cell)] for cell in GAME.line_cells(line)]
            shared = [
                (want[0] == got[0]) + (want[1] == got[1])
                for want, got in zip(CARDS[card].pattern, stones, strict=True)
            ]
            if all(shared) and sum(shared) >= state["options"]["minimum"]:
                found[card, line] = sum(shared)
    return found


@settings(max_examples=40, deadline=None)
@given(seed=seeds, options=small_options, style=st.sampled_from(STYLES), cut=st.floats(0, 1))
def test_random_play_replays_ends_and_conserves(seed: int, options: dict, style: str, cut: float) -> None:
    final, log, states, events = random_game(seed, options, style=style)
    assert {e.code for batch in events for e in batch} <= EVENT_CODES
    event(f"{style}: {'target passed' if final['final_round'] else 'no target'}")

    # Termination with an outcome.
    assert final["over"] and GAME.to_act(final) == []
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert outcome.places in ((1, 2), (2, 1), (1, 1))
    assert list(outcome.scores) == final["scores"]
    assert GAME.legal_moves(final, 0) == [] and GAME.legal_moves(final, 1) == []
    limit = options.get("max_rounds", 60)
    assert final["round"] <= limit
    if final["round"] < limit and any(final["hands"]):
        target = options.get("target", 75)
        earned = [score - bonus for score, bonus in zip(final["scores"], final["bonus"], strict=True)]
        assert final["final_round"] and max(earned) > target

    # Replay from the log, and continuing from a JSON round-trip in the middle.
    assert replay(GAME, 2, options, seed, log) == final
    k = int(cut * len(log))
    middle = json.loads(json.dumps(states[k]))
    assert middle == states[k]
    for seat, notation in log[k:]:
        middle, _ = GAME.apply(middle, seat, notation)
    assert middle == final
    assert json.loads(json.dumps(final)) == final

    for i, state in enumerate(states):
        check_conservation(state)
        assert state["ply"] == i
        if i % 15 == 0 and not state["over"]:
            seat = state["turn"]
            moves = GAME.legal_moves(state, seat)
            for move in moves:  # notation round-trip, also from other spellings
                assert str(GAME.parse_move(move.notation)) == move.notation
                assert GAME.parse_move(move.notation.upper()) == move
                if move.kind == "swap":
                    assert GAME.parse_move(f"swap {move.args[1].lower()} {move.args[0]}") == move
            listed = {(m.args[0], m.args[1]) for m in moves if m.kind == "score"}
            expected = brute_force_scores(state, seat)
            assert listed == set(expected)
            options_listed = GAME.scoring_options(state, seat)
            assert {(o["card"], o["line"]): o["points"] for o in options_listed} == expected
            assert [o["points"] for o in options_listed] == sorted(expected.values(), reverse=True)
            assert (Move("end") in moves) == state["swapped"]
            assert sum(m.kind == "swap" for m in moves) == (0 if state["swapped"] else 72)


def garbage_moves() -> st.SearchStrategy[str]:
    cells = st.sampled_from([*CELLS, "Z9", "A0", "A6", "F1", "a1", "e5"])
    cards = st.sampled_from([*CARD_IDS, "C00", "C61", "X1", "c5"])
    lines = st.sampled_from([*SIMPLE_LINES, "row0", "row6", "colF", "diag1", "diag2", "ROW2", "line"])
    return st.one_of(
        st.text(max_size=20),
        st.builds(lambda a, b: f"swap {a} {b}", cells, cells),
        st.builds(lambda c, line: f"score {c} {line}", cards, lines),
        st.sampled_from(["end", "swap", "score", "end end", "resign now", "swap A1-B2"]),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=seeds,
    moves=st.integers(0, 200),
    seat=st.integers(-1, 2),
    text=garbage_moves(),
)
def test_illegal_moves_raise_and_leave_the_state_alone(seed: int, moves: int, seat: int, text: str) -> None:
    state, *_ = random_game(seed, {"max_rounds": 12}, max_moves=moves)
    legal = set()
    if seat in GAME.to_act(state):
        legal = {m.notation for m in GAME.legal_moves(state, seat)}
    try:
        parsed = GAME.parse_move(text).notation
    except IllegalMove:
        parsed = None
    assume(parsed not in legal)
    assume(not (parsed == "resign" and seat in (0, 1) and not state["over"]))
    before = copy.deepcopy(state)
    try:
        GAME.apply(state, seat, text)
    except IllegalMove as refused:
        assert refused.code.startswith(("core.", "runarch."))
        if state["over"] and parsed is not None:
            assert refused.code == "core.game_over"
    else:
        raise AssertionError(f"{text!r} by seat {seat} was accepted")
    assert state == before


@settings(max_examples=40, deadline=None)
@given(seed=seeds, moves=st.integers(0, 150))
def test_a_legal_move_by_the_other_seat_is_refused(seed: int, moves: int) -> None:
    state, *_ = random_game(seed, {}, max_moves=moves)
    assume(not state["over"])
    seat = state["turn"]
    before = copy.deepcopy(state)
    for move in GAME.legal_moves(state, seat)[:10]:
        try:
            GAME.apply(state, 1 - seat, move)
        except IllegalMove as refused:
            assert refused.code == "core.not_your_turn"
        else:
            raise AssertionError(f"{move} accepted from the wrong seat")
    assert state == before


@settings(max_examples=25, deadline=None)
@given(seed=seeds, moves=st.integers(0, 300), resigner=st.sampled_from([0, 1]))
def test_resign_at_any_moment(seed: int, moves: int, resigner: int) -> None:
    state, log, *_ = random_game(seed, {}, max_moves=moves)
    assume(not state["over"])
    final, events = GAME.apply(state, resigner, "resign")
    assert [e.code for e in events] == ["core.resigned", "runarch.game_over"]
    outcome = GAME.outcome(final)
    assert outcome.places[resigner] == 2 and outcome.places[1 - resigner] == 1
    assert list(outcome.scores) == state["scores"]
    assert replay(GAME, 2, {}, seed, [*log, (resigner, "resign")]) == final
