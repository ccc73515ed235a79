"""Re-opening a table whose thread a moderator deleted: a new thread, the same game.

The game is in the database, whole; only its place on Discord is gone. When the bot finds the
thread deleted (:mod:`bot.table_channel`), it posts in the parent channel with a "Re-open the
table" button. A player of the table (or a moderator) clicks it: the bot makes a new thread
there, the table's channel moves to it, and a fresh board pings whoever is to act.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import UserError, forbidden, run_guarded
from bot.i18n import Tr, lang_of, t
from bot.keyed_locks import KeyedLocks
from bot.outgoing import plain

if TYPE_CHECKING:
    from db.models import TableRow

TableService = Any
"""``bot.tables.TableService`` (which imports this module through ``bot.table_channel``)."""

log = logging.getLogger(__name__)

_locks = KeyedLocks()
"""One re-opening per table at a time: two clicks make one thread."""


class ReopenButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"reopen:(?P<table>\d+)"):
    """The button under the parent channel's "the thread was deleted" post."""

    def __init__(self, table_id: int, tr: Tr | None = None) -> None:
        tr = tr or Tr("en")
        super().__init__(
            discord.ui.Button(
                label=tr("thread_trouble.reopen_button"),
                style=discord.ButtonStyle.primary,
                custom_id=f"reopen:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> ReopenButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await run_guarded(interaction, reopen(service, interaction, self.table_id))


def reopen_view(table: TableRow, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReopenButton(table.id, tr))
    return view


async def thread_exists(service: TableService, channel_id: int) -> bool:
    """Whether Discord still has the table's thread (a click on an old button after a re-open)."""
    if service.bot.get_channel(channel_id) is not None:
        return True
    try:
        await service.bot.fetch_channel(channel_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True  # unknown: do not make a second thread
    return True


async def reopen(service: TableService, interaction: discord.Interaction, table_id: int) -> None:
    """Move the table to a new thread of this channel and post its board there."""
    async with _locks.hold(table_id):
        table = await service.store.table(table_id)
        if table is None or not table.is_open:
            raise UserError("thread_trouble.reopen_over")
        if await thread_exists(service, table.channel_id):
            raise UserError("thread_trouble.reopen_not_lost", thread=f"<#{table.channel_id}>")
        perms = interaction.permissions
        if table.seat_of(interaction.user.id) is None and not (perms and perms.manage_threads):
            raise UserError("thread_trouble.reopen_not_allowed")
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise UserError("lobby.text_channel_only")
        lang = lang_of(interaction.locale)
        public = Tr(table.locale)
        host = next((s.name for s in table.seats if s.user_id == table.host_id), table.seats[0].name)
        name = public("lobby.thread_name", game=service.title(table.game, public), host=plain(host))[:100]
        await interaction.response.defer()
        try:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.Forbidden as error:
            raise forbidden(lang, "create_thread", interaction.app_permissions) from error
        table = await service.store.move_table(table.id, thread.id)
        service.thread_found(table.id)
        service.turn_posts.pop(table.id, None)  # its post was in the deleted thread
        notice = public("thread_trouble.reopened", name=plain(interaction.user.display_name))
        await service.post_to_table(table, notices=[notice], new_turn=True)
        done = t(table.locale, "thread_trouble.reopened_here", thread=thread.mention)
        try:
            await interaction.edit_original_response(content=done, view=None)
        except discord.HTTPException:
            log.info("table %s: the re-open post stays as it was", table.id)
