"""``/tally …``: the test game's slash commands, thin over the shared table service.

Loaded by tests only (``GameBot(..., extra_extensions=("tests.games.tally.cog",))``); the
package's ``__init__`` has loaded the catalogs the command names come from.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter import GameAdapter
from bot.clock_settings import at_limit_choices
from bot.errors import send_ephemeral
from bot.i18n import Tr, cmd, lang_of
from bot.lobby import open_lobby
from bot.tables import TableService
from tests.games.tally.engine import GAME
from tests.games.tally.render import board_image, render_board

NAME = "tally"


def no_buttons(table: Any, tr: Tr) -> None:
    """Tally is played by commands only."""
    return None


class TallyCog(
    commands.GroupCog, group_name=cmd("cmd.tally.name"), group_description=cmd("cmd.tally.description")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(
                game=GAME,
                title_key="tally.title",
                render_board=render_board,
                board_view=no_buttons,
                board_image=board_image,
            )
        )

    async def _play(self, interaction: discord.Interaction, notation: str) -> None:
        await self.service.play(interaction, notation, game=NAME)

    @app_commands.command(name=cmd("cmd.tally.new.name"), description=cmd("cmd.tally.new.description"))
    @app_commands.rename(
        players=cmd("cmd.tally.new.players.name"),
        opponents=cmd("cmd.tally.new.opponents.name"),
        rounds=cmd("cmd.tally.new.rounds.name"),
        limit=cmd("cmd.table.settings.limit.name"),
        at_limit=cmd("cmd.table.settings.at_limit.name"),
    )
    @app_commands.describe(
        players=cmd("cmd.tally.new.players.description"),
        opponents=cmd("cmd.tally.new.opponents.description"),
        rounds=cmd("cmd.tally.new.rounds.description"),
        limit=cmd("cmd.table.settings.limit.description"),
        at_limit=cmd("cmd.table.settings.at_limit.description"),
    )
    @app_commands.choices(at_limit=at_limit_choices())
    async def new(
        self,
        interaction: discord.Interaction,
        players: int = 3,
        opponents: str | None = None,
        rounds: int | None = None,
        limit: str | None = None,
        at_limit: str | None = None,
    ) -> None:
        """A lobby of ``players`` seats; the people ``opponents`` mentions hold a seat each. The
        seat count and the invitees are checked by the shared lobby."""
        options = {} if rounds is None else {"rounds": rounds}
        clock = self.service.typed_clock(NAME, limit=limit, at_limit=at_limit)
        await open_lobby(interaction, NAME, options, max_seats=players, opponents=opponents, clock=clock)

    @app_commands.command(name=cmd("cmd.tally.bid.name"), description=cmd("cmd.tally.bid.description"))
    @app_commands.rename(value=cmd("cmd.tally.bid.value.name"))
    @app_commands.describe(value=cmd("cmd.tally.bid.value.description"))
    async def bid(self, interaction: discord.Interaction, value: int) -> None:
        await self._play(interaction, f"bid {value}")

    @app_commands.command(name=cmd("cmd.tally.step.name"), description=cmd("cmd.tally.step.description"))
    async def step(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "step")

    @app_commands.command(name=cmd("cmd.tally.draw.name"), description=cmd("cmd.tally.draw.description"))
    async def draw(self, interaction: discord.Interaction) -> None:
        """The card drawn is a private event: the shared service tells the drawer alone."""
        await self._play(interaction, "draw")

    @app_commands.command(name=cmd("cmd.tally.done.name"), description=cmd("cmd.tally.done.description"))
    async def done(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "done")

    @app_commands.command(
        name=cmd("cmd.tally.challenge.name"), description=cmd("cmd.tally.challenge.description")
    )
    async def challenge(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "challenge")

    @app_commands.command(name=cmd("cmd.tally.allow.name"), description=cmd("cmd.tally.allow.description"))
    async def allow(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "allow")

    @app_commands.command(name=cmd("cmd.tally.resign.name"), description=cmd("cmd.tally.resign.description"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.service.resign(interaction, game=NAME)

    @app_commands.command(name=cmd("cmd.tally.board.name"), description=cmd("cmd.tally.board.description"))
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        await self.service.post_board(interaction, table)

    @app_commands.command(name=cmd("cmd.tally.hand.name"), description=cmd("cmd.tally.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await self.service.running_table_here(interaction, NAME)
        seat = self.service.seat_of(table, interaction.user.id)
        assert table.state is not None
        cards = GAME.view(table.state, seat)["hand"]
        tr = Tr(lang_of(interaction.locale))
        text = tr("tally.hand", cards=", ".join(map(str, cards))) if cards else tr("tally.hand_empty")
        await send_ephemeral(interaction, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TallyCog(bot))
