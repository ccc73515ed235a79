"""PostgreSQL's isolation per operation (issue #37): moves that keep to their table run READ
COMMITTED behind a lock on the table's row, and must still be exactly as safe as SERIALIZABLE.

Several ``Store`` objects on one database stand for several processes. What a player would
notice: of moves racing on one table, one applies and the others are refused as stale (nothing
lost, nothing doubled); moves on different tables all apply at once, none made to start over;
a move waiting behind another reads what that one left.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator

import asyncpg
import pytest

from db import NewMove, NewResult, StaleVersion, Store, move_ops, pg_backend, table_ops
from db.pg_backend import PgBackend, isolation
from tests.db.db_support import ALICE, HOST, FakeClock

PROCESSES = 4


@pytest.fixture
async def stores(pg_url: str, clock: FakeClock) -> AsyncIterator[list[Store]]:
    """Several stores on one PostgreSQL database, as several processes of the bot would have."""
    opened = [Store(pg_url, clock=clock) for _ in range(PROCESSES)]
    for store in opened:
        await store.open()
    yield opened
    for store in opened:
        await store.close()


async def _table(store: Store, channel: int, other: int = ALICE) -> int:
    row = await store.create_table(
        game="runarch", guild_id=42, channel_id=channel, parent_id=400, host_id=HOST, host_name="Host",
        options={"rules": "simple"}, locale="en", seed=1, max_seats=2, remind_after=3600.0,
    )  # fmt: skip
    await store.join(row.id, other, "Alice")
    return (await store.start(row.id, {"n": 0}, awaited=[0])).id


def _retries(stores: list[Store]) -> int:
    total = 0
    for store in stores:
        backend = store._backend
        assert isinstance(backend, PgBackend)
        total += backend.retries
    return total


def test_the_level_is_chosen_by_what_the_operation_touches() -> None:
    locked = "read_committed"
    assert isolation(move_ops.commit_moves, True, {"results": None}) == locked
    assert isolation(move_ops.commit_moves, True, {"results": ()}) == "serializable"  # ratings
    assert isolation(move_ops.commit_moves_logged, True, {"results": None}) == locked  # and its log
    assert isolation(move_ops.commit_moves_logged, True, {"results": ()}) == "serializable"
    assert isolation(move_ops.take_back, True, {}) == locked
    assert isolation(table_ops.set_column, True, {}) == locked
    assert isolation(table_ops.join, True, {}) == "serializable"  # not marked: the safe default
    assert isolation(move_ops.commit_moves, False, {}) == "repeatable_read"


async def test_moves_racing_on_one_table_apply_once_and_wait_instead_of_starting_over(
    stores: list[Store],
) -> None:
    table = await _table(stores[0], 500)
    for version in range(1, 11):
        race = [
            store.commit_moves(
                table, expected_version=version, moves=[NewMove(version % 2, f"p{i}v{version}", HOST)],
                state={"n": version}, interaction_id=1000 * i + version, awaited=[(version + 1) % 2],
            )
            for i, store in enumerate(stores)
        ]  # fmt: skip
        outcomes = await asyncio.gather(*race, return_exceptions=True)
        applied = [o for o in outcomes if not isinstance(o, BaseException)]
        stale = [o for o in outcomes if isinstance(o, StaleVersion)]
        assert len(applied) == 1 and len(stale) == PROCESSES - 1, outcomes
        assert all(s.current_version == version + 1 for s in stale)
    moves = await stores[0].moves(table)
    assert [m.ply for m in moves] == list(range(10))
    assert len({m.interaction_id for m in moves}) == 10
    row = await stores[1].table(table)
    assert row is not None and row.version == 11 and row.state == {"n": 10}
    awaited = [s.seat for s in row.seats if s.awaited_since is not None]
    assert awaited == [1]  # the clock of the last applied move, once
    assert _retries(stores) == 0  # the losers waited for the lock, then read the new version


async def test_moves_on_different_tables_all_apply_and_none_starts_over(stores: list[Store]) -> None:
    tables = [await _table(stores[0], 600 + i, 3000 + i) for i in range(12)]
    for version in range(1, 4):
        moves = [
            stores[i % PROCESSES].commit_moves(
                t, expected_version=version, moves=[NewMove(version % 2, f"m{version}", HOST)],
                state={"n": version}, interaction_id=10_000 * version + i, awaited=[(version + 1) % 2],
            )
            for i, t in enumerate(tables)
        ]  # fmt: skip
        rows = await asyncio.gather(*moves)
        assert [r.version for r in rows] == [version + 1] * len(tables)
    for t in tables:
        assert [m.notation for m in await stores[0].moves(t)] == ["m1", "m2", "m3"]
    assert _retries(stores) == 0


async def test_a_move_waits_for_the_table_s_lock_and_reads_what_the_holder_left(
    stores: list[Store], pg_url: str
) -> None:
    """Another transaction holds the table's row (as a move in another process would): the move
    does not read the old version behind its back; once that one commits a new version, the
    move is stale."""
    table = await _table(stores[0], 700)
    holder = await asyncpg.connect(pg_url)
    try:
        tx = holder.transaction()
        await tx.start()
        await holder.execute("SELECT version FROM game_tables WHERE id = $1 FOR UPDATE", table)
        move = asyncio.create_task(
            stores[1].commit_moves(
                table, expected_version=1, moves=[NewMove(0, "late", HOST)], state={"n": 1},
                interaction_id=5, awaited=[1],
            )
        )  # fmt: skip
        await asyncio.sleep(0.3)
        assert not move.done()  # waiting for the lock
        await holder.execute("UPDATE game_tables SET version = version + 1 WHERE id = $1", table)
        await tx.commit()
        with pytest.raises(StaleVersion) as stale:
            await move
        assert stale.value.current_version == 2
    finally:
        await holder.close()
    assert await stores[0].moves(table) == []
    assert _retries(stores) == 0


async def test_an_undo_racing_a_move_one_applies_and_the_log_is_one_of_them(stores: list[Store]) -> None:
    table = await _table(stores[0], 800)
    await stores[0].commit_moves(
        table, expected_version=1, moves=[NewMove(0, "first", HOST)], state={"n": 1}, interaction_id=1,
        awaited=[1],
    )  # fmt: skip
    undo = stores[1].take_back(
        table, expected_version=2, keep=0, state={"n": 0}, awaited=[0], interaction_id=2
    )
    move = stores[2].commit_moves(
        table, expected_version=2, moves=[NewMove(1, "second", ALICE)], state={"n": 2}, interaction_id=3,
        awaited=[0],
    )  # fmt: skip
    outcomes = await asyncio.gather(undo, move, return_exceptions=True)
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 1, outcomes
    log = [m.notation for m in await stores[3].moves(table)]
    assert log in ([], ["first", "second"])
    row = await stores[3].table(table)
    assert row is not None and row.version == 3 and row.state == ({"n": 0} if log == [] else {"n": 2})


async def test_a_move_racing_the_game_s_last_move_cannot_follow_it(stores: list[Store]) -> None:
    """The last move (SERIALIZABLE: it rates the players) and an ordinary one (READ COMMITTED)
    race on one table: one applies, and the results and ratings count the game at most once."""
    finished_games = 0
    for attempt in range(6):
        table = await _table(stores[0], 900 + attempt, 4000 + attempt)
        last = stores[0].commit_moves(
            table, expected_version=1, moves=[NewMove(0, "end", HOST)], state={"over": True},
            interaction_id=None, results=[NewResult(0, HOST, 1, 10), NewResult(1, 4000 + attempt, 2, 5)],
        )  # fmt: skip
        other = stores[1].commit_moves(
            table, expected_version=1, moves=[NewMove(0, "on", HOST)], state={"n": 1}, interaction_id=None,
            awaited=[1],
        )  # fmt: skip
        outcomes = await asyncio.gather(last, other, return_exceptions=True)
        assert sum(isinstance(o, StaleVersion) for o in outcomes) == 1, outcomes
        log = [m.notation for m in await stores[2].moves(table)]
        finished = not isinstance(outcomes[0], BaseException)
        finished_games += finished
        assert log == (["end"] if finished else ["on"])
        assert len(await stores[2].results(table)) == (2 if finished else 0)
    summary = await stores[3].player_summary(HOST)
    if finished_games:
        assert summary is not None
        _rating, games, _wins = summary.ratings[("runarch", "")]
        assert games == finished_games  # every finished game rated once, none twice


async def test_serializable_moves_racing_on_one_table_start_over_and_are_counted_by_operation(
    stores: list[Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the table's lock saves: the same race with every write SERIALIZABLE still applies one
    move, but the losers fail, sleep and run again, counted under the operation's name (the
    benchmark prints them so)."""

    def every_write_serializable(op: object, write: bool, kwargs: object) -> str:
        return "serializable" if write else "repeatable_read"

    monkeypatch.setattr(pg_backend, "isolation", every_write_serializable)
    table = await _table(stores[0], 950)
    for version in range(1, 6):
        race = [
            store.commit_moves(
                table, expected_version=version, moves=[NewMove(version % 2, f"p{i}v{version}", HOST)],
                state={"n": version}, interaction_id=1000 * i + version, awaited=[(version + 1) % 2],
            )
            for i, store in enumerate(stores)
        ]  # fmt: skip
        outcomes = await asyncio.gather(*race, return_exceptions=True)
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1, outcomes
    assert [m.ply for m in await stores[0].moves(table)] == list(range(5))
    retried: Counter[str] = Counter()
    for store in stores:
        assert isinstance(store._backend, PgBackend)
        retried += store._backend.retried
    assert _retries(stores) > 0 and retried == {"commit_moves": _retries(stores)}
