"""Random set-up of the pads (the fixed board) and the stones lying on them."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Rng
from engine.runarch.components import CODES, COLOURS, SHAPES, SIZE, colour_of, shape_of


def _base_squares() -> tuple[list[list[int]], list[list[int]]]:
    """Two orthogonal Latin squares of order 5: (r + c) and (2r + c) modulo 5.

    Orthogonal means every (colour, shape) pair occurs exactly once, so the 25 pads are
    exactly the 25 codes; Latin means no colour and no shape repeats in a row or column.
    """
    colour_square = [[(r + c) % SIZE for c in range(SIZE)] for r in range(SIZE)]
    shape_square = [[(2 * r + c) % SIZE for c in range(SIZE)] for r in range(SIZE)]
    return colour_square, shape_square


def generate_pads(rng: Rng) -> list[str]:
    """A board with no colour and no shape twice in any row or column.

    Permuting rows, columns, colour labels and shape labels keeps both squares Latin
    and orthogonal, so every board drawn this way has the property.
    """
    colour_square, shape_square = _base_squares()
    rows = list(range(SIZE))
    cols = list(range(SIZE))
    colours = list(COLOURS)
    shapes = list(SHAPES)
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(colours)
    rng.shuffle(shapes)
    return [
        shapes[shape_square[rows[r]][cols[c]]] + colours[colour_square[rows[r]][cols[c]]]
        for r in range(SIZE)
        for c in range(SIZE)
    ]


def generate_stones(rng: Rng) -> list[str]:
    """All 25 stones in random order, one per pad (row-major)."""
    stones = list(CODES)
    rng.shuffle(stones)
    return stones


def is_balanced_board(pads: Sequence[str]) -> bool:
    """True if ``pads`` holds each code once and no row or column repeats a colour or shape."""
    if sorted(pads) != sorted(CODES):
        return False
    for k in range(SIZE):
        row = pads[k * SIZE : (k + 1) * SIZE]
        col = pads[k::SIZE]
        for line in (row, col):
            if len({colour_of(p) for p in line}) != SIZE or len({shape_of(p) for p in line}) != SIZE:
                return False
    return True
