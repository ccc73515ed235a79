"""The store's clocks and players part: turn reminders, deadlines, vacations and preferences.

Kept apart from ``store.py`` because it is the time side of a table and the per-user
settings, not a table's seats or moves; the clock arithmetic lives in :mod:`db.clocks`. The
operations are the functions below; ``PlayersStore`` runs them, one transaction each.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from db import clocks
from db.errors import NotInLobby
from db.models import DueClock, PlayerPrefs, TableRow
from db.rows import require
from db.store_base import StoreBase
from db.tx import Tx


async def set_clock_settings(
    tx: Tx,
    now: float,
    table_id: int,
    remind_after: float | None,
    time_limit: float | None,
    on_timeout: str,
    standin_level: str | None,
) -> TableRow:
    row = await require(tx, table_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    await tx.execute(
        "UPDATE game_tables SET remind_after = ?, time_limit = ?, on_timeout = ?, standin_level = ?, "
        "updated_at = ? WHERE id = ?",
        (remind_after, time_limit, on_timeout, standin_level, now, table_id),
    )
    return await require(tx, table_id)


async def set_digest(tx: Tx, table_id: int, on: bool) -> TableRow:
    await require(tx, table_id)
    await tx.execute("UPDATE game_tables SET digest = ? WHERE id = ?", (int(on), table_id))
    return await require(tx, table_id)


async def release_standin(
    tx: Tx, now: float, table_id: int, seat: int, awaited: Collection[int] | None
) -> int:
    await clocks.restart_late(tx, table_id, seat, now)
    row = await tx.fetchone(
        "SELECT standin_turns FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
    )
    turns = int(row["standin_turns"]) if row is not None else 0
    if turns:
        await tx.execute(
            "UPDATE seats SET standin_turns = 0 WHERE table_id = ? AND seat = ?", (table_id, seat)
        )
    if awaited is not None:
        await clocks.update_awaited(tx, table_id, awaited, (), now)
    return turns


async def seat_left(tx: Tx, now: float, table_id: int, seat: int) -> TableRow:
    await clocks.seat_left(tx, table_id, seat, now)
    return await require(tx, table_id)


async def resume_server(tx: Tx, now: float, guild_id: int, away: float) -> list[int]:
    resumed = await clocks.shift_guild(tx, guild_id, now, pause=False, away=away)
    await clocks.due_after_pause(tx, resumed, now)  # what the pause kept from being due at once
    return resumed


async def claim_reminder(tx: Tx, table_id: int, seat: int, remind_at: float) -> bool:
    done = await tx.execute(
        "UPDATE seats SET remind_at = NULL, remind_claimed_until = NULL "
        "WHERE table_id = ? AND seat = ? AND remind_at = ?",
        (table_id, seat, remind_at),
    )
    return done.rowcount == 1


async def retry_reminder(tx: Tx, table_id: int, seat: int, at: float) -> None:
    await tx.execute(
        "UPDATE seats SET remind_at = ?, remind_claimed_until = NULL WHERE table_id = ? AND seat = ? "
        "AND awaited_since IS NOT NULL AND remind_at IS NULL",
        (at, table_id, seat),
    )


async def player(tx: Tx, user_id: int) -> PlayerPrefs:
    r = await tx.fetchone(
        "SELECT dm_reminders, locale, vacation_until FROM players WHERE user_id = ?", (user_id,)
    )
    if r is None:
        return PlayerPrefs(user_id)
    return PlayerPrefs(user_id, bool(r["dm_reminders"]), r["locale"], r["vacation_until"])


async def set_dm_reminders(tx: Tx, now: float, user_id: int, on: bool, locale: str | None) -> PlayerPrefs:
    await tx.execute(
        "INSERT INTO players (user_id, dm_reminders, locale, updated_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders, "
        "locale = COALESCE(excluded.locale, players.locale), updated_at = excluded.updated_at",
        (user_id, int(on), locale, now),
    )
    return await player(tx, user_id)


async def set_vacation(tx: Tx, now: float, user_id: int, until: float | None) -> list[int]:
    old = await clocks.vacation_until(tx, user_id)
    shift = max(until or now, now) - max(old or now, now)
    await tx.execute(
        "INSERT INTO players (user_id, vacation_until, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET vacation_until = excluded.vacation_until, "
        "updated_at = excluded.updated_at",
        (user_id, until, now),
    )
    moved = await clocks.shift_user(tx, user_id, shift)
    if until is not None and until > now:
        await clocks.stand_in_now(tx, user_id, now)
    return moved


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
        return await self._writing(
            set_clock_settings, self._clock(), table_id, remind_after, time_limit, on_timeout, standin_level
        )

    async def set_digest(self, table_id: int, on: bool) -> TableRow:
        """Turn the "since your last turn" digest of a table's turn posts on or off."""
        return await self._writing(set_digest, table_id, on)

    async def release_standin(
        self, table_id: int, seat: int, *, awaited: Collection[int] | None = None
    ) -> int:
        """The player of ``seat`` is here: a held seat is theirs again, and a clock past its limit
        starts afresh (at a table with a stand-in); with ``awaited`` (a paused table going on),
        the clocks of those seats start. The turns the bot played for them (0: not held). None
        of it changes the version: a move computed meanwhile is refused by the seats' check of
        ``commit_moves``."""
        return await self._writing(release_standin, self._clock(), table_id, seat, awaited)

    async def seat_left(self, table_id: int, seat: int) -> TableRow:
        """The player of ``seat`` left the server: their waiting turn (and each later one) is due
        at once (:func:`db.clocks.seat_left`); the table as it is now."""
        return await self._writing(seat_left, self._clock(), table_id, seat)

    async def seat_back(self, table_id: int, seat: int) -> bool:
        """The player of ``seat`` is back on the server: their turns wait for them again, one due
        at once with a fresh clock; ``False`` if they had not left (:func:`db.clocks.seat_back`)."""
        return await self._writing(clocks.seat_back, table_id, seat, self._clock())

    async def due_clocks(self, now: float | None = None, *, limit: int = 100) -> list[DueClock]:
        """Reminders and deadlines due at ``now`` (default: the store's clock), oldest first."""
        return await self._reading(clocks.due, self._clock() if now is None else now, limit)

    async def claim_due_clocks(
        self, now: float, until: float, *, limit: int = 100, shards: clocks.ShardScope | None = None
    ) -> list[DueClock]:
        """Take the reminders and deadlines due at ``now`` until ``until``, so this process alone
        acts on them (:func:`db.clocks.claim`); ``shards``: only tables of these Discord shards."""
        return await self._writing(clocks.claim, now, until, limit, shards)

    async def release_due_clocks(self, items: Sequence[tuple[DueClock, float | None]]) -> list[DueClock]:
        """Hand claimed items their actions did not consume back, each held until the given
        instant (``None``: free at once); return those items (:func:`db.clocks.release`)."""
        return await self._writing(clocks.release, items) if items else []

    async def next_due(self, shards: clocks.ShardScope | None = None) -> float | None:
        """The next instant a reminder or deadline (of a table on ``shards``) is due, or ``None``."""
        return await self._reading(clocks.next_due, shards)

    async def claim_reminder(self, table_id: int, seat: int, remind_at: float) -> bool:
        """Mark a due reminder as sent, once: ``False`` if it was claimed or moved meanwhile."""
        return await self._writing(claim_reminder, table_id, seat, remind_at)

    async def retry_reminder(self, table_id: int, seat: int, at: float) -> None:
        """Put a reminder whose post failed back on the schedule, if the seat is still awaited."""
        await self._writing(retry_reminder, table_id, seat, at)

    async def player(self, user_id: int) -> PlayerPrefs:
        """A user's preferences (the defaults for someone who never set any)."""
        return await self._reading(player, user_id)

    async def set_dm_reminders(self, user_id: int, on: bool, *, locale: str | None = None) -> PlayerPrefs:
        """Whether reminders also go to the user's DMs (in ``locale``, their Discord language)."""
        return await self._writing(set_dm_reminders, self._clock(), user_id, on, locale)

    async def pause_server(self, guild_id: int) -> list[int]:
        """The bot was removed from a server: its active tables' clocks stop; the tables touched."""
        return await self._writing(clocks.shift_guild, guild_id, self._clock(), pause=True)

    async def resume_server(self, guild_id: int, away: float) -> list[int]:
        """The bot is back on a server after ``away`` seconds: its paused clocks go on as they were
        (a turn of a player gone from the server, or on vacation at a table with a stand-in, is
        due at once, as it would have been); the tables touched."""
        return await self._writing(resume_server, self._clock(), guild_id, away)

    async def paused_servers(self) -> list[int]:
        """The servers with tables paused by :meth:`pause_server`."""
        return await self._reading(clocks.paused_guilds, self._clock())

    async def set_vacation(self, user_id: int, until: float | None) -> list[int]:
        """Start, change or (``None``) end a vacation; return the active tables whose clocks moved.

        Every running clock of the user moves by the change of the vacation's remaining
        length, so the time a seat had already waited is kept, and a seat awaited during the
        vacation counts from its end.
        """
        return await self._writing(set_vacation, self._clock(), user_id, until)
