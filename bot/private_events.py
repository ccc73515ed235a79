"""Private events (a card drawn, a hand dealt): to their one player, never to the table's thread.

An engine event with an ``audience`` is for that seat alone. It reaches its player privately:
as an ephemeral answer when it arose from that player's own click or command, and by DM when
something else caused it (another player's move, an automa, the bot at a time limit). A DM
that fails (DMs closed) is only logged: the game's private command (a hand, a secret) shows
the player the same information, and nothing private is ever posted instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.adapter import EventWords, GameAdapter
from bot.errors import send_ephemeral
from bot.i18n import Tr, lang_of
from db.models import TableRow
from engine.core import Event

if TYPE_CHECKING:
    from discord.ext import commands

    from db.store import Store

log = logging.getLogger(__name__)


def by_audience(events: Sequence[Event]) -> dict[int, list[Event]]:
    """The private events of one commit, by the seat each is for (in the order they happened)."""
    found: dict[int, list[Event]] = {}
    for event in events:
        if event.audience is not None:
            found.setdefault(event.audience, []).append(event)
    return found


class PrivateEvents:
    """Delivers private events; a mixin of the table service (needs its bot, store and words)."""

    bot: commands.Bot
    store: Store
    adapters: dict[str, GameAdapter]
    names: Callable[[TableRow, Tr], list[str]]
    event_text: Callable[[Tr, Event, Sequence[str], EventWords], str]

    async def tell_private(
        self, table: TableRow, events: Sequence[Event], interaction: discord.Interaction | None = None
    ) -> None:
        """Each private event to its player: privately in ``interaction`` if it is theirs, else by DM."""
        for seat, mine in by_audience(events).items():
            user_id = table.user_at(seat)
            if user_id is None:
                continue  # a seat the engine plays itself: nobody to tell
            if interaction is not None and interaction.user.id == user_id:
                shows = self.adapters[table.game].show_private
                if shows is not None and await shows(interaction, table, seat, mine):
                    continue
                tr = Tr(lang_of(interaction.locale))
                text = tr("private.only_you", lines=self._lines(table, mine, tr))
                try:
                    await send_ephemeral(interaction, text)
                    continue
                except discord.HTTPException as error:
                    log.info("table %s: private answer failed (%s); trying a DM", table.id, error.status)
            await self._dm(table, user_id, mine)

    def _lines(self, table: TableRow, events: Sequence[Event], tr: Tr) -> str:
        names = self.names(table, tr)
        adapter = self.adapters[table.game]
        seats = adapter.game.info.seat_params
        return "\n".join(self.event_text(tr, event, names, adapter.event_words, seats) for event in events)

    async def _dm(self, table: TableRow, user_id: int, events: Sequence[Event]) -> None:
        prefs = await self.store.player(user_id)
        tr = Tr(prefs.locale or table.locale)
        title = tr(self.adapters[table.game].title_key)
        link = f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}"
        text = tr("private.dm", game=title, link=link, lines=self._lines(table, events, tr))
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            # Never posted anywhere else: the game's private command shows the player the same.
            log.info("table %s: could not DM a private event to its player (%s)", table.id, error.status)
