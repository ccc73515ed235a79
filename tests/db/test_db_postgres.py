"""What only the PostgreSQL backend has: several connections at once, so real concurrency.

Two ``Store`` objects on one database stand for two processes (each its own pool): the
version check and the interactions' idempotency must hold between them with nothing shared
but the database. And a database that cannot be reached is a ``StorageFault`` ("nothing was
saved"), after which the store works again once it can.
"""

from __future__ import annotations

import asyncio
import urllib.parse
from collections.abc import AsyncIterator

import asyncpg
import pytest

from db import DuplicateInteraction, NewMove, NewResult, StaleVersion, StorageFault, Store
from db.boards import BoardKey
from db.errors import OutcomeUnknown, is_storage_fault
from db.pg_backend import PgBackend
from db.pg_dialect import migration, placeholders
from tests.db.db_support import ALICE, HOST, FakeClock
from tests.pg_support import in_thread, with_database


@pytest.fixture
async def two(pg_url: str, clock: FakeClock) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one PostgreSQL database, as two processes of the bot would have."""
    a, b = Store(pg_url, clock=clock), Store(pg_url, clock=clock)
    await a.open()
    await b.open()
    yield a, b
    await a.close()
    await b.close()


async def _table(store: Store, channel: int, host: int = HOST, other: int = ALICE) -> int:
    row = await store.create_table(
        game="runarch", guild_id=42, channel_id=channel, parent_id=400, host_id=host, host_name="Host",
        options={"rules": "simple"}, locale="en", seed=1, max_seats=2,
    )  # fmt: skip
    await store.join(row.id, other, "Alice")
    return (await store.start(row.id, {"n": 0})).id


async def test_two_processes_racing_on_one_table_apply_each_version_once(two: tuple[Store, Store]) -> None:
    a, b = two
    table = await _table(a, 500)
    for version in range(1, 21):
        tries = [
            s.commit_moves(table, expected_version=version, moves=[NewMove(0, f"{name}{version}", HOST)],
                           state={"n": version}, interaction_id=1000 * i + version)
            for i, (name, s) in enumerate((("a", a), ("b", b)))
        ]  # fmt: skip
        outcomes = await asyncio.gather(*tries, return_exceptions=True)
        lost = [o for o in outcomes if isinstance(o, StaleVersion)]
        assert len(lost) == 1 and lost[0].current_version == version + 1, outcomes
    moves = await b.moves(table)
    assert [m.ply for m in moves] == list(range(20))
    row = await a.table(table)
    assert row is not None and row.version == 21


async def test_one_interaction_sent_to_both_processes_takes_effect_once(two: tuple[Store, Store]) -> None:
    a, b = two
    table = await _table(a, 501)
    for version in range(1, 11):
        same = [
            s.commit_moves(table, expected_version=version, moves=[NewMove(0, f"m{version}", HOST)],
                           state={"n": version}, interaction_id=77 + version)
            for s in (a, b)
        ]  # fmt: skip
        outcomes = await asyncio.gather(*same, return_exceptions=True)
        assert sum(isinstance(o, DuplicateInteraction) for o in outcomes) == 1, outcomes
    assert [m.notation for m in await a.moves(table)] == [f"m{v}" for v in range(1, 11)]


async def test_games_finishing_at_once_count_every_result_in_the_ratings(two: tuple[Store, Store]) -> None:
    """A player's rating is read, updated and written by every game they finish: two games
    finishing at once on two processes must both count (no update lost)."""
    a, b = two
    tables = [await _table(a, 600 + i, HOST, 2000 + i) for i in range(8)]
    finish = [
        (a, b)[i % 2].commit_moves(
            t, expected_version=1, moves=[NewMove(0, "end", HOST)], state={"over": True}, interaction_id=None,
            results=[NewResult(0, HOST, 1, 10), NewResult(1, 2000 + i, 2, 5)],
        )
        for i, t in enumerate(tables)
    ]  # fmt: skip
    await asyncio.gather(*finish)
    summary = await a.player_summary(HOST)
    assert summary is not None
    _rating, games, wins = summary.ratings[("runarch", "")]
    assert (games, wins) == (8, 8)  # the rating row counted every game
    board = await b.board(BoardKey("runarch", ""), per_page=20)
    assert {e.user_id: e.games for e in board.entries}[HOST] == 8


async def test_a_restart_costs_nothing_and_a_database_out_of_reach_is_a_storage_fault(
    pg_url: str, clock: FakeClock
) -> None:
    store = Store(pg_url, clock=clock)
    await store.open()
    table = await _table(store, 700)
    name = urllib.parse.urlsplit(pg_url).path.lstrip("/")
    admin = await asyncpg.connect(with_database(pg_url, "postgres"))
    terminate = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1"
    try:
        await admin.execute(terminate, name)  # as a restart of the server would
        row = await store.commit_moves(
            table, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"n": 1}, interaction_id=4
        )
        assert row.version == 2  # a new connection took over at once
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute(terminate, name)
        with pytest.raises(StorageFault) as fault:
            await store.commit_moves(
                table, expected_version=2, moves=[NewMove(1, "b", ALICE)], state={"n": 2}, interaction_id=5
            )
        assert is_storage_fault(fault.value) and "postgresql://" in fault.value.path
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert [m.notation for m in await store.moves(table)] == ["a"]  # nothing was saved
        row = await store.commit_moves(
            table, expected_version=2, moves=[NewMove(1, "b", ALICE)], state={"n": 2}, interaction_id=5
        )
        assert row.version == 3 and [m.notation for m in await store.moves(table)] == ["a", "b"]
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()
        await store.close()


async def test_a_restart_replaces_every_dead_pooled_connection(pg_url: str, clock: FakeClock) -> None:
    """A server restart leaves every connection of the pool dead, not only one: the next write
    works anyway (it used to try one more connection, as dead, and fail)."""
    store = Store(pg_url, clock=clock)
    await store.open()
    table = await _table(store, 710)
    name = urllib.parse.urlsplit(pg_url).path.lstrip("/")
    gate = asyncio.Event()
    backend = store._ops()
    assert isinstance(backend, PgBackend)

    async def holding(tx: object) -> None:
        await gate.wait()

    holders = [asyncio.ensure_future(backend.run(holding, write=False)) for _ in range(4)]
    await asyncio.sleep(0.2)  # four connections open at once, then back in the pool
    gate.set()
    await asyncio.gather(*holders)

    async def terminate() -> None:
        admin = await asyncpg.connect(with_database(pg_url, "postgres"))
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name
            )
        finally:
            await admin.close()

    # From another thread, while this loop waits: the pool learns of it only when it uses them.
    in_thread(terminate)
    row = await store.commit_moves(
        table, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"n": 1}, interaction_id=9
    )
    assert row.version == 2
    await store.close()


async def test_a_failed_release_or_a_lost_commit_never_hides_what_happened(
    pg_url: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: a saved move is returned even if giving its dead connection back fails; a
    COMMIT whose answer never came is ``OutcomeUnknown`` (never "nothing was saved"); a read
    keeps its rows if only its COMMIT failed."""
    store = Store(pg_url, clock=clock)
    await store.open()
    table = await _table(store, 720)
    release = asyncpg.pool.Pool.release

    async def failing_release(pool: asyncpg.Pool, conn: object, **kwargs: object) -> None:
        await release(pool, conn, **kwargs)  # type: ignore[arg-type]
        raise asyncpg.InternalClientError("cannot switch to state 15; another operation is in progress")

    monkeypatch.setattr(asyncpg.pool.Pool, "release", failing_release)
    row = await store.commit_moves(
        table, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"n": 1}, interaction_id=11
    )
    assert row.version == 2
    monkeypatch.setattr(asyncpg.pool.Pool, "release", release)

    commit = asyncpg.transaction.Transaction.commit

    async def unanswered(tx: asyncpg.transaction.Transaction) -> None:
        await commit(tx)
        raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")

    monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", unanswered)
    with pytest.raises(OutcomeUnknown):
        await store.commit_moves(
            table, expected_version=2, moves=[NewMove(1, "b", ALICE)], state={"n": 2}, interaction_id=12
        )
    assert (await store.table(table)).version == 3  # type: ignore[union-attr]  # the read's rows count
    monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", commit)
    assert await store.interaction_seen(12)  # what resolves it: the move was saved
    await store.close()


def test_placeholders_are_numbered_outside_literals_names_and_comments() -> None:
    sql = "SELECT '?', \"a?\" FROM t WHERE x = ? AND y = 'it''s ?' -- why?\nAND z IN (?, ?)"
    assert placeholders(sql) == (
        "SELECT '?', \"a?\" FROM t WHERE x = $1 AND y = 'it''s ?' -- why?\nAND z IN ($2, $3)"
    )


def test_a_migration_statement_in_postgres_words() -> None:
    assert migration("ALTER TABLE seats ADD COLUMN remind_at REAL;") == (
        "ALTER TABLE seats ADD COLUMN remind_at DOUBLE PRECISION"
    )
    assert migration("INSERT OR IGNORE INTO p (a) SELECT json_extract(t.options, '$.variant') FROM t") == (
        "INSERT INTO p (a) SELECT (t.options::jsonb ->> 'variant') FROM t\nON CONFLICT DO NOTHING"
    )
