"""The store's connection: opening the file, and running operations on it.

Kept apart from ``store.py`` so the rules every operation relies on live in one place, and so
the store's parts (tables in :mod:`db.store`, standings in :mod:`db.store_standings`, clocks and
players in :mod:`db.store_players`, ...) share them as one base class.

Every operation is written once, as ``async def op(tx, ...)`` against :class:`db.tx.Tx` (one
transaction), in the modules of ``db/``; the ``Store`` methods only pass it to :meth:`_writing`
or :meth:`_reading` with the time read from the store's clock. On SQLite
(:mod:`db.sqlite_backend`) an operation is one hand-off to aiosqlite's thread: writes use
``BEGIN IMMEDIATE`` so a second process (a maintenance script) makes them wait for
``busy_timeout`` instead of failing half way; reads are one snapshot. The thread runs one
operation at a time, so operations never interleave and no lock is held on the event loop.
Given a ``postgresql://`` URL instead of a path, the store runs the same operations on
PostgreSQL (:mod:`db.pg_backend`, which explains its isolation and retries).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
import urllib.parse
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, ParamSpec, Self, TypeVar

import aiosqlite
import asyncpg

from db import migrations, pg_migrations, preflight, standings
from db.errors import StorageFault
from db.pg_backend import POOL_SIZE, PgBackend, is_url
from db.rows import TABLE_COLUMN_NAMES
from db.sqlite_backend import Operation, SqliteBackend
from db.tx import Outcome, Row, Tx

__all__ = ["BUSY_TIMEOUT_MS", "TABLE_COLUMN_NAMES", "Access", "StoreBase"]

T = TypeVar("T")
P = ParamSpec("P")

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process holding the write lock."""


async def _after_upgrade(tx: Tx, old_version: int) -> None:
    """Inside the upgrade's transaction: results stored before ratings existed are counted once."""
    if 0 < old_version < migrations.RATED_SINCE:
        await standings.rebuild(tx)


def _configure(conn: sqlite3.Connection) -> None:
    """The connection's pragmas, then a write probe; in the database thread, one hand-off."""
    # WAL lets readers of other processes (backups, admin scripts) work during a write.
    conn.execute("PRAGMA journal_mode = WAL").close()
    conn.execute("PRAGMA foreign_keys = ON").close()
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}").close()
    # NORMAL is durable across application crashes in WAL mode; only a power cut can lose the
    # last commits, never corrupt the file.
    conn.execute("PRAGMA synchronous = NORMAL").close()
    _probe_writable(conn)


