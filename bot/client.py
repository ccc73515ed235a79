"""The Discord client: opens the store, loads the cogs, syncs the commands."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import Config
from bot.errors import install_tree_error_handler
from bot.i18n import CommandTranslator
from bot.tables import TableService
from db.store import Store

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ("cogs.tables", "cogs.runarch")


class GameBot(commands.Bot):
    """Slash commands and components only, so no privileged intents are needed."""

    def __init__(self, config: Config, **kwargs: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **kwargs,
        )
        self.config = config
        self.store = Store(config.database_path)
        self.tables = TableService(self, self.store)

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.tree.set_translator(CommandTranslator())
        install_tree_error_handler(self.tree)
        for name in EXTENSIONS:
            await self.load_extension(name)
        await self._sync_commands()

    async def _sync_commands(self) -> None:
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            await self.store.close()
