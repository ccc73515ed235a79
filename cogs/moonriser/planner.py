"""Phase I in one choice: how many blue tokens to pay and which pile to draw them from.

The rulebook's planning decision is the number of tokens; drawing is then one tile at a time
from either pile, but a player nearly always draws them all from one pile. So the Plan select
offers each payment with its draws from the Basic or the Advanced pile ("Pay 1 blue: draw 3
Basic, keep 1"), the bot's choice first: one tap plays ``plan n`` and one ``draw <pile>`` per
tile, the same moves as Plan and the Draw button tapped once per tile (``TableService.play``'s
``then``, all or none). The plain payments ("… draw later") keep the tile-by-tile way open.
"""

from __future__ import annotations

import copy
from typing import Any

import discord

from bot.errors import UserError, run_guarded
from bot.i18n import Tr
from bot.picker import TIMEOUT, picker_id
from bot.tables import TableService
from cogs.moonriser.labels import clip
from db.models import TableRow
from engine.moonriser.game import GAME
from engine.moonriser.planning import available

OPTIONS_MAX = 25
PILES = ("basic", "advanced")


def plan_choices(state: dict[str, Any], seat: int) -> list[tuple[int, str | None, int, int]]:
    """``(paid, pile or None, draws, keep)`` of each choice, the bot's first, then by payment
    (at most 25: payments of up to 8 blue, 24 tiles); a pile is offered when it alone can give
    every draw (``None``: pay now, draw tile by tile)."""
    payments = sorted(int(m.args[0]) for m in GAME.legal_moves(state, seat) if m.kind == "plan")
    if not payments:
        raise UserError("moonriser.pick.no_plan")
    found: list[tuple[int, str | None, int, int]] = []
    for paid in payments:
        after, _ = GAME.apply(copy.deepcopy(state), seat, f"plan {paid}")
        row = after["seats"][seat]
        draws, keep = int(row.get("draws_left", 0)), int(row.get("keep", 0))
        if not paid:
            found.append((0, None, 0, 0))
            continue
        found.extend((paid, pile, draws, keep) for pile in PILES if available(after, pile) >= draws)
        found.append((paid, None, draws, keep))
    advice = advised(state, seat)
    return sorted(found, key=lambda c: c[:2] != advice)[:OPTIONS_MAX]


def advised(state: dict[str, Any], seat: int) -> tuple[int, str | None]:
    """The bot's payment and, when it draws every tile from one pile, that pile."""
    paid = int(GAME.bot_move(state, seat, "normal").args[0])
    if not paid:
        return 0, None
    after, _ = GAME.apply(copy.deepcopy(state), seat, f"plan {paid}")
    draw = GAME.bot_move(after, seat, "normal")
    count = int(draw.args[1]) if len(draw.args) > 1 else 1
    return paid, draw.args[0] if count == after["seats"][seat]["draws_left"] else None


def plan_moves(paid: int, pile: str | None, draws: int) -> tuple[str, tuple[str, ...]]:
    """The move and the moves after it that a choice plays (``draw <pile>`` once per tile)."""
    return f"plan {paid}", tuple(f"draw {pile}" for _ in range(draws)) if pile else ()


def choice_label(tr: Tr, choice: tuple[int, str | None, int, int]) -> str:
    paid, pile, draws, keep = choice
    if not paid:
        return tr("moonriser.pick.plan_none")
    if pile is None:
        return tr("moonriser.pick.plan_later", paid=paid, draws=draws, keep=keep)
    return tr(f"moonriser.pick.plan_draw.{pile}", paid=paid, draws=draws, keep=keep)


class PlanPicker(discord.ui.View):
    """The Plan button's private select; only the seat to plan may use it."""

    def __init__(self, client: discord.Client, table: TableRow, seat: int, tr: Tr, prefix: str) -> None:
        super().__init__(timeout=TIMEOUT)
        assert table.state is not None
        self.table, self.seat, self.tr = table, seat, tr
        self.choices = plan_choices(table.state, seat)
        self.select: discord.ui.Select[PlanPicker] = discord.ui.Select(
            custom_id=picker_id(client, prefix, table.id, "plan"),
            placeholder=tr("moonriser.pick.plan_placeholder.0"),
            options=[
                discord.SelectOption(label=clip(choice_label(tr, c)), value=str(i))
                for i, c in enumerate(self.choices)
            ],
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.select)

    def prompt(self) -> str:
        return self.tr("moonriser.pick.plan_prompt")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    async def _picked(self, interaction: discord.Interaction) -> None:
        self.stop()
        paid, pile, draws, _ = self.choices[int(self.select.values[0])]
        notation, then = plan_moves(paid, pile, draws)
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await run_guarded(
            interaction,
            service.play(
                interaction,
                notation,
                game=self.table.game,
                expected_version=self.table.version,
                from_picker=True,
                then=then,
            ),
        )
