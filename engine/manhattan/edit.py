"""Copy-on-write helpers: ``apply`` copies the state shallowly and only the parts a move edits.

Random self-play and the benchmark apply hundreds of thousands of moves, so a move never deep
copies the state; each helper copies one nested part into the (already copied) new state and
returns it for editing. A part copied once in a move may be edited in place by the rest of it.
"""

from __future__ import annotations

from typing import Any

from engine.core import State

WORKER_BOXES = ("home", "contract", "pool")


def seat(new: State, index: int) -> dict[str, Any]:
    """``new["seats"][index]``, copied with its worker counts, so it may be edited."""
    seats = list(new["seats"])
    row = dict(seats[index])
    for box in WORKER_BOXES:
        row[box] = dict(row[box])
    seats[index] = row
    new["seats"] = seats
    return row


def buildings(row: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's buildings, copied one level (each building dict is copied where edited)."""
    row["buildings"] = list(row["buildings"])
    return row["buildings"]


def turn(new: State) -> dict[str, Any]:
    row = dict(new["turn"])
    new["turn"] = row
    return row


def contractors(new: State) -> dict[str, int]:
    box = dict(new["contractors"])
    new["contractors"] = box
    return box


def spaces(new: State) -> dict[str, Any]:
    box = dict(new["spaces"])
    new["spaces"] = box
    return box


def fresh_turn() -> dict[str, Any]:
    """A turn before anything was done: which main-board space, workers placed, espionage and
    strike state, and what was touched (for the next turn's highlight)."""
    return {
        "main": None,
        "placed": 0,
        "spy": False,
        "spied": [],
        "strike": False,
        "acted": False,
        "worked": [],
        "bombs": [],
    }
