"""Properties of every RunArch mode (simple, complex, solo simple, solo complex) over random play.

Replay from the log, termination within a bound, listed moves accepted, refusals that leave the
state alone, the given state never modified, cards conserved, and no secret in a public view or
event. "Boosted" starts put the players past the token marks, so abilities, jumps, diagonals,
the offer and bets come up in random play too.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove
from engine.core.game import replay
from engine.runarch import GAME
from engine.runarch.absent import disturbance
from engine.runarch.cards import CARD_IDS
from engine.runarch.components import CELL_INDEX, CELLS
from engine.runarch.tokens import MARKS
from tests.engine.runarch_support import all_cards, choose, hidden_ids, play_game, stones_with

MODES = {
    "simple": (2, "simple"),
    "complex": (2, "complex"),
    "solo-simple": (1, "simple"),
    "solo-complex": (1, "complex"),
}
seeds = st.integers(min_value=0, max_value=2**64 - 1)
modes = st.sampled_from(sorted(MODES))
levels = st.sampled_from(["easy", "normal", "hard"])
MOVES_PER_TURN = 40
"""Generous bound on one turn's moves: swaps, scorings, bets and draws are all finite."""


def options_for(mode: str, level: str, max_rounds: int) -> tuple[int, dict[str, Any]]:
    seats, variant = MODES[mode]
    return seats, {"variant": variant, "difficulty": level, "max_rounds": max_rounds}


def boosted(seed: int, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    """A game past its setup with both scores drawn at random (tokens handed to match) and
    seat 0's first card laid on a row, so the later rules come up in random play."""
    rnd = random.Random(seed)
    state = GAME.new(seats, options, seed)
    while state["phase"] == "setup":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    state = copy.deepcopy(state)
    scores = [rnd.randint(0, 95), rnd.randint(0, 95)]
    state["scores"] = scores
    state["best"] = [min(10, s) for s in scores]
    if state["variant"] == "complex":
        state["handed"] = [sum(s > m for m in MARKS) for s in scores]
    if state["hands"][0]:
        card = state["hands"][0][0]
        row = rnd.choice(["row1", "row3", "row5"])
        state["stones"] = stones_with({row: list(GAME.card(card)["pattern"])})
    return state


def check_state(state: dict[str, Any], ply: int) -> None:
    assert sorted(state["stones"]) == sorted(state["pads"])
    assert all_cards(state) == list(CARD_IDS)
    assert state["ply"] == ply
    assert all(len(hand) <= 2 for hand in state["hands"])
    if state["variant"] == "complex" and state["phase"] == "play":
        for seat, pile in enumerate(state["scored"]):
            archived = [c for name in ("left", "middle", "right") for c in state["archives"][seat][name]]
            assert sorted(archived) == (sorted(pile) if not (state["solo"] and seat == 1) else [])
    public = json.dumps(GAME.view(state, None))
    secret = hidden_ids(state)
    assert not any(f'"{card}"' in public for card in secret)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=seeds,
    mode=modes,
    level=levels,
    style=st.sampled_from(["uniform", "eager"]),
    boost=st.booleans(),
    max_rounds=st.sampled_from([10, 14]),
    cut=st.floats(0, 1),
)
def test_random_play_replays_ends_and_keeps_secrets(
    seed: int, mode: str, level: str, style: str, boost: bool, max_rounds: int, cut: float
) -> None:
    seats, options = options_for(mode, level, max_rounds)
    start = boosted(seed, seats, options) if boost else GAME.new(seats, options, seed)
    rnd = random.Random(seed)
    state, log, states = start, [], [start]
    while not state["over"]:
        assert len(log) <= 2 + max_rounds * 2 * MOVES_PER_TURN
        seat = GAME.to_act(state)[0]
        move = (
            GAME.choose_automated(state, seat)
            if seat in GAME.automated_seats(state)
            else choose(state, seat, rnd, style)
        )
        before = copy.deepcopy(state)
        state, events = GAME.apply(state, seat, move)
        assert states[-1] == before  # apply never modifies the state it is given
        secret = hidden_ids(state)
        text = json.dumps([dict(e.params) for e in events])
        assert not any(card in text for card in secret)
        log.append((seat, move.notation))
        states.append(state)

    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.to_act(state) == [] and state["round"] <= max_rounds
    assert list(outcome.scores) == state["scores"]
    for row in outcome.details["breakdown"]:
        parts = row["cards"] + row["best_bonus"] + row["bets_won"] - row["bets_lost"] + row["secret"]
        assert parts == row["total"] and row["bets_lost"] >= 0
    assert [row["total"] for row in outcome.details["breakdown"]] == state["scores"]
    if not boost:
        assert replay(GAME, seats, options, seed, log) == state
    middle_index = int(cut * len(log))
    middle = json.loads(json.dumps(states[middle_index]))
    assert middle == states[middle_index]
    for seat, notation in log[middle_index:]:
        middle, _ = GAME.apply(middle, seat, notation)
    assert middle == state
    for i, each in enumerate(states):
        if i % 7 == 0 or i == len(states) - 1:
            check_state(each, start["ply"] + i)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, mode=modes, level=levels, boost=st.booleans(), moves=st.integers(0, 120))
