"""The SQLite store: tables, seats, the append-only move log and results.

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
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiosqlite

from db import boards, clocks, migrations, preflight, standings
from db.errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    NotInLobby,
    NotSeated,
    StaleVersion,
    StorageFault,
    TableClosed,
    TableFull,
    TableNotFound,
)
from db.models import DueClock, MoveRow, NewMove, NewResult, PlayerPrefs, ResultRow, SeatRow, TableRow
from db.sql import run, run_many

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process holding the write lock."""

_TABLE_COLUMN_NAMES = (
    "id", "game", "guild_id", "channel_id", "parent_id", "host_id", "status", "options", "locale", "seed",
    "max_seats", "state", "version", "board_message_id", "lobby_message_id", "created_at", "updated_at",
    "remind_after", "time_limit", "on_timeout", "end_reason",
)  # fmt: skip
_TABLE_COLUMNS = ", ".join(_TABLE_COLUMN_NAMES)
_T_TABLE_COLUMNS = ", ".join(f"t.{c}" for c in _TABLE_COLUMN_NAMES)  # for queries joining seats


def _dumps(value: Any) -> str:
    """Compact JSON; NaN is refused because it is not JSON and would not load elsewhere."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


async def _after_upgrade(conn: aiosqlite.Connection, old_version: int) -> None:
    """Inside the upgrade's transaction: results stored before ratings existed are counted once."""
    if 0 < old_version < migrations.RATED_SINCE:
        await standings.rebuild(conn)


