"""The store's connection: opening the file, the lock, transactions and loading a table row.

Kept apart from ``store.py`` so the rules every operation relies on live in one place, and so
the store's parts (tables and moves in :mod:`db.store`, standings in :mod:`db.store_standings`,
clocks and players in :mod:`db.store_players`) can share them as one base class.

One aiosqlite connection is shared by the whole bot. Every operation holds ``_lock``:
writes because interleaved transactions on one connection would mix, and reads because a
read issued between two statements of another task's transaction would see its uncommitted
rows. Write transactions use ``BEGIN IMMEDIATE`` so a second process (a maintenance script)
waits for ``busy_timeout`` instead of failing half way through.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Self

import aiosqlite

from db import migrations, preflight, standings
from db.errors import StorageFault, TableNotFound
from db.models import InviteRow, SeatRow, TableRow
from db.sql import run

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process holding the write lock."""

TABLE_COLUMN_NAMES = (
    "id", "game", "guild_id", "channel_id", "parent_id", "host_id", "status", "options", "locale", "seed",
    "max_seats", "state", "version", "board_message_id", "lobby_message_id", "created_at", "updated_at",
    "remind_after", "time_limit", "on_timeout", "end_reason", "digest", "standin_level",
)  # fmt: skip
"""Every column of ``game_tables``; :meth:`StoreBase._with_seats` reads a row of them."""
_TABLE_COLUMNS = ", ".join(TABLE_COLUMN_NAMES)


async def _after_upgrade(conn: aiosqlite.Connection, old_version: int) -> None:
    """Inside the upgrade's transaction: results stored before ratings existed are counted once."""
    if 0 < old_version < migrations.RATED_SINCE:
        await standings.rebuild(conn)


class StoreBase:
    """The connection and its lock, shared by every part of :class:`db.store.Store`.

    ``clock`` returns unix seconds and stamps every row, so tests can travel in time.
    """

    def __init__(self, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time) -> None:
        self._path = os.fspath(path)
        self._clock = clock
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------------------

    def now(self) -> float:
        """The store's clock: what stamps rows and decides what is due."""
        return self._clock()

    @property
    def path(self) -> str:
        """The database file this store was opened on."""
        return self._path

    async def open(self) -> None:
        """Check the file, connect, set the pragmas and bring the schema up to date. Idempotent.

        Raises ``StorageFault`` (before writing anything) when the file cannot be used: see
        :mod:`db.preflight`. A read-only database is refused here, not at the first move.
        """
        if self._conn is not None:
            return
        try:
            if preflight.is_file_path(self._path):
                await asyncio.to_thread(preflight.check, self._path)
                Path(self._path).parent.mkdir(parents=True, exist_ok=True)
            conn = await self._connect()
        except StorageFault as exc:
            if exc.path == self._path:
                raise
            raise type(exc)(self._path, exc.problem) from exc  # migrate names the absolute path
        except (OSError, sqlite3.Error) as exc:
            fault = preflight.fault_of(self._path, exc)
            if fault is None:
                raise
            raise fault from exc
        self._conn = conn

    async def _connect(self) -> aiosqlite.Connection:
        # isolation_level=None: autocommit, so transactions are exactly the BEGINs we issue.
        conn = await aiosqlite.connect(self._path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            conn.row_factory = sqlite3.Row
            # WAL lets readers of other processes (backups, admin scripts) work during a write.
            await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            await run(conn, "PRAGMA foreign_keys = ON")
            await run(conn, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            # NORMAL is durable across application crashes in WAL mode; only a power cut can
            # lose the last commits, never corrupt the file.
            await run(conn, "PRAGMA synchronous = NORMAL")
            await self._probe_writable(conn)
            await migrations.migrate(conn, then=_after_upgrade)
        except BaseException:
            await conn.close()
            raise
        return conn

    @staticmethod
    async def _probe_writable(conn: aiosqlite.Connection) -> None:
        """Fail now if the file cannot be written, changing nothing.

        SQLite opens a file it may not write read-only without a word, and ``BEGIN IMMEDIATE``
        still succeeds; only a write says "attempt to write a readonly database". Rewriting the
        schema version with its own value, then rolling back, is such a write that never
        reaches the file.
        """
        version = await migrations.schema_version(conn)
        await run(conn, "BEGIN IMMEDIATE")
        try:
            await run(conn, f"PRAGMA user_version = {int(version)}")
        finally:
            await conn.rollback()

    async def close(self) -> None:
        """Wait for the running operation, then close the connection. Idempotent."""
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def _db(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("Store is not open; call `await store.open()` first")
        return self._conn

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            yield self._db()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: everything inside commits together or not at all."""
        async with self._lock:
            conn = self._db()
            try:
                # BEGIN inside the try: if the task is cancelled while BEGIN is queued, the
                # rollback (a no-op without a transaction) still runs after it, in order.
                await run(conn, "BEGIN IMMEDIATE")
                yield conn
            except BaseException:
                await conn.rollback()
                raise
            await conn.commit()

    # -- loading ---------------------------------------------------------------------------

    @staticmethod
    async def _load(conn: aiosqlite.Connection, table_id: int) -> TableRow | None:
        rows = await conn.execute_fetchall(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,)
        )
        rows = list(rows)
        if not rows:
            return None
        return await StoreBase._with_seats(conn, rows[0])

    @staticmethod
    async def _require(conn: aiosqlite.Connection, table_id: int) -> TableRow:
        row = await StoreBase._load(conn, table_id)
        if row is None:
            raise TableNotFound(table_id)
        return row

    @staticmethod
    async def _with_seats(conn: aiosqlite.Connection, r: sqlite3.Row) -> TableRow:
        seat_rows = await conn.execute_fetchall(
            "SELECT seat, user_id, name, joined_at, awaited_since, remind_at, deadline, timeouts, bot_level, "
            "standin_turns FROM seats WHERE table_id = ? ORDER BY seat",
            (r["id"],),
        )
        seats = tuple(
            SeatRow(
                s["seat"],
                s["user_id"],
                s["name"],
                s["joined_at"],
                s["awaited_since"],
                s["remind_at"],
                s["deadline"],
                s["timeouts"],
                s["bot_level"],
                s["standin_turns"],
            )
            for s in seat_rows
        )
        invites: tuple[InviteRow, ...] = ()
        if r["status"] == "lobby":
            invites = tuple(
                InviteRow(i["user_id"], i["name"], i["invited_at"])
                for i in await conn.execute_fetchall(
                    "SELECT user_id, name, invited_at FROM invites WHERE table_id = ? "
                    "ORDER BY invited_at, rowid",
                    (r["id"],),
                )
            )
        return TableRow(
            id=r["id"],
            game=r["game"],
            guild_id=r["guild_id"],
            channel_id=r["channel_id"],
            parent_id=r["parent_id"],
            host_id=r["host_id"],
            status=r["status"],
            options=json.loads(r["options"]),
            locale=r["locale"],
            seed=r["seed"],
            max_seats=r["max_seats"],
            state=None if r["state"] is None else json.loads(r["state"]),
            version=r["version"],
            board_message_id=r["board_message_id"],
            lobby_message_id=r["lobby_message_id"],
            created_at=r["created_at"],
            updated_at=r["updated_at"],
            seats=seats,
            remind_after=r["remind_after"],
            time_limit=r["time_limit"],
            on_timeout=r["on_timeout"],
            end_reason=r["end_reason"],
            invites=invites,
            digest=bool(r["digest"]),
            standin_level=r["standin_level"],
        )
