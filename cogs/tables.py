"""Commands about tables in general: ``/games`` (my tables and who they wait for) and ``/table …``
(language, settings before the start, kicking an absent player, abandoning)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock_settings import at_limit_choices, describe, duration_choices, merged, of_table
from bot.errors import UserError, run_guarded
from bot.i18n import LANGS, Tr, cmd, lang_of
from bot.lobby import LobbyButton, LobbySelect, redraw_lobby
from bot.permission_check import report
from bot.reopen import ReopenButton
from bot.server_pause import ServerPause
from bot.standin import paused, resume_command
from bot.standin_settings import digest_choices, digest_state, digest_value, level_choices, set_digest
from bot.table_channel import notice
from bot.tables import TableService, discord_time
from db.errors import NotInLobby, TableClosed
from db.models import TableRow
from engine.core import IllegalMove


def still_playing(service: TableService, table: TableRow, seat: int) -> bool:
    """Whether the player in ``seat`` is still in the game: the engine would let them leave
    (a player who resigned, left the server or was removed already cannot leave again)."""
    assert table.state is not None
    try:
        service.adapters[table.game].game.forfeit(table.state, seat)
    except IllegalMove:
        return False
    return True


def may_manage(interaction: discord.Interaction, table: TableRow) -> bool:
    """The host, or a moderator who may manage threads here."""
    perms = interaction.permissions
    return interaction.user.id == table.host_id or bool(perms and perms.manage_threads)


class AbandonButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"abandon:(?P<table>\d+):(?P<status>lobby|active):(?P<answer>yes|no)",
):
    """The private "Abandon the table" / "Keep playing" after ``/table abandon``.

    Abandoning ends the game for everyone, so the command asks once more. The buttons name the
    table and its status when it was asked (a lobby or a running game), so after a restart they
    answer as they would have before, and abandon exactly what was confirmed: a table that has
    ended, or a lobby whose game has started since, is refused with the reason.
    """

    def __init__(
        self, table_id: int, status: str, answer: str, tr: Tr | None = None, label: str | None = None
    ) -> None:
        tr = tr or Tr("en")
        super().__init__(
            discord.ui.Button(
                label=label or tr("abandon.button" if answer == "yes" else "abandon.keep"),
                style=discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary,
                custom_id=f"abandon:{table_id}:{status}:{answer}",
            )
        )
        self.table_id, self.status, self.answer = table_id, status, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> AbandonButton:
        return cls(int(match["table"]), match["status"], match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.answer == "no":
            tr = Tr(lang_of(interaction.locale))
            await interaction.response.edit_message(content=tr("abandon.kept"), view=None)
            return
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await run_guarded(interaction, abandon_now(service, interaction, self.table_id, self.status))


def abandon_view(table: TableRow, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(AbandonButton(table.id, table.status, answer, tr))
    return view


def abandon_which_view(tables: list[TableRow], tr: Tr, title: Callable[[str], str]) -> discord.ui.View:
    """One "Abandon <game>" button per table of a DM holding several, and "Keep playing"."""
    view = discord.ui.View(timeout=None)
    for table in tables:
        label = tr("abandon.button_game", game=title(table.game))[:80]
        view.add_item(AbandonButton(table.id, table.status, "yes", tr, label=label))
    view.add_item(AbandonButton(tables[0].id, tables[0].status, "no", tr))
    return view


async def abandon_now(
    service: TableService, interaction: discord.Interaction, table_id: int, status: str
) -> None:
    """Close the table confirmed in ``status`` and tell its channel; refused if it changed since."""
    table = await service.store.table(table_id)
    if table is None or not table.is_open:
        raise UserError("abandon.already_over")
    if table.status != status:
        raise UserError("confirm.abandon_started")
    if not may_manage(interaction, table):
        raise UserError("abandon.not_allowed")
    try:
        table = await service.store.cancel(table.id, reason="abandoned", lobby_only=status == "lobby")
    except TableClosed as error:
        raise UserError("abandon.already_over") from error
    except NotInLobby as error:
        raise UserError("confirm.abandon_started") from error
    service.clocks_changed()
    await interaction.response.edit_message(content=Tr(lang_of(interaction.locale))("table.done"), view=None)
    # the table is closed either way; an archived thread is reopened to say so
    await notice(service, table, Tr(table.locale)("abandon.done", name=interaction.user.display_name))


class Tables(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.pause = ServerPause(self.service, bot.scheduler.poke)  # type: ignore[attr-defined]

    @app_commands.command(name=cmd("cmd.games.name"), description=cmd("cmd.games.description"))
    async def games(self, interaction: discord.Interaction) -> None:
        tr = Tr(lang_of(interaction.locale))
        tables = await self.service.store.open_tables_of(interaction.user.id)
        if not tables:
            await interaction.response.send_message(
                tr("games.none", **self.service.commands(None)), ephemeral=True
            )
            return
        lines = [tr("games.title")]
        for table in tables[:20]:
            title = self.service.title(table.game, tr)
            status = await self._status(table, interaction.user.id, tr)
            where = tr("games.in_dm") if table.guild_id is None else f"<#{table.channel_id}>"
            if table.thread_lost_at is not None:
                status = tr("thread_trouble.games_lost", channel=f"<#{table.parent_id}>")
            elif table.guild_id is not None and self.bot.get_guild(table.guild_id) is None:
                status = tr("server.games_paused")
            lines.append(tr("games.line", game=title, channel=where, status=status))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def _status(self, table: TableRow, user_id: int, tr: Tr) -> str:
        """Lobby, or how long the table has waited and on whom (and who is on vacation)."""
        if table.status == "lobby" or table.state is None:
            return tr("games.status_lobby")
        now = self.service.store.now()
        adapter = self.service.adapters.get(table.game)  # a game no longer registered has no stand-in
        if adapter is not None and paused(adapter.game, table):
            return tr("games.status_paused")
        awaited = [s for s in table.seats if s.awaited_since is not None]
        if not awaited:
            return tr("games.status_waiting", names=self.service.automa_name(table.game, tr))
        since = discord_time(min(s.awaited_since or now for s in awaited))
        mine = next((s for s in awaited if s.user_id == user_id), None)
        if mine is not None and mine.deadline is not None:
            return tr("waiting.your_turn", since=since, deadline=discord_time(mine.deadline))
        if mine is not None:
            return tr("games.status_your_turn")
        names = []
        for seat in awaited:
            prefs = await self.service.store.player(seat.user_id)
            if prefs.on_vacation(now) and prefs.vacation_until is not None:
                names.append(
                    tr("waiting.on_vacation", name=seat.name, until=discord_time(prefs.vacation_until, "f"))
                )
            else:
                names.append(seat.name)
        return tr("waiting.others", names=", ".join(names), since=since)

    table = app_commands.Group(name=cmd("cmd.table.name"), description=cmd("cmd.table.description"))

    @table.command(name=cmd("cmd.table.resume.name"), description=cmd("cmd.table.resume.description"))
    async def resume(self, interaction: discord.Interaction) -> None:
        """A table paused because every player was away goes on (``bot.standin``)."""
        await resume_command(self.service, interaction)

    @table.command(name=cmd("cmd.table.language.name"), description=cmd("cmd.table.language.description"))
    @app_commands.rename(language=cmd("cmd.table.language.language.name"))
    @app_commands.describe(language=cmd("cmd.table.language.language.description"))
    @app_commands.choices(
        language=[
            app_commands.Choice(name=cmd(f"cmd.table.language.choice.{lang}"), value=lang) for lang in LANGS
        ]
    )
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        """The table's language; in a DM with one table per game, every one of them (the one
        person there plays them all)."""
        tables = await self.service.tables_here(interaction)
        if not tables:
            raise UserError("table.none_here")
        mine = [t for t in tables if t.seat_of(interaction.user.id) is not None]
        if not mine:
            raise UserError("table.not_seated")
        for table in mine:
            await self.service.store.set_locale(table.id, language.value)
        tr = Tr(language.value)
        await interaction.response.send_message(
            tr("table.language_set" if len(mine) == 1 else "table.languages_set")
        )

    @table.command(name=cmd("cmd.table.settings.name"), description=cmd("cmd.table.settings.description"))
    @app_commands.rename(
        reminder=cmd("cmd.table.settings.reminder.name"),
        limit=cmd("cmd.table.settings.limit.name"),
        at_limit=cmd("cmd.table.settings.at_limit.name"),
        bot_level=cmd("cmd.table.settings.bot_level.name"),
        digest=cmd("cmd.table.settings.digest.name"),
    )
    @app_commands.describe(
        reminder=cmd("cmd.table.settings.reminder.description"),
        limit=cmd("cmd.table.settings.limit.description"),
        at_limit=cmd("cmd.table.settings.at_limit.description"),
        bot_level=cmd("cmd.table.settings.bot_level.description"),
        digest=cmd("cmd.table.settings.digest.description"),
    )
    @app_commands.choices(at_limit=at_limit_choices(), digest=digest_choices())
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder: str | None = None,
        limit: str | None = None,
        at_limit: str | None = None,
        bot_level: str | None = None,
        digest: str | None = None,
    ) -> None:
        """Without options it shows the settings; with them, the host changes them: the clock in
        the lobby, the digest at any time."""
        tables = await self.service.tables_here(interaction)
        if tables and all(t.max_seats == 1 for t in tables):
            raise UserError("settings.solo")  # a DM's solo tables, however many
        digest_on = digest_value(digest)
        table = await self.service.table_here(interaction)
        tr = Tr(lang_of(interaction.locale))
        current = of_table(table)
        clock_given = any(v is not None for v in (reminder, limit, at_limit, bot_level))
        if not clock_given and digest_on is None:
            summary = f"{describe(tr, current, table.game)} · {digest_state(tr, table.digest)}"
            await interaction.response.send_message(tr("settings.current", summary=summary), ephemeral=True)
            return
        if not may_manage(interaction, table):
            raise UserError("settings.host_only")
        if not clock_given:
            await set_digest(self.service, interaction, table, digest_on is True)
            return
        if table.status != "lobby":
            raise UserError("settings.started")
        adapter = self.service.adapters[table.game]
        wanted = merged(
            current,
            reminder=reminder,
            limit=limit,
            at_limit=at_limit,
            has_timeout_move=adapter.game.info.timeout_move,
            bot_level=bot_level,
            bot_levels=adapter.game.info.bot_levels,
        )
        try:
            table = await self.service.store.set_clock_settings(
                table.id,
                remind_after=wanted.remind_after,
                time_limit=wanted.time_limit,
                on_timeout=wanted.on_timeout,
                standin_level=wanted.standin_level,
            )
            if digest_on is not None:
                table = await self.service.store.set_digest(table.id, digest_on)
        except NotInLobby as error:
            raise UserError("settings.started") from error
        public = Tr(table.locale)
        summary = f"{describe(public, wanted, table.game)} · {digest_state(public, table.digest)}"
        await interaction.response.send_message(
            public("settings.changed", name=interaction.user.display_name, summary=summary),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await redraw_lobby(self.service, table)

    @settings.autocomplete("bot_level")
    async def _bot_level_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tables = await self.service.tables_here(interaction)
        adapter = self.service.adapters.get(tables[0].game) if tables else None
        return level_choices(Tr(lang_of(interaction.locale)), adapter, current)

    @settings.autocomplete("reminder")
    async def _reminder_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return duration_choices(Tr(lang_of(interaction.locale)), current, "reminder")

    @settings.autocomplete("limit")
    async def _limit_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return duration_choices(Tr(lang_of(interaction.locale)), current, "limit")

    @table.command(name=cmd("cmd.table.kick.name"), description=cmd("cmd.table.kick.description"))
    @app_commands.rename(player=cmd("cmd.table.kick.player.name"))
    @app_commands.describe(player=cmd("cmd.table.kick.player.description"))
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        table = await self.service.running_table_here(interaction)
        if not may_manage(interaction, table):
            raise UserError("kick.not_allowed")
        row = next((s for s in table.seats if s.user_id == player.id), None)
        if row is None:
            raise UserError("kick.not_seated", name=player.display_name)
        if player.id == interaction.user.id:
            raise UserError("kick.self", **self.service.commands(table.game))
        if not still_playing(self.service, table, row.seat):
            raise UserError("kick.already_left", name=row.name)
        if table.time_limit is None:
            raise UserError("kick.no_limit")
        now = self.service.store.now()
        late = row.timeouts > 0 or (row.deadline is not None and row.deadline <= now)
        if not late:
            if row.deadline is None:
                raise UserError("kick.not_waiting", name=row.name)
            raise UserError("kick.on_time", name=row.name, deadline=discord_time(row.deadline))
        tr = Tr(table.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = tr("timeout.kicked", name=row.name, by=interaction.user.mention)
        absence: Any = self.bot.absence  # type: ignore[attr-defined]
        if not await absence.remove(table, row.seat, source="kicked", notice=notice):
            raise self.service.stale(table.game, typed=True)
        await interaction.followup.send(Tr(lang_of(interaction.locale))("table.done"), ephemeral=True)

    @table.command(name=cmd("cmd.table.check.name"), description=cmd("cmd.table.check.description"))
    async def check(self, interaction: discord.Interaction) -> None:
        """What the bot lacks here, from the permissions Discord sent with this command."""
        if interaction.guild is None:
            raise UserError("errors.guild_only")
        tr = Tr(lang_of(interaction.locale))
        in_thread = isinstance(interaction.channel, discord.Thread)
        text = report(tr, interaction.app_permissions, in_thread)
        await interaction.response.send_message(text, ephemeral=True)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.pause.removed(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.pause.returned(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.pause.on_servers({guild.id for guild in self.bot.guilds})

    @table.command(name=cmd("cmd.table.abandon.name"), description=cmd("cmd.table.abandon.description"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        """Asks once more; in a DM holding several tables (one per game), which one."""
        tables = await self.service.tables_here(interaction)
        if not tables:
            raise UserError("table.none_here")
        tables = [t for t in tables if may_manage(interaction, t)]
        if not tables:
            raise UserError("abandon.not_allowed")
        tr = Tr(lang_of(interaction.locale))
        if len(tables) == 1:
            view, question = abandon_view(tables[0], tr), tr("abandon.confirm")
        else:
            view = abandon_which_view(tables, tr, lambda game: self.service.title(game, tr))
            question = tr("abandon.which")
        await interaction.response.send_message(question, view=view, ephemeral=True)


async def setup(bot: Any) -> None:
    bot.add_dynamic_items(LobbyButton, LobbySelect, AbandonButton, ReopenButton)
    await bot.add_cog(Tables(bot))
