"""Copy-on-write helpers: ``apply`` copies the state shallowly and only the parts a move edits.

Random self-play and the benchmark apply hundreds of thousands of moves, so a move never deep
copies the board; each helper copies one nested part into the (already copied) new state and
returns it for editing.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalMove, State
from engine.moonriser.content import TOKENS


def seat(new: State, index: int) -> dict[str, Any]:
    """``new["seats"][index]``, copied (with its tokens) so it may be edited."""
    seats = list(new["seats"])
    row = dict(seats[index])
    row["tokens"] = dict(row["tokens"])
    seats[index] = row
    new["seats"] = seats
    return row


def turn(new: State) -> dict[str, Any]:
    row = dict(new["turn"])
    new["turn"] = row
    return row


def pay(tokens: dict[str, int], cost: dict[str, int]) -> None:
    """Take ``cost`` from ``tokens`` (already checked affordable)."""
    for colour in TOKENS:
        tokens[colour] -= cost.get(colour, 0)


def take(items: list[str], wanted: list[str] | tuple[str, ...], code: str) -> list[str]:
    """``items`` without ``wanted`` (a multiset), or ``IllegalMove(code)`` naming a missing one."""
    rest = list(items)
    for item in wanted:
        if item not in rest:
            raise IllegalMove(code, tile=item)
        rest.remove(item)
    return rest
