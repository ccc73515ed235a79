"""The bot removed from a server, and added back: its tables pause, then resume.

While the bot is not on a server, nobody there can play, and a reminder or a move at the limit
there could not be posted: an absent-minded kick of the bot must not time everyone out. So when
Discord reports the bot removed (``on_guild_remove``; not an outage, which discord.py reports as
``on_guild_unavailable``), the running clocks of that server's tables are pushed out of reach
(:func:`db.clocks.shift_guild`): no reminder, no limit, no stand-in. When the bot is added back
(``on_guild_join``, or found among its servers at a (re)connection), the clocks come back less
the time away, and each table's thread says so.

The instant of the removal is kept in memory; after a restart meanwhile, the time away counts
from the start of this process (the pause itself is in the database and survives).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from bot.clock_settings import duration_text
from bot.i18n import Tr
from bot.table_channel import notice

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)


class ServerPause:
    """Pauses and resumes the tables of servers the bot leaves and rejoins."""

    def __init__(self, service: TableService, clocks_changed: Callable[[], None]) -> None:
        self.service = service
        self.clocks_changed = clocks_changed
        self.started = service.store.now()
        self.removed_at: dict[int, float] = {}

    async def removed(self, guild_id: int) -> None:
        self.removed_at[guild_id] = self.service.store.now()
        paused = await self.service.store.pause_server(guild_id)
        self.clocks_changed()
        log.warning("removed from server %s: %d running tables paused", guild_id, len(paused))

    async def on_servers(self, guild_ids: Collection[int]) -> None:
        """At (re)connection: resume the paused tables of servers the bot is on again (added back
        while it was not running, when Discord reports the server as available, not as joined)."""
        for guild_id in await self.service.store.paused_servers():
            if guild_id in guild_ids:
                await self.returned(guild_id)

    async def returned(self, guild_id: int) -> None:
        now = self.service.store.now()
        away = max(now - self.removed_at.pop(guild_id, self.started), 0.0)
        resumed = await self.service.store.resume_server(guild_id, away)
        if not resumed:
            return
        self.clocks_changed()
        log.info("back on server %s: %d tables resumed", guild_id, len(resumed))
        for table_id in resumed:
            table = await self.service.store.table(table_id)
            if table is None:
                continue
            tr = Tr(table.locale)
            await notice(self.service, table, tr("server.back", away=duration_text(tr, away)))
