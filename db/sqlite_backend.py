"""SQLite under the store's operations: one hand-off to the database thread per operation.

The connection and its thread belong to aiosqlite (the project's SQLite dependency: it makes
the connection, ``aiosqlite.connect``, and tests and tools reach the same connection through it).
aiosqlite has no public call that runs a function of ours in its thread; ``Connection._execute``
is the one every public method of it goes through (the same from 0.17 to 0.22), and
:meth:`SqliteBackend.run` uses it once per operation: the function it sends opens the
transaction, drives the operation's coroutine to its end against a :class:`SqliteTx` (whose
calls complete synchronously on the plain ``sqlite3`` connection), and commits, or rolls back
if anything raised. ``tests/db/test_db_handoffs.py`` fails if that call goes away.

No lock is needed around an operation: aiosqlite's thread takes its queue in order, one item at
a time, so two operations never interleave, and the connection is busy only for the SQLite work
itself, not while the event loop comes back to the caller. (The store used to hold an
``asyncio.Lock`` across some 24 hand-offs per move, each waiting for the event loop.)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

import aiosqlite

from db.tx import Outcome, Row, Tx, drive

T = TypeVar("T")
P = ParamSpec("P")

Operation = Callable[Concatenate[Tx, P], Coroutine[Any, Any, T]]
"""A store operation: the statements of one transaction against a :class:`db.tx.Tx`."""


class SqliteTx:
    """A :class:`db.tx.Tx` on a ``sqlite3`` connection inside its thread; nothing here suspends.

    Every cursor is closed before the call returns: an open one keeps its statement "in
    progress" and SQLite then refuses to COMMIT."""

    __slots__ = ("_conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Outcome:
        cur = self._conn.execute(sql, params)
        try:
            return Outcome(cur.rowcount, cur.lastrowid)
        finally:
            cur.close()

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._conn.executemany(sql, rows).close()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cur = self._conn.execute(sql, params)
        try:
            return cur.fetchall()  # type: ignore[no-any-return]
        finally:
            cur.close()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        cur = self._conn.execute(sql, params)
        try:
            return cur.fetchone()  # type: ignore[no-any-return]
        finally:
            cur.close()


def transaction(conn: sqlite3.Connection, op: Operation[P, T], write: bool, *args: Any, **kwargs: Any) -> T:
    """In the database thread: ``op`` as one transaction, committed, or rolled back if it raises.

    A write takes the write lock at once (``BEGIN IMMEDIATE``), so another process (a tool)
    makes it wait for ``busy_timeout`` instead of failing half way; a read is one snapshot."""
    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN").close()
    try:
        result = drive(op(SqliteTx(conn), *args, **kwargs))
        conn.commit()
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    return result


class SqliteBackend:
    """Runs operations in the thread of one aiosqlite connection and counts the hand-offs."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.handoffs = 0
        """Calls handed to the database thread so far (the benchmark reads it)."""

    async def run(self, op: Operation[P, T], *args: Any, write: bool, **kwargs: Any) -> T:
        """``op(tx, *args, **kwargs)`` as one transaction, in one hand-off."""
        aio = self.conn
        self.handoffs += 1
        return await aio._execute(lambda: transaction(aio._conn, op, write, *args, **kwargs))  # type: ignore[no-any-return]

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` in the database thread, outside any transaction the store opens
        (pragmas at open, the write probe)."""
        aio = self.conn
        self.handoffs += 1
        return await aio._execute(lambda: fn(aio._conn))  # type: ignore[no-any-return]
