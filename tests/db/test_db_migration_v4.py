"""Schema 4: bot players' seats, reserved seats, and one open table per game in a DM.

The upgrade rebuilds the seats table (SQLite cannot drop NOT NULL in place), so a file from
schema 3 must come out with every row, clock, index and constraint it had.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import ChannelBusy, SeatRow, Store, migrations
from tests.db.db_support import ALICE, BOB, HOST, integrity_error

SEAT_INDEXES = {"seats_user", "seats_remind_at", "seats_deadline", "seats_user_awaited"}


def _indexes(path: Path, table: str) -> dict[str, str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            (table,),
        )
        return {name: sql for name, sql in rows}


SEAT_COLUMNS = (
    "table_id, seat, user_id, name, joined_at, awaited_since, clock_start, remind_at, deadline, timeouts"
)


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


async def _v3_file(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A schema-3 file with rows as schema-3 code wrote them: a lobby, a running game whose
    second seat has a running clock, a finished rated game and a solo game in a DM."""
    with monkeypatch.context() as m:
        m.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:3])
        async with Store(str(db_path)):
            pass
    with sqlite3.connect(db_path) as conn:
        conn.executemany(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, parent_id, host_id, status, options, "
            "locale, seed, max_seats, state, version, created_at, updated_at, remind_after, time_limit) "
            "VALUES (?, 'runarch', ?, ?, 5, ?, ?, '{}', 'en', ?, ?, ?, ?, 0, 0, ?, ?)",
            [
                (1, 1, 10, HOST, "lobby", 1, 2, None, 0, 100.0, 1000.0),
                (2, 1, 11, ALICE, "active", 2, 2, '{"t":1}', 2, 100.0, 1000.0),
                (3, 1, 12, HOST, "finished", 3, 2, '{"t":9}', 2, None, None),
                (4, None, 99, BOB, "active", 4, 1, '{"t":0}', 1, None, None),
            ],
        )
        conn.executemany(
            f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (1, 0, HOST, "Host", 1.0, None, None, None, None, 0),
                (2, 0, BOB, "Bob", 2.0, None, None, None, None, 1),
                (2, 1, ALICE, "Alice", 3.0, 50.0, 50.0, 150.0, 1050.0, 0),
                (3, 0, HOST, "Host", 4.0, None, None, None, None, 0),
                (3, 1, ALICE, "Alice", 5.0, None, None, None, None, 0),
                (4, 0, BOB, "Bob", 6.0, None, None, None, None, 0),
            ],
        )
        conn.executemany(
            "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at, source) "
            "VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
            [
                (2, 0, 0, BOB, "a", 7, "player"),
                (3, 0, 0, HOST, "x", 8, "player"),
                (3, 1, 1, None, "t", None, "timeout"),
            ],
        )
        conn.executemany(
            "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at, "
            "variant) VALUES (3, ?, ?, 'runarch', 1, ?, ?, 10, 'simple')",
            [(0, HOST, 1, 50), (1, ALICE, 2, 20)],
        )


