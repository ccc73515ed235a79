"""Selects under a Moonriser board post: a decision of several answers in one tap, no button
to open a picker first.

In Phase I the **plan** select pays and draws at once ("Pay 1 blue: draw 3 Basic, keep 1",
``cogs.moonriser.planner``); while drawing, the **draw** select takes any number of the draws
left from either pile ("Draw 2 Advanced"). Each plays the moves of the long way (``plan n``,
then one ``draw <pile>`` per tile: the Draw button tapped that often), all or none. Nothing in
them is secret (the payment and the piles are public), so they sit on the public board; only
the seat to act may use them, and like the buttons (``mrs:<table>:<version>:<action>``) they
survive restarts and are refused once the board has moved on.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import run_guarded
from bot.i18n import Tr
from bot.tables import TableService, over_refusal
from cogs.moonriser.labels import clip
from cogs.moonriser.planner import choice_label, plan_choices, plan_moves
from engine.moonriser.game import GAME
from engine.moonriser.planning import available

NAME = "moonriser"
OPTIONS_MAX = 25
PILES = ("basic", "advanced")


def plan_options(tr: Tr, state: dict[str, Any], seat: int) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=clip(choice_label(tr, c)), value=f"{c[0]}:{c[1] or ''}")
        for c in plan_choices(state, seat)
    ]


def draw_options(tr: Tr, state: dict[str, Any], seat: int) -> list[discord.SelectOption]:
    """Every number of draws from each pile, the bot's draw first, then by number: the first
    25 (a plan of over 12 draws lists the larger numbers of one pile on its Draw N button)."""
    left = int(state["seats"][seat].get("draws_left", 0))
    found = [(pile, k) for k in range(1, left + 1) for pile in PILES if k <= available(state, pile)]
    advice = GAME.bot_move(state, seat, "normal").args
    best = (advice[0], int(advice[1]) if len(advice) > 1 else 1)
    found.sort(key=lambda d: d != best)
    return [
        discord.SelectOption(
            label=clip(tr(f"moonriser.pick.draw_option.{pile}", count=k)), value=f"{pile} {k}"
        )
        for pile, k in found[:OPTIONS_MAX]
    ]


OPTIONS = {"plan": plan_options, "draw": draw_options}


def decoded(action: str, value: str, state: dict[str, Any], seat: int) -> tuple[str, tuple[str, ...]]:
    """The move and the moves after it that a chosen value plays."""
    if action == "plan":
        paid, pile = value.split(":")
        after, _ = GAME.apply(dict(state), seat, f"plan {paid}")
        draws = int(after["seats"][seat].get("draws_left", 0))
        return plan_moves(int(paid), pile or None, draws)
    pile, count = value.split()
    return f"draw {pile}", (f"draw {pile}",) * (int(count) - 1)


def board_selects(table_id: int, version: int, state: dict[str, Any], tr: Tr) -> list[BoardSelect]:
    """The selects a board shows now (the seat to act planning or drawing)."""
    active = state.get("active")
    phase = state.get("phase")
    if active is None or phase not in OPTIONS or GAME.to_act(state) != [active]:
        return []
    options = OPTIONS[phase](tr, state, active)
    if not options:
        return []
    placeholder = tr(f"moonriser.pick.{phase}_board_placeholder")
    return [BoardSelect(table_id, version, phase, options, placeholder)]


class BoardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"mrs:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z]+)",
):
    """A select under a board post; the table and version in its id survive restarts."""

    def __init__(
        self,
        table_id: int,
        version: int,
        action: str,
        options: list[discord.SelectOption],
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"mrs:{table_id}:{version}:{action}",
                placeholder=(placeholder or "")[:150] or None,
                options=options,
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> BoardSelect:
        return cls(int(match["table"]), int(match["version"]), match["action"], list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        own = await service.store.table(self.table_id)
        if own is None or own.status != "active":
            raise over_refusal(own)
        table, seat = await service.my_turn(interaction, NAME, self.version)
        if table.id != self.table_id:
            raise service.stale(NAME)
        notation, then = decoded(self.action, self.item.values[0], table.state or {}, seat)
        await service.play(
            interaction, notation, game=NAME, expected_version=self.version, from_picker=False, then=then
        )
