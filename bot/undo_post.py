"""The post of an undo: the turn's post edited to the board returned to, saying what was taken back.

An undo is no new turn: it edits the turn's post (no new picture, nobody pinged) with one line
naming who took back what, in the undone steps' own public words (replayed from the state
returned to, so private events such as a drawn tile stay private), and whatever the game adds
(MarsBot: what to put back on the physical table, and its question again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import Tr
from bot.outgoing import clip
from db.models import TableRow
from engine.core import Event, Game
from engine.core.undo import Step

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService

MOVES_MAX = 400
"""How much of the undone steps' words one line carries (a long automated reply is cut)."""


def undone_events(engine: Game, kept: Mapping[str, Any], undone: Sequence[Step]) -> list[Event]:
    """The events of ``undone`` steps, played again from the state they are taken back to."""
    state: Any = kept
    events: list[Event] = []
    for step in undone:
        state, more = engine.apply(state, step.seat, step.notation)
        events.extend(more)
    return events


def took_back(
    service: TableService, table: TableRow, seat: int, kept: Mapping[str, Any], events: Sequence[Event]
) -> tuple[list[str], list[str]]:
    """The undo post's new lines (in the table's language), and the undone steps' own lines (which
    the turn's post drops if it ends with them)."""
    tr = Tr(table.locale)
    name = service.names(table, tr)[seat]
    undone = service.public_lines(table, events)
    if undone:
        lines = [tr("undo.took_back_moves", name=name, moves=clip(" · ".join(undone), MOVES_MAX))]
    else:
        lines = [tr("undo.took_back", name=name)]
    extra = service.adapters[table.game].taken_back
    if extra is not None:
        lines.extend(extra(tr, kept, events))
    return lines, undone


async def show_taken_back(
    service: TableService,
    interaction: discord.Interaction,
    table: TableRow,
    seat: int,
    kept: Mapping[str, Any],
    undone: Sequence[Step],
) -> None:
    """Edit the turn's post to the board after an undo by ``seat`` (see the module's doc)."""
    events = undone_events(service.adapters[table.game].game, kept, undone)
    lines, undone_lines = took_back(service, table, seat, kept, events)
    await service.show_undo(interaction, table, lines, undone_lines, mover=seat)
