"""What happens when a player is slow or gone: reminders, moves at the limit, removals.

Every action re-reads the table and checks that the clock it acts on is still the one
that came due (a move may have landed meanwhile), then commits at the version it read,
so a player's own move and the bot's move for them can never both apply.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot import standin
from bot.bot_players import level_word
from bot.clock_settings import MAX_TIMEOUTS, duration_text
from bot.i18n import Tr
from bot.lobby import redraw_lobby
from bot.outgoing import plain
from bot.table_channel import deliver, notice
from bot.tables import discord_time
from bot.unshown import Unshown
from db.errors import NotInLobby, NotInvited, StaleVersion
from db.models import DueClock, NewMove, TableRow
from engine.core import Event

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)

REMINDER_RETRY = 15 * 60.0
"""A reminder whose post failed for a passing reason (Discord 5xx) is tried again this much later."""


class Absence:
    """Acts for the scheduler and for moderators; posts in the table's thread."""

    def __init__(self, service: TableService, clock: Callable[[], float]) -> None:
        self.service = service
        self.store = service.store
        self.clock = clock
        self.unshown = Unshown(service, clock)
        """What the bot did on its own that Discord did not let it show yet."""

    # ---------------------------------------------------------------- reminders
    async def remind(self, due: DueClock) -> None:
        """Mention the awaited player in the thread (and DM them if they asked), once.

        ``due`` was claimed by this process (:meth:`bot.scheduler.Scheduler.run_due`); the
        reminder is marked sent only after its post, so a process that dies before posting
        leaves it due again when its lease ends."""
        table = await self.store.table(due.table_id)
        row = table.seat_row(due.seat) if table is not None else None
        if table is None or table.status != "active" or row is None or row.remind_at != due.due:
            return
        if await self._has_left(table, row.user_id):
            await self.store.claim_reminder(table.id, due.seat, due.due)
            await self.member_left(table, row.user_id)
            return
        tr = Tr(table.locale)
        title = tr(self.service.adapters[table.game].title_key)
        since = discord_time(row.awaited_since or due.due)
        deadline = discord_time(row.deadline) if row.deadline else tr("clock.no_limit")
        channel = await self.service.channel_of(table)
        if channel is None:
            await self.store.claim_reminder(table.id, due.seat, due.due)
            return
        try:
            mention = f"<@{row.user_id}>"
            text = tr("remind.thread", mention=mention, game=title, since=since, deadline=deadline)
            ping = discord.AllowedMentions(users=[discord.Object(id=row.user_id)])
            # unarchives the thread, waits out rate limits (``bot.table_channel``)
            await deliver(self.service, table, channel, lambda c: c.send(text, allowed_mentions=ping))
        except discord.HTTPException as error:
            log.warning("table %s: reminder not posted (%s)", table.id, error.status)
            passing = error.status >= 500 or error.status == 429
            if await self.store.claim_reminder(table.id, due.seat, due.due) and passing:
                await self.store.retry_reminder(table.id, due.seat, self.clock() + REMINDER_RETRY)
            return
        if await self.store.claim_reminder(table.id, due.seat, due.due):  # sent: off the schedule
            await self._dm(table, row.user_id, title, since, deadline)

    async def _dm(self, table: TableRow, user_id: int, title: str, since: str, deadline: str) -> None:
        prefs = await self.store.player(user_id)
        if not prefs.dm_reminders:
            return
        tr = Tr(prefs.locale or table.locale)
        link = f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}"
        try:
            user = self.service.bot.get_user(user_id) or await self.service.bot.fetch_user(user_id)
            await user.send(tr("remind.dm", game=title, since=since, link=link, deadline=deadline))
        except discord.HTTPException:
            log.info("could not DM a reminder to a player of table %s (DMs closed?)", table.id)

    async def _has_left(self, table: TableRow, user_id: int) -> bool:
        """Whether the player is no longer on the table's server (asked only when it matters)."""
        if table.guild_id is None:
            return False
        guild = self.service.bot.get_guild(table.guild_id)
        if guild is None:
            return False
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            return False
        return False

    # ------------------------------------------------------------ time limits
    async def time_out(self, due: DueClock) -> None:
        """The configured outcome for a seat whose limit has passed (or whose player left the
        server: their turns are due at once, ``db.clocks.seat_left``)."""
        table = await self.store.table(due.table_id)
        row = table.seat_row(due.seat) if table is not None else None
        if table is None or table.status != "active" or row is None or row.deadline != due.due:
            return
        if row.left_at is None and await self._has_left(table, row.user_id):
            await self.member_left(table, row.user_id)  # heard only now: handled as below, at once
            return
        await self._at_limit(table, due.seat, left=row.left_at is not None)

    def rule(self, table: TableRow) -> str:
        """What the table does at a player's limit: ``bot`` (a stand-in), ``auto`` (a minimal
        turn) or ``remove``."""
        info = self.service.adapters[table.game].game.info
        if table.standin_level is not None and table.standin_level in info.bot_levels:
            return "bot"
        return "auto" if table.on_timeout == "auto" and info.timeout_move else "remove"

    async def _at_limit(self, table: TableRow, seat: int, *, left: bool) -> None:
        """The table's at-limit rule for ``seat``, awaited and out of time; ``left``: because its
        player left the server (the posts say so, and a removal counts as leaving). The commit
        is refused if the seat's deadline moved meanwhile (its player came back)."""
        row = table.seat_row(seat)
        assert row is not None and table.state is not None
        tr = Tr(table.locale)
        name = self.service.names(table, tr)[seat]
        limit = duration_text(tr, table.time_limit or 0)
        engine = self.service.adapters[table.game].game
        due = (seat, row.deadline) if left and row.deadline is not None else None
        source = "left" if left else "timeout"
        if table.standin_level is not None and await standin.stand_in(self, table, seat, left=left):
            return  # the game's bot plays for them until they are back (``bot.standin``)
        if table.on_timeout == "auto" and engine.timeout_move(table.state, seat) is not None:
            if row.timeouts + 1 >= MAX_TIMEOUTS:
                key = "left.removed_repeat" if left else "timeout.removed_repeat"
                text = tr(key, name=name, count=MAX_TIMEOUTS)
                await self.remove(table, seat, source=source, notice=text, due=due)
            elif left:
                await self._play_for(table, seat, tr("left.auto", name=name, count=MAX_TIMEOUTS), due=due)
            else:
                await self._play_for(table, seat, tr("timeout.auto", name=name, limit=limit))
        else:
            key = "timeout.left_server" if left else "timeout.removed"
            text = tr(key, name=name, limit=limit)
            await self.remove(table, seat, source=source, notice=text, due=due)

    async def _play_for(
        self, table: TableRow, seat: int, notice: str, *, due: tuple[int, float] | None = None
    ) -> bool:
        """The engine's minimal moves for an absent seat until the game waits for someone else."""
        engine = self.service.adapters[table.game].game
        assert table.state is not None
        state, events, moves = table.state, [], []
        for _ in range(50):
            move = engine.timeout_move(state, seat)
            if move is None or seat not in engine.to_act(state):
                break
            state, more = engine.apply(state, seat, move)
            moves.append(NewMove(seat=seat, notation=move.notation, user_id=None, source="timeout"))
            events.extend(more)
        state, more = self.service.run_automated(
            engine, state, moves, *standin.automated(engine, table, state)
        )
        events.extend([*more, *standin.pause_events(engine, table, state)])
        return await self._commit(table, moves, state, events, notice, end_reason=None, due=due)

    async def remove(
        self, table: TableRow, seat: int, *, source: str, notice: str, due: tuple[int, float] | None = None
    ) -> bool:
        """The player is out: the engine's forfeit, then the game ends or goes on without them."""
        engine = self.service.adapters[table.game].game
        assert table.state is not None
        state, events, move = engine.forfeit(table.state, seat)
        moves = [NewMove(seat=seat, notation=move.notation, user_id=None, source=source)]
        state, more = self.service.run_automated(
            engine, state, moves, *standin.automated(engine, table, state)
        )
        events = [e for e in [*events, *more] if e.code != "core.resigned"]  # the notice says why
        events += standin.pause_events(engine, table, state)  # the last person present was removed
        return await self._commit(table, moves, state, events, notice, end_reason=source, due=due)

    async def _commit(
        self,
        table: TableRow,
        moves: list[NewMove],
        state: dict,
        events: list[Event],
        notice: str,
        *,
        end_reason: str | None,
        due: tuple[int, float] | None = None,
    ) -> bool:
        """Commit what the bot did at ``table`` as read, and post it. Refused (``False``, nothing
        done) if the table moved on, a held seat went back to its player meanwhile, or the
        deadline ``due`` (seat, instant) that the bot acts on moved because its player showed up."""
        engine = self.service.adapters[table.game].game
        results = self.service.results(table, engine, state)
        new_turn = self.service.starts_turn(table, moves, state)
        # a seat the stand-in has just taken is held from this commit on: it waits on no clock
        automated = {*table.automated, *(m.seat for m in moves if m.source == standin.SOURCE)}
        try:
            table = await self.store.commit_moves(
                table.id,
                expected_version=table.version,
                moves=moves,
                state=state,
                interaction_id=None,
                results=results,
                awaited=self.service.awaited(engine, state, automated),
                end_reason=end_reason if results is not None else None,
                standins=table.standins,
                due=due,
            )
        except StaleVersion:
            log.info("table %s moved on before the bot could act; nothing done", table.id)
            return False
        self.service.clocks_changed()
        await self.unshown.post(table, events, [notice], new_turn=new_turn)  # again later if refused
        await self.service.tell_private(table, events)
        return True

    # ------------------------------------------------------------ departures
    async def member_left(self, table: TableRow, user_id: int) -> None:
        """A player left the server: a lobby frees their seat; in a game their seat is handled as
        timed out (issue 33): the table's at-limit rule applies at once to a turn of theirs that
        is waiting, and to each later one as it comes (:func:`db.clocks.seat_left`), until they
        come back (:func:`bot.rejoin.came_back`). With ``remove`` they are out at once."""
        tr = Tr(table.locale)
        seat = table.seat_of(user_id)
        if seat is None:
            if table.status == "lobby" and table.is_invited(user_id):  # the seat held for them is free
                try:
                    await redraw_lobby(self.service, await self.store.uninvite(table.id, user_id))
                except (NotInLobby, NotInvited):
                    log.info("table %s: the invitation had already ended", table.id)
            return
        name = plain(next(s.name for s in table.seats if s.user_id == user_id))
        if table.status == "lobby":
            await redraw_lobby(self.service, await self.store.leave(table.id, user_id))
            await notice(self.service, table, tr("timeout.left_lobby", name=name))
            return
        engine = self.service.adapters[table.game].game
        if table.status != "active" or table.state is None or not standin.still_in(engine, table.state, seat):
            return
        if (row := table.seat_row(seat)) is not None and row.left_at is not None:
            return  # heard before: nothing new
        table = await self.store.seat_left(table.id, seat)
        self.service.clocks_changed()
        row = table.seat_row(seat)
        assert row is not None
        name = self.service.names(table, tr)[seat]
        rule = self.rule(table)
        if row.awaited_since is not None and row.deadline is not None and row.deadline <= self.store.now():
            await self._at_limit(table, seat, left=True)
        elif rule == "remove":
            await self.remove(table, seat, source="left", notice=tr("timeout.left_server", name=name))
        elif rule == "bot":
            level = level_word(tr, table.game, table.standin_level or "")
            await notice(self.service, table, tr("left.pending_bot", name=name, level=level))
        else:
            await notice(self.service, table, tr("left.pending_auto", name=name, count=MAX_TIMEOUTS))
