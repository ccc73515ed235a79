"""Helpers for the RunArch engine tests: hand-made boards and random legal play."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import Event, IllegalMove, Move
from engine.runarch import GAME
from engine.runarch.archives import fitting_archives
from engine.runarch.bot import DISTANCES as bot_distances
from engine.runarch.bot import FAR
from engine.runarch.bot import plan_cost as bot_plan_cost
from engine.runarch.cards import CARD_IDS, CARDS
from engine.runarch.components import ALL_LINES, CELL_INDEX, CODES, SIMPLE_LINES
from engine.runarch.scoring import match_bonus
from engine.runarch.tokens import counts_bonus

State = dict[str, Any]


def stones_with(line_codes: dict[str, Sequence[str]]) -> list[str]:
    """A full stone layout with the given codes on the given lines (reading order).

    The remaining stones fill the other cells in ``CODES`` order, so the layout is still a
    permutation of all 25 stones (which the test asserts, to catch a badly built board).
    """
    stones: list[str | None] = [None] * 25
    for line, codes in line_codes.items():
        for cell, code in zip(GAME.line_cells(line), codes, strict=True):
            index = CELL_INDEX[cell]
            assert stones[index] in (None, code), f"{cell} given twice"
            stones[index] = code
    rest = iter(c for c in CODES if c not in stones)
    filled = [s if s is not None else next(rest) for s in stones]
    assert sorted(filled) == sorted(CODES), "hand-made line repeats a stone"
    return filled


def pattern(card: str) -> list[str]:
    return list(CARDS[card].pattern)


def colour_only(codes: Sequence[str], positions: Sequence[int]) -> list[str]:
    """Same colours, shapes rotated among ``positions``: each of those then shares colour only."""
    out = list(codes)
    for k, pos in enumerate(positions):
        nxt = positions[(k + 1) % len(positions)]
        out[pos] = codes[nxt][0] + codes[pos][1]
    return out


def shape_only(codes: Sequence[str], positions: Sequence[int]) -> list[str]:
    """Same shapes, colours rotated among ``positions``: each of those then shares shape only."""
    out = list(codes)
    for k, pos in enumerate(positions):
        nxt = positions[(k + 1) % len(positions)]
        out[pos] = codes[pos][0] + codes[nxt][1]
    return out


def nothing_at(codes: Sequence[str], pos: int) -> list[str]:
    """``codes`` with position ``pos`` replaced by a stone sharing neither colour nor shape.

    Shape of position pos+2 and colour of pos+1 (mod 5): different from the pattern stone at
    ``pos`` in both attributes and different from every other stone of the line.
    """
    out = list(codes)
    out[pos] = codes[(pos + 2) % 5][0] + codes[(pos + 1) % 5][1]
    return out


def setup(
    hands: Sequence[Sequence[str]] = (("C01", "C02"), ("C03", "C04")),
    stones: list[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 7,
    **changes: Any,
) -> State:
    """A fresh game with chosen hands (taken out of the deck), stones and state fields."""
    state = GAME.new(2, options or {}, seed)
    in_hand = {c for hand in hands for c in hand}
    all_cards = [c for c in state["deck"] + state["hands"][0] + state["hands"][1] if c not in in_hand]
    state["hands"] = [list(h) for h in hands]
    state["deck"] = sorted(all_cards)
    if stones is not None:
        state["stones"] = stones
    state.update(changes)
    return state


def far_swap(avoid: Sequence[str]) -> str:
    """A swap of two neighbouring cells not on any of the lines ``avoid``."""
    used = {cell for line in avoid for cell in GAME.line_cells(line)}
    for move in GAME.legal_moves(GAME.new(2, {}, 0), 0):
        if move.kind == "swap" and not set(move.args) & used:
            return move.notation
    raise AssertionError("no swap away from those lines")


def closeness(state: State, seat: int) -> int:
    """How near ``seat``'s best card is to scoring: matching positions first, then points."""
    best = 0
    for card in state["hands"][seat]:
        want = CARDS[card].pattern
        for line in SIMPLE_LINES:
            got = [state["stones"][CELL_INDEX[cell]] for cell in GAME.line_cells(line)]
            shared = [(w[0] == g[0]) + (w[1] == g[1]) for w, g in zip(want, got, strict=True)]
            best = max(best, 20 * sum(map(bool, shared)) + sum(shared))
    return best


