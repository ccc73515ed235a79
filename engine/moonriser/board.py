"""The Moon board: players + 2 pieces joined so that each touches at least two others.

A layout is plain data kept in the state (``[[piece, rotation, [q, r]], ...]``: each piece
turned about its own origin, then moved to ``[q, r]``); ``board(layout, pieces)`` builds the
fields from it once and caches them. Fields are named for people by a row letter and a number
(``C4``), counted from the board's top-left; the names are printed on the board picture and
are what the move notation uses.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from engine.core import Rng
from engine.moonriser.content import Piece
from engine.moonriser.hexes import Hex, neighbours, rotate_about_origin

Layout = tuple[tuple[str, int, Hex], ...]
MIN_CONTACTS = 2
"""Fields two pieces must share borders along to count as touching (one corner is not touching)."""
ATTEMPTS = 200


@dataclass(frozen=True)
class Board:
    """The fields of one layout: which piece each lies on, its symbol, and its printed name."""

    layout: Layout
    fields: Mapping[Hex, int]
    """Field -> index of its piece in the layout."""
    symbols: Mapping[Hex, str]
    labels: Mapping[Hex, str]
    at: Mapping[str, Hex]
    """Printed name -> field."""
    order: tuple[Hex, ...]
    """Fields in reading order (top row first, left to right)."""

    def label(self, field: Hex) -> str:
        return self.labels[field]

    def __contains__(self, field: object) -> bool:
        return field in self.fields


def placed_fields(piece: Piece, rotation: int, at: Hex) -> list[Hex]:
    out = []
    for f in piece.fields:
        q, r = rotate_about_origin(f, rotation)
        out.append((q + at[0], r + at[1]))
    return out


def _labels(fields: Sequence[Hex]) -> dict[Hex, str]:
    top = min(r for _, r in fields)
    left = min(2 * q + r for q, r in fields)
    return {(q, r): f"{string.ascii_uppercase[r - top]}{(2 * q + r - left) // 2 + 1}" for q, r in fields}


@lru_cache(maxsize=64)
def _build(layout: Layout, pieces_key: int, pieces: Any) -> Board:
    fields: dict[Hex, int] = {}
    symbols: dict[Hex, str] = {}
    for index, (piece_id, rotation, at) in enumerate(layout):
        piece = pieces[piece_id]
        for own, field in zip(piece.fields, placed_fields(piece, rotation, at), strict=True):
            fields[field] = index
            if own in piece.symbols:
                symbols[field] = piece.symbols[own]
    order = tuple(sorted(fields, key=lambda f: (f[1], 2 * f[0] + f[1])))
    labels = _labels(order)
    return Board(
        layout=layout,
        fields=MappingProxyType(fields),
        symbols=MappingProxyType(symbols),
        labels=MappingProxyType(labels),
        at=MappingProxyType({name: field for field, name in labels.items()}),
        order=order,
    )


def as_layout(data: Sequence[Sequence[Any]]) -> Layout:
    """The state's JSON layout as a hashable tuple."""
    return tuple((str(p), int(rot), (int(at[0]), int(at[1]))) for p, rot, at in data)


def board(layout: Sequence[Sequence[Any]], pieces: Mapping[str, Piece]) -> Board:
    """The board of a layout (built once per layout and pieces version)."""
    return _build(as_layout(layout), id(pieces), _Key(pieces))


