"""A bot stands in for an absent player (``at_limit:bot``), and gives the seat back when they act.

When a player's time limit passes, or their turn comes while they are on vacation, at a table
whose host chose ``at_limit:bot``, the game's own bot (``Game.bot_move`` at the host's level)
plays that turn instead of a minimal one, and from then on holds the seat: it plays the
player's turns as soon as they come, like a bot player, until the player uses any command at
the table. Unlike a lobby's bot player, the seat stays the person's, so the game stays rated.

Everything lives in the database (``game_tables.standin_level``, ``seats.standin_turns``) and
the moves carry the source ``standin`` (``/record`` marks them; undo never takes them back), so
a restart changes nothing: the scheduler wakes the stand-in from the stored deadlines.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import discord

from bot.bot_players import level_word
from bot.clock_settings import duration_text
from bot.i18n import Tr
from db.clocks import standin_runs
from db.models import NewMove, TableRow
from engine.core import Event, IllegalMove

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService
    from db.store import Store

log = logging.getLogger(__name__)

SOURCE = "standin"
PLAYED = "standin.played"
"""The event that tells the thread how many turns the bot has played for a player so far."""


def played_events(table: TableRow, moves: Sequence[NewMove]) -> list[Event]:
    """One line per seat the bot stood in for among ``moves`` (committed at ``table``)."""
    events = []
    for seat in sorted({m.seat for m in moves if m.source == SOURCE}):
        row = table.seat_row(seat)
        before = row.standin_turns if row is not None else 0
        events.append(Event(PLAYED, {"seat": seat, "count": before + standin_runs(moves, seat)}))
    return events


class Absence(Protocol):
    """What the stand-in needs of ``bot.absence.Absence`` (which calls it): named here so the
    imports between the two run one way."""

    service: TableService
    store: Store
    clock: Callable[[], float]

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
    ) -> bool: ...


async def stand_in(absence: Absence, table: TableRow, seat: int) -> bool:
    """The bot takes ``seat`` over at its limit (or vacation) and plays until someone else is
    awaited. ``False`` when it could not move (the caller falls back to the minimal turn)."""
    service = absence.service
    level = table.standin_level
    engine = service.adapters[table.game].game
    if level is None or level not in engine.info.bot_levels or table.state is None:
        return False
    standins = {*table.standins, seat}
    moves: list[NewMove] = []
    try:
        state, events = service.run_automated(
            engine, table.state, moves, {**table.automated, seat: level}, standins
        )
    except (IllegalMove, NotImplementedError):
        log.exception("table %s: the stand-in bot could not move for seat %s", table.id, seat)
        return False
    if not any(m.source == SOURCE for m in moves):
        return False
    tr = Tr(table.locale)
    name = service.names(table, tr)[seat]
    user_id = table.user_at(seat)
    prefs = await absence.store.player(user_id) if user_id is not None else None
    word = level_word(tr, table.game, level)
    if prefs is not None and prefs.on_vacation(absence.clock()):
        notice = tr("standin.on_vacation", name=name, level=word)
    else:
        limit = duration_text(tr, table.time_limit or 0)
        notice = tr("standin.took_over", name=name, level=word, limit=limit)
    later = [e for e in played_events(table, moves) if e.params["seat"] != seat or e.params["count"] > 1]
    row = table.seat_row(seat)
    due = None if row is None or row.deadline is None else (seat, row.deadline)
    await absence._commit(table, moves, state, [*events, *later], notice, end_reason=None, due=due)
    return True


async def back(service: TableService, interaction: discord.Interaction, table: TableRow) -> TableRow:
    """A player acted at the table: a seat the bot holds is theirs again (the thread is told),
    and a turn past its limit that the bot has not taken over yet waits for them with a fresh
    clock. Either stops a bot's move for them computed meanwhile (the store checks the held
    seats and the deadline it acts on), so the seat is not taken again. ``table`` as it is now."""
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.standin_level is None or table.status != "active":
        return table
    row = table.seat_row(seat)
    late = row is not None and row.deadline is not None and row.deadline <= service.store.now()
    if seat not in table.standins and not late:
        return table
    turns = await service.store.release_standin(table.id, seat)
    if late:
        service.clocks_changed()
    if not turns:
        return await service.store.table(table.id) or table
    tr = Tr(table.locale)
    channel = await service.channel_of(table)
    if channel is not None:
        try:
            await channel.send(
                tr("standin.back", name=service.names(table, tr)[seat], count=turns),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.info("table %s: could not say that a player is back", table.id)
    return await service.store.table(table.id) or table
