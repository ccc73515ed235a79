"""No game accepts a move that changes nothing: such a move would be logged and posted as a
move ("MarsBot loses 0 M€") although nothing happened. Every move a game lists as legal,
along random games of every game, changes the state."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from engine.core import Game
from engine.manhattan.game import GAME as MANHATTAN
from engine.marsbot import GAME as MARSBOT
from engine.moonriser.game import GAME as MOONRISER
from engine.runarch import GAME as RUNARCH

CASES: list[tuple[str, Game, int, dict[str, Any]]] = [
    ("runarch", RUNARCH, 2, {}),
    ("runarch complex", RUNARCH, 2, {"variant": "complex"}),
    ("moonriser", MOONRISER, 3, {}),
    ("manhattan", MANHATTAN, 3, {}),
    ("marsbot", MARSBOT, 1, {}),
]


@pytest.mark.parametrize(("name", "game", "seats", "options"), CASES, ids=[c[0] for c in CASES])
def test_every_listed_move_changes_the_state(
    name: str, game: Game, seats: int, options: dict[str, Any]
) -> None:
    rnd = random.Random(name)
    state = game.new(seats, game.options(options), 7)
    for _ in range(80):
        acting = game.to_act(state)
        if game.outcome(state) is not None or not acting:
            break
        seat = acting[0]
        if seat in game.automated_seats(state):
            state, _ = game.apply(state, seat, game.choose_automated(state, seat))
            continue
        moves = list(itertools.islice(game.legal_moves(state, seat), 150))
        for move in moves:
            after, _ = game.apply(state, seat, move)
            assert after != state, f"{name}: {move.notation} changes nothing"
        state, _ = game.apply(state, seat, rnd.choice(moves))
