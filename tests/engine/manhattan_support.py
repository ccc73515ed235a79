"""Helpers for The Manhattan Project's engine tests: hand-made positions and random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core import Event, IllegalMove, Move, Rng
from engine.manhattan.edit import fresh_turn
from engine.manhattan.game import GAME
from engine.manhattan.randomplay import random_move
from engine.manhattan.scoring import total
from engine.manhattan.setup import new_seat

State = dict[str, Any]
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)


def seat_row(**fields: Any) -> dict[str, Any]:
    """A player's board: nothing but what ``fields`` give (workers as ``home={"L": 2}`` etc.).
    ``buildings`` may list card ids (undamaged, empty) or full building dicts."""
    row = new_seat(0)
    row.update(fighters=0, bombers=0, home={"L": 0, "E": 0, "S": 0})
    for box in ("home", "contract", "pool"):
        if box in fields:
            row[box] = {**row[box], **fields.pop(box)}
    built = fields.pop("buildings", [])
    row["buildings"] = [
        b if isinstance(b, dict) else {"card": b, "damage": 0, "workers": None} for b in built
    ]
    row.update(fields)
    return row


def position(
    players: int = 4,
    seats: dict[int, dict[str, Any]] | None = None,
    active: int = 0,
    market: Sequence[str | None] | None = None,
    occupied: dict[str, int] | None = None,
    **top: Any,
) -> State:
    """A game in play, seat ``active`` to move at the start of its turn, turn order by seat
    number. ``seats`` maps a seat to ``seat_row`` fields (others get an empty board); ``occupied``
    puts another seat's laborer on main-board spaces ({space: seat})."""
    state = GAME.new(players, {}, 11)
    state["seats"] = [seat_row(**dict((seats or {}).get(s, {}))) for s in range(players)]
    state["order"] = list(range(players))
    state["phase"] = "play"
    state["pending"] = None
    state["active"] = active
    state["turn"] = fresh_turn()
    state["spaces"] = {space: {"seat": s, "workers": ["L"]} for space, s in (occupied or {}).items()}
    if market is not None:
        state["market"] = list(market)
    state.update(top)
    return state


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply ``(seat, notation)`` moves in turn; every event on the way."""
    events: list[Event] = []
    for seat, notation in moves:
        state, happened = GAME.apply(state, seat, notation)
        events += happened
    return state, events


def refused(state: State, seat: int, notation: str) -> str:
    """The code ``apply`` refuses ``notation`` with (the test fails if it is accepted)."""
    try:
        GAME.apply(state, seat, notation)
    except IllegalMove as error:
        return error.code
    raise AssertionError(f"{notation!r} was accepted")


def legal(state: State, seat: int) -> set[str]:
    return {move.notation for move in GAME.legal_moves(state, seat)}


def points(state: State, seat: int) -> int:
    return total(state, seat)


def random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    bots: Sequence[int] = (),
    limit: int = 20000,
) -> tuple[State, list[tuple[int, str]], list[State], list[list[Event]]]:
    """A whole game of random legal moves (``bots`` seats play the bot): final state, log,
    every state on the way and the events of each move."""
    rnd = random.Random(seed)
    rng = Rng(seed)
    state = GAME.new(players, options or {}, seed)
    log: list[tuple[int, str]] = []
    states, events = [state], []
    while state["phase"] != "over":
        waiting = GAME.to_act(state)
        seat = rnd.choice(waiting)
        move: Move = GAME.bot_move(state, seat, "normal") if seat in bots else random_move(state, seat, rng)
        state, happened = GAME.apply(state, seat, move)
        log.append((seat, move.notation))
        states.append(state)
        events.append(happened)
        assert len(log) < limit, "the game does not end"
    return state, log, states, events
