"""The automatic turn of a player who ran out of time: the swap that disturbs the opponent least.

All 25 stones differ, so no swap leaves the board as it was. The rule uses public information
only (the stones and pads, never a hand), so an absent player cannot learn anything about the
opponent's cards from the move the bot made for them. Among the legal neighbour swaps it takes:

1. the fewest changed stone attributes: two stones sharing a colour (or a shape) change only
   the shapes (colours) of their two cells, so every card's colour (shape) matches on every
   line stay as they were: 2 changes instead of 4;
2. then the smallest change in how far the two cells' stones agree with their pads (colour
   and shape, 0-2 per cell), which is what the phase-4 match bonus counts;
3. then the first swap in reading order (``A1 B1`` first).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Move
from engine.runarch.components import CELL_INDEX
from engine.runarch.scoring import PAIR_POINTS


def disturbance(pads: Sequence[str], stones: Sequence[str], a: int, b: int) -> tuple[int, int]:
    """(changed attributes, change in pad agreement) of exchanging the stones of cells ``a`` and ``b``."""
    first, second = stones[a], stones[b]
    changed = 2 * (2 - PAIR_POINTS[first][second])
    before = PAIR_POINTS[pads[a]][first] + PAIR_POINTS[pads[b]][second]
    after = PAIR_POINTS[pads[a]][second] + PAIR_POINTS[pads[b]][first]
    return changed, abs(after - before)


def quietest_swap(pads: Sequence[str], stones: Sequence[str], swaps: Sequence[Move]) -> Move:
    """The swap of ``swaps`` (in reading order) that disturbs the board least, by the rule above."""
    return min(
        swaps,
        key=lambda move: disturbance(pads, stones, CELL_INDEX[move.args[0]], CELL_INDEX[move.args[1]]),
    )
