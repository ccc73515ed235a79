"""Creating tables, seats in the lobby, starting and cancelling."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import (
    AlreadySeated,
    ChannelBusy,
    NotInLobby,
    NotSeated,
    SeatRow,
    Store,
    StoreError,
    TableClosed,
    TableFull,
    TableNotFound,
)
from tests.db.db_support import ALICE, BOB, CAROL, HOST, ActiveTable, FakeClock, NewTable


async def test_create_table_stores_everything(store: Store, new_table: NewTable, clock: FakeClock) -> None:
    row = await new_table()
    assert row.status == "lobby" and row.is_open
    assert (row.game, row.guild_id, row.channel_id, row.parent_id) == ("runarch", 42, 500, 400)
    assert (row.host_id, row.locale, row.seed, row.max_seats) == (HOST, "en", 12345, 3)
    assert row.options == {"rules": "simple"}
    assert row.state is None and row.version == 0
    assert row.board_message_id is None and row.lobby_message_id is None
    assert row.created_at == row.updated_at == clock.now
    assert row.seats == (SeatRow(0, HOST, "Host", clock.now),)
    assert await store.table(row.id) == row
    assert await store.open_table_in(500) == row


async def test_dm_table_has_no_guild(store: Store, new_table: NewTable) -> None:
    row = await new_table(guild_id=None, parent_id=None, channel_id=77, max_seats=1)
    assert row.guild_id is None and row.parent_id is None
    assert await store.table(row.id) == row


async def test_unknown_table(store: Store) -> None:
    assert await store.table(999) is None
    assert await store.open_table_in(999) is None
    with pytest.raises(TableNotFound):
        await store.join(999, ALICE, "Alice")
    with pytest.raises(TableNotFound):
        await store.set_locale(999, "cs")


async def test_one_open_table_per_channel(store: Store, new_table: NewTable) -> None:
    first = await new_table(channel_id=500)
    with pytest.raises(ChannelBusy):
        await new_table(channel_id=500, host_id=ALICE)
    other = await new_table(channel_id=501)  # another thread is fine
    assert other.id != first.id

    # Still busy while active, free again once cancelled.
    await store.join(first.id, ALICE, "Alice")
    await store.start(first.id, {"x": 1})
    with pytest.raises(ChannelBusy):
        await new_table(channel_id=500)
    cancelled = await store.cancel(first.id)
    assert cancelled.status == "cancelled" and not cancelled.is_open
    assert await store.open_table_in(500) is None
    second = await new_table(channel_id=500)
    assert (await store.open_table_in(500)) == second
    assert (await store.table(first.id)) == cancelled  # the old one is kept, not replaced


async def test_join_takes_next_seat_and_stamps_time(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await new_table()
    clock.advance(60)
    row = await store.join(row.id, ALICE, "Alice")
    assert row.seats[1] == SeatRow(1, ALICE, "Alice", clock.now)
    assert row.updated_at == clock.now and row.created_at == clock.now - 60
    assert row.seat_of(ALICE) == 1 and row.user_at(1) == ALICE
    assert row.seat_of(BOB) is None and row.user_at(2) is None


async def test_join_errors(store: Store, new_table: NewTable) -> None:
    row = await new_table(max_seats=2)
    with pytest.raises(AlreadySeated):
        await store.join(row.id, HOST, "Host again")
    await store.join(row.id, ALICE, "Alice")
    with pytest.raises(TableFull):
        await store.join(row.id, BOB, "Bob")
    with pytest.raises(AlreadySeated):  # more useful than "full" for someone already in
        await store.join(row.id, ALICE, "Alice")
    await store.start(row.id, {})
    with pytest.raises(NotInLobby):
        await store.join(row.id, BOB, "Bob")
    assert [s.user_id for s in (await store.table(row.id)).seats] == [HOST, ALICE]  # type: ignore[union-attr]


async def test_leave_renumbers_in_join_order(store: Store, new_table: NewTable) -> None:
    row = await new_table(max_seats=4)
    for uid, name in [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")]:
        row = await store.join(row.id, uid, name)
    row = await store.leave(row.id, ALICE)
    assert [(s.seat, s.user_id) for s in row.seats] == [(0, HOST), (1, BOB), (2, CAROL)]
    # A newcomer takes the next free seat after the renumbering.
    row = await store.join(row.id, ALICE, "Alice")
    assert [(s.seat, s.user_id) for s in row.seats] == [(0, HOST), (1, BOB), (2, CAROL), (3, ALICE)]
    assert await store.table(row.id) == row


async def test_host_leaving_passes_host_and_last_one_out_cancels(store: Store, new_table: NewTable) -> None:
    row = await new_table()
    await store.join(row.id, ALICE, "Alice")
    row = await store.leave(row.id, HOST)
    assert row.host_id == ALICE and row.seats[0].user_id == ALICE and row.status == "lobby"
    row = await store.leave(row.id, ALICE)
    assert row.seats == () and row.status == "cancelled"
    assert await store.open_table_in(row.channel_id) is None


async def test_leave_errors(store: Store, new_table: NewTable) -> None:
    row = await new_table()
    with pytest.raises(NotSeated):
        await store.leave(row.id, BOB)
    await store.join(row.id, ALICE, "Alice")
    await store.start(row.id, {})
    with pytest.raises(NotInLobby):
        await store.leave(row.id, ALICE)


async def test_start_activates_with_state_and_version_1(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await new_table()
    await store.join(row.id, ALICE, "Alice")
    clock.advance(5)
    state = {"board": [[0, 1], [2, None]], "name": "Základna", "turn": 0}
    row = await store.start(row.id, state)
    assert row.status == "active" and row.version == 1 and row.state == state
    assert row.updated_at == clock.now
    with pytest.raises(NotInLobby):
        await store.start(row.id, state)


async def test_start_with_seat_order(store: Store, new_table: NewTable, clock: FakeClock) -> None:
    row = await new_table()
    clock.advance(1)
    await store.join(row.id, ALICE, "Alice")
    clock.advance(1)
    await store.join(row.id, BOB, "Bob")
    before = {s.user_id: s for s in (await store.table(row.id)).seats}  # type: ignore[union-attr]
    row = await store.start(row.id, {}, seat_order=[BOB, HOST, ALICE])
    assert [(s.seat, s.user_id, s.name) for s in row.seats] == [
        (0, BOB, "Bob"),
        (1, HOST, "Host"),
        (2, ALICE, "Alice"),
    ]
    assert all(s.joined_at == before[s.user_id].joined_at for s in row.seats)
    assert row.host_id == HOST  # the host stays host wherever they sit


@pytest.mark.parametrize("order", [[HOST], [HOST, ALICE, ALICE], [HOST, BOB], [HOST, ALICE, BOB]])
async def test_start_rejects_bad_seat_order(store: Store, new_table: NewTable, order: list[int]) -> None:
    row = await new_table()
    await store.join(row.id, ALICE, "Alice")
    with pytest.raises(ValueError):
        await store.start(row.id, {}, seat_order=order)
    assert (await store.table(row.id)).status == "lobby"  # type: ignore[union-attr]


async def test_cancel(store: Store, new_table: NewTable, active_table: ActiveTable) -> None:
    lobby = await new_table(channel_id=1)
    assert (await store.cancel(lobby.id)).status == "cancelled"
    with pytest.raises(TableClosed):
        await store.cancel(lobby.id)
    active = await active_table(channel_id=2)
    assert (await store.cancel(active.id)).status == "cancelled"


async def test_a_lobby_only_cancel_leaves_a_started_game(store: Store, active_table: ActiveTable) -> None:
    """The lobby's Cancel button read a lobby; if the game started meanwhile it must go on."""
    active = await active_table(channel_id=3)
    with pytest.raises(NotInLobby):
        await store.cancel(active.id, lobby_only=True)
    row = await store.table(active.id)
    assert row is not None and row.status == "active"


