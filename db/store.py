"""The SQLite store: tables, seats, the append-only move log and results.

``Store`` is the one object the bot talks to. Its parts live in their own modules and it
inherits them: the connection, lock and transactions in :mod:`db.store_base` (read its
docstring for the locking rules), leaderboards and statistics in :mod:`db.store_standings`,
clocks and player preferences in :mod:`db.store_players`, bot players and invitations of a
lobby in :mod:`db.store_lobby`, taking moves back in :mod:`db.store_undo`. This module keeps what changes a
table: lobbies and seats, moves and results, and the table's small settings.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from typing import Any

import aiosqlite

from db import boards, clocks, interactions, standings
from db.errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    LobbyChanged,
    NotInLobby,
    NotSeated,
    SeatsReserved,
    StaleVersion,
    TableClosed,
    TableFull,
    TableNotFound,
)
from db.models import MoveRow, NewMove, NewResult, ResultRow, SeatRow, TableRow
from db.sql import run, run_many
from db.store_base import TABLE_COLUMN_NAMES
from db.store_lobby import LobbyStore
from db.store_players import PlayersStore
from db.store_standings import StandingsStore
from db.store_undo import UndoStore, read_log

_T_TABLE_COLUMNS = ", ".join(f"t.{c}" for c in TABLE_COLUMN_NAMES)  # for queries joining seats


def _dumps(value: Any) -> str:
    """Compact JSON; NaN is refused because it is not JSON and would not load elsewhere."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class Store(LobbyStore, StandingsStore, PlayersStore, UndoStore):
    """Async repository over one SQLite file; see :mod:`db.store_base` for the locking rules.

    ``clock`` returns unix seconds and stamps every row, so tests can travel in time.
    """

    @staticmethod
    async def _open_ids_in(conn: aiosqlite.Connection, channel_id: int, game: str | None = None) -> list[int]:
        """Open tables of a channel, newest first: one in a thread, up to one per game in a DM."""
        rows = await conn.execute_fetchall(
            "SELECT id FROM game_tables WHERE channel_id = ? AND status IN ('lobby', 'active') "
            "AND (? IS NULL OR game = ?) ORDER BY id DESC",
            (channel_id, game, game),
        )
        return [r["id"] for r in rows]

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
        invited: Sequence[tuple[int, str]] = (),
        standin_level: str | None = None,
    ) -> TableRow:
        """Open a lobby in ``channel_id`` with the host in seat 0.

        ``remind_after`` and ``time_limit`` are seconds (``None``: no reminder, no limit).
        ``invited`` (user id, name) each reserve one of the other seats until they join.
        Raises ``ChannelBusy`` if the channel already has a lobby or active table (in a DM,
        one of the same game), ``ValueError`` for more invitees than free seats.
        """
        if len({uid for uid, _ in invited} | {host_id}) != len(invited) + 1 or len(invited) >= max_seats:
            raise ValueError(f"invitees {[uid for uid, _ in invited]} do not fit {max_seats} seats")
        now = self._clock()
        async with self._write() as conn:
            if await self._open_ids_in(conn, channel_id, game if guild_id is None else None):
                raise ChannelBusy(channel_id)
            done = await run(
                conn,
                "INSERT INTO game_tables (game, guild_id, channel_id, parent_id, host_id, status, options, "
                "locale, seed, max_seats, state, version, created_at, updated_at, remind_after, time_limit, "
                "on_timeout, standin_level) "
                "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?, ?, ?, ?, ?)",
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
                    standin_level,
                ),
            )
            table_id = done.lastrowid
            assert table_id is not None
            await run(
                conn,
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, 0, ?, ?, ?)",
                (table_id, host_id, host_name, now),
            )
            await run_many(
                conn,
                "INSERT INTO invites (table_id, user_id, name, invited_at) VALUES (?, ?, ?, ?)",
                [(table_id, uid, name, now) for uid, name in invited],
            )
            return await self._require(conn, table_id)

    async def table(self, table_id: int) -> TableRow | None:
        """The table with that id, whatever its status."""
        async with self._read() as conn:
            return await self._load(conn, table_id)

    async def open_table_in(self, channel_id: int, game: str | None = None) -> TableRow | None:
        """The lobby or active table of a channel (thread or DM) of ``game``, if any.

        Without ``game``: the newest (a DM may hold one per game; see :meth:`open_tables_in`)."""
        async with self._read() as conn:
            ids = await self._open_ids_in(conn, channel_id, game)
            return await self._load(conn, ids[0]) if ids else None

    async def open_tables_in(self, channel_id: int) -> list[TableRow]:
        """Every lobby or active table of a channel, newest first (several only in a DM)."""
        async with self._read() as conn:
            return [t for i in await self._open_ids_in(conn, channel_id) if (t := await self._load(conn, i))]

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
        """Seat the user in the next free seat (an invited user in the seat reserved for them).

        Raises ``NotInLobby``, ``AlreadySeated``, ``TableFull`` or ``SeatsReserved`` (the free
        seats are held for invited people), checked in that order.
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if row.seat_of(user_id) is not None:
                raise AlreadySeated(table_id, user_id)
            if row.free_seats <= 0:
                raise TableFull(table_id)
            if not row.is_invited(user_id) and row.open_seats <= 0:
                raise SeatsReserved(table_id)
            await run(
                conn,
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                (table_id, len(row.seats), user_id, name, now),
            )
            await run(conn, "DELETE FROM invites WHERE table_id = ? AND user_id = ?", (table_id, user_id))
            await self._touch(conn, table_id, now)
            return await self._require(conn, table_id)

    async def leave(self, table_id: int, user_id: int) -> TableRow:
        """Free the user's seat; the others (bot players too) close the gap, keeping their order.

        If the host leaves, the first person now seated becomes host; if no person is left
        (bot players alone do not play), the table is cancelled so it stops holding the channel.
        Raises ``NotInLobby``, ``NotSeated``.
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            seat = row.seat_of(user_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if seat is None:
                raise NotSeated(table_id, user_id)
            await self._free_seat(conn, row, seat, now)
            return await self._require(conn, table_id)

    async def start(
        self,
        table_id: int,
        state: dict[str, Any],
        *,
        seat_order: list[int] | None = None,
        from_seats: Sequence[int] | None = None,
        awaited: Collection[int] = (),
        moves: Sequence[NewMove] = (),
        expected_seats: Sequence[SeatRow] | None = None,
    ) -> TableRow:
        """Lobby -> active with the initial state at version 1.

        The new seat order (e.g. a random first player) is given either as ``seat_order``, the
        seated user ids in their new order, or as ``from_seats``, the lobby seat each new seat
        comes from (bot players have no user id); either must be a permutation (``ValueError``
        otherwise). ``moves`` are what bot players did at once (the first decision was
        theirs): logged from ply 0, ``state`` being the state after them. The clocks of the
        ``awaited`` seats (in the new order) start now. Invitations that were not taken lapse.
        Raises ``NotInLobby``, and ``LobbyChanged`` if the seats are no longer ``expected_seats``
        (someone joined or left since the caller read the lobby and set the game up).
        """
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if expected_seats is not None and tuple(row.seats) != tuple(expected_seats):
                raise LobbyChanged(table_id)
            if seat_order is not None:
                by_user = {s.user_id: s.seat for s in row.seats}
                if len(seat_order) != len(by_user) or set(seat_order) != set(by_user):
                    raise ValueError(f"seat_order {seat_order} is not a permutation of {sorted(by_user)}")
                from_seats = [by_user[uid] for uid in seat_order]
            if from_seats is not None:
                await self._reorder_seats(conn, row, from_seats)
            await run(conn, "DELETE FROM invites WHERE table_id = ?", (table_id,))
            await run_many(
                conn,
                "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at, "
                "source) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)",
                [(table_id, i, m.seat, m.user_id, m.notation, now, m.source) for i, m in enumerate(moves)],
            )
            await run(
                conn,
                "UPDATE game_tables SET status = 'active', state = ?, version = 1, updated_at = ? "
                "WHERE id = ?",
                (_dumps(state), now, table_id),
            )
            await clocks.update_awaited(conn, table_id, awaited, (), now)
            return await self._require(conn, table_id)

    @staticmethod
    async def _reorder_seats(conn: aiosqlite.Connection, row: TableRow, from_seats: Sequence[int]) -> None:
        """New seat ``i`` is the lobby's seat ``from_seats[i]``."""
        by_seat = {s.seat: s for s in row.seats}
        if len(from_seats) != len(by_seat) or set(from_seats) != set(by_seat):
            raise ValueError(f"from_seats {list(from_seats)} is not a permutation of {sorted(by_seat)}")
        # Delete and reinsert: renumbering in place would collide on the primary key.
        await run(conn, "DELETE FROM seats WHERE table_id = ?", (row.id,))
        await run_many(
            conn,
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at, bot_level) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (
                    row.id,
                    i,
                    by_seat[old].user_id,
                    by_seat[old].name,
                    by_seat[old].joined_at,
                    by_seat[old].bot_level,
                )
                for i, old in enumerate(from_seats)
            ],
        )

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
            await run(conn, "DELETE FROM invites WHERE table_id = ?", (table_id,))
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

        Raises ``DuplicateInteraction`` if ``interaction_id`` already took effect (checked
        first, so a retried interaction is recognised even though the version moved on, and
        even after an undo removed its move: see :mod:`db.interactions`), then
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
            if interaction_id is not None and await interactions.seen(conn, interaction_id):
                raise DuplicateInteraction(interaction_id)
            if current["status"] != "active" or current["version"] != expected_version:
                raise StaleVersion(current["version"])
            await interactions.claim(conn, interaction_id, table_id, "move", now)
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
            "variant, level, bot_level, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    table_id,
                    r.seat,
                    r.user_id,
                    game,
                    guild_id,
                    r.place,
                    r.score,
                    now,
                    r.variant,
                    r.level,
                    r.bot_level,
                    json.dumps(dict(r.figures), sort_keys=True) if r.figures else None,
                )
                for r in results
            ],
        )
        await standings.record(
            conn, table_id=table_id, game=game, guild_id=guild_id, results=results, now=now
        )

    async def moves(self, table_id: int) -> list[MoveRow]:
        """The move log of a table in ply order (what replays to the stored state)."""
        async with self._read() as conn:
            return await read_log(conn, table_id)

    async def results(self, table_id: int) -> list[ResultRow]:
        """Final standings of a finished table, best place first."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {boards.RESULT_COLUMNS} FROM results WHERE table_id = ? ORDER BY place, seat",
                (table_id,),
            )
            return [boards.result_row(r) for r in rows]

    async def last_table_in(self, channel_id: int) -> TableRow | None:
        """What ``/record`` is about: the newest finished table of a channel, else its newest table
        (to say it is still running). A DM holds a table per game, so a game opened after another
        finished does not hide the finished one's record."""
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT id FROM game_tables WHERE channel_id = ? "
                    "ORDER BY status = 'finished' DESC, id DESC LIMIT 1",
                    (channel_id,),
                )
            )
            return await self._load(conn, rows[0]["id"]) if rows else None

    async def finished_table_in(self, channel_id: int, game: str | None = None) -> TableRow | None:
        """The newest finished table of a channel (of ``game``, in a DM that holds one per game),
        so a command there can still show how it ended."""
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT id FROM game_tables WHERE channel_id = ? AND status = 'finished' "
                    "AND (? IS NULL OR game = ?) ORDER BY id DESC LIMIT 1",
                    (channel_id, game, game),
                )
            )
            return await self._load(conn, rows[0]["id"]) if rows else None

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
