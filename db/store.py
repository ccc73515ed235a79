"""The store: tables, seats, the append-only move log and results.

``Store`` is the one object the bot talks to. Its parts live in their own modules and it
inherits them: the connection and how an operation runs in :mod:`db.store_base` (read its
docstring), leaderboards and statistics in :mod:`db.store_standings`, clocks and player
preferences in :mod:`db.store_players`, bot players and invitations of a lobby in
:mod:`db.store_lobby`, taking moves back in :mod:`db.store_undo`. This module keeps what changes
a table: lobbies and seats, moves and results, and the table's small settings. The operations
themselves (their SQL, one transaction each) are in :mod:`db.table_ops` and :mod:`db.move_ops`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from db import move_ops, table_ops
from db.clocks import ShardScope
from db.models import MoveRow, NewMove, NewResult, ResultRow, SeatRow, TableRow
from db.rows import load
from db.store_lobby import LobbyStore
from db.store_players import PlayersStore
from db.store_standings import StandingsStore
from db.store_undo import UndoStore


class Store(LobbyStore, StandingsStore, PlayersStore, UndoStore):
    """Async repository over one SQLite file or PostgreSQL database (a ``postgresql://`` URL);
    see :mod:`db.store_base` for how operations run.

    ``clock`` returns unix seconds and stamps every row, so tests can travel in time. Every
    method is one transaction (one hand-off to the database thread); the statements live in
    :mod:`db.table_ops` and :mod:`db.move_ops`.
    """

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
        return await self._writing(
            table_ops.create_table, self._clock(), game=game, guild_id=guild_id, channel_id=channel_id,
            parent_id=parent_id, host_id=host_id, host_name=host_name, options=options, locale=locale,
            seed=seed, max_seats=max_seats, remind_after=remind_after, time_limit=time_limit,
            on_timeout=on_timeout, invited=tuple(invited), standin_level=standin_level,
        )  # fmt: skip

    async def table(self, table_id: int) -> TableRow | None:
        """The table with that id, whatever its status."""
        return await self._reading(load, table_id)

    async def open_table_in(self, channel_id: int, game: str | None = None) -> TableRow | None:
        """The lobby or active table of a channel (thread or DM) of ``game``, if any.

        Without ``game``: the newest (a DM may hold one per game; see :meth:`open_tables_in`)."""
        return await self._reading(table_ops.open_table_in, channel_id, game)

    async def open_tables_in(self, channel_id: int) -> list[TableRow]:
        """Every lobby or active table of a channel, newest first (several only in a DM)."""
        return await self._reading(table_ops.open_tables_in, channel_id)

    async def open_tables_of(self, user_id: int) -> list[TableRow]:
        """Lobby and active tables where the user sits, newest first (for "my games")."""
        return await self._reading(table_ops.open_tables_of, user_id)

    async def running_tables(self, shards: ShardScope | None = None) -> int:
        """How many games are running (on ``shards``, ``(count, ids)``; default: all): the health line's."""
        return await self._reading(table_ops.count_running, shards)

    async def join(self, table_id: int, user_id: int, name: str) -> TableRow:
        """Seat the user in the next free seat (an invited user in the seat reserved for them).

        Raises ``NotInLobby``, ``AlreadySeated``, ``TableFull`` or ``SeatsReserved`` (the free
        seats are held for invited people), checked in that order.
        """
        return await self._writing(table_ops.join, self._clock(), table_id, user_id, name)

    async def leave(self, table_id: int, user_id: int) -> TableRow:
        """Free the user's seat; the others (bot players too) close the gap, keeping their order.

        If the host leaves, the first person now seated becomes host; if no person is left
        (bot players alone do not play), the table is cancelled so it stops holding the channel.
        Raises ``NotInLobby``, ``NotSeated``.
        """
        return await self._writing(table_ops.leave, self._clock(), table_id, user_id)

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
        return await self._writing(
            table_ops.start, self._clock(), table_id, state, seat_order=seat_order, from_seats=from_seats,
            awaited=frozenset(awaited), moves=tuple(moves), expected_seats=expected_seats,
        )  # fmt: skip

    async def discard_lobby(self, table_id: int) -> bool:
        """Forget a lobby whose post never appeared (Discord refused it), as if never opened.

        Only a lobby can go (nobody could have joined it without its post); its seats go with it,
        and its channel is free again. Returns whether a lobby was removed."""
        return await self._writing(table_ops.discard_lobby, table_id)

    async def cancel(self, table_id: int, *, reason: str | None = None, lobby_only: bool = False) -> TableRow:
        """Lobby or active -> cancelled, freeing the channel and stopping its clocks.

        ``reason`` ("abandoned") is kept for the ratings, which skip such tables.
        Raises ``TableClosed`` if the table is already over; with ``lobby_only`` (the lobby's
        Cancel button) ``NotInLobby`` if the game started since the caller read the table.
        """
        return await self._writing(table_ops.cancel, self._clock(), table_id, reason, lobby_only)

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
        standins: Collection[int] | None = None,
        due: tuple[int, float] | None = None,
        log: list[MoveRow] | None = None,
    ) -> TableRow:
        """Append ``moves`` and write ``state`` in one transaction, if nobody got there first.

        ``awaited`` are the seats the game waits for afterwards (their clocks start or go on;
        the others stop); ``None`` leaves the clocks as they are. A finished table's clocks
        stop, and ``end_reason`` says why it ended other than by play ("timeout", "kicked").

        Raises ``DuplicateInteraction`` if ``interaction_id`` already took effect (checked
        first, so a retried interaction is recognised even though the version moved on, and
        even after an undo removed its move: see :mod:`db.interactions`), then
        ``StaleVersion`` if the table is not active or not at ``expected_version``, or if the seats
        the stand-in bot holds are no longer ``standins`` or the deadline ``due`` = (seat, instant)
        has moved (a player came back; see :mod:`bot.standin`). The interaction id is stored on
        the first move only. With ``results`` the table finishes. Nothing is written when
        anything raises.

        ``log``, when given, is filled with the move log as the commit leaves it, read in the same
        transaction: a move beginning a turn whose post opens with a digest (:mod:`bot.digest`)
        needs it, and reading it afterwards would be a transaction of its own.
        """
        args = _commit_args(
            expected_version=expected_version, moves=moves, state=state, interaction_id=interaction_id,
            results=results, awaited=awaited, end_reason=end_reason, standins=standins, due=due,
        )  # fmt: skip
        if log is None:
            return await self._writing(move_ops.commit_moves, self._clock(), table_id, **args)
        row, after = await self._writing(move_ops.commit_moves_logged, self._clock(), table_id, **args)
        log[:] = after
        return row

    async def moves(self, table_id: int) -> list[MoveRow]:
        """The move log of a table in ply order (what replays to the stored state)."""
        return await self._reading(move_ops.read_log, table_id)

    async def acted_for(self, table_id: int) -> list[tuple[int, str, str]]:
        """(seat, source, notation) of the moves the bot made for absent players: a removal's
        source says how a seat left (kicked, out of time, gone from the server)."""
        return await self._reading(move_ops.acted_for, table_id)

    async def results(self, table_id: int) -> list[ResultRow]:
        """Final standings of a finished table, best place first."""
        return await self._reading(move_ops.results, table_id)

    async def last_table_in(self, channel_id: int) -> TableRow | None:
        """What ``/record`` is about: the newest finished table of a channel, else its newest table
        (to say it is still running). A DM holds a table per game, so a game opened after another
        finished does not hide the finished one's record."""
        return await self._reading(table_ops.newest_table_in, channel_id, None, finished_only=False)

    async def finished_table_in(self, channel_id: int, game: str | None = None) -> TableRow | None:
        """The newest finished table of a channel (of ``game``, in a DM that holds one per game),
        so a command there can still show how it ended."""
        return await self._reading(table_ops.newest_table_in, channel_id, game, finished_only=True)

    # -- small settings --------------------------------------------------------------------
    # These do not bump updated_at: it marks game activity (lobby changes, moves), which turn
    # reminders and timeouts key on; reposting a board is not activity.

    async def set_locale(self, table_id: int, locale: str) -> None:
        """Language of the table's public messages."""
        await self._writing(table_ops.set_column, table_id, "locale", locale)

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """The message showing the current board, edited or replaced after each move.

        Its own transaction (one hand-off), not the move's: a new turn's post is sent only once
        the move is committed (a board never shows a move that might not be), and Discord gives
        its id only in answer to that post. Deferring the id to the table's next transaction
        instead would leave it unstored for as long as the next move takes (hours, in these
        games), so a restart meanwhile would leave the last post's buttons on. A step that
        edits the turn's post keeps its id and writes nothing."""
        await self._writing(table_ops.set_column, table_id, "board_message_id", message_id)

    async def move_table(self, table_id: int, channel_id: int) -> TableRow:
        """Move a table to a new thread (a moderator deleted its own), no longer lost; returns it
        as stored now."""
        return await self._writing(table_ops.move_to, table_id, channel_id)

    async def mark_thread_lost(self, table_id: int, channel_id: int) -> bool:
        """Remember that the table's thread ``channel_id`` was deleted (``TableRow.thread_lost_at``,
        now). ``True`` only for the call that marked it, which tells the players: a second post,
        a restart or another process finding the thread gone finds it marked. ``False`` too when
        the table has moved to another thread since the caller read it."""
        return await self._writing(table_ops.mark_lost, self._clock(), table_id, channel_id)

    async def unmark_thread_lost(self, table_id: int, channel_id: int) -> bool:
        """Forget the loss of the thread ``channel_id``: it took a post after all, or telling the
        players failed (the next post that finds it gone marks it and tells them again)."""
        return await self._writing(table_ops.unmark_lost, table_id, channel_id)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        """The lobby message with the join/leave/start buttons."""
        await self._writing(table_ops.set_column, table_id, "lobby_message_id", message_id)


def _commit_args(
    *,
    expected_version: int,
    moves: Sequence[NewMove],
    state: dict[str, Any],
    interaction_id: int | None,
    results: Sequence[NewResult] | None = None,
    awaited: Collection[int] | None = None,
    end_reason: str | None = None,
    standins: Collection[int] | None = None,
    due: tuple[int, float] | None = None,
) -> dict[str, Any]:
    """A commit's arguments checked and frozen (a retried transaction sees them unchanged)."""
    if interaction_id is not None and not moves:
        raise ValueError("an interaction_id needs at least one move to be recorded on")
    return {
        "expected_version": expected_version,
        "moves": tuple(moves),
        "state": state,
        "interaction_id": interaction_id,
        "results": None if results is None else tuple(results),
        "awaited": None if awaited is None else frozenset(awaited),
        "end_reason": end_reason,
        "standins": None if standins is None else frozenset(standins),
        "due": due,
    }
