"""Schema 9: a seat remembers that its player left the server (``seats.left_at``).

A database from schema 8, on either backend, upgrades with every player present. Marking a
player gone makes their waiting turn due at once, with no reminder; their coming back gives
that turn a fresh clock (``db.clocks.seat_left``, ``seat_back``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import Store, migrations
from tests.db.db_support import ALICE, HOST, FakeClock

NOW = 1_700_000_000.0
TABLE = (
    "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, seed, "
    "max_seats, state, version, created_at, updated_at, remind_after, time_limit) VALUES "
    "(7, 'runarch', 1, 2, {host}, 'active', '{{}}', 'en', 4, 2, '{{}}', 1, 0, 0, 43200.0, 259200.0)"
)
SEATS = (
    "INSERT INTO seats (table_id, seat, user_id, name, joined_at, awaited_since, clock_start, remind_at, "
    "deadline) VALUES (7, 0, {host}, 'H', 0, {now}, {now}, {remind}, {deadline}), "
    "(7, 1, {alice}, 'A', 0, NULL, NULL, NULL, NULL)"
)


async def test_a_schema_8_database_upgrades_and_a_seat_left_is_due_at_once_until_back(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    clock = FakeClock(NOW)
    if backend == "postgres":
        store_target = request.getfixturevalue("pg_databases").empty()
    else:
        store_target = str(tmp_path / "old.sqlite3")
    with monkeypatch.context() as old:
        old.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:8])
        async with Store(store_target, clock=clock) as store, store._write() as db:
            await db.execute(TABLE.format(host=HOST))
            seats = SEATS.format(host=HOST, alice=ALICE, now=NOW, remind=NOW + 43200, deadline=NOW + 259200)
            await db.execute(seats)
    async with Store(store_target, clock=clock) as store:
        row = await store.table(7)
        assert row is not None and [s.left_at for s in row.seats] == [None, None]
        clock.advance(60)
        row = await store.seat_left(7, 0)
        host = row.seat_row(0)
        assert host is not None and host.left_at == NOW + 60
        assert host.deadline == NOW + 60 and host.remind_at is None, "due at once, nobody reminded"
        assert await store.seat_left(7, 1) is not None  # not awaited: only remembered
        assert (await store.table(7)).seat_row(1).deadline is None  # type: ignore[union-attr]
        clock.advance(30)
        assert await store.seat_back(7, 0) is True
        assert await store.seat_back(7, 0) is False, "back once"
        host = (await store.table(7)).seat_row(0)  # type: ignore[union-attr]
        assert host is not None and host.left_at is None
        assert host.deadline == NOW + 90 + 259200 and host.remind_at == NOW + 90 + 43200
