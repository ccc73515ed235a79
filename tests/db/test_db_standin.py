"""The digest flag and the stand-in bot in the store: the migration, the counted turns, the release."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import Store, migrations
from db.models import NewMove
from tests.db.db_support import ALICE, HOST, ActiveTable, FakeClock, NewTable


async def test_a_version_5_file_keeps_its_tables_with_the_digest_on_and_no_stand_in(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:5])
    async with Store(str(db_path)):
        pass  # a version-5 file, its rows written the way version-5 code wrote them
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, "
            "seed, max_seats, state, version, created_at, updated_at, time_limit, on_timeout) VALUES "
            "(7, 'moonriser', 1, 2, ?, 'lobby', '{}', 'cs', 4, 3, NULL, 0, 0, 0, 3600.0, 'remove')",
            (HOST,),
        )
        conn.execute(
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (7, 0, ?, 'H', 0)", (HOST,)
        )
    monkeypatch.undo()
    async with Store(str(db_path)) as store:
        row = await store.table(7)
    assert row is not None and row.on_timeout == "remove" and row.time_limit == 3600.0
    assert row.digest and row.standin_level is None and row.standins == {}
    assert [s.standin_turns for s in row.seats] == [0]
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (len(migrations.MIGRATIONS),)


async def test_the_digest_flag_and_the_stand_in_level_are_kept(store: Store, new_table: NewTable) -> None:
    lobby = await new_table(standin_level="hard", on_timeout="auto")
    assert lobby.standin_level == "hard" and lobby.digest
    off = await store.set_digest(lobby.id, False)
    assert not off.digest
    changed = await store.set_clock_settings(
        lobby.id, remind_after=None, time_limit=7200.0, on_timeout="remove", standin_level="easy"
    )
    assert changed.standin_level == "easy" and changed.on_timeout == "remove" and not changed.digest


async def test_stand_in_turns_are_counted_until_the_player_acts_or_is_released(
    store: Store, active_table: ActiveTable, clock: FakeClock
) -> None:
    table = await active_table()
    seat = table.seat_of(ALICE)
    assert seat is not None
    other = 1 - seat

    async def commit(*moves: NewMove) -> None:
        nonlocal table
        table = await store.commit_moves(
            table.id,
            expected_version=table.version,
            moves=list(moves),
            state={"v": table.version},
            interaction_id=None,
            awaited=[other],
        )

    # Two turns of the bot for Alice in one batch (another seat's move between them), then one more.
    await commit(
        NewMove(seat, "a", None, "standin"),
        NewMove(seat, "b", None, "standin"),
        NewMove(other, "c", HOST, "player"),
        NewMove(seat, "d", None, "standin"),
    )
    row = table.seat_row(seat)
    assert row is not None and row.standin_turns == 2
    assert table.standins == {}  # no stand-in level at this table: nothing is held
    await commit(NewMove(seat, "e", None, "standin"))
    assert (row := table.seat_row(seat)) is not None and row.standin_turns == 3
    assert await store.release_standin(table.id, seat) == 3
    assert await store.release_standin(table.id, seat) == 0  # a second release finds nothing
    await commit(NewMove(seat, "f", None, "standin"))
    await commit(NewMove(seat, "g", ALICE, "player"))  # her own move gives the seat back too
    again = await store.table(table.id)
    assert again is not None and (row := again.seat_row(seat)) is not None and row.standin_turns == 0
