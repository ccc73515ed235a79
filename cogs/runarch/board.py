"""The buttons under a board post: persistent across restarts, refused when stale."""

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
from cogs.runarch.pickers import PREFIX
from cogs.runarch.private import show_hand
from db.models import TableRow
from engine.runarch import GAME

NAME = "runarch"


def _setup_chosen(table: TableRow, seat: int) -> str | None:
    """The complex game's opening choice is simultaneous: one who has chosen waits for the other."""
    return "runarch.setup_already_chosen" if (table.state or {}).get("phase") == "setup" else None


def actions_for(state: dict[str, Any]) -> list[str]:
    """The buttons a board shows: what the seat(s) to act can do now, then their cards."""
    waiting = GAME.to_act(state)
    if not waiting:
        return []
    kinds = {move.kind for move in GAME.legal_moves(state, waiting[0])}
    if "setup" in kinds:
        return ["setup", "hand"]
    if "bet" in kinds:
        return ["bet", "hand"]
    if "draw" in kinds or "take" in kinds:
        return [a for a in ("draw", "take") if a in kinds] + ["hand"]
    actions = [a for a in ("swap", "jump") if a in kinds]
    actions.append("score")
    if "end" in kinds:
        actions.append("end")
    return [*actions, "hand"]


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ra:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z]+)",
):
    """A button under a board post; table id and state version in the custom id survive restarts
    and let a click on an old board be refused instead of applied to a newer position."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "swap": discord.ButtonStyle.primary,
        "jump": discord.ButtonStyle.primary,
        "setup": discord.ButtonStyle.primary,
        "bet": discord.ButtonStyle.primary,
        "draw": discord.ButtonStyle.primary,
        "take": discord.ButtonStyle.primary,
        "score": discord.ButtonStyle.success,
    }

    def __init__(self, table_id: int, version: int, action: str, tr: Tr | None = None) -> None:
        label = (tr or Tr("en"))(f"runarch.button.{action}")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"ra:{table_id}:{version}:{action}",
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
        # The buttons stay under old posts: one of a game that has ended says so (not "no game here").
        own = await running_table(interaction, self.table_id)
        if self.action == "hand":
            await show_hand(interaction)
            return
        # The setup choice is simultaneous: the other player's choice makes no board stale.
        version = None if self.action == "setup" else self.version
        table, seat = await on_turn(interaction, own, version, _setup_chosen)
        if self.action in ("end", "draw"):
            await service.play(
                interaction, self.action, game=NAME, expected_version=self.version, table=table
            )
            return
        content, shown = open_picker(
            interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
        )
        await shown.send(interaction, content)


class ExpiredPicker(picker.ExpiredPicker, template=expired_template(PREFIX)):
    """A RunArch picker used after a restart: replaced by a fresh one for the current board."""

    async def fresh(self, interaction: discord.Interaction, tr: Tr) -> tuple[str, StepPicker]:
        table, seat = await board_turn(interaction, self.table_id, waiting_key=_setup_chosen)
        return open_picker(
            interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
        )


def board_view(table: TableRow, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in actions_for(table.state or {}):
        view.add_item(BoardButton(table.id, table.version, action, tr))
    return view


class ResignButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ra-resign:(?P<table>\d+)"):
    """The private "Yes, resign" after ``/runarch resign``.

    Resigning ends the game for both, so the command asks once more. The button names the
    table it was asked for, so it answers after a restart as it would have before: it resigns
    the clicker from that table if it is still running, and otherwise says the game is over
    (nothing is resigned from another game started in the thread meanwhile).
    """

    def __init__(self, table_id: int, tr: Tr | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(tr or Tr("en"))("runarch.button.resign"),
                style=discord.ButtonStyle.danger,
                custom_id=f"ra-resign:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> ResignButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._resign(interaction))

    async def _resign(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        own = await running_table(interaction, self.table_id)
        service.seat_of(own, interaction.user.id)
        here = await service.running_table_here(interaction, NAME, read=own)
        if here.id != self.table_id:
            raise service.stale(NAME)
        await service.resign(interaction, game=NAME, from_picker=True, table=here)


def resign_view(table_id: int, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(table_id, tr))
    return view
