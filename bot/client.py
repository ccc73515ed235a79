"""The Discord client: opens the store, loads the cogs, syncs the commands."""

from __future__ import annotations

import gc
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import command_sync, pictures
from bot.absence import Absence
from bot.config import Config
from bot.discovery import cog_extensions
from bot.errors import install_tree_error_handler
from bot.i18n import COMMANDS, LANGS, CommandTranslator
from bot.monitor import Monitor
from bot.outgoing import install as fit_outgoing_messages
from bot.scheduler import Scheduler
from bot.tables import TableService
from db.store import Store

log = logging.getLogger(__name__)


async def localised_names(tree: app_commands.CommandTree) -> dict[str, dict[str, str]]:
    """Every command's qualified name (English) -> its qualified name in each language."""
    names: dict[str, dict[str, str]] = {}
    translator = tree.translator

    def walk(node: dict[str, Any], english: str, shown: dict[str, str]) -> None:
        names[english] = shown
        for option in node.get("options", []):
            if option["type"] in (1, 2):  # subcommand, group
                local = option.get("name_localizations") or {}
                walk(
                    option,
                    f"{english} {option['name']}",
                    {lang: f"{shown[lang]} {local.get(lang, option['name'])}" for lang in LANGS},
                )

    for command in tree.get_commands():
        payload = (
            await command.get_translated_payload(tree, translator) if translator else command.to_dict(tree)
        )
        local = payload.get("name_localizations") or {}
        walk(payload, payload["name"], {lang: local.get(lang, payload["name"]) for lang in LANGS})
    return names


def utc_now() -> float:
    """Unix seconds through discord.py's clock, which SimCord moves in tests (time travel)."""
    return discord.utils.utcnow().timestamp()


GC_THRESHOLDS = (5_000, 10, 100)
"""The collector's thresholds once started (Python's default: 700, 10, 10). A move allocates
thousands of short-lived objects, and the collector's pauses stop the event loop. Measured
under ``python -m bench.concurrent`` (saturation, then 80 % of it), each collection timed:

- 700, 10, 10: 10.6 % of the main thread's CPU in the collector; 17 full collections of about
  200 ms (at most 381 ms);
- 20,000, 20, 20: 5.6 %, but the middle generation's collections took up to 126 ms, and the
  event loop's lag p99 rose to 19-30 ms;
- 5,000, 10, 100: young collections p99 8.5 ms, middle ones at most 32 ms, one full collection;
  lag p99 15 ms at the same throughput (with no collection at all: 11 ms).

Full collections become rare: the start-up heap is frozen (``gc.freeze``) and what a move
leaves is nearly all freed by reference counting, so few cycles wait for them."""


class GameBot(commands.Bot):
    """Slash commands and components only, so no privileged intent is needed.

    With ``MEMBERS_INTENT=true`` (and the intent enabled in the developer portal) a player
    who leaves a server is handled at once; without it, when their reminder or limit comes.
    """

    freeze_heap: bool = True
    """``gc.freeze()`` and :data:`GC_THRESHOLDS` once started. Tests start hundreds of bots in one
    process and turn it off: a frozen bot's garbage is never collected."""

    def __init__(self, config: Config, *, extra_extensions: Sequence[str] = (), **kwargs: Any) -> None:
        """``extra_extensions`` are cogs loaded after the discovered ones (a test's own game)."""
        fit_outgoing_messages()
        intents = discord.Intents.default()
        intents.members = config.members_intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # Nobody is pinged unless a send names them (a player to move, a reminded player):
            # names and typed text in a post can then never ping anyone.
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.config = config
        self.extra_extensions = tuple(extra_extensions)
        self.store = Store(config.database, clock=utc_now, pool_size=config.database_pool_size)
        self.tables = TableService(self, self.store)
        self.absence = Absence(self.tables, utc_now)
        scope = config.shards.scope() if config.shards is not None else None
        self.scheduler = Scheduler(self, self.absence, utc_now, shards=scope)
        self.tables.clocks_changed = self.scheduler.poke
        self.monitor = Monitor(self, self.store, utc_now, seconds=config.health_seconds, shards=config.shards)
        self.tables.move_shown = self.monitor.moved

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """discord.py's dispatch of every event; an interaction's reply time starts here, before
        any of its handlers runs (they are tasks scheduled by now)."""
        if event_name == "interaction" and args:
            self.monitor.received(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.tree.set_translator(CommandTranslator())
        install_tree_error_handler(self.tree)
        for name in (*cog_extensions(), *self.extra_extensions):
            await self.load_extension(name)
        await pictures.start(self.config.render_workers, self._renderer_modules())
        await self._sync_commands()
        self.monitor.start()
        if self.freeze_heap:
            # What start-up loaded (modules, catalogs, cogs, caches) lives as long as the bot: out of
            # the collector's generations, a full collection no longer walks it every time.
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)

    def _renderer_modules(self) -> set[str]:
        """The modules of the games' board pictures and their alt texts, for the picture workers to
        import at start."""
        found = set()
        for adapter in self.tables.adapters.values():
            for fn in (adapter.render_board, adapter.render_details, adapter.alt_text):
                module = getattr(fn, "__module__", None)
                if module and module.startswith(("render.", "cogs.")):
                    found.add(module)
        return found

    async def _sync_commands(self) -> None:
        """Push the commands to Discord, or (a process without shard 0) only read their ids:
        N processes of one bot push once, not N times against the same rate limit. Discord's refusal
        raises :class:`bot.command_sync.CommandsRefused`, one line naming the refused texts."""
        shards = self.config.shards
        if shards is not None and not shards.syncs_commands:
            known = await self.tree.fetch_commands()
            COMMANDS.ids = {command.name: command.id for command in known}
            COMMANDS.names = await localised_names(self.tree)
            return
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await command_sync.sync(self.tree, guild)
        synced = await command_sync.sync(self.tree)
        COMMANDS.ids = {command.name: command.id for command in synced}
        COMMANDS.names = await localised_names(self.tree)

    async def close(self) -> None:
        self.scheduler.stop()
        await self.monitor.stop()
        try:
            await super().close()
        finally:
            await self.store.close()
            await pictures.stop()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot as one of several processes, or one process of several shards (``SHARD_COUNT``).

    ``AutoShardedBot`` rather than ``Bot(shard_id=…)``: it runs one shard or several in one
    process (``SHARD_IDS=0,1``), so the same class serves every split of the shards over
    processes, and the timers follow the shards it runs (:mod:`bot.sharding`).
    """
