"""The periodic check on a real store: what it acts on, and in which case it skips a reminder."""

from __future__ import annotations

from pathlib import Path

from bot.scheduler import CLAIM_SECONDS, Scheduler
from db import Store
from db.models import DueClock
from tests.db.db_support import ALICE, HOST, FakeClock

H = 3600.0


class Recorder:
    """Stands in for ``Absence``: records what the scheduler asks for, acting like it would."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.calls: list[tuple[str, int, int]] = []

    async def remind(self, due: DueClock) -> None:
        self.calls.append(("remind", due.table_id, due.seat))
        await self.store.claim_reminder(due.table_id, due.seat, due.due)

    async def time_out(self, due: DueClock) -> None:
        self.calls.append(("deadline", due.table_id, due.seat))
        row = await self.store.table(due.table_id)
        assert row is not None
        await self.store.cancel(row.id)  # whatever the outcome, the clock stops


async def _table(store: Store, channel: int) -> int:
    row = await store.create_table(
        game="runarch", guild_id=1, channel_id=channel, parent_id=None, host_id=HOST, host_name="H",
        options={}, locale="en", seed=1, max_seats=2, remind_after=12 * H, time_limit=72 * H,
    )  # fmt: skip
    await store.join(row.id, ALICE, "A")
    await store.start(row.id, {}, awaited=(0,))
    return row.id


async def test_a_late_check_acts_on_the_limit_and_drops_the_stale_reminder(tmp_path: Path) -> None:
    clock = FakeClock()
    async with Store(str(tmp_path / "s.sqlite3"), clock=clock) as store:
        overdue = await _table(store, 10)
        clock.advance(20 * H)
        fresh = await _table(store, 11)  # its reminder is due at +32 h, its limit at +92 h
        recorder = Recorder(store)
        scheduler = Scheduler(bot=None, absence=recorder, clock=clock)  # type: ignore[arg-type]
        handled = await scheduler.run_due(clock.now + 60 * H)  # the bot was away for 2.5 days
        assert ("deadline", overdue, 0) in recorder.calls
        assert ("remind", overdue, 0) not in recorder.calls  # too late to remind: the limit decided
        assert recorder.calls.count(("remind", fresh, 0)) == 1
        assert handled == 3
        again = await scheduler.run_due(clock.now + 60 * H)
        assert again == 0  # nothing is acted on twice
        assert await store.next_due() == clock.now + 72 * H


class Idle(Recorder):
    """An ``Absence`` whose time limit finds nothing to do (a move landed meanwhile, its commit lost
    the race): the deadline stays due as claimed."""

    async def time_out(self, due: DueClock) -> None:
        self.calls.append(("deadline", due.table_id, due.seat))


async def test_an_item_left_due_is_looked_at_again_next_minute_then_when_its_lease_ends(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    async with Store(str(tmp_path / "s.sqlite3"), clock=clock) as store:
        table = await _table(store, 10)
        recorder = Idle(store)
        scheduler = Scheduler(bot=None, absence=recorder, clock=clock)  # type: ignore[arg-type]
        limit = clock.now + 72 * H
        assert await scheduler.run_due(limit) == 2  # the late reminder is dropped, the limit tried
        assert await store.next_due() == limit, "handed back: due at its real instant"
        assert await scheduler.run_due(limit + 60) == 1  # the next minute's check tries it again
        assert await store.next_due() == limit + 60 + CLAIM_SECONDS, "a second miss keeps the lease"
        assert await scheduler.run_due(limit + 120) == 0
        assert await scheduler.run_due(limit + 60 + CLAIM_SECONDS) == 1
        assert recorder.calls == [("deadline", table, 0)] * 3
        row = await store.table(table)
        assert row is not None and row.seats[0].deadline == limit
