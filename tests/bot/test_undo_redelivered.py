"""An undo Discord delivers twice, in the narrow window where the second delivery asks whether
it took effect just before the first one's commit and plans its undo just after: it must take
effect once and be answered once, like a move (``bot.tables.TableService.play``). Before, the
second delivery found nothing left to take back and answered "You have no move to take back"
to an interaction already answered (Discord refuses that with 40060, and the bot logged it)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from simcord import Env

from tests.bot.harness import Table, left_nothing
from tests.bot.redelivery import Deliveries


class Window:
    """Delivers the undo again from inside its own commit, and lets the second delivery's "did it
    take effect?" answer (no, not yet) out only once the first commit is done."""

    def __init__(self, env: Env, deliveries: Deliveries, monkeypatch: pytest.MonkeyPatch) -> None:
        self.armed = False
        self.undo_id: int | None = None
        self.asked = asyncio.Event()
        self.committed = asyncio.Event()
        store = env.bot.store  # type: ignore[attr-defined]
        take_back, seen = store.take_back, store.interaction_seen

        async def committing(*args: Any, **kwargs: Any) -> Any:
            if not self.armed:
                return await take_back(*args, **kwargs)
            self.armed = False
            self.undo_id = kwargs["interaction_id"]
            env.backend.emit("INTERACTION_CREATE", deliveries.last())
            await self.asked.wait()
            try:
                return await take_back(*args, **kwargs)
            finally:
                self.committed.set()

        async def asking(interaction_id: int) -> bool:
            answer = bool(await seen(interaction_id))
            if interaction_id == self.undo_id and not self.asked.is_set():
                self.asked.set()
                await self.committed.wait()
            return answer

        monkeypatch.setattr(store, "take_back", committing)
        monkeypatch.setattr(store, "interaction_seen", asking)


async def test_an_undo_delivered_again_in_the_window_is_answered_once(
    simcord_env: Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    before = await table.snapshot()
    deliveries = Deliveries(simcord_env)
    window = Window(simcord_env, deliveries, monkeypatch)
    window.armed = True
    undone = await player.slash(table.thread, "undo")
    await simcord_env.settle()
    first, second = deliveries.payloads[-2:]
    assert first["id"] == second["id"], "delivered twice"
    after = await table.snapshot()
    assert after[1] == before[1][:-1], "one step taken back, once"
    assert left_nothing(undone), undone
    refusals = [r for r in simcord_env.http_requests if "no move to take back" in str(getattr(r, "body", ""))]
    assert refusals == [], "the second delivery is not refused"
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