def choose(state: State, seat: int, rnd: random.Random, style: str) -> Move:
    """A legal move: ``uniform`` at random, ``eager`` scores when it can, ``greedy`` also swaps well."""
    moves = GAME.legal_moves(state, seat)
    if style == "uniform":
        return rnd.choice(moves)
    scores = [m for m in moves if m.kind == "score"]
    if scores:
        return rnd.choice(scores)
    swaps = [m for m in moves if m.kind == "swap"]
    if style == "greedy" and swaps:
        return max(swaps, key=lambda m: (closeness(GAME.apply(state, seat, m)[0], seat), rnd.random()))
    return rnd.choice(moves)


def random_game(
    seed: int, options: dict[str, Any] | None = None, max_moves: int | None = None, style: str = "uniform"
) -> tuple[State, list[tuple[int, str]], list[State], list[list[Event]]]:
    """Legal play from ``seed``: final state, the log (seat, notation), every state and event batch."""
    rnd = random.Random(seed)
    state = GAME.new(2, options or {}, seed)
    log: list[tuple[int, str]] = []
    states = [state]
    events: list[list[Event]] = []
    while not state["over"] and (max_moves is None or len(log) < max_moves):
        seat = GAME.to_act(state)[0]
        move = choose(state, seat, rnd, style)
        state, new_events = GAME.apply(state, seat, move)
        log.append((seat, move.notation))
        states.append(state)
        events.append(new_events)
    return state, log, states, events


# ------------------------------------------------------------------ complex game and solo
GOALS = ("C57", "C59")
SECRETS = ("C55", "C56")
FLAT_TOKENS = ((5, 7, 9, 11), (5, 7, 9, 11))


def complex_game(
    hands: Sequence[Sequence[str]] = (("C01", "C02"), ("C03", "C04")),
    stones: list[str] | None = None,
    seats: int = 2,
    options: dict[str, Any] | None = None,
    seed: int = 7,
    tokens: Sequence[Sequence[int]] = FLAT_TOKENS,
    **changes: Any,
) -> State:
    """A complex game just past its setup, with known goals, secrets, hands, offer and tokens.

    Goals are ``GOALS`` (one per seat; solo: the second is the automa's), secrets ``SECRETS``;
    every other card not in a hand lies in the offer (the four lowest ids) or the deck (sorted,
    so the top is the highest).
    """
    state = GAME.new(seats, {"variant": "complex", **(options or {})}, seed)
    for seat in list(GAME.to_act(state)):
        goal, secret, *_ = sorted(state["setup_hands"][seat])
        state, _ = GAME.apply(state, seat, f"setup {goal} {secret}")
    solo = seats == 1
    goals = list(GOALS)
    secrets = [SECRETS[0], None if solo else SECRETS[1]]
    choices = [[goals[0], secrets[0]], None if solo else [goals[1], secrets[1]]]
    in_hand = [c for hand in hands for c in hand]
    reserved = set(goals) | {s for s in secrets if s} | set(in_hand)
    assert len(reserved) == len(goals) + len([s for s in secrets if s]) + len(in_hand)
    pool = sorted(c for c in CARD_IDS if c not in reserved)
    state.update(
        goals=goals,
        secret=secrets,
        setup_choice=choices,
        hands=[list(h) for h in hands],
        offer=pool[:4],
        deck=pool[4:],
        tokens=[list(t) for t in tokens],
    )
    if stones is not None:
        state["stones"] = stones
    state.update(changes)
    return state


