"""The store's lobby part: bot players and reserved seats.

Kept apart from ``store.py`` because it is the lobby's roster beyond people joining: seats
the host fills with bot players (a seat without a user) and seats held for invited people.
Every change re-reads the lobby inside its write transaction, so two clicks cannot both take
the last seat. The operations are the functions below; ``LobbyStore`` runs them.
"""

from __future__ import annotations

from db.errors import NotABot, NotInLobby, NotInvited, SeatsReserved, TableFull
from db.models import TableRow
from db.rows import require
from db.store_base import StoreBase
from db.table_ops import free_seat, touch
from db.tx import Tx


async def add_bot(tx: Tx, now: float, table_id: int, level: str) -> TableRow:
    row = await require(tx, table_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    if row.free_seats <= 0:
        raise TableFull(table_id)
    if row.open_seats <= 0:
        raise SeatsReserved(table_id)
    numbers = {int(s.name) for s in row.seats if s.is_bot}
    number = next(n for n in range(1, row.max_seats + 1) if n not in numbers)
    await tx.execute(
        "INSERT INTO seats (table_id, seat, user_id, name, joined_at, bot_level) "
        "VALUES (?, ?, NULL, ?, ?, ?)",
        (table_id, len(row.seats), str(number), now, level),
    )
    await touch(tx, table_id, now)
    return await require(tx, table_id)


async def remove_bot(tx: Tx, now: float, table_id: int, seat: int) -> TableRow:
    row = await require(tx, table_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    found = row.seat_row(seat)
    if found is None or not found.is_bot:
        raise NotABot(table_id, seat)
    await free_seat(tx, row, seat, now)
    return await require(tx, table_id)


async def uninvite(tx: Tx, now: float, table_id: int, user_id: int) -> TableRow:
    row = await require(tx, table_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    done = await tx.execute("DELETE FROM invites WHERE table_id = ? AND user_id = ?", (table_id, user_id))
    if done.rowcount == 0:
        raise NotInvited(table_id, user_id)
    await touch(tx, table_id, now)
    return await require(tx, table_id)


async def lobbies_inviting(tx: Tx, user_id: int) -> list[TableRow]:
    rows = await tx.fetchall(
        "SELECT i.table_id FROM invites i JOIN game_tables t ON t.id = i.table_id "
        "WHERE i.user_id = ? AND t.status = 'lobby' ORDER BY i.table_id DESC",
        (user_id,),
    )
    return [await require(tx, r["table_id"]) for r in rows]


class LobbyStore(StoreBase):
    """Bot players and invitations in a lobby; :class:`db.store.Store` inherits it."""

    async def add_bot(self, table_id: int, level: str) -> TableRow:
        """Seat a bot player of ``level`` in the next free seat, numbered after the table's bots.

        Raises ``NotInLobby``, ``TableFull``, or ``SeatsReserved`` when the free seats are held
        for invited people."""
        return await self._writing(add_bot, self._clock(), table_id, level)

    async def remove_bot(self, table_id: int, seat: int) -> TableRow:
        """Take the bot player out of ``seat``; later seats move down. Raises ``NotInLobby``,
        ``NotABot`` (no bot sits there any more)."""
        return await self._writing(remove_bot, self._clock(), table_id, seat)

    async def uninvite(self, table_id: int, user_id: int) -> TableRow:
        """Withdraw an invitation (the host) or decline it (the invitee): the seat is free for
        anyone. Raises ``NotInLobby``, ``NotInvited``."""
        return await self._writing(uninvite, self._clock(), table_id, user_id)

    async def lobbies_inviting(self, user_id: int) -> list[TableRow]:
        """Lobbies holding a seat for the user, newest first."""
        return await self._reading(lobbies_inviting, user_id)