async def test_open_tables_of_newest_first(store: Store, new_table: NewTable, clock: FakeClock) -> None:
    t1 = await new_table(channel_id=1)
    clock.advance(1)
    t2 = await new_table(channel_id=2, host_id=ALICE, host_name="Alice")
    await store.join(t2.id, HOST, "Host")
    clock.advance(1)
    t3 = await new_table(channel_id=3)
    clock.advance(1)
    await new_table(channel_id=4, host_id=BOB, host_name="Bob")  # HOST not seated
    await store.cancel(t3.id)
    assert [t.id for t in await store.open_tables_of(HOST)] == [t2.id, t1.id]
    assert [t.id for t in await store.open_tables_of(ALICE)] == [t2.id]
    assert await store.open_tables_of(CAROL) == []


async def test_settings(store: Store, new_table: NewTable, clock: FakeClock) -> None:
    row = await new_table()
    clock.advance(100)
    await store.set_locale(row.id, "cs")
    await store.set_board_message(row.id, 9001)
    await store.set_lobby_message(row.id, 9002)
    got = await store.table(row.id)
    assert got is not None
    assert (got.locale, got.board_message_id, got.lobby_message_id) == ("cs", 9001, 9002)
    assert got.updated_at == row.updated_at  # not game activity
    await store.set_board_message(row.id, None)
    assert (await store.table(row.id)).board_message_id is None  # type: ignore[union-attr]