def solo_game(
    variant: str = "simple",
    difficulty: str = "normal",
    hand: Sequence[str] = ("C01", "C02"),
    deck_top: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    **changes: Any,
) -> State:
    """A solo game (the person at seat 0) whose deck ends with ``deck_top`` (the last is revealed first)."""
    options = {"variant": variant, "difficulty": difficulty, **(options or {})}
    if variant == "complex":
        state = complex_game(hands=(hand, ()), seats=1, options=options)
    else:
        state = GAME.new(1, options, 7)
        state["hands"] = [list(hand), []]
    placed = {*hand, *state.get("goals", ()), *(s for s in state.get("secret", ()) if s)}
    rest = sorted(c for c in CARD_IDS if c not in placed and c not in deck_top)
    if variant == "complex":
        state["offer"], rest = rest[:4], rest[4:]
    state["deck"] = [*rest, *deck_top]
    state.update(changes)
    return state


def hidden_ids(state: State) -> set[str]:
    """Card ids nobody but their holder may see: hands, setup hands and choices, secrets, offer, deck."""
    hidden = set(state["deck"])
    for hand in state["hands"]:
        hidden.update(hand)
    if state["variant"] == "complex":
        hidden.update(state["offer"])
        for hand in state["setup_hands"]:
            hidden.update(hand)
        if state["phase"] == "setup":
            for choice in state["setup_choice"]:
                hidden.update(choice or ())
        if not state["over"]:
            hidden.update(s for s in state["secret"] if s)
    return hidden


def all_cards(state: State) -> list[str]:
    """Every card wherever it lies (each must be exactly once somewhere)."""
    cards = [*state["deck"], *state["scored"][0], *state["scored"][1], *state.get("discard", ())]
    for hand in state["hands"]:
        cards.extend(hand)
    if state["variant"] == "complex":
        cards.extend(state["offer"])
        for hand in state["setup_hands"]:
            cards.extend(hand)
        if state["phase"] == "play":
            cards.extend(state["goals"])
            cards.extend(s for s in state["secret"] if s)
    return sorted(cards)


def play_game(
    seed: int,
    seats: int = 2,
    options: dict[str, Any] | None = None,
    style: str = "uniform",
    max_moves: int | None = None,
    start: State | None = None,
) -> tuple[State, list[tuple[int, str]], list[State], list[list[Event]]]:
    """Legal play of any variant (the automa plays its own seat): final state, log, states, events."""
    rnd = random.Random(seed)
    state = start if start is not None else GAME.new(seats, options or {}, seed)
    log: list[tuple[int, str]] = []
    states = [state]
    events: list[list[Event]] = []
    while not state["over"] and (max_moves is None or len(log) < max_moves):
        seat = GAME.to_act(state)[0]
        if seat in GAME.automated_seats(state):
            move = GAME.choose_automated(state, seat)
        else:
            move = choose(state, seat, rnd, style)
        state, new_events = GAME.apply(state, seat, move)
        log.append((seat, move.notation))
        states.append(state)
        events.append(new_events)
    return state, log, states, events


def refused(state: State, seat: int, move: str, code: str, /, **params: object) -> None:
    """``move`` is refused with ``code`` and exactly ``params``; the state is untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, seat, move)
    assert (info.value.code, info.value.params) == (code, params)
    assert state == before


def place_stone(stones: list[str], code: str, cell: str) -> list[str]:
    """``stones`` with ``code`` moved to ``cell`` (the stone there takes its old place)."""
    out = list(stones)
    i, j = out.index(code), CELL_INDEX[cell]
    out[i], out[j] = out[j], out[i]
    return out


# ------------------------------------------------------------------ a planning player (complex game)
# The cost model is the bot player's (engine/runarch/bot.py): one way to count stone steps.
_DIST = bot_distances
_FAR = FAR
PLANS_TRIED = 3
"""The planner only weighs its moves against its three cheapest plans (speed)."""


def plan_cost(
    pattern: Sequence[str],
    cells: Sequence[int],
    stones: Sequence[str],
    where: dict[str, int],
    need: int,
    dist: list[list[int]],
) -> int:
    """Stone steps, roughly, until ``pattern`` scores ``need`` points on ``cells`` (``where``:
    the cell of every stone): the bot player's estimate."""
    return bot_plan_cost((tuple(pattern), tuple(cells), need), stones, where, dist)