def test_every_listed_move_is_accepted(seed: int, mode: str, level: str, boost: bool, moves: int) -> None:
    seats, options = options_for(mode, level, 10)
    start = boosted(seed, seats, options) if boost else None
    state, *_ = play_game(seed, seats, options, style="eager", max_moves=moves, start=start)
    assume(not state["over"])
    for seat in GAME.to_act(state):
        listed = GAME.legal_moves(state, seat)
        assert listed and len(set(listed)) == len(listed)
        for move in random.Random(seed).sample(listed, min(12, len(listed))):
            GAME.apply(state, seat, move)
            assert GAME.parse_move(move.notation) == move
        scoring = {m.notation for m in listed if m.kind == "score"}
        offered = GAME.scoring_options(state, seat)
        if state["variant"] == "complex":
            assert scoring == {f"score {o['card']} {o['line']} {a}" for o in offered for a in o["archives"]}
        else:
            assert scoring == {f"score {o['card']} {o['line']}" for o in offered}
        assert {f"{m.notation}" for m in listed if m.kind == "bet"} == set(GAME.bet_options(state, seat))


def garbage_moves() -> st.SearchStrategy[str]:
    cells = st.sampled_from([*CELLS, "Z9", "A0", "F1", "a1"])
    cards = st.sampled_from([*CARD_IDS, "C00", "C61", "x1"])
    lines = st.sampled_from(["row1", "row3", "colB", "diag1", "diag2", "row6", "line"])
    archives = st.sampled_from(["left", "middle", "right", "top", ""])
    targets = st.sampled_from(["left", "middle", "right", "goal", "up"])
    return st.one_of(
        st.text(max_size=16),
        st.builds(lambda k, a, b: f"{k} {a} {b}", st.sampled_from(["swap", "jump"]), cells, cells),
        st.builds(lambda c, line, a: f"score {c} {line} {a}".strip(), cards, lines, archives),
        st.builds(lambda a, b, c: f"setup {a} {b} {c}", cards, cards, cards),
        st.builds(lambda t, v: f"bet {t} {v}", targets, st.one_of(st.integers(-1, 14).map(str), cards)),
        st.builds(lambda p: f"take {p}", st.integers(0, 6)),
        st.sampled_from(["end", "draw", "automa", "resign now", "take", "bet"]),
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=seeds,
    mode=modes,
    boost=st.booleans(),
    moves=st.integers(0, 150),
    seat=st.integers(-1, 2),
    text=garbage_moves(),
)
def test_illegal_moves_raise_and_leave_the_state_alone(
    seed: int, mode: str, boost: bool, moves: int, seat: int, text: str
) -> None:
    seats, options = options_for(mode, "normal", 10)
    start = boosted(seed, seats, options) if boost else None
    state, *_ = play_game(seed, seats, options, style="eager", max_moves=moves, start=start)
    legal = {m.notation for m in GAME.legal_moves(state, seat)} if seat in GAME.to_act(state) else set()
    try:
        parsed = GAME.parse_move(text).notation
    except IllegalMove:
        parsed = None
    assume(parsed not in legal)
    people = (0,) if state["solo"] else (0, 1)
    assume(not (parsed == "resign" and seat in people and not state["over"]))
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


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, mode=modes, boost=st.booleans(), moves=st.integers(0, 150))
def test_timeout_moves_hand_the_turn_on_and_keep_the_score(
    seed: int, mode: str, boost: bool, moves: int
) -> None:
    """At a time limit the bot plays for the absent person: it ends their turn (after a setup
    or bet they owe), never scores for them, and soon the game waits for someone else."""
    seats, options = options_for(mode, "normal", 10)
    start = boosted(seed, seats, options) if boost else None
    _, _, states, _ = play_game(seed, seats, options, style="eager", max_moves=moves, start=start)

    def awaited_people(state: dict) -> list[int]:
        return [s for s in GAME.to_act(state) if s not in GAME.automated_seats(state)]

    # The last position of the drawn length that still waits for a person (games now often end
    # within 150 moves; filtering finished games away made Hypothesis give up at random).
    running = [s for s in states if not s["over"] and awaited_people(s)]
    assume(running)
    state = running[-1]
    seat = awaited_people(state)[0]
    scores = list(state["scores"])
    plain_turn = state["phase"] == "play" and not state.get("pending")
    stones = list(state["stones"])
    for step in range(6):
        move = GAME.timeout_move(state, seat)
        assert move is not None
        if step == 0 and plain_turn and not state["swapped"]:
            assert move.kind == "swap"  # the rules ask for one swap per turn
            swaps = [m for m in GAME.legal_moves(state, seat) if m.kind == "swap"]
            assert move in swaps

            quiet = [disturbance(state["pads"], stones, *(CELL_INDEX[c] for c in m.args)) for m in swaps]
            assert quiet[swaps.index(move)] == min(quiet)  # the least disturbing swap
        assert move.kind in {"swap", "end", "setup", "bet", "draw", "take"}
        state, _ = GAME.apply(state, seat, move)
        if seat not in GAME.to_act(state) or state["over"]:
            break
    assert seat not in GAME.to_act(state) or state["over"]
    if state["phase"] == "play" and not state["over"]:
        assert state["scores"][seat] == scores[seat]
