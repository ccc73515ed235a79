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
from bot.errors import UserError, send_ephemeral
from bot.i18n import Tr, cmd, lang_of
from bot.lobby import open_lobby
from bot.tables import TableService
from engine.core import Event, Move, State
from tests.games.tally.engine import Tally
from tests.games.tally.render import board_image, render_board

NAME = "tally"


class ThreadSafeTally(Tally):
    """Tally with its private events held back from the table service.

    The shared board post shows every event of a move in the thread; until it sends an
    event with an audience to that player alone, the drawer learns the card from ``/tally
    draw``'s private answer (read from their own view) and the thread only that a card was
    drawn. The rules, states and logs are Tally's own."""

    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        after, events = super().apply(state, seat, move)
        return after, [e for e in events if e.audience is None]


GAME = ThreadSafeTally()


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
    @app_commands.rename(players=cmd("cmd.tally.new.players.name"), rounds=cmd("cmd.tally.new.rounds.name"))
    @app_commands.describe(
        players=cmd("cmd.tally.new.players.description"), rounds=cmd("cmd.tally.new.rounds.description")
    )
    async def new(
        self, interaction: discord.Interaction, players: int = 3, rounds: int | None = None
    ) -> None:
        info = GAME.info
        if not info.min_players <= players <= info.max_players:
            raise UserError("tally.bad_players", minimum=info.min_players, maximum=info.max_players)
        options = {} if rounds is None else {"rounds": rounds}
        await open_lobby(interaction, NAME, options, max_seats=players)

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
        played = await self.service.play(interaction, "draw", game=NAME)
        if played is None or played.table.state is None:
            return
        seat = self.service.seat_of(played.table, interaction.user.id)
        card = GAME.view(played.table.state, seat)["hand"][-1]
        await send_ephemeral(interaction, Tr(lang_of(interaction.locale))("tally.drew_card", card=card))

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
