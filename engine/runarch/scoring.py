"""Pure scoring of a card's pattern against the five stones of a line.

The rule (both variants): position by position, a pattern stone and a board stone must
share colour or shape; each shared colour and each shared shape is worth one point, so a
scored card is worth 5 to 10 points. The pair table is built once so that checking a
line is a handful of dictionary look-ups (legal-move listing checks every hand card
against every line on every call).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from engine.runarch.components import CODES, colour_of, shape_of

PAIR_POINTS = MappingProxyType(
    {
        a: MappingProxyType(
            {b: int(colour_of(a) == colour_of(b)) + int(shape_of(a) == shape_of(b)) for b in CODES}
        )
        for a in CODES
    }
)
"""``PAIR_POINTS[pattern_code][stone_code]``: 0, 1 or 2 shared attributes."""


def pair_points(pattern_code: str, stone_code: str) -> int:
    """Shared attributes (colour, shape) of two codes: 0, 1 or 2."""
    return PAIR_POINTS[pattern_code][stone_code]


def score_line(pattern: Sequence[str], stones: Sequence[str]) -> tuple[int, int]:
    """(points, failing position) of ``pattern`` compared with ``stones`` of one line.

    Both sequences are in reading order. The failing position is the 1-based first position
    sharing neither colour nor shape (then points is 0), or 0 when every position matches.
    """
    total = 0
    for position, (wanted, found) in enumerate(zip(pattern, stones, strict=True), start=1):
        points = PAIR_POINTS[wanted][found]
        if not points:
            return 0, position
        total += points
    return total, 0


def line_points(pattern: Sequence[str], board: Sequence[str], cells: Sequence[int]) -> int:
    """Points of ``pattern`` on the line ``cells`` of ``board`` (stones), 0 if it does not match.

    The hot path of legal-move listing: stops at the first non-matching position.
    """
    total = 0
    for wanted, cell in zip(pattern, cells, strict=True):
        points = PAIR_POINTS[wanted][board[cell]]
        if not points:
            return 0
        total += points
    return total


def agreement(match: str, pad: str, stone: str) -> int:
    """One cell's share of the match bonus: 1 if the pad and the stone on it both have the
    match colour, 1 more if both have the match shape (0, 1 or 2)."""
    colour = colour_of(pad) == colour_of(stone) == colour_of(match)
    shape = shape_of(pad) == shape_of(stone) == shape_of(match)
    return int(colour) + int(shape)


def match_bonus(match: str, pads: Sequence[str], stones: Sequence[str]) -> int:
    """The complex game's phase-4 match bonus of a card with match area ``match``.

    The rulebook pays "za shodu podložek a kamenů na herním plánu podle barvy a tvaru v oblasti
    shody karty": every cell of the whole board where the pad and the stone lying on it agree in
    the match colour scores 1, and again in the match shape (0 to 10; see docs/rules/runarch.md).
    """
    return sum(agreement(match, pad, stone) for pad, stone in zip(pads, stones, strict=True))
