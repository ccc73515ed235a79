"""Seat clocks: started when a seat becomes awaited, found by the periodic check, moved by vacations."""

from __future__ import annotations

import pytest

from db import NewMove, NewResult, NotInLobby, Store, TableRow
from tests.db.db_support import ALICE, HOST, FakeClock, NewTable

H = 3600.0
REMIND = 12 * H
LIMIT = 72 * H


async def _pair(store: Store, new_table: NewTable, *, awaited: tuple[int, ...] = (0,)) -> TableRow:
    row = await new_table(max_seats=2, remind_after=REMIND, time_limit=LIMIT)
    await store.join(row.id, ALICE, "Alice")
    return await store.start(row.id, {"ply": 0}, awaited=awaited)


async def _move(
    store: Store, row: TableRow, seat: int, awaited: tuple[int, ...], source: str = "player"
) -> TableRow:
    user = row.user_at(seat)
    return await store.commit_moves(
        row.id,
        expected_version=row.version,
        moves=[NewMove(seat, "end", user, source)],
        state={"ply": row.version},
        interaction_id=None,
        awaited=awaited,
    )


async def test_start_runs_the_first_players_clock_only(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table)
    first, second = row.seats
    assert (first.awaited_since, first.remind_at, first.deadline) == (
        clock.now,
        clock.now + REMIND,
        clock.now + LIMIT,
    )
    assert (second.awaited_since, second.remind_at, second.deadline) == (None, None, None)


async def test_clock_counts_from_when_the_seat_became_awaited(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table)
    began = clock.now
    clock.advance(H)
    row = await _move(store, row, 0, (0,))  # a partial move: still awaited, the clock goes on
    assert row.seats[0].awaited_since == began and row.seats[0].deadline == began + LIMIT
    clock.advance(H)
    row = await _move(store, row, 0, (1,))  # the turn passes
    assert row.seats[0].awaited_since is None and row.seats[0].deadline is None
    assert row.seats[1].awaited_since == clock.now and row.seats[1].remind_at == clock.now + REMIND


async def test_periodic_check_finds_each_due_instant_and_a_reminder_is_claimed_once(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table)
    assert await store.next_due() == clock.now + REMIND
    assert await store.due_clocks(clock.now + REMIND - 1) == []
    (due,) = await store.due_clocks(clock.now + REMIND)
    assert (due.table_id, due.seat, due.user_id, due.kind) == (row.id, 0, row.user_at(0), "remind")
    assert await store.claim_reminder(row.id, 0, due.due) is True
    assert await store.claim_reminder(row.id, 0, due.due) is False  # never twice
    assert await store.next_due() == clock.now + LIMIT
    kinds = [d.kind for d in await store.due_clocks(clock.now + LIMIT)]
    assert kinds == ["deadline"]


async def test_failed_reminder_can_be_put_back(store: Store, new_table: NewTable, clock: FakeClock) -> None:
    row = await _pair(store, new_table)
    (due,) = await store.due_clocks(clock.now + REMIND)
    assert await store.claim_reminder(row.id, 0, due.due)
    await store.retry_reminder(row.id, 0, clock.now + REMIND + 600)
    (again,) = await store.due_clocks(clock.now + REMIND + 600)
    assert again.kind == "remind"


async def test_timeouts_count_in_a_row_and_a_players_own_move_resets_them(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table)
    row = await _move(store, row, 0, (1,), source="timeout")
    row = await _move(store, row, 1, (0,))
    row = await _move(store, row, 0, (1,), source="timeout")
    assert row.seats[0].timeouts == 2 and row.seats[1].timeouts == 0
    row = await _move(store, row, 1, (0,))
    row = await _move(store, row, 0, (1,))
    assert row.seats[0].timeouts == 0
    sources = [m.source for m in await store.moves(row.id)]
    assert sources == ["timeout", "player", "timeout", "player", "player"]


