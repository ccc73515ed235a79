"""Moving stones in the complex game: which swaps and jumps a player's tokens allow this turn.

Orthogonal neighbour swaps only until the diagonal token; with the double token either a
second neighbour swap (chained or independent, cards may be scored between) or, instead,
one swap over a stone in a straight line.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, IllegalMove, Move, State
from engine.runarch.components import JUMP_PAIR_SET, NEIGHBOURS, cell_index, is_orthogonal
from engine.runarch.notation import END_MOVE, JUMP_MOVES, ORTHOGONAL_SWAP_MOVES, SWAP_MOVES
from engine.runarch.tokens import abilities


def turn_record(state: State, seat: int) -> dict[str, Any]:
    """A fresh copy of this turn's ``last`` record (a new one when the turn has just begun)."""
    last = state["last"]
    if last is None or last["seat"] != seat:
        return {"seat": seat, "swap": None, "jump": None, "scores": []}
    return {"seat": seat, "swap": last["swap"], "jump": last["jump"], "scores": list(last["scores"])}


def swap(state: State, seat: int, a: str, b: str) -> tuple[State, list[Event]]:
    """A neighbour swap: orthogonal until the diagonal token, a second one with the double token."""
    if state["jumped"] or state["swaps"] >= 2:
        raise IllegalMove("runarch.already_swapped")
    powers = abilities(state, seat)
    if state["swaps"] == 1 and not powers["double"]:
        raise IllegalMove("runarch.no_double_swap")
    ia, ib = cell_index(a), cell_index(b)
    if ia == ib:
        raise IllegalMove("runarch.same_cell", cell=a)
    if ib not in NEIGHBOURS[ia]:
        raise IllegalMove("runarch.not_adjacent", a=a, b=b)
    if not powers["diagonal"] and not is_orthogonal(ia, ib):
        raise IllegalMove("runarch.orthogonal_only", a=a, b=b)
    new, params = _exchange(state, seat, a, b, ia, ib)
    record = new["last"]
    record["swap"] = [a, b] if record["swap"] is None else [record["swap"], [a, b]]
    new["swaps"] = state["swaps"] + 1
    return new, [Event("runarch.swapped", params)]


def jump(state: State, seat: int, a: str, b: str) -> tuple[State, list[Event]]:
    """A swap over one stone in a straight line, instead of the turn's neighbour swaps."""
    if not abilities(state, seat)["double"]:
        raise IllegalMove("runarch.no_jump")
    if state["swapped"]:
        raise IllegalMove("runarch.already_swapped")
    ia, ib = cell_index(a), cell_index(b)
    if ia == ib:
        raise IllegalMove("runarch.same_cell", cell=a)
    if (min(ia, ib), max(ia, ib)) not in JUMP_PAIR_SET:
        raise IllegalMove("runarch.not_a_jump", a=a, b=b)
    new, params = _exchange(state, seat, a, b, ia, ib)
    new["last"]["jump"] = [a, b]
    new["jumped"] = True
    return new, [Event("runarch.jumped", params)]


def _exchange(state: State, seat: int, a: str, b: str, ia: int, ib: int) -> tuple[State, dict[str, Any]]:
    stones = list(state["stones"])
    stone_a, stone_b = stones[ia], stones[ib]
    stones[ia], stones[ib] = stone_b, stone_a
    new = dict(state)
    new.update(stones=stones, swapped=True, last=turn_record(state, seat), ply=state["ply"] + 1)
    return new, {"seat": seat, "a": a, "b": b, "stone_a": stone_a, "stone_b": stone_b}


def movement_moves(state: State, seat: int) -> list[Move]:
    """The swaps and jumps ``seat`` may still make this turn, and ``end`` once it has moved."""
    powers = abilities(state, seat)
    if not state["swapped"]:
        moves = list(SWAP_MOVES if powers["diagonal"] else ORTHOGONAL_SWAP_MOVES)
        if powers["double"]:
            moves.extend(JUMP_MOVES)
        return moves
    if powers["double"] and state["swaps"] == 1 and not state["jumped"]:
        return [*SWAP_MOVES, END_MOVE]
    return [END_MOVE]
