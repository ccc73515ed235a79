"""``/marsbot new difficulty:custom``: the person picks the rulebook's modifications in a select.

*„Můžete si obtížnost také nastavit individuálně tím, že zvolíte jen některé z navrhovaných
úprav."* The select lists the six modifications of the difficulty page (easy's three, hard's two,
brutal's extra cards); choosing starts the game at once with the other options of the command.
The select is private and lives ten minutes; nothing is stored until the person chooses.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot import outgoing
from bot.errors import run_guarded
from bot.i18n import Tr
from engine.marsbot.levels import MODIFICATIONS, notation

Start = Callable[[discord.Interaction, dict[str, Any]], Awaitable[None]]
TIMEOUT = 600.0
OPTION_MAX = 100
"""Discord's limit for a select's placeholder, an option's label and its description."""


def modification_words(tr: Tr, chosen: tuple[str, ...] | list[str]) -> str:
    """The chosen modifications in words, in the rulebook's order (or "none": plays as medium)."""
    return "; ".join(tr(f"marsbot.modification.{m}") for m in chosen) or tr("marsbot.modification.none")


class CustomLevel(discord.ui.View):
    """The private select of modifications; choosing starts the game with ``options``."""

    def __init__(self, tr: Tr, options: Mapping[str, Any], start: Start) -> None:
        super().__init__(timeout=TIMEOUT)
        self.options, self.start = dict(options), start
        select: discord.ui.Select[CustomLevel] = discord.ui.Select(
            placeholder=outgoing.clip(tr("marsbot.custom.placeholder"), OPTION_MAX),
            min_values=1,
            max_values=len(MODIFICATIONS),
            options=[
                discord.SelectOption(
                    label=outgoing.clip(tr(f"marsbot.modification.{m}"), OPTION_MAX),
                    value=m,
                    description=outgoing.clip(tr(f"marsbot.modification_level.{m}"), OPTION_MAX),
                )
                for m in MODIFICATIONS
            ],
        )
        select.callback = self._chosen  # type: ignore[method-assign]
        self.select = select
        self.add_item(select)

    async def _chosen(self, interaction: discord.Interaction) -> None:
        chosen = notation([str(v) for v in self.select.values])
        await run_guarded(interaction, self.start(interaction, {**self.options, "modifications": chosen}))
