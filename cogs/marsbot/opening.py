"""Opening a MarsBot game in the person's DM, from ``/marsbot new`` or from the custom level's select.

Both paths check the same things (a DM, no MarsBot game running there) and start the game the
same way. The select may be chosen long after the command, after a restart, or delivered twice:
the store opens at most one table per DM atomically, so a second start is refused with the DM's
own sentence and starts nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import Tr
from bot.tables import TableService
from cogs.marsbot.intro import intro

NAME = "marsbot"


async def may_open(service: TableService, interaction: discord.Interaction) -> None:
    """Refuse a game outside a DM, or beside a MarsBot game already running in this one."""
    if interaction.guild is not None or not isinstance(interaction.channel, discord.DMChannel):
        raise UserError("marsbot.dm_only")
    if await service.store.open_table_in(interaction.channel_id or 0, NAME) is not None:
        raise UserError("marsbot.busy")


async def open_game(
    service: TableService, interaction: discord.Interaction, options: Mapping[str, Any]
) -> None:
    """Open and start the table; the first board post answers ``interaction`` (from the custom
    level's select, it also closes that private select)."""
    await may_open(service, interaction)
    try:
        table = await service.open_solo(interaction, NAME, options)
    except UserError as error:
        if error.key == "table.busy":  # another delivery of the same choice opened it meanwhile
            raise UserError("marsbot.busy") from error
        raise
    assert table.state is not None
    notices = [intro(Tr(table.locale), table.state)]
    chosen = interaction.message is not None
    await service.post_board(interaction, table, notices=notices, from_picker=chosen)
