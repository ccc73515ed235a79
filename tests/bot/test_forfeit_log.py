"""A removal stores the move the engine's ``forfeit`` applied, so the log replays to the stored state,
also in a game that goes on without the removed player (games for 3–5)."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from engine.core import Event, Move
from engine.runarch import GAME
from tests.bot.harness import Table

DAY = 24 * 3600


async def test_a_removal_stores_the_forfeit_move_and_the_log_replays(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, at_limit="remove", limit="2d")
    before = await table.state()
    late = GAME.to_act(before)[0]
    await simcord_env.advance_time(2 * DAY + 60)
    row = await table.row()
    assert row.status == "finished"
    moves = await table.bot.store.moves(row.id)
    expected = GAME.forfeit(before, late)[2]
    assert (moves[-1].seat, moves[-1].notation, moves[-1].source) == (late, expected.notation, "timeout")
    assert await table.replayed() == row.state


async def test_a_game_that_goes_on_after_a_removal_replays_exactly(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game for several players goes on without the removed one: its forfeit is a move of the
    game's own (here the minimal move), not "resign", and the log must hold exactly that move."""
    applied: list[Move] = []

    def forfeit(state: dict[str, Any], seat: int) -> tuple[dict[str, Any], list[Event], Move]:
        move = GAME.timeout_move(state, seat)
        assert move is not None
        state, events = GAME.apply(state, seat, move)
        applied.append(move)
        return state, events, move

    monkeypatch.setattr(GAME, "forfeit", forfeit)
    table = await Table.open(simcord_env, at_limit="remove", limit="2d")
    before = await table.row()
    await simcord_env.advance_time(2 * DAY + 60)
    row = await table.row()
    assert row.status == "active" and row.version > before.version
    moves = await table.bot.store.moves(row.id)
    assert len(applied) == 1 and [m.notation for m in moves] == [applied[0].notation]
    assert applied[0].notation != GAME.info.resign_move
    assert await table.replayed() == row.state
