"""take_back: the log's last moves go and the replayed state is written, at a new version, once."""

from __future__ import annotations

import asyncio

import pytest

from db import DuplicateInteraction, NewMove, StaleVersion, Store, TableNotFound, TableRow
from engine.core.game import replay
from engine.runarch import GAME
from tests.db.db_support import ALICE, HOST, ActiveTable, FakeClock, NewTable

H = 3600.0


async def _three_moves(store: Store, t: TableRow, ids: int = 10) -> TableRow:
    """Three plies: 0 and 1 by the host (one commit), 2 by Alice; states say how many moves there are."""
    row = await store.commit_moves(
        t.id,
        expected_version=1,
        moves=[NewMove(0, "a", HOST), NewMove(0, "b", HOST)],
        state={"n": 2},
        interaction_id=ids + 1,
    )
    return await store.commit_moves(
        t.id,
        expected_version=row.version,
        moves=[NewMove(1, "c", ALICE)],
        state={"n": 3},
        interaction_id=ids + 2,
    )


async def test_take_back_drops_the_last_moves_and_writes_the_state_at_a_higher_version(
    store: Store, active_table: ActiveTable, clock: FakeClock
) -> None:
    t = await active_table()
    row = await _three_moves(store, t)
    assert row.version == 3
    clock.advance(60)
    done = await store.take_back(t.id, expected_version=3, keep=1, state={"n": 1}, awaited=[0])
    assert done.version == 4, "never an old version number again"
    assert done.state == {"n": 1} and done.updated_at == clock.now and done.status == "active"
    assert [m.notation for m in await store.moves(t.id)] == ["a"]
    table, moves = await store.table_and_moves(t.id)
    assert table == done and [m.ply for m in moves] == [0]
    # The log goes on from where it was cut.
    after = await store.commit_moves(
        t.id, expected_version=4, moves=[NewMove(0, "d", HOST)], state={"n": 2}, interaction_id=13
    )
    assert after.version == 5 and [(m.ply, m.notation) for m in await store.moves(t.id)] == [
        (0, "a"),
        (1, "d"),
    ]


async def test_a_second_take_back_at_the_same_version_writes_nothing(
    store: Store, active_table: ActiveTable
) -> None:
    t = await active_table()
    await _three_moves(store, t)
    await store.take_back(t.id, expected_version=3, keep=2, state={"n": 2}, awaited=[0])
    before = await store.table_and_moves(t.id)
    with pytest.raises(StaleVersion) as exc:
        await store.take_back(t.id, expected_version=3, keep=2, state={"n": 2}, awaited=[0])
    assert exc.value.current_version == 4
    with pytest.raises(StaleVersion):
        await store.take_back(t.id, expected_version=3, keep=1, state={"n": 1}, awaited=[0])
    assert await store.table_and_moves(t.id) == before


async def test_a_move_and_an_undo_at_the_same_version_one_wins_cleanly(
    store: Store, active_table: ActiveTable, backend: str
) -> None:
    for undo_first in (True, False):
        t = await active_table(channel_id=700 + undo_first)
        await _three_moves(store, t, ids=100 * (1 + undo_first))
        undo = store.take_back(t.id, expected_version=3, keep=2, state={"n": 2}, awaited=[1])
        move = store.commit_moves(
            t.id,
            expected_version=3,
            moves=[NewMove(1, "x", ALICE)],
            state={"n": 4},
            interaction_id=20 + undo_first,
        )
        first, second = (undo, move) if undo_first else (move, undo)
        outcomes = await asyncio.gather(first, second, return_exceptions=True)
        # SQLite's one thread takes them in the order they were sent; on PostgreSQL they run at
        # once and either may win, but only one.
        undo_won = not isinstance(outcomes[0 if undo_first else 1], StaleVersion)
        if backend == "sqlite":
            assert undo_won == undo_first
        lost = [o for o in outcomes if isinstance(o, StaleVersion)]
        assert len(lost) == 1 and lost[0].current_version == 4, outcomes
        table, moves = await store.table_and_moves(t.id)
        assert table.version == 4
        if undo_won:
            assert [m.notation for m in moves] == ["a", "b"] and table.state == {"n": 2}
        else:
            assert [m.notation for m in moves] == ["a", "b", "c", "x"] and table.state == {"n": 4}


async def test_refusals_write_nothing(store: Store, active_table: ActiveTable, new_table: NewTable) -> None:
    t = await active_table()
    await _three_moves(store, t)
    before = await store.table_and_moves(t.id)
    with pytest.raises(StaleVersion):
        await store.take_back(t.id, expected_version=2, keep=2, state={}, awaited=[0])
    with pytest.raises(ValueError):
        await store.take_back(t.id, expected_version=3, keep=3, state={}, awaited=[0])
    with pytest.raises(ValueError):
        await store.take_back(t.id, expected_version=3, keep=-1, state={}, awaited=[0])
    with pytest.raises(TableNotFound):
        await store.take_back(999, expected_version=3, keep=0, state={}, awaited=[0])
    assert await store.table_and_moves(t.id) == before
    await store.cancel(t.id)
    with pytest.raises(StaleVersion):
        await store.take_back(t.id, expected_version=3, keep=2, state={}, awaited=[0])
    lobby = await new_table(channel_id=900)
    with pytest.raises(StaleVersion):
        await store.take_back(lobby.id, expected_version=0, keep=0, state={}, awaited=[0])


