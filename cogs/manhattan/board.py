"""The buttons under a Manhattan Project board post: what the seat to act can do now.

Persistent across restarts (``DynamicItem`` with ``mh:<table>:<version>:<action>``) and refused
when the board has moved on. The start bonus of the fourth and fifth players is chosen by both
at once, so its buttons waive the version (one's choice changes nothing of the other's). A
repair or a draft pick out of turn reaches its player as the board's button: the post pings
them, and the button opens their own private picker.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot import picker
from bot.board_guard import board_turn, on_turn, running_table
from bot.errors import run_guarded
from bot.i18n import Tr, lang_of
from bot.picker import StepPicker, expired_template, open_picker, pickers_of
from bot.tables import TableService
from cogs.manhattan.pickers import PREFIX
from cogs.manhattan.private import send_draft, show_bombs
from cogs.manhattan.seats import lend_names
from db.models import TableRow
from engine.manhattan.game import GAME

NAME = "manhattan"
DIRECT = {"bonus_e": "bonus E", "bonus_s": "bonus S", "done": "done", "retrieve": "retrieve"}
"""Buttons that play a move at once."""
SIMULTANEOUS = frozenset({"bonus_e", "bonus_s"})
PICKED = {
    "place": {"place"},
    "work": {"work"},
    "bombs": {"bomb", "test", "load"},
    "strike": {"attack", "raid"},
    "repair": {"repair"},
    "pick": {"pick"},
}
ORDER = ("bonus_e", "bonus_s", "pick", "repair", "strike", "place", "work", "bombs", "done", "retrieve")


def actions_for(state: dict[str, Any]) -> list[str]:
    """The buttons a board shows: the moves someone awaited can make now, then the bomb hand."""
    waiting = GAME.to_act(state)
    if not waiting:
        return []
    kinds: set[str] = set()
    notations: set[str] = set()
    for seat in waiting:
        for move in GAME.legal_moves(state, seat):
            kinds.add(move.kind)
            if move.kind in ("bonus", "done", "retrieve"):
                notations.add(move.notation)
    actions = {a for a, n in DIRECT.items() if n in notations}
    actions |= {action for action, wanted in PICKED.items() if kinds & wanted}
    return [*(a for a in ORDER if a in actions), "hand"]


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mh:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)",
):
    """A button under a board post; the table and version in its id survive restarts."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "place": discord.ButtonStyle.success,
        "work": discord.ButtonStyle.primary,
        "bombs": discord.ButtonStyle.primary,
        "strike": discord.ButtonStyle.danger,
        "repair": discord.ButtonStyle.primary,
        "pick": discord.ButtonStyle.primary,
        "bonus_e": discord.ButtonStyle.primary,
        "bonus_s": discord.ButtonStyle.primary,
    }

    def __init__(self, table_id: int, version: int, action: str, tr: Tr | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(tr or Tr("en"))(f"manhattan.button.{action}"),
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"mh:{table_id}:{version}:{action}",
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(int(match["table"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._act(interaction))

    async def _act(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        tr = Tr(lang_of(interaction.locale))
        own = await running_table(interaction, self.table_id)
        if self.action == "hand":
            await show_bombs(interaction)
            return
        version = None if self.action in SIMULTANEOUS else self.version
        table, seat = await on_turn(interaction, own, version)
        if self.action in DIRECT:
            await service.play(
                interaction, DIRECT[self.action], game=NAME, expected_version=version, table=table
            )
            return
        with lend_names(service.names(table, tr)):
            content, shown = open_picker(
                interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
            )
        if self.action == "pick":
            await send_draft(interaction, table, seat, tr)
        await shown.send(interaction, content)


class ExpiredPicker(picker.ExpiredPicker, template=expired_template(PREFIX)):
    """A Manhattan Project picker used after a restart: a fresh one instead."""

    async def fresh(self, interaction: discord.Interaction, tr: Tr) -> tuple[str, StepPicker]:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        table, seat = await board_turn(interaction, self.table_id)
        with lend_names(service.names(table, tr)):
            return open_picker(
                interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
            )


def board_view(table: TableRow, tr: Tr) -> discord.ui.View | None:
    actions = actions_for(table.state or {})
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    for action in actions:
        view.add_item(BoardButton(table.id, table.version, action, tr))
    return view