async def test_everything_survives_a_restart(db_path: Path, clock: FakeClock) -> None:
    from db import NewMove, NewResult

    async with Store(str(db_path), clock=clock) as store:
        lobby = await store.create_table(
            game="moonriser", guild_id=1, channel_id=10, parent_id=5, host_id=HOST, host_name="Host",
            options={"variant": "x"}, locale="cs", seed=7, max_seats=4,
        )  # fmt: skip
        await store.join(lobby.id, ALICE, "Alice")
        await store.set_lobby_message(lobby.id, 123)
        game = await store.create_table(
            game="runarch", guild_id=None, channel_id=11, parent_id=None, host_id=BOB, host_name="Bob",
            options={}, locale="en", seed=8, max_seats=2,
        )  # fmt: skip
        await store.join(game.id, CAROL, "Carol")
        await store.start(game.id, {"t": 0})
        await store.commit_moves(
            game.id, expected_version=1, moves=[NewMove(0, "a1", BOB)], state={"t": 1}, interaction_id=55
        )
        await store.commit_moves(
            game.id, expected_version=2, moves=[NewMove(1, "b2", CAROL)], state={"t": 2}, interaction_id=56,
            results=[NewResult(0, BOB, 1, 10), NewResult(1, CAROL, 2, 3)],
        )  # fmt: skip
        before = (
            await store.table(lobby.id),
            await store.table(game.id),
            await store.moves(game.id),
            await store.results(game.id),
        )

    async with Store(str(db_path), clock=clock) as reopened:
        after = (
            await reopened.table(lobby.id),
            await reopened.table(game.id),
            await reopened.moves(game.id),
            await reopened.results(game.id),
        )
        assert after == before
        assert await reopened.open_table_in(10) == before[0]
        assert await reopened.open_tables_of(ALICE) == [before[0]]
        with pytest.raises(StoreError):  # the interaction ids are still remembered
            await reopened.commit_moves(
                game.id, expected_version=3, moves=[NewMove(0, "c3", BOB)], state={}, interaction_id=55
            )


async def test_store_must_be_opened(db_path: Path) -> None:
    store = Store(str(db_path))
    with pytest.raises(RuntimeError):
        await store.table(1)
    await store.open()
    await store.open()  # idempotent
    await store.close()
    await store.close()
