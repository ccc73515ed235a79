"""The buttons under a Moonriser board post: what the seat to act can do in this phase.

Persistent across restarts (``DynamicItem`` with ``mr:<table>:<version>:<action>``) and refused
when the board has moved on. Over the hand limit End turn gives way to "Discard N tiles (hand
limit)"; at the end of the game **Convert all to VP** turns tokens and tiles into VP at once
(**Convert all and end turn** ends the turn in the same tap), and **End** warns once about what
would be left (``cogs.moonriser.finish``). The simultaneous
choices (keeping 3 of the first 5 tiles, the others' final trades) waive the version: another
player's choice changes nothing of yours.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any, ClassVar

import discord

from bot import picker
from bot.board_guard import board_turn, on_turn, running_table
from bot.errors import UserError, run_guarded
from bot.i18n import Tr, lang_of
from bot.picker import StepPicker, expired_template, open_picker, pickers_of
from bot.tables import TableService
from cogs.moonriser.board_selects import PLACE_NEXT, board_selects
from cogs.moonriser.drawn import open_next
from cogs.moonriser.finish import DiscardPicker, end_or_warn
from cogs.moonriser.keep import KeepPicker
from cogs.moonriser.lookup import show_supply
from cogs.moonriser.pickers import PREFIX
from cogs.moonriser.planner import PlanPicker
from cogs.moonriser.private import show_hand
from cogs.moonriser.sell import PICKERS as SELL_PICKERS
from db.models import TableRow
from engine.core import Move
from engine.moonriser.game import GAME
from engine.moonriser.trading import excess

NAME = "moonriser"
DIRECT = {
    "plan_none": "plan 0",
    "draw_basic": "draw basic",
    "draw_advanced": "draw advanced",
    "done": "done",
    "convert": "convert",
}
"""Buttons that play a move at once."""
DRAW_ALL = {"draw_basic_all": "draw basic", "draw_advanced_all": "draw advanced"}
"""Buttons that draw every tile still to draw from one pile in one tap: one ``draw <pile>`` per
tile (the moves of the Draw button tapped that often), then the keep select with the hand."""
AND_END = {"convert_end": "convert"}
"""Buttons that play a move and then ``end`` in one tap (``TableService.play``'s ``then``, both or
neither): **Convert all and end turn**, the usual last tap of a player's game."""
NO_PLANNING = {"place_now": "place", "upgrade_now": "upgrade"}
"""Phase I buttons that skip planning and open Phase II's picker at once: ``plan 0`` is played
on the tap (the same move as **Don't plan**), then the picker opens on the new board."""
SIMULTANEOUS = frozenset({"keep", "trade", "end", "convert", "convert_end"})
"""Actions some phases offer several seats at once (their boards do not go stale for each other)."""


def _up_to_a_placement(state: dict[str, Any], seat: int) -> Iterator[Move]:
    """The seat's legal moves, stopping at the first placement or keep: the engine lists
    placements last (there may be thousands), and a big plan has millions of keeps; one is
    enough to show the button."""
    for move in GAME.legal_moves(state, seat):
        yield move
        if move.kind in ("place", "keep"):
            return


def _without_planning(state: dict[str, Any], seat: int) -> list[str]:
    """The Phase II pickers a seat could open right after not planning (``NO_PLANNING``); an
    upgrade without planning is the board's select (``board_selects``), not a button."""
    after, _ = GAME.apply(copy.deepcopy(state), seat, "plan 0")
    kinds = {move.kind for move in _up_to_a_placement(after, seat)}
    return [action for action, kind in NO_PLANNING.items() if kind in kinds and action != "upgrade_now"]


def _draws_left(state: dict[str, Any], seat: int) -> int:
    return int(state["seats"][seat].get("draws_left", 0))


def actions_for(state: dict[str, Any]) -> list[str]:
    """The buttons a board shows: the common steps of the phase, then the hand and the supply."""
    waiting = GAME.to_act(state)
    if not waiting:
        return []
    moves = [move for seat in waiting for move in _up_to_a_placement(state, seat)]
    kinds = {move.kind for move in moves}
    actions: list[str] = []
    if "base" in kinds:
        actions.append("base")
    if "keep" in kinds:
        actions.append("keep")
    if "plan" in kinds:
        actions.append("plan_none")  # paying is the plan select's (``board_selects``)
        actions.extend(_without_planning(state, waiting[0]))
    if "draw" in kinds:
        draws = {m.notation for m in moves if m.kind == "draw"}
        left = _draws_left(state, waiting[0])
        if left > 1:  # any other number is the draw select's (``board_selects``)
            actions.extend(a for a, n in DRAW_ALL.items() if f"{n} {left}" in draws)
        else:
            actions.extend(a for a in ("draw_basic", "draw_advanced") if DIRECT[a] in draws)
    for kind in ("place", "upgrade", "done"):
        if kind in kinds:
            actions.append(kind)
    if "convert" in kinds:
        actions.extend(("convert", "convert_end") if "end" in kinds else ("convert",))
    if "trade" in kinds or "swap" in kinds:
        actions.append("trade")
    if "discard" in kinds:
        actions.append("discard")
    if "end" in kinds:
        actions.append("end")
    return [*actions, "hand", "supply"]


