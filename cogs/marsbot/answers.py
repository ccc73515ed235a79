"""Small forms for MarsBot's questions that want numbers: a revealed card's cost (the
tie-break), the person's own values in awards, and the person's final score.

Each submission is one move (``cost 14``, ``values banker=3 miner=9``, ``total 87``) played on
the board version the form was opened on, so a form left open while the board moved on is
refused instead of answering a question nobody asks any more.
"""

from __future__ import annotations

import discord

from bot.errors import run_guarded
from bot.i18n import Tr
from bot.tables import TableService
from cogs.marsbot.form import parse_number
from cogs.marsbot.labels import award_name, clip

NAME = "marsbot"
NUMBER_MOST = {"cost": 99, "total": 999}
VALUE_MOST = 999


class NumberAnswer(discord.ui.Modal):
    """One number: ``cost`` (the top project card's cost) or ``total`` (the person's final VP)."""

    def __init__(self, kind: str, version: int, tr: Tr) -> None:
        super().__init__(title=clip(tr(f"marsbot.answer.{kind}.title"))[:45])
        self.kind, self.version = kind, version
        self.number: discord.ui.TextInput[NumberAnswer] = discord.ui.TextInput(
            label=clip(tr(f"marsbot.answer.{kind}.label"))[:45],
            placeholder=clip(tr(f"marsbot.answer.{kind}.hint"))[:100],
            max_length=len(str(NUMBER_MOST[kind])),
            custom_id=f"mba:{kind}",
        )
        self.add_item(self.number)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._submit(interaction))

    async def _submit(self, interaction: discord.Interaction) -> None:
        number = parse_number(self.number.value, f"marsbot.answer.{self.kind}.bad", NUMBER_MOST[self.kind])
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await service.play(interaction, f"{self.kind} {number}", game=NAME, expected_version=self.version)


class ValuesAnswer(discord.ui.Modal):
    """The person's own value in each award MarsBot compares itself with (at most five)."""

    def __init__(self, awards: list[str], version: int, tr: Tr) -> None:
        super().__init__(title=clip(tr("marsbot.answer.values.title"))[:45])
        self.version = version
        self.inputs: list[tuple[str, discord.ui.TextInput[ValuesAnswer]]] = []
        for award in awards[:5]:
            field: discord.ui.TextInput[ValuesAnswer] = discord.ui.TextInput(
                label=clip(award_name(tr, award))[:45],
                placeholder=clip(tr(f"marsbot.answer.values.hint.{award}"))[:100],
                max_length=len(str(VALUE_MOST)),
                custom_id=f"mba:{award}",
            )
            self.inputs.append((award, field))
            self.add_item(field)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await run_guarded(interaction, self._submit(interaction))

    async def _submit(self, interaction: discord.Interaction) -> None:
        parts = [
            f"{award}={parse_number(field.value, 'marsbot.answer.values.bad', VALUE_MOST)}"
            for award, field in self.inputs
        ]
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await service.play(
            interaction, " ".join(["values", *parts]), game=NAME, expected_version=self.version
        )
