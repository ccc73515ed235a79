"""Races and repeated deliveries in every game: each interaction takes effect at most once,
and choices made at the same time by different seats all count."""

from __future__ import annotations

import pytest
from simcord import Env

from tests.bot.four_games import GAMES, open_game, undoable_steps
from tests.bot.redelivery import Deliveries


@pytest.mark.parametrize("name", GAMES)
async def test_an_undo_or_a_move_delivered_again_takes_effect_once(simcord_env: Env, name: str) -> None:
    """Discord delivers the same ``/undo`` twice, then the move it took back again: the board is
    where one undo left it (one step back, not two), and the move is not played a second time."""
    side = await open_game(simcord_env, name)
    wanted = 1 if name == "runarch" else 2  # a RunArch turn has one step that can be taken back
    steps = await side.advance_until(lambda state, seat: undoable_steps(side.game, name, state, seat, wanted))
    person, _ = await side.awaited()
    deliveries = Deliveries(simcord_env)
    for notation in steps:
        await side.play(person, notation)
    last_move = deliveries.last()
    after_steps = await side.snapshot()
    assert after_steps[1][-1] == steps[-1], after_steps[1]
    undone = await side.undo(person)
    assert undone.response is not None
    undo = deliveries.last()
    after_undo = await side.snapshot()
    assert after_undo[1] == after_steps[1][:-1], "the undo took back the last step"

    await deliveries.again(undo)
    assert await side.snapshot() == after_undo, "the undo delivered again took back nothing more"
    await deliveries.again(last_move)
    assert await side.snapshot() == after_undo, "the move taken back was not played again"
    assert (await side.row()).state == await side.replayed()
    # The person can still make that move themselves, with a new interaction.
    await side.play(person, steps[-1])
    assert (await side.snapshot())[1] == after_steps[1]
