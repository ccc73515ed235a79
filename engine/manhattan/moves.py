"""The shape of a turn: placing or retrieving, when ``done`` is allowed, and every legal move.

A turn is either ``retrieve`` (the whole turn; only as the first thing, and only when it brings
back at least one of the seat's own workers) or placing: at most one main-board placement, then
workers on buildings, bomb actions at any time. ``done`` ends a placing turn once a worker was
placed (bomb workers count). A seat that can place no worker at all must retrieve; if it cannot
retrieve either (every own worker is at home yet nothing can be placed: no money, the spaces
full), ``done`` passes the turn — the text has no such case, see ``docs/rules/manhattan.md``.
Bomb tests and loading belong to placing turns, so they need a worker placed or placeable.

``legal_moves`` is lazy, cheapest kinds first; it never applies a move to find out.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from engine.core import IllegalMove, Move, State
from engine.manhattan.air import strike_moves
from engine.manhattan.bombs import bomb_moves, load_moves, test_moves
from engine.manhattan.buildings import work_moves
from engine.manhattan.notation import DONE_MOVE, RETRIEVE_MOVE
from engine.manhattan.spaces import place_moves
from engine.manhattan.workers import own_out


def placements(state: State, seat: int) -> Iterator[Move]:
    """Moves that put a worker somewhere: the main board, buildings, bombs."""
    return chain(place_moves(state, seat), work_moves(state, seat), bomb_moves(state, seat))


def can_place(state: State, seat: int) -> bool:
    return next(placements(state, seat), None) is not None


def placing_turn(state: State, seat: int) -> bool:
    """Whether this turn is (or can still become) a placing turn."""
    return state["turn"]["placed"] > 0 or can_place(state, seat)


def retrieve_error(state: State, seat: int) -> IllegalMove | None:
    if state["turn"]["acted"]:
        return IllegalMove("manhattan.retrieve_too_late")
    if own_out(state, seat) == 0:
        return IllegalMove("manhattan.nothing_to_retrieve")
    return None


def done_error(state: State, seat: int) -> IllegalMove | None:
    if state["turn"]["placed"] > 0:
        return None
    if can_place(state, seat):
        return IllegalMove("manhattan.place_first")
    if retrieve_error(state, seat) is None:
        return IllegalMove("manhattan.must_retrieve")
    return None


def bomb_action_error(state: State, seat: int) -> IllegalMove | None:
    """Tests and loading happen in placing turns only."""
    if placing_turn(state, seat):
        return None
    return IllegalMove("manhattan.must_retrieve")


def turn_moves(state: State, seat: int) -> Iterator[Move]:
    if done_error(state, seat) is None:
        yield DONE_MOVE
    if retrieve_error(state, seat) is None:
        yield RETRIEVE_MOVE
    if placing_turn(state, seat):
        yield from test_moves(state, seat)
        yield from load_moves(state, seat)
    yield from strike_moves(state, seat)
    yield from placements(state, seat)
