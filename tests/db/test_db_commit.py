"""commit_moves: optimistic versioning, idempotent interactions, finishing, races."""

from __future__ import annotations

import asyncio

import pytest

from db import (
    DuplicateInteraction,
    MoveRow,
    NewMove,
    NewResult,
    ResultRow,
    StaleVersion,
    Store,
    TableNotFound,
)
from tests.db.db_support import ALICE, HOST, ActiveTable, FakeClock, integrity_error


async def test_commit_appends_moves_and_bumps_version(
    store: Store, active_table: ActiveTable, clock: FakeClock
) -> None:
    t = await active_table()
    clock.advance(30)
    row = await store.commit_moves(
        t.id,
        expected_version=1,
        moves=[NewMove(0, "a1-b2", HOST), NewMove(1, "auto:x", None), NewMove(1, "c3", ALICE)],
        state={"ply": 3},
        interaction_id=111,
    )
    assert row.version == 2 and row.state == {"ply": 3} and row.status == "active"
    assert row.updated_at == clock.now and row.created_at == clock.now - 30
    t_first = clock.now
    clock.advance(10)
    await store.commit_moves(
        t.id, expected_version=2, moves=[NewMove(0, "d4", HOST)], state={"ply": 4}, interaction_id=222
    )
    assert await store.moves(t.id) == [
        MoveRow(0, 0, HOST, "a1-b2", 111, t_first),  # the interaction id sits on the first move only
        MoveRow(1, 1, None, "auto:x", None, t_first),
        MoveRow(2, 1, ALICE, "c3", None, t_first),
        MoveRow(3, 0, HOST, "d4", 222, clock.now),
    ]
    got = await store.table(t.id)
    assert got is not None and got.version == 3 and got.state == {"ply": 4}


async def test_plies_are_per_table(store: Store, active_table: ActiveTable) -> None:
    a = await active_table(channel_id=1)
    b = await active_table(channel_id=2)
    await store.commit_moves(
        a.id, expected_version=1, moves=[NewMove(0, "x", HOST)], state={}, interaction_id=1
    )
    await store.commit_moves(
        b.id, expected_version=1, moves=[NewMove(0, "y", HOST)], state={}, interaction_id=2
    )
    assert [m.ply for m in await store.moves(a.id)] == [0]
    assert [m.ply for m in await store.moves(b.id)] == [0]


async def test_stale_version_writes_nothing(
    store: Store, active_table: ActiveTable, clock: FakeClock
) -> None:
    t = await active_table()
    await store.commit_moves(
        t.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"n": 1}, interaction_id=1
    )
    before = await store.table(t.id)
    clock.advance(5)
    for wrong in (1, 3, 0):
        with pytest.raises(StaleVersion) as exc:
            await store.commit_moves(
                t.id,
                expected_version=wrong,
                moves=[NewMove(1, "b", ALICE)],
                state={"n": 99},
                interaction_id=None,
            )
        assert exc.value.current_version == 2
    assert await store.table(t.id) == before
    assert [m.notation for m in await store.moves(t.id)] == ["a"]


async def test_same_interaction_applies_once(store: Store, active_table: ActiveTable) -> None:
    t = await active_table()
    await store.commit_moves(
        t.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"n": 1}, interaction_id=7
    )
    before = await store.table(t.id)
    # A retry of the same interaction, whether it carries the old or the new version.
    for version in (1, 2):
        with pytest.raises(DuplicateInteraction):
            await store.commit_moves(
                t.id,
                expected_version=version,
                moves=[NewMove(0, "a", HOST)],
                state={"n": 2},
                interaction_id=7,
            )
    assert await store.table(t.id) == before
    assert len(await store.moves(t.id)) == 1


async def test_interaction_ids_are_global(store: Store, active_table: ActiveTable) -> None:
    a = await active_table(channel_id=1)
    b = await active_table(channel_id=2)
    await store.commit_moves(
        a.id, expected_version=1, moves=[NewMove(0, "x", HOST)], state={}, interaction_id=9
    )
    with pytest.raises(DuplicateInteraction):
        await store.commit_moves(
            b.id, expected_version=1, moves=[NewMove(0, "x", HOST)], state={}, interaction_id=9
        )


