"""The store's lobby part: bot players and reserved seats, and freeing a lobby seat.

Kept apart from ``store.py`` because it is the lobby's roster beyond people joining: seats
the host fills with bot players (a seat without a user) and seats held for invited people.
Every change re-reads the lobby inside its write transaction, so two clicks cannot both take
the last seat.
"""

from __future__ import annotations

import aiosqlite

from db.errors import NotABot, NotInLobby, NotInvited, SeatsReserved, TableFull
from db.models import TableRow
from db.sql import run
from db.store_base import StoreBase


class LobbyStore(StoreBase):
    """Bot players and invitations in a lobby; :class:`db.store.Store` inherits it."""

    async def add_bot(self, table_id: int, level: str) -> TableRow:
        """Seat a bot player of ``level`` in the next free seat, numbered after the table's bots.

        Raises ``NotInLobby``, ``TableFull``, or ``SeatsReserved`` when the free seats are held
        for invited people."""
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            if row.free_seats <= 0:
                raise TableFull(table_id)
            if row.open_seats <= 0:
                raise SeatsReserved(table_id)
            numbers = {int(s.name) for s in row.seats if s.is_bot}
            number = next(n for n in range(1, row.max_seats + 1) if n not in numbers)
            await run(
                conn,
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at, bot_level) "
                "VALUES (?, ?, NULL, ?, ?, ?)",
                (table_id, len(row.seats), str(number), now, level),
            )
            await run(conn, "UPDATE game_tables SET updated_at = ? WHERE id = ?", (now, table_id))
            return await self._require(conn, table_id)

    async def remove_bot(self, table_id: int, seat: int) -> TableRow:
        """Take the bot player out of ``seat``; later seats move down. Raises ``NotInLobby``,
        ``NotABot`` (no bot sits there any more)."""
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            found = row.seat_row(seat)
            if found is None or not found.is_bot:
                raise NotABot(table_id, seat)
            await self._free_seat(conn, row, seat, now)
            return await self._require(conn, table_id)

    async def uninvite(self, table_id: int, user_id: int) -> TableRow:
        """Withdraw an invitation (the host) or decline it (the invitee): the seat is free for
        anyone. Raises ``NotInLobby``, ``NotInvited``."""
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            done = await run(
                conn, "DELETE FROM invites WHERE table_id = ? AND user_id = ?", (table_id, user_id)
            )
            if done.rowcount == 0:
                raise NotInvited(table_id, user_id)
            await run(conn, "UPDATE game_tables SET updated_at = ? WHERE id = ?", (now, table_id))
            return await self._require(conn, table_id)

    async def lobbies_inviting(self, user_id: int) -> list[TableRow]:
        """Lobbies holding a seat for the user, newest first."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT i.table_id FROM invites i JOIN game_tables t ON t.id = i.table_id "
                "WHERE i.user_id = ? AND t.status = 'lobby' ORDER BY i.table_id DESC",
                (user_id,),
            )
            return [await self._require(conn, r["table_id"]) for r in rows]

    @staticmethod
    async def _free_seat(conn: aiosqlite.Connection, row: TableRow, seat: int, now: float) -> None:
        """Empty a lobby seat (a person's or a bot's); the later seats move down one."""
        table_id = row.id
        await run(conn, "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
        remaining = [s for s in row.seats if s.seat != seat]
        # In a lobby seat order is join order; moving seats down in ascending order never
        # lands on an occupied (table_id, seat).
        for new_seat, s in enumerate(remaining):
            if s.seat != new_seat:
                await run(
                    conn,
                    "UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?",
                    (new_seat, table_id, s.seat),
                )
        people = [s for s in remaining if s.user_id is not None]
        if not people:
            await run(
                conn,
                "UPDATE game_tables SET status = 'cancelled', updated_at = ? WHERE id = ?",
                (now, table_id),
            )
            await run(conn, "DELETE FROM invites WHERE table_id = ?", (table_id,))
        elif row.host_id not in {s.user_id for s in people}:
            await run(
                conn,
                "UPDATE game_tables SET host_id = ?, updated_at = ? WHERE id = ?",
                (people[0].user_id, now, table_id),
            )
        else:
            await run(conn, "UPDATE game_tables SET updated_at = ? WHERE id = ?", (now, table_id))
