"""Schema 8: a claimed reminder or deadline is held by a lease beside the seat's instant.

A database from schema 7, on either backend, keeps its running clocks through the upgrade: a
seat whose deadline an old process had moved to its claim's end (how schema 7 claimed) is due
then, free of any lease, and the new claims leave the instant as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import Store, migrations
from tests.db.db_support import ALICE, HOST, FakeClock

TABLE = (
    "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, seed, "
    "max_seats, state, version, created_at, updated_at, remind_after, time_limit) VALUES "
    "(7, 'runarch', 1, 2, {host}, 'active', '{{}}', 'en', 4, 2, '{{}}', 1, 0, 0, 43200.0, 259200.0)"
)
SEATS = (
    "INSERT INTO seats (table_id, seat, user_id, name, joined_at, awaited_since, clock_start, remind_at, "
    "deadline) VALUES (7, 0, {host}, 'H', 0, 100, 100, NULL, 400), "
    "(7, 1, {alice}, 'A', 0, NULL, NULL, NULL, NULL)"
)


async def test_a_schema_7_database_keeps_its_clocks_and_claims_with_leases(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    if backend == "postgres":
        store_target = request.getfixturevalue("pg_databases").empty()
    else:
        store_target = str(tmp_path / "old.sqlite3")
    with monkeypatch.context() as old:
        old.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:7])
        async with Store(store_target, clock=clock) as store, store._write() as db:
            await db.execute(TABLE.format(host=HOST))
            await db.execute(SEATS.format(host=HOST, alice=ALICE))
    async with Store(store_target, clock=clock) as store:
        assert await store.next_due() == 400.0  # the old claim's end: due then, as it was
        assert await store.claim_due_clocks(399.0, 699.0) == []
        (item,) = await store.claim_due_clocks(400.0, 700.0)
        assert (item.table_id, item.seat, item.kind, item.due, item.claimed_until) == (
            7,
            0,
            "deadline",
            400.0,
            700.0,
        )
        row = await store.table(7)
        assert row is not None and row.seat_row(0).deadline == 400.0  # type: ignore[union-attr]
        assert await store.next_due() == 700.0
        async with store._read() as db:
            rows = await db.execute_fetchall(
                "SELECT seat, remind_claimed_until, deadline_claimed_until FROM seats ORDER BY seat"
            )
        assert [tuple(r) for r in rows] == [(0, None, 700.0), (1, None, None)]