async def test_commit_with_results_finishes(
    store: Store, active_table: ActiveTable, clock: FakeClock
) -> None:
    t = await active_table(guild_id=None)
    clock.advance(99)
    row = await store.commit_moves(
        t.id,
        expected_version=1,
        moves=[NewMove(1, "win", ALICE)],
        state={"over": True},
        interaction_id=5,
        results=[NewResult(0, HOST, 2, 7), NewResult(1, ALICE, 1, 12)],
    )
    assert row.status == "finished" and not row.is_open and row.version == 2 and row.state == {"over": True}
    assert await store.results(t.id) == [
        ResultRow(t.id, 1, ALICE, "runarch", None, 1, 12, clock.now),
        ResultRow(t.id, 0, HOST, "runarch", None, 2, 7, clock.now),
    ]
    assert await store.open_table_in(t.channel_id) is None
    assert await store.open_tables_of(HOST) == []
    with pytest.raises(StaleVersion) as exc:  # a finished game takes no more moves
        await store.commit_moves(
            t.id, expected_version=2, moves=[NewMove(0, "x", HOST)], state={}, interaction_id=6
        )
    assert exc.value.current_version == 2


async def test_failing_results_roll_back_the_moves(
    store: Store, active_table: ActiveTable, backend: str
) -> None:
    t = await active_table()
    before = await store.table(t.id)
    with pytest.raises(integrity_error(backend)):  # two results for one seat
        await store.commit_moves(
            t.id,
            expected_version=1,
            moves=[NewMove(0, "a", HOST)],
            state={"n": 1},
            interaction_id=8,
            results=[NewResult(0, HOST, 1, 1), NewResult(0, HOST, 2, 0)],
        )
    assert await store.table(t.id) == before
    assert await store.moves(t.id) == [] and await store.results(t.id) == []
    # The interaction id was not consumed: the corrected retry goes through.
    row = await store.commit_moves(
        t.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"n": 1}, interaction_id=8
    )
    assert row.version == 2


async def test_commit_on_unknown_table(store: Store) -> None:
    with pytest.raises(TableNotFound):
        await store.commit_moves(404, expected_version=0, moves=[], state={}, interaction_id=None)


async def test_lobby_and_cancelled_tables_refuse_moves(store: Store, active_table: ActiveTable) -> None:
    t = await active_table()
    await store.cancel(t.id)
    with pytest.raises(StaleVersion):
        await store.commit_moves(
            t.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={}, interaction_id=1
        )
    assert await store.moves(t.id) == []


async def test_interaction_id_without_moves_is_refused(store: Store, active_table: ActiveTable) -> None:
    t = await active_table()
    with pytest.raises(ValueError):
        await store.commit_moves(t.id, expected_version=1, moves=[], state={}, interaction_id=3)


async def test_racing_commits_apply_once(store: Store, active_table: ActiveTable) -> None:
    t = await active_table()
    outcomes = await asyncio.gather(
        store.commit_moves(
            t.id, expected_version=1, moves=[NewMove(0, "A", HOST)], state={"w": "A"}, interaction_id=1
        ),
        store.commit_moves(
            t.id, expected_version=1, moves=[NewMove(1, "B", ALICE)], state={"w": "B"}, interaction_id=2
        ),
        return_exceptions=True,
    )
    winners = [o for o in outcomes if not isinstance(o, BaseException)]
    losers = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(winners) == 1 and len(losers) == 1
    assert isinstance(losers[0], StaleVersion) and losers[0].current_version == 2
    moves = await store.moves(t.id)
    assert len(moves) == 1
    final = await store.table(t.id)
    assert final is not None and final.version == 2 and final.state == {"w": moves[0].notation}


