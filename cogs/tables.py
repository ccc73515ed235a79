"""Commands about tables in general: ``/games`` (my running tables) and ``/table language``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGS, Tr, cmd, lang_of
from bot.lobby import LobbyButton
from bot.tables import TableService


class Tables(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]

    @app_commands.command(name=cmd("cmd.games.name"), description=cmd("cmd.games.description"))
    async def games(self, interaction: discord.Interaction) -> None:
        tr = Tr(lang_of(interaction.locale))
        tables = await self.service.store.open_tables_of(interaction.user.id)
        if not tables:
            await interaction.response.send_message(tr("games.none"), ephemeral=True)
            return
        lines = [tr("games.title")]
        for table in tables[:20]:
            adapter = self.service.adapters.get(table.game)
            title = tr(adapter.title_key) if adapter else table.game
            if table.status == "lobby":
                status = tr("games.status_lobby")
            else:
                assert table.state is not None and adapter is not None
                waiting = adapter.game.to_act(table.state)
                if table.seat_of(interaction.user.id) in waiting:
                    status = tr("games.status_your_turn")
                else:
                    names = self.service.names(table)
                    status = tr("games.status_waiting", names=", ".join(names[s] for s in waiting))
            where = tr("games.in_dm") if table.guild_id is None else f"<#{table.channel_id}>"
            lines.append(tr("games.line", game=title, channel=where, status=status))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    table = app_commands.Group(name=cmd("cmd.table.name"), description=cmd("cmd.table.description"))

    @table.command(name=cmd("cmd.table.language.name"), description=cmd("cmd.table.language.description"))
    @app_commands.rename(language=cmd("cmd.table.language.language.name"))
    @app_commands.describe(language=cmd("cmd.table.language.language.description"))
    @app_commands.choices(
        language=[
            app_commands.Choice(name=cmd(f"cmd.table.language.choice.{lang}"), value=lang) for lang in LANGS
        ]
    )
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        table = await self.service.table_here(interaction)
        self.service.seat_of(table, interaction.user.id)
        await self.service.store.set_locale(table.id, language.value)
        tr = Tr(language.value)
        await interaction.response.send_message(tr("table.language_set"))


async def setup(bot: Any) -> None:
    bot.add_dynamic_items(LobbyButton)
    await bot.add_cog(Tables(bot))
