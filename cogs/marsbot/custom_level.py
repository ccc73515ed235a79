"""``/marsbot new difficulty:custom``: the person picks the rulebook's modifications in a select.

*„Můžete si obtížnost také nastavit individuálně tím, že zvolíte jen některé z navrhovaných
úprav."* The select lists the six modifications of the difficulty page (easy's three, hard's two,
brutal's extra cards); choosing starts the game at once with the other options of the command.
Nothing is stored until the person chooses, so the command's other options travel in the select's
id, ``mbl:<map>:<corporation>:<prelude><venus><draft>`` (an empty field or ``-``: not given;
``1``/``0``: yes/no): a choice made after a restart still starts the game exactly as asked.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

import discord

from bot import outgoing
from bot.errors import run_guarded
from bot.i18n import Tr
from bot.tables import TableService
from cogs.marsbot.opening import open_game
from engine.marsbot.levels import CUSTOM, MODIFICATIONS, OPTION, notation

log = logging.getLogger(__name__)
ALREADY_ANSWERED = 40060
"""Discord's code for a reply to an interaction answered already (the same click delivered again)."""
OPTION_MAX = 100
"""Discord's limit for a select's placeholder, an option's label and its description."""
TEXTS = ("map", "corporation")
FLAGS = ("prelude", "venus", "draft")
UNSET = "-"


def level_id(options: Mapping[str, Any]) -> str:
    """The select's custom id carrying the command's other options (at most ~25 characters)."""
    texts = ":".join(str(options.get(key, "")) for key in TEXTS)
    flags = "".join(UNSET if key not in options else "1" if options[key] else "0" for key in FLAGS)
    return f"mbl:{texts}:{flags}"


def options_of(match: re.Match[str] | Mapping[str, str]) -> dict[str, Any]:
    """The command's options back from the id's fields (the inverse of :func:`level_id`)."""
    options: dict[str, Any] = {"difficulty": CUSTOM}
    options.update({key: match[key] for key in TEXTS if match[key]})
    flags = zip(FLAGS, match["flags"], strict=True)
    options.update({key: flag == "1" for key, flag in flags if flag != UNSET})
    return options


def level_view(tr: Tr, options: Mapping[str, Any]) -> discord.ui.View:
    """The prompt's view: only the select (persistent: its item answers after a restart)."""
    view = discord.ui.View(timeout=None)
    view.add_item(CustomLevel.build(tr, options))
    return view


class CustomLevel(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"mbl:(?P<map>[a-z]*):(?P<corporation>[A-Za-z0-9]*):(?P<flags>[-01]{3})",
):
    """The private select of modifications; choosing starts the game with the command's options."""

    def __init__(self, item: discord.ui.Select[Any], options: Mapping[str, Any]) -> None:
        super().__init__(item)
        self.options = dict(options)

    @classmethod
    def build(cls, tr: Tr, options: Mapping[str, Any]) -> CustomLevel:
        item: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=level_id(options),
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
        return cls(item, {**options, "difficulty": CUSTOM})

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> CustomLevel:
        return cls(item, options_of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        chosen = notation([str(v) for v in self.item.values])
        try:
            await run_guarded(interaction, open_game(service, interaction, {**self.options, OPTION: chosen}))
        except discord.HTTPException as error:
            if error.code != ALREADY_ANSWERED:
                raise
            # The same choice delivered again: the first delivery started the game and was
            # answered; this one was refused (the DM's game runs) and has nobody left to tell.
            log.info("a custom level's choice was delivered again; it started nothing")
