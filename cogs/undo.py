"""``/undo``: take back your last step at the table of this channel, for every game.

The Undo button under a board post does the same for the step that led to that board; both
go through :func:`bot.undo.take_back`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd
from bot.tables import TableService
from bot.undo import take_back
from bot.undo_button import UndoButton


class Undo(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]

    @app_commands.command(name=cmd("cmd.undo.name"), description=cmd("cmd.undo.description"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await take_back(self.service, interaction)


async def setup(bot: Any) -> None:
    bot.add_dynamic_items(UndoButton)
    await bot.add_cog(Undo(bot))