async def test_many_racers_exactly_one_wins(store: Store, active_table: ActiveTable) -> None:
    t = await active_table()
    outcomes = await asyncio.gather(
        *(
            store.commit_moves(
                t.id,
                expected_version=1,
                moves=[NewMove(0, f"m{i}", HOST)],
                state={"i": i},
                interaction_id=100 + i,
            )
            for i in range(10)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert all(isinstance(o, StaleVersion) for o in outcomes if isinstance(o, BaseException))
    assert len(await store.moves(t.id)) == 1


async def test_reads_never_see_uncommitted_rows(
    store: Store, active_table: ActiveTable, backend: str
) -> None:
    """Reads share the connection, so they must wait for the open transaction to end.

    The commit below inserts its moves, then fails on the results and rolls back: a reader
    that slipped in between would see moves that never existed.
    """
    t = await active_table()
    commit = asyncio.create_task(
        store.commit_moves(
            t.id,
            expected_version=1,
            moves=[NewMove(0, f"m{i}", HOST) for i in range(20)],
            state={"n": 20},
            interaction_id=1,
            results=[NewResult(0, HOST, 1, 1), NewResult(0, HOST, 1, 1)],
        )
    )
    reads = 0
    while not commit.done():
        assert await store.moves(t.id) == []
        reads += 1
    assert reads > 0
    with pytest.raises(integrity_error(backend)):
        await commit
    assert await store.moves(t.id) == []


@pytest.mark.parametrize("yields", [0, 1, 2, 3, 5, 8, 13])
async def test_cancelled_commit_leaves_the_store_usable(
    store: Store, active_table: ActiveTable, yields: int
) -> None:
    """A cancelled interaction handler must not leave a transaction open on the shared connection."""
    t = await active_table()
    task = asyncio.create_task(
        store.commit_moves(
            t.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={}, interaction_id=1
        )
    )
    for _ in range(yields):
        await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    row = await store.table(t.id)
    assert row is not None
    applied = len(await store.moves(t.id))
    assert (row.version, applied) in [(1, 0), (2, 1)]  # all or nothing
    row = await store.commit_moves(
        t.id, expected_version=row.version, moves=[NewMove(1, "b", ALICE)], state={}, interaction_id=2
    )
    assert row.version == 2 + applied


async def test_acted_for_lists_the_moves_made_for_absent_players(
    store: Store, active_table: ActiveTable
) -> None:
    """How a seat left (``bot.departures``): the moves the bot made for an absent player, with
    their source, in ply order; the players' own moves are not listed."""
    t = await active_table()
    moves = [
        NewMove(0, "a1", HOST),
        NewMove(1, "pass", None, source="timeout"),
        NewMove(1, "resign", None, source="kicked"),
        NewMove(0, "resign", None, source="left"),
    ]
    await store.commit_moves(t.id, expected_version=1, moves=moves, state={}, interaction_id=5)
    listed = [(1, "timeout", "pass"), (1, "kicked", "resign"), (0, "left", "resign")]
    assert await store.acted_for(t.id) == listed


async def test_a_commit_asked_for_the_log_returns_it_as_it_left_it_and_a_refused_one_nothing(
    store: Store, active_table: ActiveTable
) -> None:
    """A move beginning a turn whose post opens with a digest reads the log with its commit:
    the log after it, exactly what a read afterwards gives; a refused commit gives none."""
    t = await active_table()
    await store.commit_moves(
        t.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={}, interaction_id=1
    )
    log: list[MoveRow] = []
    row = await store.commit_moves(
        t.id, expected_version=2, moves=[NewMove(1, "b", ALICE)], state={"ply": 2}, interaction_id=2, log=log
    )
    assert row.version == 3 and log == await store.moves(t.id) and [m.notation for m in log] == ["a", "b"]
    refused: list[MoveRow] = []
    with pytest.raises(StaleVersion):
        await store.commit_moves(
            t.id, expected_version=2, moves=[NewMove(0, "c", HOST)], state={}, interaction_id=3, log=refused
        )
    assert refused == [] and len(await store.moves(t.id)) == 2
