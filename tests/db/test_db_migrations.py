"""Schema creation, versioning and upgrades of existing files."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from db import SchemaTooNew, Store, migrations, standings
from db.migrations import split_statements

CURRENT = 10
"""The schema version this code creates; bump it with every appended migration."""


def _sqlite(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


def _tables(path: Path) -> set[str]:
    with _sqlite(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _user_version(path: Path) -> int:
    with _sqlite(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


async def test_open_creates_directory_schema_and_version(db_path: Path) -> None:
    assert not db_path.parent.exists()
    store = Store(str(db_path))
    await store.open()
    await store.close()
    assert {"game_tables", "seats", "moves", "results"} <= _tables(db_path)
    assert _user_version(db_path) == len(migrations.MIGRATIONS) == CURRENT


async def test_wal_and_pragmas_are_on(store: Store, db_path: Path) -> None:
    conn = store._db()
    for pragma, expected in [("journal_mode", "wal"), ("foreign_keys", 1), ("synchronous", 1)]:
        async with conn.execute(f"PRAGMA {pragma}") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == expected, pragma
    async with conn.execute("PRAGMA busy_timeout") as cur:
        row = await cur.fetchone()
    assert row is not None and row[0] > 0
    # WAL is persistent: another connection sees it in the file itself.
    with _sqlite(db_path) as other:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_does_not_rerun_migrations(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(str(db_path))
    await store.open()
    await store.close()

    ran: list[str] = []
    real = migrations.split_statements

    def spy(script: str) -> Iterator[str]:
        ran.append(script)
        return real(script)

    monkeypatch.setattr(migrations, "split_statements", spy)
    store = Store(str(db_path))
    await store.open()  # would fail with "table game_tables already exists" if re-run
    await store.close()
    assert ran == []
    assert _user_version(db_path) == CURRENT


async def test_appended_migration_upgrades_an_old_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(str(db_path))
    await store.open()
    row = await store.create_table(
        game="moonriser", guild_id=1, channel_id=2, parent_id=None, host_id=3, host_name="H",
        options={}, locale="cs", seed=4, max_seats=4,
    )  # fmt: skip
    await store.close()
    assert _user_version(db_path) == CURRENT

    v2 = """
    -- a comment before the statement
    CREATE TABLE reminders (table_id INTEGER NOT NULL REFERENCES game_tables (id), due_at REAL NOT NULL);
    ALTER TABLE game_tables ADD COLUMN turn_deadline REAL;
    """
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, v2])
    store = Store(str(db_path))
    await store.open()
    try:
        again = await store.table(row.id)
        assert again == row  # old data survives the upgrade
    finally:
        await store.close()
    assert _user_version(db_path) == CURRENT + 1
    assert "reminders" in _tables(db_path)
    with _sqlite(db_path) as conn:
        cols = {r[1] for r in conn.execute("PRAGMA table_info(game_tables)")}
    assert "turn_deadline" in cols


async def test_failed_migration_leaves_previous_version(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(str(db_path))
    await store.open()
    await store.close()
    broken = "CREATE TABLE half_done (x INTEGER); CREATE TABLE game_tables (x INTEGER);"
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, broken])
    with pytest.raises(sqlite3.OperationalError):
        await Store(str(db_path)).open()
    assert _user_version(db_path) == CURRENT
    assert "half_done" not in _tables(db_path)


async def test_newer_schema_than_code_is_refused(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(str(db_path))
    await store.open()
    await store.close()
    with _sqlite(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {CURRENT + 1}")
    with pytest.raises(SchemaTooNew):
        await Store(str(db_path)).open()


def test_split_statements_handles_comments_strings_and_triggers() -> None:
    script = """
    -- leading comment
    CREATE TABLE a (x TEXT DEFAULT ';'); INSERT INTO a VALUES ('x;y');
    CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE a SET x = 'z'; END;
    -- trailing comment
    """
    stmts = list(split_statements(script))
    assert len(stmts) == 3
    assert stmts[1] == "INSERT INTO a VALUES ('x;y');"
    assert stmts[2].startswith("CREATE TRIGGER") and stmts[2].endswith("END;")


async def test_version_1_file_gets_clocks_defaults_and_move_sources(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file from before the clocks: tables for two get 12 h / 3 days, automa moves are marked."""
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:1])
    async with Store(str(db_path)):
        pass  # a version-1 file; its rows are written the way version-1 code wrote them
    with _sqlite(db_path) as conn:
        for table_id, seats in ((1, 2), (2, 1)):
            conn.execute(
                "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, "
                "seed, max_seats, state, version, created_at, updated_at) "
                "VALUES (?, 'runarch', NULL, ?, 3, 'active', '{}', 'en', 4, ?, '{}', 2, 0, 0)",
                (table_id, table_id, seats),
            )
        conn.executemany(
            "INSERT INTO moves (table_id, ply, seat, user_id, notation, created_at) "
            "VALUES (2, ?, ?, ?, ?, 0)",
            [(0, 0, 3, "end"), (1, 1, None, "automa")],
        )
    monkeypatch.undo()
    async with Store(str(db_path)) as store:
        upgraded = await store.table(1)
        solo_row = await store.table(2)
        moves = await store.moves(2)
    assert upgraded is not None and solo_row is not None
    assert (upgraded.remind_after, upgraded.time_limit, upgraded.on_timeout) == (12 * 3600, 3 * 86400, "auto")
    assert (solo_row.remind_after, solo_row.time_limit) == (None, None)
    assert [m.source for m in moves] == ["player", "automa"]


async def _v2_file_with_a_result(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A version-2 file holding one finished two-player game, written as version-2 code did."""
    with monkeypatch.context() as m:
        m.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:2])
        async with Store(str(db_path)):
            pass
    with _sqlite(db_path) as conn:
        conn.execute(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, "
            "seed, max_seats, state, version, created_at, updated_at) "
            "VALUES (1, 'runarch', 1, 100, 11, 'finished', '{}', 'en', 4, 2, '{}', 2, 0, 0)"
        )
        conn.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (1, ?, ?, ?, 0)",
            [(0, 11, "Ann"), (1, 12, "Ben")],
        )
        conn.executemany(
            "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at) "
            "VALUES (1, ?, ?, 'runarch', 1, ?, ?, 10)",
            [(0, 11, 1, 60), (1, 12, 2, 40)],
        )


async def test_upgrade_and_the_rating_of_old_results_commit_together(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Interrupted between the schema upgrade and the rebuild, the file stays at version 2.

    Committed apart (as before), the upgrade stayed and the old results were never rated:
    the next start saw version 3 and had no reason to rebuild.
    """
    await _v2_file_with_a_result(db_path, monkeypatch)
    before = _tables(db_path)

    async def killed(conn: object) -> int:
        raise KeyboardInterrupt  # as a kill would, between the upgrade and the rebuild

    with monkeypatch.context() as m:
        m.setattr(standings, "rebuild", killed)
        with pytest.raises(KeyboardInterrupt):
            await Store(str(db_path)).open()
    assert _user_version(db_path) == 2
    assert _tables(db_path) == before  # no half-done upgrade: no ratings table yet

    async with Store(str(db_path)):  # a clean start upgrades and rates the old game
        pass
    assert _user_version(db_path) == CURRENT
    with _sqlite(db_path) as conn:
        rated = conn.execute("SELECT user_id, games, wins FROM ratings WHERE variant = '' ORDER BY 1")
        assert rated.fetchall() == [(11, 1, 1), (12, 1, 0)]
