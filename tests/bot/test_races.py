"""Two clicks at the same moment: the loser gets a clear private answer, and nothing is lost or doubled.

A race is made deterministic by holding the first click inside one store call (``Hold``):
the second click runs to the end while the first waits, then the first goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord import Env

from db.store import Store


class Hold:
    """Suspends the first call of one store method until ``release``: a click caught half-way."""

    def __init__(self, env: Env, store: Store, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.env = env
        self.gate = asyncio.Event()
        self.calls = 0
        original: Callable[..., Awaitable[Any]] = getattr(store, name)

        async def held(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == 1:
                await env.external_wait(self.gate.wait(), reason="the test holds this click half-way")
            return await original(*args, **kwargs)

        monkeypatch.setattr(store, name, held)

    async def release(self) -> None:
        assert self.calls >= 1, "the held call was never made"
        self.gate.set()
        await self.env.settle()


async def open_lobby(env: Env) -> tuple[Any, Any, Any, Any]:
    """Alice opens a table for two inviting Bob; returns alice, bob, the thread and the lobby post."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    opened = await alice.slash(channel, "runarch new", opponent=bob)
    assert not opened.ephemeral, opened.response
    thread = channel.threads[-1]
    return alice, bob, thread, thread.history()[0]


async def test_join_that_loses_to_cancel_is_told_the_lobby_was_cancelled(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's Join is saved, but before it starts the game Alice's Cancel closes the table."""
    alice, bob, thread, lobby = await open_lobby(simcord_env)
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    hold = Hold(simcord_env, store, "start", monkeypatch)
    joined = await bob.click(lobby, label="Join")
    cancelled = await alice.click(lobby, label="Cancel")
    assert not cancelled.ephemeral, cancelled.response
    await hold.release()
    assert joined.ephemeral
    assert joined.response is not None
    assert "just been cancelled" in joined.response.content
    table = await store.open_table_in(thread.id)
    assert table is None, "the cancelled table holds no channel"


async def test_cancel_that_loses_to_join_is_told_the_game_started(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's Cancel reads the lobby, then Bob's Join fills it and starts the game first:
    the game goes on, and Alice hears why her Cancel did nothing."""
    alice, bob, thread, lobby = await open_lobby(simcord_env)
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    hold = Hold(simcord_env, store, "cancel", monkeypatch)
    cancelled = await alice.click(lobby, label="Cancel")
    joined = await bob.click(lobby, label="Join")
    assert not joined.ephemeral
    await hold.release()
    assert cancelled.ephemeral
    assert cancelled.response is not None
    assert "just started" in cancelled.response.content
    table = await store.open_table_in(thread.id)
    assert table is not None and table.status == "active", "the started game was not cancelled"
