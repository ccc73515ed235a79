"""``python -m db.check <path or URL>``: the full integrity check of a database, which start-up skips.

Start-up checks a big file only where damage is likely and costly (:mod:`db.integrity`); this
reads every page and compares every index with its table (``PRAGMA integrity_check``), without
writing anything, and may run while the bot does (it reads through SQLite's write-ahead log).
Exit 0 when the file is sound, 1 when it is damaged (SQLite's findings are printed), 2 when it
cannot be checked at all (not a database, missing, unreadable).

A PostgreSQL URL (``DATABASE_URL``) is checked by reading every row of the bot's tables, read
only (PostgreSQL verifies its pages' checksums as it reads them, where the cluster has them; its
own deeper check is the ``amcheck`` extension): 0 ok, 1 a table could not be read (damaged), 2 no
connection or not the bot's database. No line ever holds the URL's password: the URL is printed
redacted and the password is blotted out of whatever the server or the driver said.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import time

import asyncpg

from db import integrity, migrations, preflight
from db.pg_backend import is_url, redacted
from db.redact import without_password

CONNECT_SECONDS = 10


def check(path: str) -> tuple[int, list[str]]:
    """The exit status and the lines to print for ``path`` (a SQLite file or a PostgreSQL URL)."""
    if is_url(path):
        try:
            status, lines = asyncio.run(check_postgres(path))
        except Exception as exc:  # whatever the driver raised: still one line, still no password
            status, lines = 2, [f"{redacted(path)}: cannot be checked: {_said(exc)}"]
        return status, [without_password(line, path) for line in lines]
    if not os.path.isfile(path):
        return 2, [f"{path}: no such database file"]
    size = os.path.getsize(path)
    start = time.perf_counter()
    try:
        conn = integrity.connect_read_only(path, journal=preflight.has_journal(path))
        try:
            verdict = integrity.full_verdict(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        fault = preflight.fault_of(path, exc)
        if fault is not None and fault.problem.startswith("is damaged"):
            return 1, [f"{path}: damaged (SQLite stopped at a broken page)", f"  {exc}"]
        return 2, [f"{path}: {fault.problem if fault is not None else f'cannot be checked: {exc}'}"]
    seconds = time.perf_counter() - start
    if verdict == ["ok"]:
        return 0, [f"{path}: ok (every page and index, {size / 1e6:.1f} MB in {seconds:.1f} s)"]
    return 1, [f"{path}: damaged ({len(verdict)} problems)", *(f"  {line}" for line in verdict)]


async def check_postgres(url: str) -> tuple[int, list[str]]:
    """Read every row of the bot's tables in one read-only transaction."""
    where = redacted(url)
    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        return 2, [f"{where}: cannot be checked: {_said(exc)}"]
    start = time.perf_counter()
    try:
        async with conn.transaction(readonly=True, isolation="repeatable_read"):
            has_version = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            if not has_version:
                return 2, [f"{where}: not the bot's database (it has no schema version of this bot)"]
            version = await conn.fetchval("SELECT version FROM schema_version")
            if version is None:
                return 2, [f"{where}: not the bot's database (its schema_version table is empty)"]
            if version > len(migrations.MIGRATIONS):
                return 2, [f"{where}: {migrations.too_new(version, len(migrations.MIGRATIONS))}"]
            tables = await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
            )
            rows, broken = 0, []
            for record in tables:
                name = record["tablename"]
                try:
                    async with conn.transaction():  # a savepoint: one damaged table, the others still read
                        rows += await conn.fetchval(
                            f'SELECT count(*) FROM (SELECT * FROM "{name}") AS every_row'
                        )
                except asyncpg.InternalServerError as exc:  # class XX: data or an index corrupted
                    broken.append(f"  {name}: {_said(exc)}")
            size = await conn.fetchval("SELECT pg_database_size(current_database())")
    except asyncpg.PostgresError as exc:
        return 2, [f"{where}: cannot be checked: {_said(exc)}"]
    finally:
        await conn.close()
    seconds = time.perf_counter() - start
    if broken:
        return 1, [f"{where}: damaged ({len(broken)} tables could not be read)", *broken]
    return 0, [
        f"{where}: ok (schema {version}, every row of {len(tables)} tables, {rows} rows, "
        f"{size / 1e6:.1f} MB in {seconds:.1f} s)"
    ]


def _said(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db.check", description=__doc__.splitlines()[0])
    parser.add_argument("path", help="the database file (DATABASE_PATH) or PostgreSQL URL (DATABASE_URL)")
    args = parser.parse_args(argv)
    status, lines = check(args.path)
    print("\n".join(lines))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
