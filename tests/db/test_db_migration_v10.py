"""Schema 10: a table remembers that its thread was deleted (``game_tables.thread_lost_at``).

A database from schema 9, on either backend, upgrades with every table, seat and move as it was
and no table lost. The mark is shared by every process on the database: only the first post
that finds the thread gone marks it (and so tells the players), the re-open clears it with the
move, and a post still holding the old thread cannot mark the new one."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import Store, migrations
from tests.db.db_support import ALICE, HOST, ActiveTable, FakeClock

NOW = 1_700_000_000.0
TABLE = (
    "INSERT INTO game_tables (id, game, guild_id, channel_id, parent_id, host_id, status, options, locale, "
    "seed, max_seats, state, version, board_message_id, created_at, updated_at, remind_after, time_limit) "
    "VALUES ({id}, 'runarch', 1, {channel}, 3, {host}, '{status}', '{{\"rules\":\"simple\"}}', 'cs', 4, 2, "
    "'{{\"ply\":1}}', 2, 99, 0, 5, 43200.0, 259200.0)"
)
SEATS = (
    "INSERT INTO seats (table_id, seat, user_id, name, joined_at, awaited_since, clock_start, remind_at, "
    "deadline, left_at) VALUES (7, 0, {host}, 'H', 0, {now}, {now}, {remind}, {deadline}, NULL), "
    "(7, 1, {alice}, 'A', 0, NULL, NULL, NULL, NULL, {now})"
)
MOVE = (
    "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at) "
    "VALUES (7, 0, 0, {host}, 'pass', 555, 1)"
)


async def test_a_schema_9_database_upgrades_with_nothing_lost_and_no_thread_lost(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    clock = FakeClock(NOW)
    if backend == "postgres":
        store_target = request.getfixturevalue("pg_databases").empty()
    else:
        store_target = str(tmp_path / "old.sqlite3")
    with monkeypatch.context() as old:
        old.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:9])
        async with Store(store_target, clock=clock) as store, store._write() as db:
            await db.execute(TABLE.format(id=7, channel=2, host=HOST, status="active"))
            await db.execute(TABLE.format(id=8, channel=6, host=HOST, status="finished"))
            seats = SEATS.format(host=HOST, alice=ALICE, now=NOW, remind=NOW + 43200, deadline=NOW + 259200)
            await db.execute(seats)
            await db.execute(MOVE.format(host=HOST))
    async with Store(store_target, clock=clock) as store:
        row = await store.table(7)
        assert row is not None and row.thread_lost_at is None
        kept = (row.channel_id, row.parent_id, row.status, row.version, row.board_message_id)
        assert kept == (2, 3, "active", 2, 99)
        assert row.options == {"rules": "simple"} and row.state == {"ply": 1} and row.locale == "cs"
        assert [(s.user_id, s.name, s.deadline, s.left_at) for s in row.seats] == [
            (HOST, "H", NOW + 259200, None),
            (ALICE, "A", None, NOW),
        ]
        assert [(m.notation, m.interaction_id) for m in await store.moves(7)] == [("pass", 555)]
        finished = await store.table(8)
        assert finished is not None and finished.status == "finished" and finished.thread_lost_at is None
        clock.advance(60)
        assert await store.mark_thread_lost(7, 2) is True
        assert (await store.table(7)).thread_lost_at == NOW + 60  # type: ignore[union-attr]


async def test_the_first_post_of_any_process_marks_a_thread_lost_and_the_move_clears_it(
    store: Store, store_target: str, clock: FakeClock, active_table: ActiveTable
) -> None:
    """Two stores on one database stand for two processes (shards) or a restart."""
    table = await active_table(channel_id=500)
    async with Store(store_target, clock=clock) as other:
        clock.advance(10)
        assert await other.mark_thread_lost(table.id, 500) is True, "this post tells the players"
        assert await store.mark_thread_lost(table.id, 500) is False, "the other process finds it told"
        assert await other.mark_thread_lost(table.id, 500) is False
        (mine,) = await store.open_tables_of(ALICE)
        assert mine.thread_lost_at == clock.now, "every process reads the loss"
        moved = await other.move_table(table.id, 600)
        assert moved.channel_id == 600 and moved.thread_lost_at is None and moved.board_message_id is None
        assert (await store.table(table.id)).thread_lost_at is None  # type: ignore[union-attr]
        assert await store.mark_thread_lost(table.id, 500) is False, "the old thread is not the table's now"
        assert await store.unmark_thread_lost(table.id, 600) is False, "not lost: nothing to forget"
        assert await store.mark_thread_lost(table.id, 600) is True, "the new thread can be lost in turn"
        assert await other.unmark_thread_lost(table.id, 600) is True, "a post went through after all"
        assert (await store.table(table.id)).thread_lost_at is None  # type: ignore[union-attr]
