"""The statement helpers must not leave statements in progress (COMMIT would then fail)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from db.sql import run, run_many


async def test_run_closes_its_cursor_so_commit_succeeds(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "x.sqlite3", isolation_level=None) as conn:
        await run(conn, "CREATE TABLE t (x INTEGER)")
        await run(conn, "BEGIN IMMEDIATE")
        await run_many(conn, "INSERT INTO t VALUES (?)", [(1,), (2,)])
        # A writing statement whose rows are left unread (like PRAGMA journal_mode, which
        # answers with the new mode) stays in progress while its cursor lives...
        await run(conn, "INSERT INTO t VALUES (3) RETURNING x")
        await conn.commit()  # ...and this would raise "SQL statements in progress".
        assert list(await conn.execute_fetchall("SELECT COUNT(*) FROM t")) == [(3,)]


async def test_run_reports_rowcount_and_lastrowid(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "x.sqlite3", isolation_level=None) as conn:
        await run(conn, "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
        first = await run(conn, "INSERT INTO t (x) VALUES (?)", (5,))
        assert first.lastrowid == 1 and first.rowcount == 1
        updated = await run(conn, "UPDATE t SET x = 6 WHERE x = ?", (5,))
        assert updated.rowcount == 1
        missing = await run(conn, "UPDATE t SET x = 7 WHERE id = ?", (99,))
        assert missing.rowcount == 0
