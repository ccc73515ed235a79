"""A cog extension that is not in ``cogs/``, as a test's own game is loaded (``extra_extensions``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands


@app_commands.command(name="extra", description="A command of an extension loaded from elsewhere")
async def extra(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("extra", ephemeral=True)


async def setup(bot: Any) -> None:
    bot.tree.add_command(extra)
