"""``/notify`` and ``/vacation``, players leaving a server and coming back, and the scheduler's lifetime."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock_settings import DAY
from bot.errors import UserError
from bot.i18n import Tr, cmd, lang_of
from bot.rejoin import came_back
from bot.table_channel import notice
from bot.tables import discord_time

MAX_VACATION_DAYS = 30


class Clocks(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.store = bot.store
        self.absence = bot.absence
        self.scheduler = bot.scheduler

    async def cog_load(self) -> None:
        self.scheduler.start()

    async def cog_unload(self) -> None:
        self.scheduler.stop()

    @app_commands.command(name=cmd("cmd.notify.name"), description=cmd("cmd.notify.description"))
    @app_commands.rename(dm=cmd("cmd.notify.dm.name"))
    @app_commands.describe(dm=cmd("cmd.notify.dm.description"))
    @app_commands.choices(
        dm=[app_commands.Choice(name=cmd(f"cmd.notify.choice.{v}"), value=v) for v in ("on", "off")]
    )
    async def notify(self, interaction: discord.Interaction, dm: app_commands.Choice[str]) -> None:
        lang = lang_of(interaction.locale)
        on = dm.value == "on"
        await self.store.set_dm_reminders(interaction.user.id, on, locale=lang)
        await interaction.response.send_message(Tr(lang)("notify.on" if on else "notify.off"), ephemeral=True)

    @app_commands.command(name=cmd("cmd.vacation.name"), description=cmd("cmd.vacation.description"))
    @app_commands.rename(days=cmd("cmd.vacation.days.name"))
    @app_commands.describe(days=cmd("cmd.vacation.days.description"))
    async def vacation(self, interaction: discord.Interaction, days: int) -> None:
        """Bounded here rather than by Discord, so an out-of-range number gets a sentence."""
        tr = Tr(lang_of(interaction.locale))
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise UserError("vacation.range", days=days)
        user = interaction.user
        now = self.store.now()
        if days == 0:
            if not (await self.store.player(user.id)).on_vacation(now):
                raise UserError("vacation.none")
            await self.store.set_vacation(user.id, None)
            self.scheduler.poke()
            await interaction.response.send_message(tr("vacation.ended"), ephemeral=True)
            await self._tell_tables(user.id, "vacation.back_notice", name=user.display_name)
            return
        until = now + days * DAY
        await self.store.set_vacation(user.id, until)
        self.scheduler.poke()
        tables = await self._clocked_tables(user.id)
        await interaction.response.send_message(
            tr("vacation.started", until=discord_time(until, "f"), count=len(tables)), ephemeral=True
        )
        await self._tell_tables(
            user.id, "vacation.notice", name=user.display_name, until=discord_time(until, "f")
        )

    async def _clocked_tables(self, user_id: int) -> list[Any]:
        tables = await self.store.open_tables_of(user_id)
        return [t for t in tables if t.status == "active" and t.time_limit is not None]

    async def _tell_tables(self, user_id: int, key: str, **params: Any) -> None:
        """Every running table of the player shows it in its thread (an archived one is reopened,
        ``bot.table_channel.notice``)."""
        for table in await self._clocked_tables(user_id):
            await notice(self.bot.tables, table, Tr(table.locale)(key, **params))

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Only delivered with the members intent; otherwise the reminder notices the absence.

        The player's games end first (and count), then they leave the server's leaderboards."""
        user_id = payload.user.id
        for table in [*await self.store.open_tables_of(user_id), *await self.store.lobbies_inviting(user_id)]:
            if table.guild_id == payload.guild_id:
                await self.absence.member_left(table, user_id)
        await self.store.forget_member(payload.guild_id, payload.user.id)

    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        """A player who left comes back (heard with the members intent; otherwise their first
        command at the table says so): their turns wait for them again (``bot.rejoin``)."""
        for table in await self.store.open_tables_of(member.id):
            if table.guild_id == member.guild.id:
                await came_back(self.bot.tables, table, member.id, acting=False)


async def setup(bot: Any) -> None:
    await bot.add_cog(Clocks(bot))
