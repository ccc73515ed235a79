"""``/stats`` (games, wins, ratings with a chart, streak, favourite game) and ``/history``."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boards import Board
from bot.bot_players import bot_name
from bot.errors import UserError
from bot.i18n import Tr, cmd, lang_of
from bot.pictures import render
from bot.tables import discord_time
from db.boards import FinishedGame, GameLine, PlayerSummary, Standing
from db.rating import DISPLAY_BASE
from render.rating_chart import ChartPicture, render_rating_chart

HISTORY_LENGTH = 10


def thread_link(game: FinishedGame) -> str:
    """A link to the table's thread (or the DM of a solo game, which only its player can open)."""
    return f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"


def never_played(interaction: discord.Interaction, who: discord.abc.User) -> UserError:
    """The refusal for someone without a finished game, worded for oneself or for another player."""
    if who.id == interaction.user.id:
        return UserError("stats.never_you", **interaction.client.tables.commands(None))  # type: ignore[attr-defined]
    return UserError("stats.never", name=who.display_name)


def percent(wins: int, games: int) -> int:
    return round(100 * wins / games) if games else 0


class PlayerStats(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def _title(self, tr: Tr, game: str) -> str:
        return self.bot.tables.title(game, tr)

    # ----------------------------------------------------------------------------- /stats
    @app_commands.command(name=cmd("cmd.stats.name"), description=cmd("cmd.stats.description"))
    @app_commands.rename(user=cmd("cmd.stats.user.name"))
    @app_commands.describe(user=cmd("cmd.stats.user.description"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        tr = Tr(lang_of(interaction.locale))
        who = user or interaction.user
        summary = await self.bot.store.player_summary(who.id)
        if summary is None:
            raise never_played(interaction, who)
        embed = discord.Embed(title=tr("stats.title", name=who.display_name), colour=discord.Colour.blurple())
        favourite = summary.favourite()
        embed.description = tr(
            "stats.overview",
            games=summary.games,
            wins=summary.wins,
            percent=percent(summary.wins, summary.games),
            streak=summary.longest_streak,
            favourite=self._title(tr, favourite) if favourite else "–",
        )
        for game in dict.fromkeys(line.game for line in summary.lines):
            embed.add_field(
                name=self._title(tr, game), value=self._game_field(tr, summary, game), inline=False
            )
        files: list[discord.File] = []
        chart_game = self._chart_game(summary)
        if chart_game is not None:
            points = await self.bot.store.rating_history(who.id, chart_game)
            chart = ChartPicture(
                title=tr("stats.chart_title", game=self._title(tr, chart_game)),
                points=points,
                start=DISPLAY_BASE,
            )
            png = await render(render_rating_chart, chart, tr)
            files.append(discord.File(io.BytesIO(png), filename="rating.png"))
            embed.set_image(url="attachment://rating.png")
        embed.set_footer(text=tr("stats.unrated_note"))
        await interaction.response.send_message(embed=embed, files=files)

    @staticmethod
    def _chart_game(summary: PlayerSummary) -> str | None:
        """The rated game with the most rated games (the chart shows its whole-game rating)."""
        rated = {game: games for (game, variant), (_, games, _) in summary.ratings.items() if variant == ""}
        return max(rated, key=lambda g: rated[g]) if rated else None

    def _game_field(self, tr: Tr, summary: PlayerSummary, game: str) -> str:
        lines: list[str] = []
        whole = summary.ratings.get((game, ""))
        if whole is not None:
            rating, games, wins = whole
            lines.append(tr("stats.rating", rating=round(rating), games=games, wins=wins))
        for line in (x for x in summary.lines if x.game == game):
            lines.append(self._line(tr, summary, line))
        return "\n".join(lines)[:1024]

    @staticmethod
    def _line(tr: Tr, summary: PlayerSummary, line: GameLine) -> str:
        label = Board(line.game, line.variant, line.level).label(tr)
        if line.level is not None:
            return tr("stats.solo_line", board=label, games=line.games, wins=line.wins, best=line.best)
        rated = summary.ratings.get((line.game, line.variant))
        if rated is None or not line.variant:
            return tr("stats.variant_line", board=label, games=line.games, wins=line.wins)
        return tr(
            "stats.variant_rated_line", board=label, games=line.games, wins=line.wins, rating=round(rated[0])
        )

    # --------------------------------------------------------------------------- /history
    @app_commands.command(name=cmd("cmd.history.name"), description=cmd("cmd.history.description"))
    @app_commands.rename(user=cmd("cmd.history.user.name"))
    @app_commands.describe(user=cmd("cmd.history.user.description"))
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        tr = Tr(lang_of(interaction.locale))
        who = user or interaction.user
        recent = await self.bot.store.recent_games(who.id, HISTORY_LENGTH)
        if not recent:
            raise never_played(interaction, who)
        embed = discord.Embed(
            title=tr("history.title", name=who.display_name), colour=discord.Colour.blurple()
        )
        for game in recent:
            embed.add_field(
                name=self._history_name(tr, game), value=self._history_value(tr, game), inline=False
            )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    def _history_name(self, tr: Tr, game: FinishedGame) -> str:
        board = Board(game.game, game.variant, game.level).label(tr)
        return tr("history.game", game=self._title(tr, game.game), board=board)[:256]

    def _history_value(self, tr: Tr, game: FinishedGame) -> str:
        automa = self.bot.tables.automa_name(game.game, tr)
        standings = tr("history.separator").join(
            tr(
                "history.standing",
                place=s.place,
                name=self._standing_name(tr, game, s, automa),
                score=s.score,
            )
            for s in game.standings
        )
        when, link = discord_time(game.finished_at, "d"), thread_link(game)
        if game.end_reason:
            reason = tr(f"history.end.{game.end_reason}")
            return tr("history.line_ended", when=when, standings=standings, reason=reason, link=link)[:1024]
        return tr("history.line", when=when, standings=standings, link=link)[:1024]

    @staticmethod
    def _standing_name(tr: Tr, game: FinishedGame, standing: Standing, automa: str) -> str:
        """A player's name, a bot player's in the reader's language, or the automa's."""
        if standing.bot_level is not None:
            return bot_name(tr, game.game, standing.name or "?", standing.bot_level)
        return standing.name or automa


async def setup(bot: Any) -> None:
    await bot.add_cog(PlayerStats(bot))
