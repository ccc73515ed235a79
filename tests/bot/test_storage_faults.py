"""A database that cannot be written (disk full, read-only, locked by another process): every
interaction, typed or clicked, answers that nothing was saved, and nothing changes."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from simcord import Env

from db.store import Store
from tests.bot.four_games import GAMES, GameSide, open_game, typed_kind, undoable_steps
from tests.bot.harness import left_nothing, moved

SAYS = "Nothing was saved and the board is unchanged."
FAULTS = ("full", "read-only", "locked")


async def break_storage(store: Store, fault: str, monkeypatch: pytest.MonkeyPatch) -> Callable[[], Any]:
    """From now on every write of ``store`` fails as ``fault`` would; returns the repair.

    Read-only is SQLite's own (``PRAGMA query_only``: "attempt to write a readonly database");
    a full disk and a lock held by another process fail where SQLite would, at the write."""
    conn = store._db()
    if fault == "read-only":
        await conn.execute("PRAGMA query_only = ON")

        async def repair() -> None:
            await conn.execute("PRAGMA query_only = OFF")

        return repair
    message = "database or disk is full" if fault == "full" else "database is locked"
    original = store._write

    @asynccontextmanager
    async def failing() -> AsyncIterator[Any]:
        raise sqlite3.OperationalError(message)
        yield  # pragma: no cover

    monkeypatch.setattr(store, "_write", failing)

    async def undo_patch() -> None:
        monkeypatch.setattr(store, "_write", original)

    return undo_patch


def answered(result: Any) -> str:
    """Everything the interaction's user was told privately."""
    texts = [result.response.content if result.response is not None else ""]
    return "\n".join(texts + [m.content for m in result.followups])


async def an_undoable_move(side: GameSide) -> tuple[Any, str]:
    steps = await side.advance_until(lambda state, seat: undoable_steps(side.game, side.name, state, seat, 1))
    person, _ = await side.awaited()
    return person, steps[0]


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("name", GAMES)
async def test_a_typed_move_and_an_undo_click_say_nothing_was_saved(
    simcord_env: Env, name: str, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    side = await open_game(simcord_env, name)
    person, move = await an_undoable_move(side)
    played = await side.play(person, move)
    assert moved(played), answered(played)
    board = side.posts()[-1]
    before, posts = await side.snapshot(), len(side.posts())
    repair = await break_storage(side.store, fault, monkeypatch)

    state = await side.state()
    seat = (await side.row()).seat_of(person.id)
    following = next(m for m in side.game.legal_moves(state, seat) if typed_kind(name, m.kind))
    typed = await side.play(person, following.notation)
    assert typed.ephemeral and SAYS in answered(typed), answered(typed)
    undo = await side.undo(person)
    assert undo.ephemeral and SAYS in answered(undo), answered(undo)
    clicked = await person.click(board, label="Undo")
    assert clicked.ephemeral and SAYS in answered(clicked), answered(clicked)
    assert await side.snapshot() == before and len(side.posts()) == posts
    await repair()
    undone = await side.undo(person)
    assert left_nothing(undone), answered(undone)  # it edited the turn's post, nothing else
    assert (await side.snapshot())[1] == before[1][:-1], "once repaired, the undo works"


@pytest.mark.parametrize("name", GAMES)
async def test_a_new_table_during_a_fault_says_so_and_leaves_no_empty_thread(
    simcord_env: Env, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store: Store = simcord_env.bot.store  # type: ignore[attr-defined]
    await break_storage(store, "full", monkeypatch)
    person = simcord_env.create_user("alice")
    if name == "marsbot":
        opened = await person.slash("marsbot new")
        assert opened.ephemeral and SAYS in answered(opened), answered(opened)
        assert await store.open_tables_of(person.id) == []
        return
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(person)
    opened = await member.slash(channel, f"{name} new")
    assert opened.ephemeral and SAYS in answered(opened), answered(opened)
    assert channel.threads == [], "the thread made for the table is gone"
    assert await store.open_tables_of(person.id) == []


async def test_join_confirm_and_a_picker_during_a_fault_say_nothing_was_saved(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby's Join, a Moonriser Keep picker and a placement's Confirm: each answers."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "runarch new", opponent=bob)
    lobby = channel.threads[-1].history()[0]
    store: Store = simcord_env.bot.store  # type: ignore[attr-defined]
    repair = await break_storage(store, "read-only", monkeypatch)
    joined = await bob.click(lobby, label="Join")
    assert joined.ephemeral and SAYS in answered(joined), answered(joined)
    await repair()
    table = await store.open_table_in(channel.threads[-1].id)
    assert table is not None and table.status == "lobby" and len(table.seats) == 1

    side = await open_game(simcord_env, "moonriser")
    state = await side.advance_until(lambda st, _: st if st["phase"] == "setup_keep" else None)
    seat = side.game.to_act(state)[0]
    person = await side.person_at(seat)
    shown = await person.click(side.posts()[-1], label="Keep tiles")
    before = await side.snapshot()
    repair = await break_storage(side.store, "full", monkeypatch)
    kept = await person.select(shown.response.message, ["0"])  # the first whole keep
    assert SAYS in answered(kept), answered(kept)
    assert await side.snapshot() == before
    await repair()

    state = await side.advance_until(
        lambda st, s: next((m for m in side.game.legal_moves(st, s) if m.kind == "place"), None)
    )
    person, seat = await side.awaited()
    place = next(m for m in side.game.legal_moves(await side.state(), seat) if m.kind == "place")
    tile, field, rotation, source = place.args
    shown = await side.slash(
        person, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
    )
    assert shown.ephemeral and shown.response.attachments, shown.response.content
    before = await side.snapshot()
    await break_storage(side.store, "locked", monkeypatch)
    confirmed = await person.click(shown.response, label="Confirm")
    assert SAYS in answered(confirmed), answered(confirmed)
    assert await side.snapshot() == before