class Store:
    """Async repository over one SQLite file; see the module docstring for the locking rules.

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
        return await Store._with_seats(conn, rows[0])

    @staticmethod
    async def _require(conn: aiosqlite.Connection, table_id: int) -> TableRow:
        row = await Store._load(conn, table_id)
        if row is None:
            raise TableNotFound(table_id)
        return row

    @staticmethod
    async def _with_seats(conn: aiosqlite.Connection, r: sqlite3.Row) -> TableRow:
        seat_rows = await conn.execute_fetchall(
            "SELECT seat, user_id, name, joined_at, awaited_since, remind_at, deadline, timeouts "
            "FROM seats WHERE table_id = ? ORDER BY seat",
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
            )
            for s in seat_rows
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
        )

    @staticmethod
    async def _open_id_in(conn: aiosqlite.Connection, channel_id: int) -> int | None:
        rows = list(
            await conn.execute_fetchall(
                "SELECT id FROM game_tables WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        )
        return rows[0]["id"] if rows else None

    # -- tables and seats ------------------------------------------------------------------

    async def create_table(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        parent_id: int | None,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        locale: str,
        seed: int,
        max_seats: int,
        remind_after: float | None = None,
        time_limit: float | None = None,
        on_timeout: str = "auto",
    ) -> TableRow:
        """Open a lobby in ``channel_id`` with the host in seat 0.

        ``remind_after`` and ``time_limit`` are seconds (``None``: no reminder, no limit).
        Raises ``ChannelBusy`` if the channel already has a lobby or active table.
        """
        now = self._clock()
        async with self._write() as conn:
            if await self._open_id_in(conn, channel_id) is not None:
                raise ChannelBusy(channel_id)
            done = await run(
                conn,
                "INSERT INTO game_tables (game, guild_id, channel_id, parent_id, host_id, status, options, "
                "locale, seed, max_seats, state, version, created_at, updated_at, remind_after, time_limit, "
                "on_timeout) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?, ?, ?, ?)",
                (
                    game,
                    guild_id,
                    channel_id,
                    parent_id,
                    host_id,
                    _dumps(options),
                    locale,
                    seed,
                    max_seats,
                    now,
                    now,
                    remind_after,
                    time_limit,
                    on_timeout,
                ),
            )
            table_id = done.lastrowid
            assert table_id is not None
            await run(
                conn,
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, 0, ?, ?, ?)",
                (table_id, host_id, host_name, now),
            )
            return await self._require(conn, table_id)

    async def table(self, table_id: int) -> TableRow | None:
        """The table with that id, whatever its status."""
        async with self._read() as conn:
            return await self._load(conn, table_id)

    async def open_table_in(self, channel_id: int) -> TableRow | None:
        """The lobby or active table of a channel (thread or DM), if any."""
        async with self._read() as conn:
            table_id = await self._open_id_in(conn, channel_id)
            return None if table_id is None else await self._load(conn, table_id)

    async def open_tables_of(self, user_id: int) -> list[TableRow]:
        """Lobby and active tables where the user sits, newest first (for "my games")."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_T_TABLE_COLUMNS} "
                "FROM game_tables t JOIN seats s ON s.table_id = t.id "
                "WHERE s.user_id = ? AND t.status IN ('lobby', 'active') "
                "ORDER BY t.created_at DESC, t.id DESC",
                (user_id,),
            )
            return [await self._with_seats(conn, r) for r in rows]

    async def join(self, table_id: int, user_id: int, name: str) -> TableRow:
        """Seat the user in the next free seat.

        Raises ``NotInLobby``, ``AlreadySeated`` or ``TableFull`` (checked in that order).
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if row.seat_of(user_id) is not None:
                raise AlreadySeated(table_id, user_id)
            if len(row.seats) >= row.max_seats:
                raise TableFull(table_id)
            await run(
                conn,
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                (table_id, len(row.seats), user_id, name, now),
            )
            await self._touch(conn, table_id, now)
            return await self._require(conn, table_id)

    async def leave(self, table_id: int, user_id: int) -> TableRow:
        """Free the user's seat; the others close the gap, keeping their join order.

        If the host leaves, the player now in seat 0 becomes host; if nobody is left, the
        table is cancelled so it stops holding the channel. Raises ``NotInLobby``, ``NotSeated``.
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if row.seat_of(user_id) is None:
                raise NotSeated(table_id, user_id)
            await run(conn, "DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))
            remaining = [s for s in row.seats if s.user_id != user_id]
            # In a lobby seat order is join order; moving seats down in ascending order never
            # lands on an occupied (table_id, seat).
            for new_seat, s in enumerate(remaining):
                if s.seat != new_seat:
                    await run(
                        conn,
                        "UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?",
                        (new_seat, table_id, s.seat),
                    )
            if not remaining:
                await run(
                    conn,
                    "UPDATE game_tables SET status = 'cancelled', updated_at = ? WHERE id = ?",
                    (now, table_id),
                )
            elif user_id == row.host_id:
                await run(
                    conn,
                    "UPDATE game_tables SET host_id = ?, updated_at = ? WHERE id = ?",
                    (remaining[0].user_id, now, table_id),
                )
            else:
                await self._touch(conn, table_id, now)
            return await self._require(conn, table_id)

    async def start(
        self,
        table_id: int,
        state: dict[str, Any],
        *,
        seat_order: list[int] | None = None,
        awaited: Collection[int] = (),
    ) -> TableRow:
        """Lobby -> active with the initial state at version 1.

        ``seat_order`` lists the seated user ids in their new seat order (e.g. a random first
        player); it must be a permutation of the seated users (``ValueError`` otherwise).
        The clocks of the ``awaited`` seats (in the new order) start now. Raises ``NotInLobby``.
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if seat_order is not None:
                by_user = {s.user_id: s for s in row.seats}
                if len(seat_order) != len(by_user) or set(seat_order) != set(by_user):
                    raise ValueError(f"seat_order {seat_order} is not a permutation of {sorted(by_user)}")
                # Delete and reinsert: renumbering in place would collide on the primary key.
                await run(conn, "DELETE FROM seats WHERE table_id = ?", (table_id,))
                await run_many(
                    conn,
                    "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                    [
                        (table_id, i, uid, by_user[uid].name, by_user[uid].joined_at)
                        for i, uid in enumerate(seat_order)
                    ],
                )
            await run(
                conn,
                "UPDATE game_tables SET status = 'active', state = ?, version = 1, updated_at = ? "
                "WHERE id = ?",
                (_dumps(state), now, table_id),
            )
            await clocks.update_awaited(conn, table_id, awaited, (), now)
            return await self._require(conn, table_id)

    async def discard_lobby(self, table_id: int) -> bool:
        """Forget a lobby whose post never appeared (Discord refused it), as if never opened.

        Only a lobby can go (nobody could have joined it without its post); its seats go with it,
        and its channel is free again. Returns whether a lobby was removed."""
        async with self._write() as conn:
            done = await run(conn, "DELETE FROM game_tables WHERE id = ? AND status = 'lobby'", (table_id,))
            return done.rowcount > 0

    async def cancel(self, table_id: int, *, reason: str | None = None, lobby_only: bool = False) -> TableRow:
        """Lobby or active -> cancelled, freeing the channel and stopping its clocks.

        ``reason`` ("abandoned") is kept for the ratings, which skip such tables.
        Raises ``TableClosed`` if the table is already over; with ``lobby_only`` (the lobby's
        Cancel button) ``NotInLobby`` if the game started since the caller read the table.
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if not row.is_open:
                raise TableClosed(table_id)
            if lobby_only and row.status != "lobby":
                raise NotInLobby(table_id)
            await run(
                conn,
                "UPDATE game_tables SET status = 'cancelled', end_reason = ?, updated_at = ? WHERE id = ?",
                (reason, now, table_id),
            )
            await clocks.clear(conn, table_id)
            return await self._require(conn, table_id)

    # -- moves and results -----------------------------------------------------------------

    async def commit_moves(
        self,
        table_id: int,
        *,
        expected_version: int,
        moves: Sequence[NewMove],
        state: dict[str, Any],
        interaction_id: int | None,
        results: Sequence[NewResult] | None = None,
        awaited: Collection[int] | None = None,
        end_reason: str | None = None,
    ) -> TableRow:
        """Append ``moves`` and write ``state`` in one transaction, if nobody got there first.

        ``awaited`` are the seats the game waits for afterwards (their clocks start or go on;
        the others stop); ``None`` leaves the clocks as they are. A finished table's clocks
        stop, and ``end_reason`` says why it ended other than by play ("timeout", "kicked").

        Raises ``DuplicateInteraction`` if ``interaction_id`` was already applied (checked
        first, so a retried interaction is recognised even though the version moved on), then
        ``StaleVersion`` if the table is not active or not at ``expected_version``. The
        interaction id is stored on the first move only. With ``results`` the table finishes.
        Nothing is written when anything raises.
        """
        if interaction_id is not None and not moves:
            raise ValueError("an interaction_id needs at least one move to be recorded on")
        now = self._clock()
        async with self._write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT status, version, game, guild_id FROM game_tables WHERE id = ?", (table_id,)
                )
            )
            if not rows:
                raise TableNotFound(table_id)
            current = rows[0]
            if interaction_id is not None:
                seen = await conn.execute_fetchall(
                    "SELECT 1 FROM moves WHERE interaction_id = ?", (interaction_id,)
                )
                if list(seen):
                    raise DuplicateInteraction(interaction_id)
            if current["status"] != "active" or current["version"] != expected_version:
                raise StaleVersion(current["version"])
            next_rows = list(
                await conn.execute_fetchall(
                    "SELECT COALESCE(MAX(ply) + 1, 0) AS next FROM moves WHERE table_id = ?", (table_id,)
                )
            )
            first_ply: int = next_rows[0]["next"]
            await run_many(
                conn,
                "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at, "
                "source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        table_id,
                        first_ply + i,
                        m.seat,
                        m.user_id,
                        m.notation,
                        interaction_id if i == 0 else None,
                        now,
                        m.source,
                    )
                    for i, m in enumerate(moves)
                ],
            )
            status = "active"
            if results is not None:
                status = "finished"
                await self._insert_results(conn, table_id, current["game"], current["guild_id"], results, now)
            await run(
                conn,
                "UPDATE game_tables SET state = ?, version = version + 1, status = ?, updated_at = ?, "
                "end_reason = COALESCE(?, end_reason) WHERE id = ?",
                (_dumps(state), status, now, end_reason, table_id),
            )
            if results is not None:
                await clocks.clear(conn, table_id)
            elif awaited is not None:
                await clocks.update_awaited(conn, table_id, awaited, moves, now)
            return await self._require(conn, table_id)

    @staticmethod
    async def _insert_results(
        conn: aiosqlite.Connection,
        table_id: int,
        game: str,
        guild_id: int | None,
        results: Iterable[NewResult],
        now: float,
    ) -> None:
        results = list(results)
        await run_many(
            conn,
            "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at, "
            "variant, level) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (table_id, r.seat, r.user_id, game, guild_id, r.place, r.score, now, r.variant, r.level)
                for r in results
            ],
        )
        await standings.record(
            conn, table_id=table_id, game=game, guild_id=guild_id, results=results, now=now
        )

    async def moves(self, table_id: int) -> list[MoveRow]:
        """The move log of a table in ply order (what replays to the stored state)."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT ply, seat, user_id, notation, interaction_id, created_at, source FROM moves "
                "WHERE table_id = ? ORDER BY ply",
                (table_id,),
            )
            return [
                MoveRow(
                    r["ply"],
                    r["seat"],
                    r["user_id"],
                    r["notation"],
                    r["interaction_id"],
                    r["created_at"],
                    r["source"],
                )
                for r in rows
            ]

    async def results(self, table_id: int) -> list[ResultRow]:
        """Final standings of a finished table, best place first."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {boards.RESULT_COLUMNS} FROM results WHERE table_id = ? ORDER BY place, seat",
                (table_id,),
            )
            return [boards.result_row(r) for r in rows]

    # -- standings: leaderboards, statistics, history ----------------------------------------

    async def board(
        self,
        key: boards.BoardKey,
        page: int = 0,
        *,
        caller_id: int | None = None,
        per_page: int = boards.PER_PAGE,
    ) -> boards.BoardPage:
        """One page of a leaderboard and the caller's place on it."""
        async with self._read() as conn:
            return await boards.board_page(conn, key, page, caller_id, per_page)

    async def player_summary(self, user_id: int) -> boards.PlayerSummary | None:
        """A player's games, wins, ratings and places; ``None`` if they never finished a game."""
        async with self._read() as conn:
            return await boards.player_summary(conn, user_id)

    async def rating_history(self, user_id: int, game: str, variant: str = "") -> list[float]:
        async with self._read() as conn:
            return await boards.rating_history(conn, user_id, game, variant)

    async def recent_games(self, user_id: int, limit: int = 10) -> list[boards.FinishedGame]:
        async with self._read() as conn:
            return await boards.recent_games(conn, user_id, limit)

    async def last_table_in(self, channel_id: int) -> TableRow | None:
        """The newest table of a channel, open or not (what ``/record`` is about)."""
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT id FROM game_tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
                )
            )
            return await self._load(conn, rows[0]["id"]) if rows else None

    async def set_global_board(self, user_id: int, listed: bool) -> None:
        """Show (the default) or hide a player on the global leaderboards."""
        now = self._clock()
        async with self._write() as conn:
            await standings.set_listed(conn, user_id, listed, now)

    async def global_board(self, user_id: int) -> bool:
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall("SELECT global_board FROM players WHERE user_id = ?", (user_id,))
            )
        return bool(rows[0]["global_board"]) if rows else True

    async def forget_member(self, guild_id: int, user_id: int) -> None:
        """A player left a server: they leave its boards (their games and ratings stay)."""
        async with self._write() as conn:
            await run(
                conn, "DELETE FROM guild_players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )

    async def rebuild_standings(self) -> int:
        """Recompute ratings and solo records from the results in finishing order; return tables counted."""
        async with self._write() as conn:
            return await standings.rebuild(conn)

    # -- clocks, reminders and vacations -------------------------------------------------

    async def set_clock_settings(
        self, table_id: int, *, remind_after: float | None, time_limit: float | None, on_timeout: str
    ) -> TableRow:
        """Change a lobby's reminder, time limit and outcome at the limit. Raises ``NotInLobby``."""
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            await run(
                conn,
                "UPDATE game_tables SET remind_after = ?, time_limit = ?, on_timeout = ?, updated_at = ? "
                "WHERE id = ?",
                (remind_after, time_limit, on_timeout, now, table_id),
            )
            return await self._require(conn, table_id)

    async def due_clocks(self, now: float | None = None, *, limit: int = 100) -> list[DueClock]:
        """Reminders and deadlines due at ``now`` (default: the store's clock), oldest first."""
        async with self._read() as conn:
            return await clocks.due(conn, self._clock() if now is None else now, limit)

    async def next_due(self) -> float | None:
        """The next instant a reminder or deadline is due, or ``None`` if no clock runs."""
        async with self._read() as conn:
            return await clocks.next_due(conn)

    async def claim_reminder(self, table_id: int, seat: int, remind_at: float) -> bool:
        """Mark a due reminder as sent, once: ``False`` if it was claimed or moved meanwhile."""
        async with self._write() as conn:
            done = await run(
                conn,
                "UPDATE seats SET remind_at = NULL WHERE table_id = ? AND seat = ? AND remind_at = ?",
                (table_id, seat, remind_at),
            )
            return done.rowcount == 1

    async def retry_reminder(self, table_id: int, seat: int, at: float) -> None:
        """Put a reminder whose post failed back on the schedule, if the seat is still awaited."""
        async with self._write() as conn:
            await run(
                conn,
                "UPDATE seats SET remind_at = ? WHERE table_id = ? AND seat = ? "
                "AND awaited_since IS NOT NULL AND remind_at IS NULL",
                (at, table_id, seat),
            )

    async def player(self, user_id: int) -> PlayerPrefs:
        """A user's preferences (the defaults for someone who never set any)."""
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT dm_reminders, locale, vacation_until FROM players WHERE user_id = ?", (user_id,)
                )
            )
        if not rows:
            return PlayerPrefs(user_id)
        r = rows[0]
        return PlayerPrefs(user_id, bool(r["dm_reminders"]), r["locale"], r["vacation_until"])

    async def set_dm_reminders(self, user_id: int, on: bool, *, locale: str | None = None) -> PlayerPrefs:
        """Whether reminders also go to the user's DMs (in ``locale``, their Discord language)."""
        now = self._clock()
        async with self._write() as conn:
            await run(
                conn,
                "INSERT INTO players (user_id, dm_reminders, locale, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders, "
                "locale = COALESCE(excluded.locale, players.locale), updated_at = excluded.updated_at",
                (user_id, int(on), locale, now),
            )
        return await self.player(user_id)

    async def set_vacation(self, user_id: int, until: float | None) -> list[int]:
        """Start, change or (``None``) end a vacation; return the active tables whose clocks moved.

        Every running clock of the user moves by the change of the vacation's remaining
        length, so the time a seat had already waited is kept, and a seat awaited during the
        vacation counts from its end.
        """
        now = self._clock()
        async with self._write() as conn:
            old = await clocks.vacation_until(conn, user_id)
            shift = max(until or now, now) - max(old or now, now)
            await run(
                conn,
                "INSERT INTO players (user_id, vacation_until, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET vacation_until = excluded.vacation_until, "
                "updated_at = excluded.updated_at",
                (user_id, until, now),
            )
            return await clocks.shift_user(conn, user_id, shift)

    # -- small settings --------------------------------------------------------------------
    # These do not bump updated_at: it marks game activity (lobby changes, moves), which turn
    # reminders and timeouts will key on; reposting a board is not activity.

    async def set_locale(self, table_id: int, locale: str) -> None:
        """Language of the table's public messages."""
        await self._set_column(table_id, "locale", locale)

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """The message showing the current board, edited or replaced after each move."""
        await self._set_column(table_id, "board_message_id", message_id)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        """The lobby message with the join/leave/start buttons."""
        await self._set_column(table_id, "lobby_message_id", message_id)

    async def _set_column(self, table_id: int, column: str, value: object) -> None:
        assert column in {"locale", "board_message_id", "lobby_message_id"}  # never user input
        async with self._write() as conn:
            done = await run(conn, f"UPDATE game_tables SET {column} = ? WHERE id = ?", (value, table_id))
            if done.rowcount == 0:
                raise TableNotFound(table_id)

    @staticmethod
    async def _touch(conn: aiosqlite.Connection, table_id: int, now: float) -> None:
        await run(conn, "UPDATE game_tables SET updated_at = ? WHERE id = ?", (now, table_id))
