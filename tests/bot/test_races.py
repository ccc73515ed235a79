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
from engine.runarch import GAME
from tests.bot.harness import Table, moved


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


async def open_setup_picker(table: Table, player: Any) -> tuple[Any, list[str]]:
    """The player's private setup picker, its public goal already chosen; returns it and the cards."""
    seat = (await table.row()).seat_of(player.id)
    assert seat is not None
    cards = [c["id"] for c in GAME.view(await table.state(), seat)["setup_hand"]]
    shown = await player.click(table.last_board(), label="Choose goals")
    assert shown.ephemeral, shown.response
    await player.select(shown.response.message, cards[:1])
    return shown.response.message, cards


async def test_both_setup_choices_count_when_made_at_the_same_moment(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's choice is read against the first board; Bob's is committed before hers: hers is
    not refused as stale, because the two choices do not depend on each other."""
    table = await Table.open(simcord_env, variant="complex")
    version = (await table.row()).version
    alice_picker, alice_cards = await open_setup_picker(table, table.alice)
    bob_picker, bob_cards = await open_setup_picker(table, table.bob)
    hold = Hold(simcord_env, table.bot.store, "commit_moves", monkeypatch)
    alice_done = await table.alice.select(alice_picker, [alice_cards[1]])
    bob_done = await table.bob.select(bob_picker, [bob_cards[1]])
    assert bob_done.acknowledged and bob_done.response is None, "Bob's picker closed: his choice counted"
    await hold.release()
    texts = [alice_done.response.content if alice_done.response else ""]
    texts += [m.content for m in alice_done.followups]
    assert not any("board has changed" in text for text in texts), texts
    assert hold.calls == 3, "Alice's commit lost the race once and was applied again"
    row = await table.row()
    assert row.version == version + 2, "each choice was applied exactly once"
    moves = await table.bot.store.moves(row.id)
    setups = {m.user_id: m.notation for m in moves if m.notation.startswith("setup")}
    assert setups == {
        table.alice.id: " ".join(["setup", alice_cards[0], alice_cards[1]]),
        table.bob.id: " ".join(["setup", bob_cards[0], bob_cards[1]]),
    }
    assert row.state is not None and row.state.get("phase") != "setup"
    assert row.state == await table.replayed()


async def test_a_button_move_that_loses_a_race_is_still_refused_as_stale(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move built on one board (a button's picker) is not applied to a board its player never saw."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    await player.select(shown.response.message, [swap.args[0]])
    hold = Hold(simcord_env, table.bot.store, "commit_moves", monkeypatch)
    picked = await player.select(shown.response.message, [swap.args[1]])
    ended = await player.slash(table.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
    assert moved(ended), ended.response
    snapshot = await table.snapshot()
    await hold.release()
    texts = [picked.response.content if picked.response else ""] + [m.content for m in picked.followups]
    assert any("board has changed" in text for text in texts), texts
    assert await table.snapshot() == snapshot


async def test_a_command_move_that_loses_to_the_end_of_the_game_is_told_the_game_is_over(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    other = table.bob if player is table.alice else table.alice
    state = await table.state()
    swap = next(m for m in GAME.legal_moves(state, GAME.to_act(state)[0]) if m.kind == "swap")
    hold = Hold(simcord_env, table.bot.store, "commit_moves", monkeypatch)
    moved = await player.slash(table.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
    asked = await other.slash(table.thread, "runarch resign")
    await other.click(asked.response, label="Yes, resign")
    await hold.release()
    assert moved.ephemeral and moved.response is not None
    assert "This game is over" in moved.response.content
    moves = await table.bot.store.moves(table.table_id)
    assert [m.notation for m in moves] == ["resign"]
