"""A repair and a bomb design ask the seats inside the active seat's turn: no turns of their own."""

from __future__ import annotations

from engine.core.turns import starts_turn
from engine.manhattan.draft import pick_moves
from engine.manhattan.game import GAME

OPENING = ("place uni2 L", "done", "place mine2 L", "done", "place mine1 L", "done", "place uni3 L", "done")
OPENING += ("place factory2 L", "done", "place air1 L", "done")


def test_the_picks_of_a_bomb_design_are_steps_of_the_designers_turn() -> None:
    state = GAME.new(3, GAME.options({}), 6)
    for notation in OPENING:
        state, _ = GAME.apply(state, GAME.to_act(state)[0], notation)
    designer = GAME.to_act(state)[0]
    before, _ = GAME.apply(state, designer, "place design E+S")
    assert not starts_turn(GAME, state, before)
    pickers = []
    while before["pending"] is not None:
        (seat,) = GAME.to_act(before)
        pickers.append(seat)
        after, _ = GAME.apply(before, seat, next(iter(pick_moves(before, seat))))
        assert not starts_turn(GAME, before, after), "a pick, and the turn going back, edit the post"
        before = after
    assert len(set(pickers)) == 3 and GAME.to_act(before) == [designer]
    ended, _ = GAME.apply(before, designer, "done")
    assert starts_turn(GAME, before, ended), "the next seat's turn is a turn"