async def test_a_version_3_file_upgrades_with_every_row_clock_and_index(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _v3_file(db_path, monkeypatch)
    seats_before = _rows(db_path, f"SELECT {SEAT_COLUMNS} FROM seats ORDER BY table_id, seat")
    others = ("game_tables", "moves", "ratings", "players")
    before = {t: _rows(db_path, f"SELECT * FROM {t} ORDER BY 1, 2") for t in others}
    results_before = _rows(
        db_path,
        "SELECT table_id, seat, user_id, game, guild_id, place, score, finished_at, variant, level "
        "FROM results ORDER BY 1, 2",
    )
    old_seat_indexes = _indexes(db_path, "seats")
    assert SEAT_INDEXES <= set(old_seat_indexes)

    async with Store(str(db_path)) as store:
        running = await store.table(2)
        due = await store.due_clocks(2000.0)
        assert await store.open_table_in(10) == await store.table(1)
    assert running is not None
    assert running.seats == (
        SeatRow(0, BOB, "Bob", 2.0, None, None, None, 1),
        SeatRow(1, ALICE, "Alice", 3.0, 50.0, 150.0, 1050.0, 0),
    )
    assert {(d.table_id, d.seat, d.kind) for d in due} == {(2, 1, "remind"), (2, 1, "deadline")}
    assert _rows(db_path, f"SELECT {SEAT_COLUMNS} FROM seats ORDER BY table_id, seat") == seats_before
    assert _rows(db_path, "SELECT COUNT(*) FROM seats WHERE bot_level IS NOT NULL") == [(0,)]
    after = {t: _rows(db_path, f"SELECT * FROM {t} ORDER BY 1, 2") for t in others}
    # Later schemas add columns to game_tables (the digest, the stand-in): the old ones keep their values.
    widths = {t: len(rows[0]) if rows else 0 for t, rows in before.items()}
    assert {t: [row[: widths[t]] for row in rows] for t, rows in after.items()} == before
    # Schema 4 adds bot_level (NULL for every old row); later schemas' columns are their tests' concern.
    v3_columns = "table_id, seat, user_id, game, guild_id, place, score, finished_at, variant, level"
    assert _rows(db_path, f"SELECT {v3_columns}, bot_level FROM results ORDER BY 1, 2") == [
        (*r, None) for r in results_before
    ]
    new_indexes = _indexes(db_path, "seats")
    assert {name: new_indexes[name] for name in SEAT_INDEXES} == {
        n: old_seat_indexes[n] for n in SEAT_INDEXES
    }
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        columns = {r[1]: r for r in conn.execute("PRAGMA table_info(seats)")}
        assert columns["user_id"][3] == 0, "user_id may be NULL now (a bot player)"
        assert columns["name"][3] == 1 and columns["joined_at"][3] == 1
        with pytest.raises(sqlite3.IntegrityError):  # the primary key and uniqueness came along
            conn.execute(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (2, 1, 77, 'X', 0, NULL, NULL, NULL, NULL, 0)"
            )
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (2, 2, {BOB}, 'X', 0, NULL, NULL, NULL, NULL, 0)"
            )
    # The cascade from game_tables still holds for the rebuilt table.
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("DELETE FROM game_tables WHERE id = 1")
        assert conn.execute("SELECT COUNT(*) FROM seats WHERE table_id = 1").fetchone() == (0,)


async def test_a_bot_seat_can_never_carry_a_clock(store: Store, db_path: Path) -> None:
    row = await store.create_table(
        game="g", guild_id=1, channel_id=1, parent_id=None, host_id=HOST, host_name="Host",
        options={}, locale="en", seed=1, max_seats=3,
    )  # fmt: skip
    row = await store.add_bot(row.id, "easy")
    assert row.seats[1] == SeatRow(1, None, "1", row.seats[1].joined_at, bot_level="easy")
    with sqlite3.connect(db_path) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE seats SET deadline = 5 WHERE user_id IS NULL")
    with sqlite3.connect(db_path) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, 2, NULL, 'x', 0)",
            (row.id,),
        )


async def test_a_dm_holds_one_open_table_per_game_and_a_thread_one_table(store: Store, backend: str) -> None:
    def new(game: str, channel: int, guild: int | None) -> dict[str, object]:
        return dict(
            game=game, guild_id=guild, channel_id=channel, parent_id=None, host_id=HOST, host_name="Host",
            options={}, locale="en", seed=1, max_seats=1,
        )  # fmt: skip

    runarch = await store.create_table(**new("runarch", 70, None))  # type: ignore[arg-type]
    other = await store.create_table(**new("marsbot", 70, None))  # type: ignore[arg-type]
    with pytest.raises(ChannelBusy):
        await store.create_table(**new("runarch", 70, None))  # type: ignore[arg-type]
    assert await store.open_table_in(70, "runarch") == runarch
    assert await store.open_table_in(70, "marsbot") == other
    assert [t.id for t in await store.open_tables_in(70)] == [other.id, runarch.id]
    await store.create_table(**new("runarch", 80, 1))  # type: ignore[arg-type]
    with pytest.raises(ChannelBusy):
        await store.create_table(**new("marsbot", 80, 1))  # type: ignore[arg-type]
    # The database itself refuses it too, whoever writes.
    async with store._write() as db:
        with pytest.raises(integrity_error(backend)):
            await db.execute(
                "INSERT INTO game_tables (game, guild_id, channel_id, host_id, status, options, locale, "
                "seed, max_seats, created_at, updated_at) "
                "VALUES ('runarch', NULL, 70, 1, 'active', '{}', 'en', 1, 1, 0, 0)"
            )
