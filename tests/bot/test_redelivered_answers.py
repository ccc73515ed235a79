"""An interaction Discord delivers twice is answered once (issue 36).

The first delivery makes the move and answers; the second finds the move made. Judged again on
the position the move left, it would be refused (the ocean's space is taken now), and answering
that refusal to an interaction already answered makes Discord refuse the answer (40060) and the
bot log an error. Delivered after the first delivery finished, or while it is still answering
(then the refusal may even come first, and the move's own answer be the one Discord refuses).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from simcord import Env

from engine.marsbot import GAME
from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.redelivery import Deliveries


class WhileAnswering:
    """Delivers the interaction being played a second time (the same id and token) as soon as its
    move is committed, while the first delivery is still drawing and posting its answer."""

    def __init__(self, env: Env, deliveries: Deliveries, monkeypatch: pytest.MonkeyPatch) -> None:
        self.armed = False
        store = env.bot.store  # type: ignore[attr-defined]
        original = store.commit_moves

        async def commit_then_deliver_again(*args: Any, **kwargs: Any) -> Any:
            done = await original(*args, **kwargs)
            if self.armed:
                self.armed = False
                env.backend.emit("INTERACTION_CREATE", deliveries.last())
            return done

        monkeypatch.setattr(store, "commit_moves", commit_then_deliver_again)


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.both_backends
@pytest.mark.parametrize("when", ["after", "while_answering"])
async def test_a_move_delivered_twice_is_made_and_answered_once(
    simcord_env: Env,
    backend: str,
    when: str,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await MarsBotTable.open(simcord_env)
    await table.start()
    deliveries = Deliveries(simcord_env)
    again = WhileAnswering(simcord_env, deliveries, monkeypatch)
    for _ in range(3):  # three oceans, each delivered twice
        state = await table.state()
        space = GAME.view(state, 0)["legal"]["ocean"][0]
        before = (await table.row()).version
        messages = len(table.dm.history())
        again.armed = when == "while_answering"
        played = await table.person.slash("marsbot tile", kind="ocean", space=space)
        assert moved(played), played.response.content if played.response else played
        if when == "after":
            await deliveries.again(deliveries.last())
        first, second = deliveries.payloads[-2:]
        assert first["id"] == second["id"], "delivered twice"
        row = await table.row()
        assert row.version == before + 1, "the move was made once"
        assert [m.notation for m in await simcord_env.bot.store.moves(table.table_id)].count(  # type: ignore[attr-defined]
            f"tile ocean {space}"
        ) == 1
        assert len(table.dm.history()) <= messages + 1, "one board post at most"
        assert not errors_logged(caplog), errors_logged(caplog)
