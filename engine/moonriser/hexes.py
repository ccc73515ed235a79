"""Hex geometry of the Moon board: axial coordinates, edges, corners, rotation, distance.

Fields are pointy-top hexes in axial coordinates ``(q, r)``; on screen ``q`` grows to the right
and ``r`` downwards (a row is shifted half a hex from the one above). Everything a tile carries
sits on an *edge* (a Bonus-relationship half, an Empty-space arrow) or a *corner* (a
Productive-neighbourhood colour), numbered clockwise from the east:

- edge ``e`` faces the neighbour ``DIRECTIONS[e]``: 0 east, 1 south-east, 2 south-west,
  3 west, 4 north-west, 5 north-east;
- corner ``c`` lies clockwise between edge ``c`` and edge ``c + 1``: 0 lower right, 1 bottom,
  2 lower left, 3 upper left, 4 top, 5 upper right.

A tile's data is drawn in rotation 0; rotating it by ``k`` (clockwise, 60° steps) moves what was
on edge ``e`` to edge ``e + k`` and what was in corner ``c`` to corner ``c + k`` (mod 6).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Hex = tuple[int, int]
Vertex = tuple[Hex, int]
"""A corner shared by three fields, named canonically (see ``vertex``)."""

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
ROTATIONS = 6


def neighbour(at: Hex, edge: int) -> Hex:
    dq, dr = DIRECTIONS[edge % 6]
    return (at[0] + dq, at[1] + dr)


def neighbours(at: Hex) -> tuple[Hex, ...]:
    return tuple(neighbour(at, e) for e in range(6))


def opposite(edge: int) -> int:
    """The edge of the neighbour that touches ``edge``."""
    return (edge + 3) % 6


def rotated(side: int, rotation: int) -> int:
    """Where an edge or corner of the tile's drawing lies once the tile is turned ``rotation``."""
    return (side + rotation) % 6


def corner_fields(at: Hex, corner: int) -> tuple[tuple[Hex, int], ...]:
    """The three (field, corner) pairs that meet at ``corner`` of ``at``: this field's, then the
    neighbour across edge ``corner`` (its corner ``corner + 2``), then the neighbour across edge
    ``corner + 1`` (its corner ``corner + 4``)."""
    c = corner % 6
    return ((at, c), (neighbour(at, c), (c + 2) % 6), (neighbour(at, c + 1), (c + 4) % 6))


def vertex(at: Hex, corner: int) -> Vertex:
    """One name for a point where three fields meet, the same whichever field names it."""
    return min(corner_fields(at, corner))


def distance(a: Hex, b: Hex) -> int:
    """Steps between two fields on the hex grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def nearest(at: Hex, others: Iterable[Hex]) -> int | None:
    """The distance from ``at`` to the closest of ``others`` (``None`` when there are none)."""
    return min((distance(at, o) for o in others), default=None)


def rotate_about_origin(at: Hex, rotation: int) -> Hex:
    """``at`` turned clockwise by ``rotation`` × 60° about (0, 0): how a board piece turns."""
    q, r = at
    for _ in range(rotation % 6):
        q, r = -r, q + r
    return (q, r)


def pixel(at: Hex, size: float) -> tuple[float, float]:
    """The centre of a field on screen for hexes of circumradius ``size`` (pointy-top)."""
    q, r = at
    return (size * 3**0.5 * (q + r / 2), size * 1.5 * r)


def corner_offset(corner: int, size: float) -> tuple[float, float]:
    """Where ``corner`` lies from the field's centre on screen (30° + 60° × corner, y down)."""
    angle = math.radians(30 + 60 * (corner % 6))
    return (size * math.cos(angle), size * math.sin(angle))


def edge_offset(edge: int, size: float) -> tuple[float, float]:
    """The middle of ``edge`` from the field's centre on screen (60° × edge, y down)."""
    angle = math.radians(60 * (edge % 6))
    apothem = size * 3**0.5 / 2
    return (apothem * math.cos(angle), apothem * math.sin(angle))
