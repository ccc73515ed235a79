"""RunArch components and board set-up: geometry, and boards generated from the seed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.runarch import GAME
from engine.runarch.board import generate_pads, is_balanced_board
from engine.runarch.cards import CARD_IDS
from engine.runarch.components import (
    ADJACENT_PAIRS,
    CELLS,
    CODES,
    DIAGONAL_LINES,
    NEIGHBOURS,
    SIMPLE_LINES,
    line_cells,
)

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def test_codes_cells_and_lines() -> None:
    assert len(set(CODES)) == 25 and CODES[:5] == ("0R", "3R", "4R", "5R", "6R")
    assert CELLS[0] == "A1" and CELLS[4] == "E1" and CELLS[5] == "A2" and CELLS[24] == "E5"
    assert SIMPLE_LINES == ("row1", "row2", "row3", "row4", "row5", "colA", "colB", "colC", "colD", "colE")
    assert line_cells("row3") == ["A3", "B3", "C3", "D3", "E3"]
    assert line_cells("colD") == ["D1", "D2", "D3", "D4", "D5"]
    # Ready for the complex game, not offered in the simple one.
    assert line_cells("diag1") == ["A1", "B2", "C3", "D4", "E5"]
    assert line_cells("diag2") == ["E1", "D2", "C3", "B4", "A5"]
    assert not set(DIAGONAL_LINES) & set(SIMPLE_LINES)


def test_king_move_neighbours() -> None:
    assert len(ADJACENT_PAIRS) == 72  # 20 horizontal + 20 vertical + 32 diagonal
    degree = {CELLS[i]: len(n) for i, n in enumerate(NEIGHBOURS)}
    assert degree["A1"] == 3 and degree["C1"] == 5 and degree["C3"] == 8
    c3 = {CELLS[i] for i in NEIGHBOURS[CELLS.index("C3")]}
    assert c3 == {"B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"}
    assert CELLS.index("A2") not in NEIGHBOURS[CELLS.index("E1")]


def test_balanced_board_checker_notices_a_repeat() -> None:
    pads = generate_pads(Rng(1))
    assert is_balanced_board(pads)
    columns_swapped = list(pads)
    columns_swapped[0::5], columns_swapped[1::5] = pads[1::5], pads[0::5]  # whole columns A and B
    assert is_balanced_board(columns_swapped)
    two_cells = list(pads)
    two_cells[0], two_cells[1] = pads[1], pads[0]  # A1 and B1: colA and colB now repeat
    assert not is_balanced_board(two_cells)
    assert not is_balanced_board([*pads[:24], pads[0]])


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_every_seed_gives_a_balanced_board_and_a_full_set_of_stones(seed: int) -> None:
    state = GAME.new(2, {}, seed)
    pads = state["pads"]
    assert sorted(pads) == sorted(CODES)
    for k in range(5):
        for line in (pads[k * 5 : k * 5 + 5], pads[k::5]):
            assert len({p[1] for p in line}) == 5, "a colour twice in a row or column"
            assert len({p[0] for p in line}) == 5, "a shape twice in a row or column"
    assert sorted(state["stones"]) == sorted(CODES)
    assert sorted(state["deck"] + state["hands"][0] + state["hands"][1]) == list(CARD_IDS)
    assert len(state["deck"]) == 56 and [len(h) for h in state["hands"]] == [2, 2]


def test_the_seed_decides_everything() -> None:
    assert GAME.new(2, {}, 42) == GAME.new(2, {}, 42)
    boards = {tuple(GAME.new(2, {}, seed)["pads"]) for seed in range(50)}
    stones = {tuple(GAME.new(2, {}, seed)["stones"]) for seed in range(50)}
    decks = {tuple(GAME.new(2, {}, seed)["deck"]) for seed in range(50)}
    assert len(boards) > 40 and len(stones) == 50 and len(decks) == 50
