"""The fixed vocabulary of RunArch: colours, shapes, stone codes, cells, lines, neighbours.

Everything here is a constant computed once at import, so the rules can work with
plain indices and dictionary look-ups instead of recomputing geometry on every move.
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core import IllegalMove

COLOURS: tuple[str, ...] = ("R", "B", "G", "Y", "V")
"""Red, blue, green, yellow, violet (notation letters)."""

SHAPES: tuple[str, ...] = ("0", "3", "4", "5", "6")
"""Circle, triangle, square, five-pointed star, hexagon (notation digits)."""

COLOUR_NAMES = MappingProxyType({"R": "red", "B": "blue", "G": "green", "Y": "yellow", "V": "violet"})
SHAPE_NAMES = MappingProxyType({"0": "circle", "3": "triangle", "4": "square", "5": "star", "6": "hexagon"})

CODES: tuple[str, ...] = tuple(shape + colour for colour in COLOURS for shape in SHAPES)
"""All 25 stone (and pad) codes: shape digit then colour letter, e.g. ``"0R"``, ``"5Y"``."""

CODE_SET = frozenset(CODES)


def colour_of(code: str) -> str:
    return code[1]


def shape_of(code: str) -> str:
    return code[0]


SIZE = 5
COLUMNS = "ABCDE"

CELLS: tuple[str, ...] = tuple(f"{col}{row}" for row in range(1, SIZE + 1) for col in COLUMNS)
"""Cells in reading order (row-major): index = (row - 1) * 5 + column index."""

CELL_INDEX = MappingProxyType({cell: i for i, cell in enumerate(CELLS)})


def cell_index(cell: str) -> int:
    """Index of a cell name; ``IllegalMove("runarch.bad_cell")`` for a cell off the board."""
    index = CELL_INDEX.get(cell)
    if index is None:
        raise IllegalMove("runarch.bad_cell", cell=cell)
    return index


def cell_rc(index: int) -> tuple[int, int]:
    """(row, column), both 0-based, of a cell index."""
    return divmod(index, SIZE)


def _line(start_row: int, start_col: int, d_row: int, d_col: int) -> tuple[int, ...]:
    return tuple((start_row + k * d_row) * SIZE + start_col + k * d_col for k in range(SIZE))


ROW_LINES = MappingProxyType({f"row{r + 1}": _line(r, 0, 0, 1) for r in range(SIZE)})
"""Rows, read left to right."""

COLUMN_LINES = MappingProxyType({f"col{COLUMNS[c]}": _line(0, c, 1, 0) for c in range(SIZE)})
"""Columns, read top to bottom."""

DIAGONAL_LINES = MappingProxyType({"diag1": _line(0, 0, 1, 1), "diag2": _line(0, SIZE - 1, 1, -1)})
"""The two long diagonals (complex game, with the third bonus token only), read top to bottom."""

ALL_LINES = MappingProxyType({**ROW_LINES, **COLUMN_LINES, **DIAGONAL_LINES})

SIMPLE_LINES: tuple[str, ...] = (*ROW_LINES, *COLUMN_LINES)
"""The lines a card may be scored on in the simple game, in display order."""

LINE_ORDER = MappingProxyType({line: i for i, line in enumerate(ALL_LINES)})
"""Display order of every line: rows, columns, diagonals (sorting and the automa's ties)."""


def line_cells(line: str) -> list[str]:
    """Cell names of a line in reading order; ``KeyError`` for an unknown line."""
    return [CELLS[i] for i in ALL_LINES[line]]


DIRECTIONS = MappingProxyType(
    {
        "N": (-1, 0),
        "NE": (-1, 1),
        "E": (0, 1),
        "SE": (1, 1),
        "S": (1, 0),
        "SW": (1, -1),
        "W": (0, -1),
        "NW": (-1, -1),
    }
)
"""Compass directions as (row delta, column delta); north is the top row."""


def step(index: int, direction: str) -> int | None:
    """The cell one step from ``index`` towards ``direction``, or ``None`` off the board."""
    row, col = cell_rc(index)
    d_row, d_col = DIRECTIONS[direction]
    row, col = row + d_row, col + d_col
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return None


def _king_neighbours(index: int) -> frozenset[int]:
    return frozenset(n for d in DIRECTIONS if (n := step(index, d)) is not None)


NEIGHBOURS: tuple[frozenset[int], ...] = tuple(_king_neighbours(i) for i in range(SIZE * SIZE))
"""King-move neighbours of every cell (orthogonal and diagonal)."""

ADJACENT_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(SIZE * SIZE) for b in sorted(NEIGHBOURS[a]) if a < b
)
"""Every swappable pair once, lower index (reading order) first: 72 pairs."""


def is_orthogonal(a: int, b: int) -> bool:
    """True if cells ``a`` and ``b`` share a row or a column (a diagonal swap needs a token)."""
    return a // SIZE == b // SIZE or a % SIZE == b % SIZE


ORTHOGONAL_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a, b in ADJACENT_PAIRS if is_orthogonal(a, b)
)
"""The 40 neighbour pairs sharing a row or column, in the order of ``ADJACENT_PAIRS``."""


def _jump_pairs() -> tuple[tuple[int, int], ...]:
    """Cells two steps apart in a straight line (orthogonal or diagonal): one stone lies between."""
    pairs = set()
    for a in range(SIZE * SIZE):
        for d_row, d_col in DIRECTIONS.values():
            row, col = cell_rc(a)
            row, col = row + 2 * d_row, col + 2 * d_col
            if 0 <= row < SIZE and 0 <= col < SIZE:
                pairs.add((min(a, row * SIZE + col), max(a, row * SIZE + col)))
    return tuple(sorted(pairs))


JUMP_PAIRS: tuple[tuple[int, int], ...] = _jump_pairs()
"""Every swap over one stone once, lower index first: 48 pairs."""

JUMP_PAIR_SET = frozenset(JUMP_PAIRS)
