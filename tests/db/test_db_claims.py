"""Claiming due reminders and deadlines (``Store.claim_due_clocks``): each is taken by one claim,
comes due again when the claim ends unless acted on, and a process takes only its shards' tables."""

from __future__ import annotations

import asyncio

from db import Store, TableRow, clocks
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


async def test_a_due_item_is_claimed_once_and_comes_due_again_when_its_claim_ends(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _active(store, new_table, 500)
    now = clock.now + REMIND
    assert await store.claim_due_clocks(now - 1, now - 1 + CLAIM) == []  # not due yet
    (item,) = await store.claim_due_clocks(now, now + CLAIM)
    assert (item.table_id, item.seat, item.kind) == (row.id, 0, "remind")
    assert item.came_due == clock.now + REMIND and item.due == now + CLAIM
    assert await store.claim_due_clocks(now + 60, now + 60 + CLAIM) == [], "never taken twice"
    assert await store.next_due() == now + CLAIM  # the claim's end is on the schedule
    (again,) = await store.claim_due_clocks(now + CLAIM, now + 2 * CLAIM)  # the claimant died
    assert again.kind == "remind" and again.came_due == now + CLAIM
    assert await store.claim_reminder(row.id, 0, again.due), "sent: the claim's holder marks it"
    assert await store.claim_due_clocks(now + 2 * CLAIM, now + 3 * CLAIM) == []


async def test_a_reminder_and_a_deadline_due_together_are_both_claimed_oldest_first(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _active(store, new_table, 500)
    now = clock.now + LIMIT
    items = await store.claim_due_clocks(now, now + CLAIM)
    assert [(i.table_id, i.kind, i.came_due) for i in items] == [
        (row.id, "remind", clock.now + REMIND),
        (row.id, "deadline", clock.now + LIMIT),
    ]
    seat = (await store.table(row.id)).seat_row(0)  # type: ignore[union-attr]
    assert (seat.remind_at, seat.deadline) == (now + CLAIM, now + CLAIM)


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


async def test_two_processes_claiming_at_once_take_every_item_once(pg_url: str, clock: FakeClock) -> None:
    """Two stores on one PostgreSQL (two processes) claim 30 due tables at the same moment, a batch
    of 4 at a time: each table's reminder is taken by exactly one of them, none is left."""
    a, b = Store(pg_url, clock=clock), Store(pg_url, clock=clock)
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
    assert sorted(first + second) == sorted(t.id for t in tables), "each taken once, none left"


def test_the_claim_locks_rows_skip_locked_on_postgresql_and_sqlite_reads_a_comment() -> None:
    sql, _ = clocks._claimable_sql("deadline", (2, (0,)))
    assert sql.endswith("/* FOR UPDATE OF s SKIP LOCKED */")
    assert statement(sql).endswith("LIMIT $4 FOR UPDATE OF s SKIP LOCKED")