def _probe_writable(conn: sqlite3.Connection) -> None:
    """Fail now if the file cannot be written, changing nothing.

    SQLite opens a file it may not write read-only without a word, and ``BEGIN IMMEDIATE``
    still succeeds; only a write says "attempt to write a readonly database". Rewriting the
    schema version with its own value, then rolling back, is such a write that never reaches
    the file.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    conn.execute("BEGIN IMMEDIATE").close()
    try:
        conn.execute(f"PRAGMA user_version = {version}").close()
    finally:
        conn.rollback()


async def _statement(tx: Tx, sql: str, params: Sequence[Any]) -> Outcome:
    return await tx.execute(sql, params)


async def _rows(tx: Tx, sql: str, params: Sequence[Any]) -> list[Row]:
    return await tx.fetchall(sql, params)


class Access:
    """What :meth:`StoreBase._read` and :meth:`StoreBase._write` yield: the way to the database.

    :meth:`run` runs an operation as one transaction. :meth:`execute` and
    :meth:`execute_fetchall` run one statement as a transaction of its own (tests and tools
    that reach past the store's operations)."""

    def __init__(self, backend: SqliteBackend | PgBackend, *, write: bool) -> None:
        self._backend = backend
        self._writes = write

    async def run(self, op: Operation[P, T], *args: Any, **kwargs: Any) -> T:
        return await self._backend.run(op, *args, write=self._writes, **kwargs)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Outcome:
        return await self.run(_statement, sql, tuple(params))

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.run(_rows, sql, tuple(params))


class StoreBase:
    """The connection, shared by every part of :class:`db.store.Store`.

    ``clock`` returns unix seconds and stamps every row, so tests can travel in time.
    ``pool_size`` bounds the connections to PostgreSQL (unused on SQLite).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        clock: Callable[[], float] = time.time,
        pool_size: int = POOL_SIZE,
    ) -> None:
        self._path = os.fspath(path)
        self._pool_size = pool_size
        self._clock = clock
        self._conn: aiosqlite.Connection | None = None
        self._backend: SqliteBackend | PgBackend | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def now(self) -> float:
        """The store's clock: what stamps rows and decides what is due."""
        return self._clock()

    @property
    def path(self) -> str:
        """The database file (or PostgreSQL URL) this store was opened on."""
        return self._path

    @property
    def handoffs(self) -> int:
        """Operations (and set-up calls) handed to the database thread since it opened."""
        return 0 if self._backend is None else self._backend.handoffs

    async def open(self) -> None:
        """Check the file, connect, set the pragmas and bring the schema up to date. Idempotent.

        Raises ``StorageFault`` (before writing anything) when the file cannot be used: see
        :mod:`db.preflight`. A read-only database is refused here, not at the first move.
        """
        if self._conn is not None or self._backend is not None:
            return
        if is_url(self._path):
            self._backend = await self._connect_postgres()
            return
        try:
            if preflight.is_file_path(self._path):
                await asyncio.to_thread(preflight.check, self._path)
                Path(self._path).parent.mkdir(parents=True, exist_ok=True)
            conn, backend = await self._connect()
        except StorageFault as exc:
            if exc.path == self._path:
                raise
            raise type(exc)(self._path, exc.problem) from exc  # migrate names the absolute path
        except (OSError, sqlite3.Error) as exc:
            fault = preflight.fault_of(self._path, exc)
            if fault is None:
                raise
            raise fault from exc
        self._conn, self._backend = conn, backend

    async def _connect(self) -> tuple[aiosqlite.Connection, SqliteBackend]:
        # isolation_level=None: autocommit, so transactions are exactly the BEGINs we issue.
        conn = await aiosqlite.connect(self._path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            conn.row_factory = sqlite3.Row
            backend = SqliteBackend(conn)
            await backend.call(_configure)
            await backend.run(migrations.migrate, write=True, then=_after_upgrade)
        except BaseException:
            await conn.close()
            raise
        return conn, backend

    async def _connect_postgres(self) -> PgBackend:
        """A pool on the PostgreSQL database the store's target names, its schema brought up to date."""
        backend = await PgBackend.connect(self._path, pool_size=self._pool_size)
        try:
            await backend.run(pg_migrations.migrate, write=True, where=backend.where, then=_after_upgrade)
        except (
            asyncpg.InsufficientPrivilegeError
        ) as exc:  # nothing was created: the migration is one transaction
            await backend.close()
            raise StorageFault(backend.where, _no_rights(self._path, exc)) from exc
        except BaseException:
            await backend.close()
            raise
        return backend

    async def close(self) -> None:
        """Close the connection after the operations already handed to it. Idempotent."""
        if isinstance(self._backend, PgBackend):
            backend, self._backend = self._backend, None
            await backend.close()
        if self._conn is not None:
            conn, self._conn, self._backend = self._conn, None, None
            await conn.close()

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def _db(self) -> aiosqlite.Connection:
        """The aiosqlite connection itself (tests and tools: pragmas, a trace callback)."""
        if self._conn is None:
            raise RuntimeError("Store is not open; call `await store.open()` first")
        return self._conn

    def _ops(self) -> SqliteBackend | PgBackend:
        if self._backend is None:
            raise RuntimeError("Store is not open; call `await store.open()` first")
        return self._backend

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Access]:
        yield Access(self._ops(), write=False)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Access]:
        """Writes go through here (a test replaces it to make every write fail as a full disk would)."""
        yield Access(self._ops(), write=True)

    async def _reading(self, op: Operation[P, T], *args: Any, **kwargs: Any) -> T:
        """``op`` as one read transaction: one hand-off."""
        async with self._read() as db:
            return await db.run(op, *args, **kwargs)

    async def _writing(self, op: Operation[P, T], *args: Any, **kwargs: Any) -> T:
        """``op`` as one write transaction: one hand-off; nothing of it is kept if it raises."""
        async with self._write() as db:
            return await db.run(op, *args, **kwargs)


def _no_rights(url: str, exc: asyncpg.InsufficientPrivilegeError) -> str:
    """What to do when PostgreSQL's user may not create (or use) the bot's tables, in one line."""
    user = urllib.parse.urlsplit(url).username or "the bot's user"
    schema = "public"
    said = " ".join(str(exc).split())
    if " for schema " in said:
        schema = said.rsplit(" for schema ", 1)[1].strip('"')
    return (
        f"user {user} may not create or use the bot's tables ({said}): grant it the rights "
        f"(GRANT CREATE, USAGE ON SCHEMA {schema} TO {user}; and on the tables if another user made them) "
        f"or use a user that owns the schema (ALTER SCHEMA {schema} OWNER TO {user})."
    )
