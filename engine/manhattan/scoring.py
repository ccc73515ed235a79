"""Points: built bombs (plutonium at its tested value once the owner has made an implosion test),
the test card's value and 5 for each loaded bomb. Reaching the target wins at once."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.manhattan.content import LOAD_POINTS, TARGETS, bombs_of
from engine.manhattan.turns import over


def target(state: State) -> int:
    return TARGETS[state["players"]]


def breakdown(state: State, seat: int) -> dict[str, int]:
    """The seat's points by source, and their total."""
    row = state["seats"][seat]
    cards = bombs_of(state)
    tested = row["test"] is not None
    built = sum(cards[bomb["card"]].points(tested) for bomb in row["bombs"])
    test = row["test"]["value"] if tested else 0
    loaded = LOAD_POINTS * sum(1 for bomb in row["bombs"] if bomb["loaded"])
    return {"bombs": built, "test": test, "loaded": loaded, "total": built + test + loaded}


def total(state: State, seat: int) -> int:
    return breakdown(state, seat)["total"]


def scores(state: State) -> list[dict[str, Any]]:
    return [breakdown(state, seat) for seat in range(state["players"])]


def check_win(new: State, seat: int, events: list[Event]) -> bool:
    """After ``seat``'s points changed: the game is over the moment they reach the target."""
    points = total(new, seat)
    if points < target(new):
        return False
    new["winner"] = seat
    events.append(Event("manhattan.won", {"seat": seat, "points": points}))
    over(new)
    return True
