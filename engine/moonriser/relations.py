"""What the placed tiles form together: Bonus relationships, Productive neighbourhoods, conditions.

Everything here is pure over a *colony*: the placed tiles by field (``colony(state)``), each
with its design already turned to its rotation, so the rules, the scoring, the preview of a
placement and the bot share one reading of the board. The turned edges and corners of a design
are computed once per (design, rotation) and kept (``turned``).

- A Bonus relationship forms across an edge when both sides carry the same kind and opposite
  halves (``a`` meets ``b``); a pair of fields shares one edge, so at most one relationship.
- A Productive neighbourhood forms at a point where three tiles meet with the same colour in
  the three corners there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.core import State
from engine.moonriser.board import Board, board
from engine.moonriser.content import Tile, TileSet, pieces_of, tiles_of
from engine.moonriser.hexes import Hex, corner_fields, neighbour, opposite, rotated

Colony = Mapping[Hex, "Placed"]
Link = tuple[Hex, Hex, str]
"""A Bonus relationship: the two fields (in sorted order) and its kind."""
Hood = tuple[str, tuple[Hex, Hex, Hex]]
"""A Productive neighbourhood: its colour and the three fields."""


@dataclass(frozen=True)
class Turned:
    """A design's symbols once the tile is turned: edge -> (kind, half), corner -> colour, empties."""

    edges: Mapping[int, tuple[str, str]]
    corners: Mapping[int, str]
    empty: tuple[int, ...]


_TURNED: dict[int, tuple[Tile, tuple[Turned, ...]]] = {}
"""id(design) -> (design, its six turnings); the design is kept so its id is never reused."""


def turned(tile: Tile, rotation: int) -> Turned:
    """``tile``'s edges, corners and Empty-space edges in ``rotation`` (cached per design)."""
    entry = _TURNED.get(id(tile))
    if entry is None or entry[0] is not tile:
        turns = tuple(
            Turned(
                MappingProxyType({rotated(e.edge, k): (e.kind, e.half) for e in tile.edges}),
                MappingProxyType({rotated(c, k): colour for c, colour in tile.corners.items()}),
                tuple(sorted(rotated(e, k) for e in tile.empty)),
            )
            for k in range(6)
        )
        entry = (tile, turns)
        _TURNED[id(tile)] = entry
    return entry[1][rotation % 6]


@dataclass(frozen=True)
class Placed:
    """One tile on the board as the rules read it."""

    tile: Tile
    owner: int
    rotation: int
    weight: int
    """VP per relationship side or neighbourhood corner: 2 when upgraded, else 1."""
    factor: int
    """How many times its bonuses count: a Main base's level, 2 for an upgraded tile, else 1."""
    label: str
    shape: Turned


def placed(
    tile: Tile, owner: int, rotation: int, label: str, upgraded: bool = False, level: int = 1
) -> Placed:
    """A tile as it lies: a Main base's bonuses count ``level`` times, an upgraded tile's twice."""
    factor = level if tile.is_base else (2 if upgraded else 1)
    weight = 2 if upgraded and not tile.is_base else 1
    return Placed(tile, owner, rotation, weight, factor, label, turned(tile, rotation))


def board_of(state: State) -> Board:
    return board(state["layout"], pieces_of(state))


_COLONIES: dict[tuple[object, ...], tuple[TileSet, Board, dict[Hex, Placed]]] = {}
COLONY_CACHE = 256


def colony(state: State, tileset: TileSet | None = None, where: Board | None = None) -> dict[Hex, Placed]:
    """Every placed tile of ``state`` by field (shared between calls: do not change it).

    Kept per tile set, board and tiles (the key is their content, so a hand-made position edited
    in place is read afresh): the rules read the colony several times per move."""
    tileset = tileset or tiles_of(state)
    where = where or board_of(state)
    key = (id(tileset), id(where), *(_entry_key(label, e) for label, e in state["tiles"].items()))
    found = _COLONIES.get(key)
    if found is not None and found[0] is tileset and found[1] is where:
        return found[2]
    out: dict[Hex, Placed] = {}
    for label, entry in state["tiles"].items():
        out[where.at[label]] = placed(
            tileset[entry["tile"]],
            entry["owner"],
            entry["rot"],
            label,
            entry.get("upgraded", False),
            entry.get("level", 1),
        )
    if len(_COLONIES) >= COLONY_CACHE:
        _COLONIES.pop(next(iter(_COLONIES)))
    _COLONIES[key] = (tileset, where, out)
    return out


def _entry_key(label: str, entry: Mapping[str, object]) -> tuple[object, ...]:
    return (
        label,
        entry["tile"],
        entry["owner"],
        entry["rot"],
        entry.get("upgraded", False),
        entry.get("level", 1),
    )


def forms(one: Placed, edge: int, other: Placed) -> str | None:
    """The kind of relationship ``one``'s ``edge`` forms with ``other`` beyond it, if any."""
    mine = one.shape.edges.get(edge)
    if mine is None:
        return None
    theirs = other.shape.edges.get(opposite(edge))
    if theirs is None or theirs[0] != mine[0] or theirs[1] == mine[1]:
        return None
    return mine[0]


def links(tiles: Colony) -> list[Link]:
    """Every Bonus relationship on the board, once each."""
    found: list[Link] = []
    for at, one in tiles.items():
        for edge in one.shape.edges:
            there = neighbour(at, edge)
            other = tiles.get(there)
            if other is not None and at < there:
                kind = forms(one, edge, other)
                if kind is not None:
                    found.append((at, there, kind))
    return found


def partners(tiles: Colony, at: Hex) -> list[tuple[Hex, str]]:
    """The tiles ``at`` forms a relationship with, and the kind of each."""
    one = tiles[at]
    out = []
    for edge in one.shape.edges:
        there = neighbour(at, edge)
        other = tiles.get(there)
        if other is not None:
            kind = forms(one, edge, other)
            if kind is not None:
                out.append((there, kind))
    return out


def fulfilled(tiles: Colony, at: Hex, kind: str, then: str | None = None) -> int:
    """How many times a condition of the tile ``at`` holds (N: its bonus counts N times).

    Simple ``kind``: the ``kind`` relationships it forms. Complex ``kind`` then ``then``: those
    ``kind`` relationships whose partner also forms a ``then`` relationship with another tile."""
    count = 0
    for there, formed in partners(tiles, at):
        if formed != kind:
            continue
        if then is None or any(k == then and f != at for f, k in partners(tiles, there)):
            count += 1
    return count


def corner_colour(tiles: Colony, at: Hex, corner: int) -> str | None:
    one = tiles.get(at)
    return None if one is None else one.shape.corners.get(corner)


def hood_at(tiles: Colony, at: Hex, corner: int) -> Hood | None:
    """The neighbourhood at ``corner`` of the tile ``at``, if the three corners there agree."""
    colour = corner_colour(tiles, at, corner)
    if colour is None:
        return None
    points = corner_fields(at, corner)
    for field, c in points[1:]:
        if corner_colour(tiles, field, c) != colour:
            return None
    return colour, (points[0][0], points[1][0], points[2][0])


def hoods(tiles: Colony) -> Iterator[Hood]:
    """Every Productive neighbourhood on the board, once each (named by its smallest corner)."""
    for at, one in tiles.items():
        for corner in one.shape.corners:
            points = corner_fields(at, corner)
            if min(points) != (at, corner):
                continue
            found = hood_at(tiles, at, corner)
            if found is not None:
                yield found