async def test_clocks_after_an_undo(store: Store, new_table: NewTable, clock: FakeClock) -> None:
    """A seat awaited before and after keeps its clock; a seat awaited again starts afresh."""
    row = await new_table(max_seats=2, remind_after=12 * H, time_limit=72 * H)
    await store.join(row.id, ALICE, "Alice")
    row = await store.start(row.id, {"n": 0}, awaited=[0])
    began = clock.now
    clock.advance(H)
    row = await store.commit_moves(
        row.id,
        expected_version=1,
        moves=[NewMove(0, "swap", HOST)],
        state={"n": 1},
        interaction_id=1,
        awaited=[0],
    )
    clock.advance(H)
    row = await store.take_back(row.id, expected_version=2, keep=0, state={"n": 0}, awaited=[0])
    assert row.seats[0].awaited_since == began and row.seats[0].deadline == began + 72 * H
    assert row.seats[1].awaited_since is None

    row = await store.commit_moves(
        row.id,
        expected_version=3,
        moves=[NewMove(0, "end", HOST)],
        state={"n": 1},
        interaction_id=2,
        awaited=[1],
    )
    assert row.seats[0].awaited_since is None and row.seats[1].awaited_since == clock.now
    clock.advance(H)
    row = await store.take_back(row.id, expected_version=4, keep=0, state={"n": 0}, awaited=[0])
    assert row.seats[0].awaited_since == clock.now and row.seats[0].deadline == clock.now + 72 * H
    assert row.seats[1].awaited_since is None and row.seats[1].deadline is None
    assert row.seats[0].timeouts == 0


async def test_the_stored_state_is_the_replay_of_the_log_that_remains(
    store: Store, new_table: NewTable
) -> None:
    row = await new_table(max_seats=2, options={}, seed=21)
    await store.join(row.id, ALICE, "Alice")
    state = GAME.new(2, {}, 21)
    row = await store.start(row.id, state, awaited=[0])
    log: list[tuple[int, str]] = []
    for notation in ("swap A1 B1", "end", "swap C3 D3", "end"):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, notation)
        log.append((seat, notation))
        row = await store.commit_moves(
            row.id,
            expected_version=row.version,
            moves=[NewMove(seat, notation, row.user_at(seat))],
            state=state,
            interaction_id=None,
            awaited=GAME.to_act(state),
        )
    keep = 3
    kept = replay(GAME, 2, {}, 21, log[:keep])
    row = await store.take_back(row.id, expected_version=row.version, keep=keep, state=kept, awaited=[1])
    moves = await store.moves(row.id)
    assert [(m.seat, m.notation) for m in moves] == log[:keep]
    assert replay(GAME, 2, {}, 21, [(m.seat, m.notation) for m in moves]) == row.state


async def test_an_undo_interaction_takes_effect_once(store: Store, active_table: ActiveTable) -> None:
    """Discord delivers one /undo twice: the second delivery takes nothing more back, even at
    the version the first one left (where it would otherwise take back another step)."""
    t = await active_table()
    await _three_moves(store, t)
    done = await store.take_back(
        t.id, expected_version=3, keep=2, state={"n": 2}, awaited=[0], interaction_id=77
    )
    before = await store.table_and_moves(t.id)
    with pytest.raises(DuplicateInteraction):
        await store.take_back(
            t.id, expected_version=done.version, keep=0, state={"n": 0}, awaited=[0], interaction_id=77
        )
    assert await store.table_and_moves(t.id) == before
    assert await store.interaction_seen(77)


async def test_a_move_taken_back_is_not_applied_again_when_its_interaction_comes_again(
    store: Store, active_table: ActiveTable
) -> None:
    t = await active_table()
    row = await _three_moves(store, t, ids=10)  # ply 2 came with interaction 12
    row = await store.take_back(t.id, expected_version=row.version, keep=2, state={"n": 2}, awaited=[1])
    assert not [m for m in await store.moves(t.id) if m.interaction_id == 12], "its move row is gone"
    before = await store.table_and_moves(t.id)
    with pytest.raises(DuplicateInteraction):
        await store.commit_moves(
            t.id,
            expected_version=row.version,
            moves=[NewMove(1, "c", ALICE)],
            state={"n": 3},
            interaction_id=12,
        )
    assert await store.table_and_moves(t.id) == before


async def test_an_undo_refused_as_stale_does_not_use_up_its_interaction(
    store: Store, active_table: ActiveTable
) -> None:
    t = await active_table()
    await _three_moves(store, t)
    with pytest.raises(StaleVersion):
        await store.take_back(t.id, expected_version=2, keep=2, state={"n": 2}, awaited=[0], interaction_id=5)
    assert not await store.interaction_seen(5)
    await store.take_back(t.id, expected_version=3, keep=2, state={"n": 2}, awaited=[0], interaction_id=5)
    assert await store.interaction_seen(5)
