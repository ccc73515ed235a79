"""Victory points, final and running (the board shows them after every move).

Per seat: the values of its tiles (doubled when upgraded; a Main base is worth 0), one VP per
side of every Bonus relationship its tiles take part in and one per corner of every Productive
neighbourhood (two for an upgraded tile), and its yellow tokens. A relationship or
neighbourhood of several owners is shared that way, side by side, so the book's 2/3/4 VP of a
relationship as its tiles are upgraded follows by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import State
from engine.moonriser.relations import Colony, colony, hoods, links

PARTS: tuple[str, ...] = ("tiles", "relations", "neighbourhoods", "yellow", "total")


def breakdowns(tiles: Colony, yellow: Sequence[int]) -> list[dict[str, int]]:
    """Each seat's VP by source (``PARTS``), ``total`` being their sum."""
    rows = [dict.fromkeys(PARTS, 0) for _ in yellow]
    for one in tiles.values():
        if one.owner < len(rows) and not one.tile.is_base:
            rows[one.owner]["tiles"] += one.tile.value * one.weight
    for a, b, _ in links(tiles):
        for at in (a, b):
            rows[tiles[at].owner]["relations"] += tiles[at].weight
    for _, fields in hoods(tiles):
        for at in fields:
            rows[tiles[at].owner]["neighbourhoods"] += tiles[at].weight
    for seat, row in enumerate(rows):
        row["yellow"] = yellow[seat]
        row["total"] = row["tiles"] + row["relations"] + row["neighbourhoods"] + row["yellow"]
    return rows


def scores(state: State, tiles: Colony | None = None) -> list[dict[str, Any]]:
    """The running breakdown of every seat of ``state``."""
    tiles = colony(state) if tiles is None else tiles
    return breakdowns(tiles, [seat["tokens"]["yellow"] for seat in state["seats"]])


def totals(state: State) -> list[int]:
    return [row["total"] for row in scores(state)]
