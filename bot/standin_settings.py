"""The ``/table settings`` options of the catch-up digest and the stand-in bot's level.

The digest may be turned off or on at any time (it changes only what the next turn's post
says); the stand-in belongs to the clock, which changes only in the lobby (``bot.clock_settings``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.bot_players import level_word
from bot.errors import UserError
from bot.i18n import Tr, cmd
from db.models import TableRow

if TYPE_CHECKING:
    from bot.adapter import GameAdapter
    from bot.tables import TableService

DIGEST_VALUES = ("on", "off")


def digest_choices() -> list[app_commands.Choice[str]]:
    """The ``digest`` option of ``/table settings``."""
    return [
        app_commands.Choice(name=cmd(f"cmd.table.settings.digest_choice.{v}"), value=v) for v in DIGEST_VALUES
    ]


def digest_value(given: str | None) -> bool | None:
    """The ``digest`` option as typed: ``on`` or ``off`` (``None``: not given). Discord offers only
    the two choices, but an interaction can carry any text, and anything else is refused rather
    than read as "off"."""
    if given is None:
        return None
    if given not in DIGEST_VALUES:
        raise UserError("settings.bad_digest")
    return given == "on"


def digest_state(tr: Tr, on: bool) -> str:
    """``🕑 digest of the others' turns: on`` for the settings line."""
    return tr("settings.digest_on" if on else "settings.digest_off")


def level_choices(tr: Tr, adapter: GameAdapter | None, current: str) -> list[app_commands.Choice[str]]:
    """The stand-in's levels of this table's game, in the reader's words (none outside a table)."""
    if adapter is None:
        return []
    game = adapter.game.info.name
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=level_word(tr, game, level), value=level)
        for level in adapter.game.info.bot_levels
        if not typed or level.startswith(typed) or level_word(tr, game, level).lower().startswith(typed)
    ]


async def set_digest(
    service: TableService, interaction: discord.Interaction, table: TableRow, on: bool
) -> None:
    """Turn the table's digest on or off and say so in its thread (the host's change is public)."""
    await service.store.set_digest(table.id, on)
    public = Tr(table.locale)
    key = "settings.digest_turned_on" if on else "settings.digest_turned_off"
    await interaction.response.send_message(
        public(key, name=interaction.user.display_name), allowed_mentions=discord.AllowedMentions.none()
    )
