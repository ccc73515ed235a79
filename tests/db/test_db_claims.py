"""Claiming due reminders and deadlines (``Store.claim_due_clocks``): each is taken by one claim
(a lease beside the seat's instant, which stays the real one), comes due again when the lease
ends or is handed back unless acted on, and a process takes only its shards' tables."""

from __future__ import annotations

import asyncio

import asyncpg

from db import NewMove, Store, TableRow, clocks
from db.pg_dialect import statement
from tests.db.db_support import ALICE, HOST, FakeClock, NewTable

H = 3600.0
REMIND = 12 * H
LIMIT = 72 * H
CLAIM = 300.0

SHARD_0_GUILD = 0 << 22 | 7
SHARD_1_GUILD = 1 << 22 | 7
"""Server ids whose shard of two is 0 and 1: ``(id >> 22) % 2``."""


async def _active(store: Store, new_table: NewTable, channel: int, guild_id: int | None = 42) -> TableRow:
    row = await new_table(
        max_seats=2, remind_after=REMIND, time_limit=LIMIT, channel_id=channel, guild_id=guild_id
    )
    await store.join(row.id, ALICE, "Alice")
    return await store.start(row.id, {"ply": 0}, awaited=(0,))


async def test_a_due_item_is_claimed_once_and_comes_due_again_when_its_lease_ends(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _active(store, new_table, 500)
    now = clock.now + REMIND
    assert await store.claim_due_clocks(now - 1, now - 1 + CLAIM) == []  # not due yet
    (item,) = await store.claim_due_clocks(now, now + CLAIM)
    assert (item.table_id, item.seat, item.kind) == (row.id, 0, "remind")
    assert item.due == clock.now + REMIND and item.claimed_until == now + CLAIM
    assert await store.claim_due_clocks(now + 60, now + 60 + CLAIM) == [], "never taken twice"
    assert await store.next_due() == now + CLAIM  # the lease's end is on the schedule
    (again,) = await store.claim_due_clocks(now + CLAIM, now + 2 * CLAIM)  # the claimant died
    assert (
        again.kind == "remind" and again.due == clock.now + REMIND and again.claimed_until == now + 2 * CLAIM
    )
    assert await store.claim_reminder(row.id, 0, again.due), "sent: the lease's holder marks it"
    assert await store.claim_due_clocks(now + 3 * CLAIM, now + 4 * CLAIM) == []
    assert await store.next_due() == clock.now + LIMIT


async def test_a_claimed_seat_still_shows_its_real_reminder_and_time_limit(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    """The claim holds the items beside the seat's instants: the table read for any display
    (the board, /games, a kick) shows the real limit while the bot acts on it, not the lease's end."""
    row = await _active(store, new_table, 500)
    now = clock.now + LIMIT
    items = await store.claim_due_clocks(now, now + CLAIM)
    assert [(i.table_id, i.kind, i.due) for i in items] == [
        (row.id, "remind", clock.now + REMIND),
        (row.id, "deadline", clock.now + LIMIT),
    ]
    seat = (await store.table(row.id)).seat_row(0)  # type: ignore[union-attr]
    assert (seat.remind_at, seat.deadline) == (clock.now + REMIND, clock.now + LIMIT)
    assert [(d.kind, d.due) for d in await store.due_clocks(now)] == [
        ("remind", clock.now + REMIND),
        ("deadline", clock.now + LIMIT),
    ]


async def test_an_item_handed_back_is_free_at_once_and_one_acted_on_is_not_handed_back(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _active(store, new_table, 500)
    now = clock.now + LIMIT
    remind, deadline = await store.claim_due_clocks(now, now + CLAIM)
    assert await store.claim_reminder(row.id, 0, remind.due)  # the reminder was acted on
    pending = await store.release_due_clocks([(remind, None), (deadline, None)])
    assert pending == [deadline], "only the deadline was still due as claimed"
    assert await store.next_due() == clock.now + LIMIT  # free again: due at its real instant
    (retaken,) = await store.claim_due_clocks(now + 60, now + 60 + CLAIM)
    assert (retaken.kind, retaken.due) == ("deadline", clock.now + LIMIT)
    assert await store.release_due_clocks([(deadline, None)]) == [], "a stale claim hands back nothing"
    assert await store.claim_due_clocks(now + 120, now + 120 + CLAIM) == [], "the new lease holds"
    kept = await store.release_due_clocks([(retaken, retaken.claimed_until)])
    assert kept == [retaken] and await store.next_due() == now + 60 + CLAIM


async def test_a_new_instant_ends_the_lease_of_the_old_one(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    """Acting on a deadline moves the clock: the seat's next period is due at its own limit, not
    held by the lease taken for the previous one."""
    row = await _active(store, new_table, 500)
    clock.advance(LIMIT)
    (_, deadline) = await store.claim_due_clocks(clock.now, clock.now + CLAIM)
    row = await store.commit_moves(
        row.id, expected_version=row.version, moves=[NewMove(0, "end", None, source="timeout")],
        state={"ply": 1}, interaction_id=None, awaited=(0,),
    )  # fmt: skip
    seat = row.seat_row(0)
    assert seat is not None and seat.deadline == clock.now + LIMIT
    assert await store.release_due_clocks([(deadline, None)]) == [], "acted on: nothing to hand back"
    assert await store.next_due() == clock.now + REMIND
    items = await store.claim_due_clocks(clock.now + LIMIT, clock.now + LIMIT + CLAIM)
    assert [(i.kind, i.due) for i in items] == [
        ("remind", clock.now + REMIND),
        ("deadline", clock.now + LIMIT),
    ]


async def test_a_process_claims_only_the_tables_of_its_shards_and_dm_tables_are_shard_0s(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    on_0 = await _active(store, new_table, 500, SHARD_0_GUILD)
    on_1 = await _active(store, new_table, 501, SHARD_1_GUILD)
    dm = await _active(store, new_table, 502, None)
    now = clock.now + REMIND
    assert await store.next_due((2, (1,))) == now
    taken_1 = await store.claim_due_clocks(now, now + CLAIM, shards=(2, (1,)))
    assert {i.table_id for i in taken_1} == {on_1.id}
    assert await store.next_due((2, (1,))) == now + CLAIM
    taken_0 = await store.claim_due_clocks(now, now + CLAIM, shards=(2, (0,)))
    assert {i.table_id for i in taken_0} == {on_0.id, dm.id}
    assert await store.claim_due_clocks(now, now + CLAIM) == [], "every table was taken once"
    assert await store.next_due((2, (0,))) == now + CLAIM


async def test_two_processes_claiming_at_once_take_every_item_once(
    store_target: str, clock: FakeClock
) -> None:
    """Two stores on one database (two processes) claim 30 due tables at the same moment, a batch
    of 4 at a time: each table's reminder is taken by exactly one of them, none is left."""
    a, b = Store(store_target, clock=clock), Store(store_target, clock=clock)
    await a.open()
    await b.open()
    try:
        tables = []
        for i in range(30):
            row = await a.create_table(
                game="runarch", guild_id=42, channel_id=600 + i, parent_id=400, host_id=HOST, host_name="H",
                options={}, locale="en", seed=1, max_seats=2, remind_after=REMIND, time_limit=LIMIT,
            )  # fmt: skip
            await a.join(row.id, ALICE, "Alice")
            tables.append(await a.start(row.id, {}, awaited=(0,)))
        now = clock.now + REMIND

        async def drain(s: Store) -> list[int]:
            taken = []
            while batch := await s.claim_due_clocks(now, now + CLAIM, limit=4):
                taken += [i.table_id for i in batch]
            return taken

        first, second = await asyncio.gather(drain(a), drain(b))
    finally:
        await a.close()
        await b.close()
    assert not set(first) & set(second), "the two took disjoint items"
    assert sorted(first + second) == sorted(t.id for t in tables), "each taken once, none left"


async def test_a_claim_skips_the_rows_another_transaction_holds_without_waiting(
    pg_url: str, clock: FakeClock
) -> None:
    """While another process's transaction has the oldest due seat locked (its claim not yet
    committed), a claim takes the next one at once instead of waiting for it or taking it too."""
    store = Store(pg_url, clock=clock)
    await store.open()
    try:
        first = await _active(store, _maker(store), 700)
        clock.advance(60)
        second = await _active(store, _maker(store), 701)
        now = clock.now + REMIND
        conn = await asyncpg.connect(pg_url)
        try:
            async with conn.transaction():
                await conn.execute("SELECT 1 FROM seats WHERE table_id = $1 FOR UPDATE", first.id)
                taken = await asyncio.wait_for(store.claim_due_clocks(now, now + CLAIM), timeout=10)
            assert [i.table_id for i in taken] == [second.id]
        finally:
            await conn.close()
        (late,) = await store.claim_due_clocks(now, now + CLAIM)  # the lock is gone: the older one
        assert late.table_id == first.id
    finally:
        await store.close()


def _maker(store: Store) -> NewTable:
    async def make(**kwargs: object) -> TableRow:
        defaults: dict = {"game": "runarch", "guild_id": 42, "parent_id": 400, "host_id": HOST,
                          "host_name": "H", "options": {}, "locale": "en", "seed": 1}  # fmt: skip
        return await store.create_table(**{**defaults, **kwargs})

    return make


def test_the_claim_locks_rows_skip_locked_on_postgresql_and_sqlite_reads_a_comment() -> None:
    sql, _ = clocks.claim_sql("deadline", (2, (0,)))
    assert "LIMIT ? /* FOR UPDATE OF s SKIP LOCKED */)" in sql
    assert "LIMIT $6 FOR UPDATE OF s SKIP LOCKED)" in statement(sql)
