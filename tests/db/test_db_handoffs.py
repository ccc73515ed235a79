"""A store operation is one hand-off to the database thread, whatever it writes, and it runs whole.

Each hand-off is a trip from the event loop to aiosqlite's thread and back; a move used to take
some 24 of them, each waiting for a busy event loop while the store was locked. Counted here by
wrapping ``aiosqlite.Connection._execute``, through which every call into that thread goes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiosqlite
import pytest

from db import NewMove, NewResult, StaleVersion, Store, TableRow
from db.boards import BoardKey
from db.tx import Suspended, Tx
from tests.db.db_support import ALICE, HOST, ActiveTable

pytestmark = pytest.mark.sqlite_only  # aiosqlite's thread; PostgreSQL has no hand-offs to count


@pytest.fixture
def handoffs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A one-element list: the calls handed to the database thread since the fixture started."""
    count = [0]
    real = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return count


async def once(handoffs: list[int], call: Any) -> Any:
    """Await ``call``, which must take exactly one hand-off, whether it returns or raises."""
    before = handoffs[0]
    try:
        return await call
    finally:
        assert handoffs[0] - before == 1


async def test_a_move_its_board_message_and_the_table_load_are_one_hand_off_each(
    store: Store, active_table: ActiveTable, handoffs: list[int]
) -> None:
    table = await active_table(remind_after=60.0, time_limit=600.0)
    moved: TableRow = await once(
        handoffs,
        store.commit_moves(
            table.id,
            expected_version=1,
            moves=[NewMove(seat=0, notation="a", user_id=HOST), NewMove(seat=1, notation="b", user_id=ALICE)],
            state={"ply": 2},
            interaction_id=7,
            awaited=[0],
        ),
    )
    assert moved.version == 2 and moved.seat_row(0).awaited_since is not None  # type: ignore[union-attr]
    await once(handoffs, store.set_board_message(table.id, 99))
    loaded = await once(handoffs, store.table(table.id))
    assert loaded is not None and loaded.board_message_id == 99
    back = await once(
        handoffs,
        store.take_back(
            table.id, expected_version=2, keep=1, state={"ply": 1}, awaited=[1], interaction_id=8
        ),
    )
    assert back.version == 3
    finished = await once(
        handoffs,
        store.commit_moves(
            table.id,
            expected_version=3,
            moves=[NewMove(seat=1, notation="c", user_id=ALICE)],
            state={"ply": 2},
            interaction_id=9,
            results=[NewResult(seat=0, user_id=HOST, place=2, score=1), NewResult(1, ALICE, 1, 5)],
        ),
    )
    assert finished.status == "finished"
    page = await once(handoffs, store.board(BoardKey("runarch"), caller_id=ALICE))
    assert [e.user_id for e in page.entries] == [ALICE, HOST]


async def test_a_refused_move_is_one_hand_off_and_writes_nothing(
    store: Store, active_table: ActiveTable, handoffs: list[int]
) -> None:
    table = await active_table()
    with pytest.raises(StaleVersion):
        await once(
            handoffs,
            store.commit_moves(
                table.id, expected_version=5, moves=[NewMove(0, "a", HOST)], state={"x": 1}, interaction_id=3
            ),
        )
    assert await store.moves(table.id) == [] and not await store.interaction_seen(3)


async def _insert_then_wait(tx: Tx, table_id: int) -> None:
    await tx.execute("UPDATE game_tables SET locale = 'cs' WHERE id = ?", (table_id,))
    await asyncio.sleep(0)  # not the transaction's: it would suspend inside the database thread


async def test_an_operation_that_awaits_anything_but_its_transaction_is_refused_and_rolled_back(
    store: Store, active_table: ActiveTable
) -> None:
    table = await active_table()
    with pytest.raises(Suspended):
        await store._writing(_insert_then_wait, table.id)
    again = await store.table(table.id)
    assert again is not None and again.locale == "en"


async def test_64_moves_in_flight_on_distinct_tables_all_land_once(
    store: Store, active_table: ActiveTable
) -> None:
    tables = [await active_table(channel_id=1000 + i) for i in range(64)]

    async def play(table: TableRow, interaction: int) -> TableRow:
        return await store.commit_moves(
            table.id, expected_version=1, moves=[NewMove(0, "a", HOST)], state={"t": table.id},
            interaction_id=interaction, awaited=[1],
        )  # fmt: skip

    done = await asyncio.gather(*(play(t, 10_000 + i) for i, t in enumerate(tables)))
    assert [t.version for t in done] == [2] * 64
    for table in tables:
        assert [m.notation for m in await store.moves(table.id)] == ["a"]
        stored = await store.table(table.id)
        assert stored is not None and stored.state == {"t": table.id}
