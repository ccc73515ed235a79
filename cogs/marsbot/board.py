"""The buttons under a MarsBot board post: MarsBot's question, or the person's turn.

When MarsBot asks something, the post offers the answer: a revealed card's tags are a list on the
post (``tag_select``) and **Card revealed…** opens the tag-by-tag card form,
a number opens a small form, a yes/no or a choice of milestones is a button each. On the
person's turn: report a tile, a raised parameter, an attack on MarsBot or a milestone/award
(each a private picker of what is legal), **End turn** and **Pass**. Persistent across restarts
(``mb:<table>:<version>:<action>``), refused once the board has moved on.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, ClassVar

import discord

from bot import picker
from bot.board_guard import board_turn
from bot.errors import UserError, run_guarded
from bot.i18n import Tr, lang_of
from bot.picker import StepPicker, expired_template, open_picker, pickers_of
from bot.tables import TableService
from cogs.marsbot.answers import NumberAnswer, ValuesAnswer
from cogs.marsbot.form import form_prompt, form_view
from cogs.marsbot.labels import clip, milestone_name
from cogs.marsbot.pickers import PICKED, PREFIX
from cogs.marsbot.tag_select import TagSelect
from db.models import TableRow
from engine.core import Move
from engine.marsbot.game import GAME
from engine.marsbot.reports import card_facts

NAME = "marsbot"
PERSON = 0
DIRECT = {"done": "done", "pass": "pass", "plants_yes": "plants yes", "plants_no": "plants no"}
"""Buttons that play a move at once (``closest_<milestone>`` too)."""
MODALS = ("cost", "values", "total")
ORDER = ("card", *MODALS, "plants_yes", "plants_no", "tile", "raise", "attack", "claim", "done", "pass")


def person_moves(state: dict[str, Any], seat: int = PERSON) -> list[Move]:
    """The person's legal moves now, for the buttons and autocomplete. An answer to ``values``
    ranges over every combination of the asked awards' numbers (1000 each: 10^12 moves when
    MarsBot funds its first award), so its first move stands for all of them."""
    moves = GAME.legal_moves(state, seat)
    if (state.get("question") or {}).get("kind") == "values":
        return list(itertools.islice(moves, 1))
    return list(moves)


def actions_for(state: dict[str, Any]) -> list[str]:
    """The buttons a board shows, from what the engine lets the person do now."""
    if PERSON not in GAME.to_act(state):
        return []
    kinds = GAME.move_kinds(state, PERSON)  # which kinds exist, without listing every move
    actions = {a for a, n in DIRECT.items() if n.split()[0] in kinds}
    actions |= {kind for kind in ("card", *MODALS) if kind in kinds}
    actions |= {action for action, wanted in PICKED.items() if kinds & wanted}
    closest = []
    if "closest" in kinds:  # a handful of moves: the milestones asked about, and "equal"
        closest = [f"closest_{m.args[0]}" for m in person_moves(state)]
    return [*(a for a in ORDER if a in actions), *closest]


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mb:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)",
):
    """A button under a board post; the table and version in its id survive restarts."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "card": discord.ButtonStyle.success,
        "cost": discord.ButtonStyle.success,
        "values": discord.ButtonStyle.success,
        "total": discord.ButtonStyle.success,
        "plants_yes": discord.ButtonStyle.primary,
        "plants_no": discord.ButtonStyle.primary,
        "tile": discord.ButtonStyle.primary,
        "done": discord.ButtonStyle.success,
        "pass": discord.ButtonStyle.danger,
    }

    def __init__(self, table_id: int, version: int, action: str, tr: Tr | None = None) -> None:
        words = tr or Tr("en")
        if action.startswith("closest_"):
            chosen = action.removeprefix("closest_")
            label = words("marsbot.button.equal") if chosen == "equal" else milestone_name(words, chosen)
        else:
            label = words(f"marsbot.button.{action}")
        super().__init__(
            discord.ui.Button(
                label=clip(label),
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"mb:{table_id}:{version}:{action}",
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
        table, seat = await board_turn(interaction, self.table_id, self.version)
        if self.action in DIRECT or self.action.startswith("closest_"):
            notation = DIRECT.get(self.action) or f"closest {self.action.removeprefix('closest_')}"
            await service.play(interaction, notation, game=NAME, expected_version=self.version, table=table)
        elif self.action == "card":
            prompt = form_prompt(tr, (), card_facts(table.state or {}))
            await interaction.response.send_message(prompt, view=form_view(table, (), tr), ephemeral=True)
        elif self.action == "values":
            question = (table.state or {}).get("question") or {}
            awards = [str(a) for a in question.get("awards", [])]
            if not awards:
                raise UserError("marsbot.no_question", move="values")
            await interaction.response.send_modal(ValuesAnswer(awards, table.version, tr))
        elif self.action in MODALS:
            await interaction.response.send_modal(NumberAnswer(self.action, table.version, tr))
        else:
            content, shown = open_picker(
                interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
            )
            await shown.send(interaction, content)


class ExpiredPicker(picker.ExpiredPicker, template=expired_template(PREFIX)):
    """A MarsBot picker used after a restart: a fresh one instead."""

    async def fresh(self, interaction: discord.Interaction, tr: Tr) -> tuple[str, StepPicker]:
        table, seat = await board_turn(interaction, self.table_id)
        return open_picker(
            interaction.client, pickers_of(interaction.client, NAME), table, seat, self.action, tr
        )


def board_view(table: TableRow, tr: Tr) -> discord.ui.View | None:
    actions = actions_for(table.state or {})
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    if "card" in actions:  # the quick way first: the tags in one list, then the card's form
        for tag_list in TagSelect.build_all(table, tr):  # two where the requirement is asked
            view.add_item(tag_list)
    for action in actions[:20]:
        view.add_item(BoardButton(table.id, table.version, action, tr))
    return view
