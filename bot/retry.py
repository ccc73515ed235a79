"""How a move or an undo chosen independently of the other seats survives their commits.

Several seats may commit at the same moment (Moonriser's setup keeps, RunArch's goals, every
``/…`` command typed while others play). A choice that does not depend on the others' moves
is applied again to the newer position instead of being refused as stale; this module says
how often, and what a private choice was made from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from db.models import TableRow

MadeFrom = Callable[[dict[str, Any]], bool]
"""Whether a private choice still stands on a state: what it was made from (the seat's own drawn
tiles, its setup hand) is unchanged, whatever the other seats did."""


def retries(table: TableRow) -> int:
    """How often an independent move is tried against a table that others keep changing: once
    per seat that may commit at the same moment, and two more."""
    return len(table.seats) + 2
