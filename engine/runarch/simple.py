"""Move handlers of the simple game (also the person's side of simple solo).

A turn: score any number of hand cards before or after exactly one swap of two neighbouring
stones (orthogonal or diagonal), then ``end``. A scored card is replaced from the deck at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.core import Event, IllegalMove, Move, State
from engine.runarch.components import ALL_LINES, LINE_ORDER, NEIGHBOURS, SIMPLE_LINES, cell_index
from engine.runarch.content import deck_of
from engine.runarch.notation import END_MOVE, SCORE_MOVES, SWAP_MOVES
from engine.runarch.scoring import line_points, score_line

LINES: Mapping[str, tuple[int, ...]] = MappingProxyType({line: ALL_LINES[line] for line in SIMPLE_LINES})
"""Lines a card may be scored on in the simple game (no diagonals)."""


def _turn_record(state: State, seat: int) -> dict[str, Any]:
    """A fresh copy of this turn's ``last`` record (a new one when the turn has just begun)."""
    last = state["last"]
    if last is None or last["seat"] != seat:
        return {"seat": seat, "swap": None, "scores": []}
    return {"seat": seat, "swap": last["swap"], "scores": list(last["scores"])}


def acceptable(state: State, seat: int) -> list[tuple[str, str, int]]:
    """(card, line, points) of every scoring ``score`` would accept now."""
    stones = state["stones"]
    minimum = state["options"]["minimum"]
    patterns = deck_of(state).patterns
    found = []
    for card in state["hands"][seat]:
        pattern = patterns[card]
        for line, cells in LINES.items():
            points = line_points(pattern, stones, cells)
            if points >= minimum:
                found.append((card, line, points))
    return found


def scoring_options(state: State, seat: int, card_id: str | None = None) -> list[dict[str, Any]]:
    options = [
        {"card": card, "line": line, "points": points}
        for card, line, points in acceptable(state, seat)
        if card_id is None or card == card_id
    ]
    options.sort(key=lambda o: (-o["points"], o["card"], LINE_ORDER[o["line"]]))
    return options


def legal_moves(state: State, seat: int) -> list[Move]:
    """Swaps (until one is made), every acceptable score, and ``end`` (after the swap)."""
    moves = [SCORE_MOVES[card, line] for card, line, _ in acceptable(state, seat)]
    if state["swapped"]:
        moves.append(END_MOVE)
    else:
        moves.extend(SWAP_MOVES)
    return moves


def swap(state: State, seat: int, a: str, b: str) -> tuple[State, list[Event]]:
    if state["swapped"]:
        raise IllegalMove("runarch.already_swapped")
    ia, ib = cell_index(a), cell_index(b)
    if ia == ib:
        raise IllegalMove("runarch.same_cell", cell=a)
    if ib not in NEIGHBOURS[ia]:
        raise IllegalMove("runarch.not_adjacent", a=a, b=b)
    stones = list(state["stones"])
    stone_a, stone_b = stones[ia], stones[ib]
    stones[ia], stones[ib] = stone_b, stone_a
    last = _turn_record(state, seat)
    last["swap"] = [a, b]
    new = dict(state)
    new.update(stones=stones, swapped=True, last=last, ply=state["ply"] + 1)
    params = {"seat": seat, "a": a, "b": b, "stone_a": stone_a, "stone_b": stone_b}
    return new, [Event("runarch.swapped", params)]


def score(state: State, seat: int, card: str, line: str) -> tuple[State, list[Event]]:
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalMove("runarch.card_not_in_hand", card=card)
    cells = LINES.get(line)
    if cells is None:
        raise IllegalMove("runarch.bad_line", line=line)
    stones = state["stones"]
    points, position = score_line(deck_of(state).patterns[card], [stones[i] for i in cells])
    if position:
        raise IllegalMove("runarch.no_match", card=card, line=line, position=position)
    minimum = state["options"]["minimum"]
    if points < minimum:
        raise IllegalMove("runarch.below_minimum", card=card, line=line, points=points, minimum=minimum)

    new = dict(state)
    new_hand = [c for c in hand if c != card]
    if state["deck"]:
        deck = list(state["deck"])
        new_hand.append(deck.pop())  # drawn face down: no event names it
        new["deck"] = deck
    hands = list(state["hands"])
    hands[seat] = new_hand
    scores = list(state["scores"])
    scores[seat] += points
    scored = list(state["scored"])
    scored[seat] = [*scored[seat], card]
    last = _turn_record(state, seat)
    last["scores"].append({"card": card, "line": line, "points": points})
    new.update(hands=hands, scores=scores, scored=scored, last=last, ply=state["ply"] + 1)
    if points > state["best"][seat]:
        best = list(state["best"])
        best[seat] = points
        new["best"] = best
    params = {"seat": seat, "card": card, "line": line, "points": points, "total": scores[seat]}
    events = [Event("runarch.scored", params)]
    target = state["options"]["target"]
    if not state["final_round"] and scores[seat] > target:
        new["final_round"] = True
        events.append(Event("runarch.final_round", {"seat": seat, "target": target}))
    return new, events