def default_label(tr: Tr, action: str) -> str:
    """A button's words when the board does not give them (a "Draw N" button's count is the
    board's: a button rebuilt from its custom id only needs some label)."""
    if action in DRAW_ALL:
        return tr(f"moonriser.button.{action}", count="…")
    return tr(f"moonriser.button.{action}")


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mr:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)",
):
    """A button under a board post; the table and version in its id survive restarts."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "base": discord.ButtonStyle.primary,
        "keep": discord.ButtonStyle.primary,
        "plan": discord.ButtonStyle.primary,
        "draw_basic": discord.ButtonStyle.primary,
        "draw_advanced": discord.ButtonStyle.primary,
        "draw_basic_all": discord.ButtonStyle.success,
        "draw_advanced_all": discord.ButtonStyle.success,
        "place": discord.ButtonStyle.success,
        "upgrade": discord.ButtonStyle.primary,
        "place_now": discord.ButtonStyle.success,
        "upgrade_now": discord.ButtonStyle.primary,
        "trade": discord.ButtonStyle.primary,
        "convert": discord.ButtonStyle.success,
        "convert_end": discord.ButtonStyle.success,
    }

    def __init__(
        self, table_id: int, version: int, action: str, tr: Tr | None = None, label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or default_label(tr or Tr("en"), action),
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"mr:{table_id}:{version}:{action}",
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
            await show_hand(interaction)
            return
        if self.action == "supply":
            await show_supply(interaction)
            return
        several = len(GAME.to_act(own.state or {})) > 1
        version = None if several and self.action in SIMULTANEOUS else self.version
        table, seat = await on_turn(interaction, own, version)
        if self.action in NO_PLANNING:
            await service.play(
                interaction, DIRECT["plan_none"], game=NAME, expected_version=version, table=table
            )
            table, seat = await service.my_turn(interaction, NAME)
            pickers, action = pickers_of(interaction.client, NAME), NO_PLANNING[self.action]
            content, shown = open_picker(interaction.client, pickers, table, seat, action, tr)
            await shown.send(interaction, content)
            return
        if self.action in DRAW_ALL:
            left = _draws_left(table.state or {}, seat)
            again = (DRAW_ALL[self.action],) * (left - 1)
            await service.play(
                interaction,
                DRAW_ALL[self.action],
                game=NAME,
                expected_version=version,
                then=again,
                table=table,
            )
            return
        if self.action in AND_END:
            await service.play(
                interaction,
                AND_END[self.action],
                game=NAME,
                expected_version=version,
                then=("end",),
                table=table,
            )
            return
        if self.action in DIRECT:
            played = await service.play(
                interaction, DIRECT[self.action], game=NAME, expected_version=version, table=table
            )
            if played is not None and self.action == "plan_none":
                await open_next(interaction, played.table, seat, tr, PLACE_NEXT)
            return
        if self.action == "end":
            await end_or_warn(interaction, service, table, seat, tr, PREFIX, expected_version=version)
            return
        if self.action in SELECTS:
            chosen = SELECTS[self.action](interaction.client, table, seat, tr, PREFIX)
            await interaction.response.send_message(chosen.prompt(), view=chosen, ephemeral=True)
            return
        content, shown = open_picker(
            interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
        )
        await shown.send(interaction, content)


SELECTS: dict[str, Any] = {"keep": KeepPicker, "discard": DiscardPicker, "plan": PlanPicker, **SELL_PICKERS}
"""Board actions answered by a multi-select of their own, not by the step picker (and the sell
pickers the board's sell select opens)."""


class ExpiredPicker(picker.ExpiredPicker, template=expired_template(PREFIX)):
    """A Moonriser picker (keep or discard select, preview) used after a restart: a fresh one instead."""

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action not in SELECTS:
            await super().callback(interaction)
            return
        tr = Tr(lang_of(interaction.locale))
        try:
            table, seat = await self._table(interaction)
            keeping = SELECTS[self.action](interaction.client, table, seat, tr, PREFIX)
        except UserError as error:
            text = f"{tr('picker.expired')}\n{tr(error.key, **error.params)}"
            await interaction.response.edit_message(content=text, view=None)
            return
        await interaction.response.edit_message(
            content=f"{tr('picker.expired_fresh')}\n{keeping.prompt()}", view=keeping
        )

    async def _table(self, interaction: discord.Interaction) -> tuple[TableRow, int]:
        return await board_turn(interaction, self.table_id)

    async def fresh(self, interaction: discord.Interaction, tr: Tr) -> tuple[str, StepPicker]:
        table, seat = await self._table(interaction)
        return open_picker(
            interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
        )


def board_view(table: TableRow, tr: Tr) -> discord.ui.View | None:
    actions = actions_for(table.state or {})
    if not actions:
        return None
    state = table.state or {}
    active = state.get("active")
    over = excess(state, active) if state.get("phase") == "trade" and active is not None else 0
    view = discord.ui.View(timeout=None)
    for action in actions:
        label = tr("moonriser.button.discard_excess", count=over) if action == "discard" and over else None
        if action in DRAW_ALL and active is not None:
            label = tr(f"moonriser.button.{action}", count=_draws_left(state, active))
        view.add_item(BoardButton(table.id, table.version, action, tr, label))
    rows = ROWS - (len(actions) + 1 + BUTTONS_PER_ROW - 1) // BUTTONS_PER_ROW  # the Undo button's room kept
    for select in board_selects(table.id, table.version, state, tr)[: max(rows, 0)]:
        view.add_item(select)
    return view


ROWS, BUTTONS_PER_ROW = 5, 5
"""Discord's rows of components under a message, and buttons in a row (a select fills one)."""