async def test_a_seat_still_awaited_after_a_timeout_gets_a_fresh_period(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table)
    clock.advance(LIMIT)
    row = await _move(store, row, 0, (0,), source="timeout")
    assert row.seats[0].deadline == clock.now + LIMIT and row.seats[0].timeouts == 1


async def test_finishing_or_cancelling_stops_every_clock(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table, awaited=(0, 1))
    done = await store.commit_moves(
        row.id,
        expected_version=1,
        moves=[NewMove(0, "resign", None, "timeout")],
        state={"over": True},
        interaction_id=None,
        results=[NewResult(0, HOST, 2, 0), NewResult(1, ALICE, 1, 0)],
        end_reason="timeout",
    )
    assert done.status == "finished" and done.end_reason == "timeout"
    assert all(s.awaited_since is None and s.deadline is None for s in done.seats)
    row2 = await new_table(channel_id=501, max_seats=2, remind_after=REMIND, time_limit=LIMIT)
    await store.join(row2.id, ALICE, "Alice")
    await store.start(row2.id, {}, awaited=(0, 1))
    cancelled = await store.cancel(row2.id, reason="abandoned")
    assert cancelled.end_reason == "abandoned"
    assert all(s.deadline is None for s in cancelled.seats)
    assert await store.next_due() is None


async def test_solo_table_without_limit_records_the_wait_but_nothing_is_due(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await new_table(max_seats=1)
    row = await store.start(row.id, {}, awaited=(0,))
    assert row.seats[0].awaited_since == clock.now and row.seats[0].deadline is None
    assert await store.next_due() is None


async def test_vacation_keeps_the_time_already_waited_and_ending_early_gives_it_back(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await _pair(store, new_table)
    deadline = row.seats[0].deadline
    assert deadline is not None
    clock.advance(10 * H)
    touched = await store.set_vacation(HOST, clock.now + 5 * 24 * H)
    assert touched == [row.id]
    row = await store.table(row.id)  # type: ignore[assignment]
    assert row.seats[0].deadline == deadline + 5 * 24 * H
    assert row.seats[0].remind_at == row.seats[0].deadline - LIMIT + REMIND
    clock.advance(24 * H)
    await store.set_vacation(HOST, None)  # back after one day of five
    row = await store.table(row.id)  # type: ignore[assignment]
    assert row.seats[0].deadline == deadline + 24 * H
    assert (await store.player(HOST)).vacation_until is None


async def test_a_seat_awaited_during_a_vacation_counts_from_its_end(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    until = clock.now + 2 * 24 * H
    await store.set_vacation(ALICE, until)
    row = await _pair(store, new_table)
    row = await _move(store, row, 0, (1,))
    assert row.seats[1].awaited_since == clock.now
    assert row.seats[1].deadline == until + LIMIT and row.seats[1].remind_at == until + REMIND


async def test_clock_settings_change_only_in_the_lobby(store: Store, new_table: NewTable) -> None:
    row = await new_table(max_seats=2)
    changed = await store.set_clock_settings(row.id, remind_after=H, time_limit=24 * H, on_timeout="remove")
    assert (changed.remind_after, changed.time_limit, changed.on_timeout) == (H, 24 * H, "remove")
    await store.join(row.id, ALICE, "Alice")
    await store.start(row.id, {}, awaited=(0,))
    with pytest.raises(NotInLobby):
        await store.set_clock_settings(row.id, remind_after=H, time_limit=H * 2, on_timeout="auto")
    assert (await store.table(row.id)).time_limit == 24 * H  # type: ignore[union-attr]


async def test_dm_preference_defaults_off_and_is_kept(store: Store) -> None:
    assert (await store.player(ALICE)).dm_reminders is False
    prefs = await store.set_dm_reminders(ALICE, True, locale="cs")
    assert prefs.dm_reminders and prefs.locale == "cs"
    prefs = await store.set_dm_reminders(ALICE, False)
    assert not prefs.dm_reminders and prefs.locale == "cs"
