"""The store's clocks and players part: turn reminders, deadlines, vacations and preferences.

Kept apart from ``store.py`` because it is the time side of a table and the per-user
settings, not a table's seats or moves; the clock arithmetic lives in :mod:`db.clocks`, this
mixin runs it in the store's transactions.
"""

from __future__ import annotations

from db import clocks
from db.errors import NotInLobby
from db.models import DueClock, PlayerPrefs, TableRow
from db.sql import run
from db.store_base import StoreBase


class PlayersStore(StoreBase):
    """Clock settings, due reminders and deadlines, player preferences; ``Store`` inherits it."""

    async def set_clock_settings(
        self,
        table_id: int,
        *,
        remind_after: float | None,
        time_limit: float | None,
        on_timeout: str,
        standin_level: str | None = None,
    ) -> TableRow:
        """Change a lobby's reminder, time limit and outcome at the limit (``standin_level``: the
        bot stands in first, ``on_timeout`` is what happens where it cannot). Raises ``NotInLobby``."""
        now = self._clock()
        async with self._write() as conn:
            row = await self._require(conn, table_id)
            if row.status != "lobby":
                raise NotInLobby(table_id)
            await run(
                conn,
                "UPDATE game_tables SET remind_after = ?, time_limit = ?, on_timeout = ?, standin_level = ?, "
                "updated_at = ? WHERE id = ?",
                (remind_after, time_limit, on_timeout, standin_level, now, table_id),
            )
            return await self._require(conn, table_id)

    async def set_digest(self, table_id: int, on: bool) -> TableRow:
        """Turn the "since your last turn" digest of a table's turn posts on or off."""
        async with self._write() as conn:
            await self._require(conn, table_id)
            await run(conn, "UPDATE game_tables SET digest = ? WHERE id = ?", (int(on), table_id))
            return await self._require(conn, table_id)

    async def release_standin(self, table_id: int, seat: int) -> int:
        """Give a held seat back to its player; the turns the bot played for them (0: not held)."""
        async with self._write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT standin_turns FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
                )
            )
            turns = int(rows[0]["standin_turns"]) if rows else 0
            if turns:
                sql = "UPDATE seats SET standin_turns = 0 WHERE table_id = ? AND seat = ?"
                await run(conn, sql, (table_id, seat))
            return turns

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
            moved = await clocks.shift_user(conn, user_id, shift)
            if until is not None and until > now:
                await clocks.stand_in_now(conn, user_id, now)
            return moved
