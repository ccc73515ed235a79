"""A renderer that declares what its picture shows (``render.inputs``) is never handed a stale
picture: over whole seeded games, in both languages and with other names, positions with equal
declared inputs always draw byte-for-byte equal pictures, and positions do share inputs (so the
bot skips drawing them)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.i18n import Tr
from engine.core import Game
from engine.marsbot import GAME as MARSBOT
from engine.moonriser import GAME as MOONRISER
from engine.runarch import GAME as RUNARCH
from render.inputs import inputs_of
from render.marsbot.claims import render_claims
from render.moonriser.board import render_details as moonriser_details
from render.runarch.pictures import render_details as runarch_details


def views(game: Game, seats: int, seed: int, moves: int = 160) -> list[dict[str, Any]]:
    """The public views of one seeded game of random legal moves (automated seats as in play)."""
    rnd = random.Random(seed)
    state = game.new(seats, game.options({}), seed)
    found = [game.view(state, None)]
    for _ in range(moves):
        waiting = game.to_act(state)
        if game.outcome(state) is not None or not waiting:
            break
        seat = waiting[0]
        if seat in game.automated_seats(state):
            move = game.choose_automated(state, seat)
        else:
            move = rnd.choice(list(game.legal_moves(state, seat))).notation
        state, _ = game.apply(state, seat, move)
        found.append(game.view(state, None))
    return found


CASES = [
    pytest.param(moonriser_details, MOONRISER, (2, 4), id="moonriser-details"),
    pytest.param(render_claims, MARSBOT, (1,), id="marsbot-claims"),
    pytest.param(runarch_details, RUNARCH, (1, 2), id="runarch-details"),
]


@pytest.mark.parametrize(("renderer", "game", "seat_counts"), CASES)
def test_equal_declared_inputs_draw_equal_pictures(
    renderer: Callable[..., bytes | None], game: Game, seat_counts: tuple[int, ...]
) -> None:
    inputs = inputs_of(renderer)
    assert inputs is not None
    drawn: dict[bytes, bytes | None] = {}
    shared = 0
    for seats in seat_counts:
        for names, lang in ((["Alice", "Bob", "Čeněk", "Dana"], "en"), (["Zoë", "Yan", "Xu", "Wim"], "cs")):
            for view in views(game, seats, seed=seats * 7 + len(lang)):
                args = (view, names[:seats], Tr(lang))
                key = pickle.dumps(inputs(*args))
                picture = renderer(*args)
                if key in drawn:
                    shared += 1
                    assert drawn[key] == picture, "equal inputs, another picture"
                drawn[key] = picture
    assert shared > 0  # moves that leave the picture unchanged are common
