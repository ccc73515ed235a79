"""A tiny test-only game for 3–4 players with a bot player, loaded as an extra extension.

"Four Seats": on your turn add 1 or 2 to a shared total; whoever added most when the total
reaches 12 wins. It exists so lobby tests can open tables of more than two seats (RunArch has
two), with ``/four new seats:… opponents:…`` and ``/four add amount:…``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from bot.i18n import Tr, add_catalogs
from bot.lobby import open_lobby
from bot.tables import GameAdapter, TableService
from db.models import TableRow
from engine.core import Event, Game, GameInfo, IllegalMove, Move, Outcome, State, places_from_scores

NAME = "four"
GOAL = 12

add_catalogs(Path(__file__).parent / "four_locales")


class FourSeats(Game):
    info = GameInfo(name=NAME, min_players=3, max_players=4, bot_levels=("normal",), resign_move=None)

    def new(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if not 3 <= seats <= 4:
            raise ValueError(f"Four Seats is for 3 or 4 players, not {seats}")
        return {"turn": 0, "total": 0, "added": [0] * seats, "left": []}

    def to_act(self, state: State) -> list[int]:
        return [] if self.outcome(state) is not None else [state["turn"]]

    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        return [Move("add", ("1",)), Move("add", ("2",))] if seat in self.to_act(state) else []

    def parse_move(self, text: str) -> Move:
        words = text.split()
        if len(words) != 2 or words[0] != "add" or words[1] not in ("1", "2"):
            raise IllegalMove("core.bad_notation", text=text)
        return Move("add", (words[1],))

    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        parsed = self.parse_move(move) if isinstance(move, str) else move
        if self.outcome(state) is not None:
            raise IllegalMove("core.game_over")
        if seat not in self.to_act(state):
            raise IllegalMove("core.not_your_turn")
        amount = int(parsed.args[0])
        added = list(state["added"])
        added[seat] += amount
        total = state["total"] + amount
        new = {**state, "added": added, "total": total, "turn": (seat + 1) % len(added)}
        return new, [Event("four.added", {"seat": seat, "amount": amount, "total": total})]

    def forfeit(self, state: State, seat: int) -> tuple[State, list[Event], Move]:
        raise NotImplementedError("not needed by these tests")

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def outcome(self, state: State) -> Outcome | None:
        if state["total"] < GOAL:
            return None
        scores = tuple(state["added"])
        return Outcome(scores=scores, places=tuple(places_from_scores(scores)))

    def bot_move(self, state: State, seat: int, level: str) -> Move:
        return Move("add", ("2",))


GAME = FourSeats()


def _picture(view: Mapping[str, Any], names: Any, tr: Tr) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


def _no_buttons(table: TableRow, tr: Tr) -> discord.ui.View | None:
    return None


class Four(commands.GroupCog, group_name="four", group_description="Four Seats (a test game)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.service: TableService = bot.tables  # type: ignore[attr-defined]
        self.service.register(
            GameAdapter(game=GAME, title_key="four.title", render_board=_picture, board_view=_no_buttons)
        )

    @app_commands.command(name="new", description="Open a table")
    async def new(
        self, interaction: discord.Interaction, seats: int = 4, opponents: str | None = None
    ) -> None:
        await open_lobby(interaction, NAME, {}, max_seats=seats, opponents=opponents)

    @app_commands.command(name="add", description="Add 1 or 2")
    async def add(self, interaction: discord.Interaction, amount: int) -> None:
        await self.service.play(interaction, f"add {amount}", game=NAME)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Four(bot))