class _Key:
    """Lets ``lru_cache`` key a board on the (frozen, long-lived) pieces mapping by identity."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: Mapping[str, Piece]) -> None:
        self.pieces = pieces

    def __hash__(self) -> int:
        return id(self.pieces)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and other.pieces is self.pieces

    def __getitem__(self, key: str) -> Piece:
        return self.pieces[key]


def contacts(a: Sequence[Hex], b: Sequence[Hex]) -> int:
    """How many fields of ``a`` border a field of ``b``."""
    other = set(b)
    return sum(1 for f in a if any(n in other for n in neighbours(f)))


def touching(layout: Layout, pieces: Mapping[str, Piece]) -> list[int]:
    """For each piece, how many other pieces it touches."""
    placed = [placed_fields(pieces[p], rot, at) for p, rot, at in layout]
    return [
        sum(1 for j, other in enumerate(placed) if j != i and contacts(mine, other) >= MIN_CONTACTS)
        for i, mine in enumerate(placed)
    ]


def is_valid(layout: Layout, pieces: Mapping[str, Piece]) -> bool:
    """No two pieces overlap and each touches at least two others (the rulebooks' setup)."""
    seen: set[Hex] = set()
    for p, rot, at in layout:
        for f in placed_fields(pieces[p], rot, at):
            if f in seen:
                return False
            seen.add(f)
    return all(n >= 2 for n in touching(layout, pieces))


def _normalised(layout: list[tuple[str, int, Hex]], pieces: Mapping[str, Piece]) -> Layout:
    """Moved so the board's top-left field is near (0, 0): the same board always has the same data."""
    fields = [f for p, rot, at in layout for f in placed_fields(pieces[p], rot, at)]
    top = min(r for _, r in fields)
    left = min(q for q, r in fields if r == top)
    return tuple((p, rot, (at[0] - left, at[1] - top)) for p, rot, at in layout)


def random_layout(count: int, pieces: Mapping[str, Piece], rng: Rng) -> Layout:
    """``count`` random pieces joined (see ``_random_layout``); ``rng`` advances as if drawn here.

    Cached on the generator's state: replays and property tests set up the same seeds often,
    and joining six pieces takes some 0.1 s."""
    layout, after = _cached_layout(count, _Key(pieces), rng.state)
    rng.state = after
    return layout


@lru_cache(maxsize=256)
def _cached_layout(count: int, pieces: _Key, state: int) -> tuple[Layout, int]:
    rng = Rng(state)
    return _random_layout(count, pieces, rng), rng.state


def _random_layout(count: int, pieces: Any, rng: Rng) -> Layout:
    """``count`` random pieces, each joined where it touches the most pieces already down.

    Retries until every piece touches two others (always within a few attempts; ``ATTEMPTS``
    only bounds a broken pieces file)."""
    ids = sorted(pieces.pieces if isinstance(pieces, _Key) else pieces)
    for _ in range(ATTEMPTS):
        chosen = list(ids)
        rng.shuffle(chosen)
        chosen = chosen[:count]
        layout: list[tuple[str, int, Hex]] = [(chosen[0], rng.below(6), (0, 0))]
        taken = set(placed_fields(pieces[chosen[0]], layout[0][1], (0, 0)))
        groups = [sorted(taken)]
        for piece_id in chosen[1:]:
            options = _placements(pieces[piece_id], taken, groups)
            if not options:
                break
            best = max(score for score, _ in options)
            rotation, at = rng.choice([place for score, place in options if score == best])
            layout.append((piece_id, rotation, at))
            new = placed_fields(pieces[piece_id], rotation, at)
            taken.update(new)
            groups.append(new)
        if len(layout) == count:
            result = _normalised(layout, pieces)
            if is_valid(result, pieces):
                return result
    raise ValueError(f"could not join {count} pieces so that each touches two others")


def _placements(piece: Piece, taken: set[Hex], groups: list[list[Hex]]) -> list[tuple[int, tuple[int, Hex]]]:
    """Every (rotation, offset) that puts ``piece`` beside the board without overlap, scored by
    how many pieces it touches (then compactness), so the board grows as a tight cluster."""
    border = {n for f in taken for n in neighbours(f)} - taken
    around = [_around(g) for g in groups]
    around_taken = _around(taken)
    found: dict[tuple[int, Hex], int] = {}
    for rotation in range(6):
        shape = [rotate_about_origin(f, rotation) for f in piece.fields]
        for target in border:
            for own in shape:
                at = (target[0] - own[0], target[1] - own[1])
                if (rotation, at) in found:
                    continue
                cells = [(q + at[0], r + at[1]) for q, r in shape]
                if any(c in taken for c in cells):
                    found[(rotation, at)] = -1
                    continue
                touched = sum(1 for g in around if sum(1 for c in cells if c in g) >= MIN_CONTACTS)
                if touched == 0:
                    found[(rotation, at)] = -1
                    continue
                found[(rotation, at)] = touched * 100 + sum(1 for c in cells if c in around_taken)
    return [(score, place) for place, score in found.items() if score >= 0]


def _around(fields: Sequence[Hex] | set[Hex]) -> set[Hex]:
    """Every field bordering one of ``fields``: a field borders the group iff it is in this set,
    so ``contacts(a, g)`` is the number of ``a``'s fields in ``_around(g)`` (read once per group)."""
    return {n for f in fields for n in neighbours(f)}
