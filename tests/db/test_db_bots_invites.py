"""Bot players and reserved seats in a lobby, at the store: the roster rules and what a bot's
seat means for clocks and standings."""

from __future__ import annotations

import pytest

from db import (
    LobbyChanged,
    NewMove,
    NewResult,
    NotABot,
    NotInvited,
    SeatsReserved,
    Store,
    TableFull,
)
from db.boards import BoardKey
from tests.db.db_support import ALICE, BOB, CAROL, HOST, FakeClock, NewTable


async def test_bots_take_the_next_seats_and_keep_their_numbers(store: Store, new_table: NewTable) -> None:
    row = await new_table(max_seats=4)
    row = await store.add_bot(row.id, "easy")
    row = await store.add_bot(row.id, "normal")
    assert [(s.seat, s.user_id, s.name, s.bot_level) for s in row.seats] == [
        (0, HOST, "Host", None),
        (1, None, "1", "easy"),
        (2, None, "2", "normal"),
    ]
    assert row.bots == {1: "easy", 2: "normal"} and [s.user_id for s in row.people] == [HOST]
    row = await store.remove_bot(row.id, 1)
    assert [(s.seat, s.name, s.bot_level) for s in row.seats] == [(0, "Host", None), (1, "2", "normal")]
    row = await store.join(row.id, ALICE, "Alice")
    row = await store.add_bot(row.id, "hard")  # the free number 1 again, not a third name
    assert [(s.seat, s.name) for s in row.seats] == [(0, "Host"), (1, "2"), (2, "Alice"), (3, "1")]
    with pytest.raises(TableFull):
        await store.add_bot(row.id, "easy")
    with pytest.raises(NotABot):
        await store.remove_bot(row.id, 2)  # Alice's seat
    assert await store.table(row.id) == row


async def test_invited_seats_are_held_for_the_invitees(store: Store, new_table: NewTable) -> None:
    row = await new_table(max_seats=4, invited=[(ALICE, "Alice"), (BOB, "Bob")])
    assert [(i.user_id, i.name) for i in row.invites] == [(ALICE, "Alice"), (BOB, "Bob")]
    assert (row.free_seats, row.open_seats) == (3, 1)
    row = await store.join(row.id, CAROL, "Carol")  # the one open seat
    with pytest.raises(SeatsReserved):
        await store.join(row.id, 2000, "Dan")
    with pytest.raises(SeatsReserved):
        await store.add_bot(row.id, "easy")
    row = await store.join(row.id, BOB, "Bob")  # an invitee takes their reserved seat
    assert [i.user_id for i in row.invites] == [ALICE] and row.open_seats == 0
    row = await store.uninvite(row.id, ALICE)  # withdrawn: the seat is anyone's now
    assert row.invites == () and row.open_seats == 1
    with pytest.raises(NotInvited):
        await store.uninvite(row.id, ALICE)
    row = await store.add_bot(row.id, "easy")
    assert len(row.seats) == row.max_seats


async def test_an_invitee_who_joined_and_left_holds_no_seat_any_more(
    store: Store, new_table: NewTable
) -> None:
    row = await new_table(max_seats=2, invited=[(ALICE, "Alice")])
    await store.join(row.id, ALICE, "Alice")
    row = await store.leave(row.id, ALICE)
    assert row.invites == () and row.open_seats == 1
    assert (await store.join(row.id, BOB, "Bob")).seat_of(BOB) == 1


@pytest.mark.parametrize(
    "invited", [[(ALICE, "A"), (ALICE, "A")], [(HOST, "H")], [(ALICE, "A"), (BOB, "B"), (CAROL, "C")]]
)
async def test_bad_invitee_lists_are_refused(store: Store, new_table: NewTable, invited: list) -> None:
    with pytest.raises(ValueError):
        await new_table(max_seats=3, invited=invited)
    assert await store.open_table_in(500) is None


async def test_the_last_person_leaving_a_lobby_of_bots_cancels_it(store: Store, new_table: NewTable) -> None:
    row = await new_table(max_seats=4)
    await store.add_bot(row.id, "easy")
    await store.join(row.id, ALICE, "Alice")
    row = await store.leave(row.id, HOST)
    assert row.host_id == ALICE, "the host passes to a person, never to a bot player"
    assert [(s.seat, s.user_id) for s in row.seats] == [(0, None), (1, ALICE)]
    row = await store.leave(row.id, ALICE)
    assert row.status == "cancelled"
    assert await store.open_table_in(row.channel_id) is None


async def test_start_reorders_bots_logs_their_first_moves_and_never_clocks_them(
    store: Store, new_table: NewTable, clock: FakeClock
) -> None:
    row = await new_table(max_seats=3, remind_after=60.0, time_limit=600.0, invited=[(BOB, "Bob")])
    row = await store.add_bot(row.id, "hard")
    with pytest.raises(LobbyChanged):
        await store.start(row.id, {}, from_seats=[1, 0], expected_seats=row.seats[:1])
    bot_move = NewMove(seat=0, notation="b", user_id=None, source="bot")
    row = await store.start(
        row.id, {"t": 1}, from_seats=[1, 0], awaited=(0, 1), moves=[bot_move], expected_seats=row.seats
    )
    assert [(s.seat, s.user_id, s.bot_level) for s in row.seats] == [(0, None, "hard"), (1, HOST, None)]
    assert row.invites == ()
    assert [(m.ply, m.seat, m.user_id, m.source) for m in await store.moves(row.id)] == [(0, 0, None, "bot")]
    assert row.seats[0].deadline is None and row.seats[0].awaited_since is None
    assert row.seats[1].deadline == clock.now + 600.0
    row = await store.commit_moves(
        row.id,
        expected_version=1,
        moves=[NewMove(1, "x", HOST)],
        state={"t": 2},
        interaction_id=1,
        awaited=(0, 1),
    )
    assert row.seats[0].remind_at is None and all(
        d.seat == 1 for d in await store.due_clocks(clock.now + 10**6)
    )


async def test_a_table_with_a_bot_player_is_stored_but_unrated_and_off_the_solo_boards(
    store: Store, new_table: NewTable
) -> None:
    row = await new_table(max_seats=3)
    await store.join(row.id, ALICE, "Alice")
    await store.add_bot(row.id, "easy")
    row = await store.start(row.id, {})
    results = [
        NewResult(0, HOST, 1, 30, "simple"),
        NewResult(1, ALICE, 2, 20, "simple"),
        NewResult(2, None, 3, 10, "simple", bot_level="easy"),
    ]
    await store.commit_moves(
        row.id, expected_version=1, moves=[NewMove(0, "x", HOST)], state={}, interaction_id=2, results=results
    )
    stored = await store.results(row.id)
    assert [(r.user_id, r.place, r.bot_level) for r in stored] == [
        (HOST, 1, None),
        (ALICE, 2, None),
        (None, 3, "easy"),
    ]
    assert (await store.board(BoardKey("runarch"))).total == 0
    assert (await store.board(BoardKey("runarch", "simple", level="easy"))).total == 0
    assert (await store.board(BoardKey("runarch", "simple", level=""))).total == 0
    summary = await store.player_summary(HOST)
    assert summary is not None and summary.games == 1 and summary.ratings == {}
    (game,) = await store.recent_games(HOST)
    assert [(s.name, s.bot_level) for s in game.standings] == [("Host", None), ("Alice", None), ("1", "easy")]
    assert await store.rebuild_standings() == 1
    assert (await store.board(BoardKey("runarch"))).total == 0, "a rebuild leaves it unrated too"