def planner_move(state: State, seat: int, rnd: random.Random) -> str:
    """A planning player for the complex game: owed decisions first, then the best scoring
    (filed in the middle or right archive while they take it), else the swap or jump that most
    shortens the cheapest plan to score a card (never simply undoing the opponent's last swap)."""
    moves = GAME.legal_moves(state, seat)
    kinds = {m.kind for m in moves}
    for owed in ("setup", "bet"):
        if owed in kinds:
            return rnd.choice([m for m in moves if m.kind == owed]).notation
    if "take" in kinds or "draw" in kinds:
        archives = state["archives"][seat]
        fits = [
            m
            for m in moves
            if m.kind == "take" and fitting_archives(archives, state["offer"][int(m.args[0]) - 1])
        ]
        return (fits[0] if fits else next(m for m in moves if m.kind in ("draw", "take"))).notation
    options = GAME.scoring_options(state, seat)
    if options:
        best = options[0]
        archive = next((a for a in ("middle", "right") if a in best["archives"]), best["archives"][0])
        return f"score {best['card']} {best['line']} {archive}"
    shifts = [m for m in moves if m.kind in ("swap", "jump")]
    if not shifts:
        return "end"
    powers = GAME.abilities(state, seat)
    dist = _DIST[powers["diagonal"]]
    lines = ALL_LINES if powers["diagonals"] else {line: ALL_LINES[line] for line in SIMPLE_LINES}
    need = GAME.minimum(state, seat)
    stones = state["stones"]
    targets = []
    for card in state["hands"][seat]:
        if not fitting_archives(state["archives"][seat], card):
            continue
        bonus = match_bonus(CARDS[card].match, state["pads"], stones) if counts_bonus(state, seat) else 0
        for cells in lines.values():
            targets.append((CARDS[card].pattern, cells, need - bonus))
    if not targets:
        return "end" if "end" in kinds else rnd.choice(shifts).notation
    last = state["last"]
    undo = set()
    if last is not None and last["seat"] != seat and last.get("swap"):
        pairs = last["swap"] if isinstance(last["swap"][0], list) else [last["swap"]]
        undo = {frozenset(pair) for pair in pairs}

    where = {code: i for i, code in enumerate(stones)}
    costs = sorted(
        (plan_cost(p, c, stones, where, n, dist), rnd.random(), k) for k, (p, c, n) in enumerate(targets)
    )
    now = costs[0][0]
    near = [targets[k] for _, _, k in costs[:PLANS_TRIED]]
    ranked = []
    for move in shifts:
        a, b = (CELL_INDEX[cell] for cell in move.args)
        board = list(stones)
        board[a], board[b] = board[b], board[a]
        moved = dict(where)
        moved[board[a]], moved[board[b]] = a, b
        after = min(plan_cost(p, c, board, moved, n, dist) for p, c, n in near)
        if frozenset(move.args) in undo and after > 0:
            after += 2
        ranked.append((after, rnd.random(), move))
    after, _, move = min(ranked)
    if after < now or not state["swapped"]:
        return move.notation
    return "end" if "end" in kinds else move.notation


def planned_game(seed: int, options: dict[str, Any] | None = None) -> State:
    """A complex game played to its end by ``planner_move`` in both seats."""
    rnd = random.Random(seed)
    state = GAME.new(2, {"variant": "complex", **(options or {})}, seed)
    while not state["over"]:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, planner_move(state, seat, rnd))
    return state
