"""Turns and rounds: who plays next, the round limit, the end of the game.

Play goes by seat number from the random first player (``state["order"]``), skipping seats that
resigned. A round ends when the last seat of that order ends its turn. After round
``max_rounds`` (a house rule, so abandoned and random games end) the most points win.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.manhattan.edit import fresh_turn


def playing(state: State) -> list[int]:
    """Seats still in the game, in play order."""
    return [s for s in state["order"] if not state["seats"][s]["resigned"]]


def next_after(state: State, seat: int) -> int | None:
    """The first seat still playing after ``seat`` in turn order (round the table)."""
    order = state["order"]
    at = order.index(seat)
    for step in range(1, len(order) + 1):
        other = order[(at + step) % len(order)]
        if not state["seats"][other]["resigned"]:
            return other
    return None


def start_turn(new: State, seat: int) -> None:
    new["active"] = seat
    new["turn"] = fresh_turn()
    new["pending"] = None


def over(new: State) -> None:
    new["phase"] = "over"
    new["active"] = None
    new["pending"] = None


def summary(turn: dict[str, Any] | None, seat: int, retrieved: bool = False) -> dict[str, Any]:
    """What a turn touched, for the next picture's frames: seat, retrieved, spaces, buildings, bombs."""
    turn = turn or fresh_turn()
    return {
        "seat": seat,
        "retrieved": retrieved,
        "spaces": [turn["main"]] if turn["main"] else [],
        "buildings": list(turn["worked"]),
        "bombs": list(turn["bombs"]),
    }


def end_turn(new: State, seat: int, events: list[Event], retrieved: bool = False) -> None:
    """``seat``'s turn is over (``new`` is a copy): the next seat's turn, or the round limit."""
    new["last"] = summary(new["turn"], seat, retrieved)
    events.append(Event("manhattan.turn_ended", {"seat": seat}))
    order = playing(new)
    if not order:
        over(new)
        return
    position = new["order"].index(seat)
    later = [s for s in new["order"][position + 1 :] if s in order]
    if later:
        start_turn(new, later[0])
        return
    if new["round"] >= new["options"]["max_rounds"]:
        events.append(Event("manhattan.round_limit", {"round": new["round"]}))
        over(new)
        return
    new["round"] += 1
    start_turn(new, order[0])
