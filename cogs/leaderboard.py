"""``/leaderboard`` (a picture with page buttons) and ``/privacy`` (leaving the global boards)."""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boards import Board, alt_text, boards_of, find_board, find_game, picture_of
from bot.errors import UserError, run_guarded
from bot.i18n import Tr, cmd, lang_of
from bot.pictures import render
from db.boards import BoardEntry, BoardPage
from render.leaderboard import render_leaderboard

MAX_CHOICES = 25


def game_titles(bot: Any, tr: Tr) -> dict[str, str]:
    """Registered games by id, with their titles in the reader's language."""
    return {name: bot.tables.title(name, tr) for name in bot.tables.adapters}


def games(bot: Any) -> dict[str, Any]:
    return {name: adapter.game for name, adapter in bot.tables.adapters.items()}


def game_choices(bot: Any, tr: Tr, current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().casefold()
    return [
        app_commands.Choice(name=title, value=name)
        for name, title in game_titles(bot, tr).items()
        if typed in title.casefold() or typed in name
    ][:MAX_CHOICES]


def name_resolver(guild: discord.Guild | None, tr: Tr) -> Any:
    """A board entry's name: the server nickname if Discord gave it to us, else the stored name."""

    def name_of(entry: BoardEntry) -> str:
        member = guild.get_member(entry.user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        return entry.name or tr("boards.unknown_player")

    return name_of


class Boards:
    """Draws a page of a board into a message (shared by the command and the page buttons)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def message(
        self,
        board: Board,
        guild: discord.Guild | None,
        scope_guild: int | None,
        page: int,
        caller: int,
        tr: Tr,
    ) -> tuple[str, discord.File, discord.ui.View]:
        data: BoardPage = await self.bot.store.board(board.key(scope_guild), page, caller_id=caller)
        title = tr("boards.title", game=self.bot.tables.title(board.game, tr), board=board.label(tr))
        picture = picture_of(data, tr, title=title, caller_id=caller, name_of=name_resolver(guild, tr))
        png = await render(render_leaderboard, picture, tr)
        file = discord.File(io.BytesIO(png), filename="leaderboard.png", description=alt_text(picture, tr))
        view = discord.ui.View(timeout=None)
        for step in ("prev", "next"):
            button = PageButton(board, scope_guild, data.page, caller, step, tr)
            button.item.disabled = (step == "prev" and data.page == 0) or (
                step == "next" and data.page >= data.pages - 1
            )
            view.add_item(button)
        # A rating board says which games it leaves out; a solo board ranks scores, not ratings.
        note = tr("boards.unrated_note") if board.level is None else ""
        return note, file, view


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lb:(?P<guild>\d+):(?P<game>[a-z0-9_]+):(?P<board>[a-z0-9_:]*):(?P<page>\d+):(?P<caller>\d+):"
    r"(?P<step>prev|next)",
):
    """Previous / next page; the id carries the board, the scope, the page and who asked (whose place
    the picture shows), so the buttons work after a restart and for anyone who clicks."""

    def __init__(
        self, board: Board, guild_id: int | None, page: int, caller: int, step: str, tr: Tr | None = None
    ) -> None:
        tr = tr or Tr("en")
        super().__init__(
            discord.ui.Button(
                label=tr(f"boards.button.{step}"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"lb:{guild_id or 0}:{board.game}:{board.value}:{page}:{caller}:{step}",
            )
        )
        self.board, self.guild_id, self.page, self.caller, self.step = board, guild_id, page, caller, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> PageButton:
        board = Board.from_value(match["game"], match["board"])
        guild = int(match["guild"]) or None
        return cls(board, guild, int(match["page"]), int(match["caller"]), match["step"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._turn(interaction))

    async def _turn(self, interaction: discord.Interaction) -> None:
        tr = Tr(lang_of(interaction.locale))
        page = self.page + (1 if self.step == "next" else -1)
        note, file, view = await Boards(interaction.client).message(
            self.board, interaction.guild, self.guild_id, page, self.caller, tr
        )
        await interaction.response.edit_message(content=note or None, attachments=[file], view=view)


class Leaderboards(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.boards = Boards(bot)

    @app_commands.command(name=cmd("cmd.leaderboard.name"), description=cmd("cmd.leaderboard.description"))
    @app_commands.rename(
        game=cmd("cmd.leaderboard.game.name"),
        scope=cmd("cmd.leaderboard.scope.name"),
        variant=cmd("cmd.leaderboard.variant.name"),
    )
    @app_commands.describe(
        game=cmd("cmd.leaderboard.game.description"),
        scope=cmd("cmd.leaderboard.scope.description"),
        variant=cmd("cmd.leaderboard.variant.description"),
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(name=cmd(f"cmd.leaderboard.scope.{v}"), value=v) for v in ("server", "global")
        ]
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: app_commands.Choice[str] | None = None,
        variant: str | None = None,
    ) -> None:
        tr = Tr(lang_of(interaction.locale))
        engine = find_game(games(self.bot), game_titles(self.bot, tr), game)
        board = find_board(engine, variant, tr)
        wanted = scope.value if scope is not None else ("server" if interaction.guild_id else "global")
        if wanted == "server" and interaction.guild_id is None:
            raise UserError("boards.no_server")
        guild_id = interaction.guild_id if wanted == "server" else None
        note, file, view = await self.boards.message(
            board, interaction.guild, guild_id, 0, interaction.user.id, tr
        )
        await interaction.response.send_message(note, file=file, view=view)

    @leaderboard.autocomplete("game")
    async def _game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.bot, Tr(lang_of(interaction.locale)), current)

    @leaderboard.autocomplete("variant")
    async def _board_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tr = Tr(lang_of(interaction.locale))
        typed = str(getattr(interaction.namespace, "game", "") or "")
        try:
            engine = find_game(games(self.bot), game_titles(self.bot, tr), typed)
        except UserError:
            return []
        text = current.strip().casefold()
        return [
            app_commands.Choice(name=b.label(tr), value=b.value)
            for b in boards_of(engine)
            if text in b.label(tr).casefold()
        ][:MAX_CHOICES]

    @app_commands.command(name=cmd("cmd.privacy.name"), description=cmd("cmd.privacy.description"))
    @app_commands.rename(global_board=cmd("cmd.privacy.global.name"))
    @app_commands.describe(global_board=cmd("cmd.privacy.global.description"))
    @app_commands.choices(
        global_board=[
            app_commands.Choice(name=cmd(f"cmd.privacy.choice.{v}"), value=v) for v in ("on", "off")
        ]
    )
    async def privacy(
        self, interaction: discord.Interaction, global_board: app_commands.Choice[str] | None = None
    ) -> None:
        """Without an answer it says where the player stands; server boards always show members."""
        tr = Tr(lang_of(interaction.locale))
        store = self.bot.store
        if global_board is not None:
            await store.set_global_board(interaction.user.id, global_board.value == "on")
        listed = await store.global_board(interaction.user.id)
        key = "privacy.listed" if listed else "privacy.hidden"
        if global_board is None:
            key += "_now"
        await interaction.response.send_message(tr(key), ephemeral=True)


async def setup(bot: Any) -> None:
    bot.add_dynamic_items(PageButton)
    await bot.add_cog(Leaderboards(bot))
