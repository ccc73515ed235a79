"""The Undo button under a board post, for every game: persistent, and stale once the board is.

The custom id names the table and the board's version (``undo:<table>:<version>``), so the
button works after a restart and a click under an older board is refused with the reason,
never applied to a newer position.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import run_guarded
from bot.i18n import Tr
from bot.undo import take_back
from db.models import TableRow

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService

MAX_ITEMS = 25
"""Discord's limit of components in one message."""


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"undo:(?P<table>\d+):(?P<version>\d+)"
):
    """Take back the step that led to this board (see :mod:`bot.undo`)."""

    def __init__(self, table_id: int, version: int, tr: Tr | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(tr or Tr("en"))("undo.button"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"undo:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await run_guarded(interaction, self._take_back(service, interaction))

    async def _take_back(self, service: TableService, interaction: discord.Interaction) -> None:
        await take_back(service, interaction, table_id=self.table_id, version=self.version)


def with_undo(view: discord.ui.View | None, table: TableRow, tr: Tr) -> discord.ui.View:
    """The board's own buttons plus Undo (a view of its own when the game shows none)."""
    view = view if view is not None else discord.ui.View(timeout=None)
    if len(view.children) < MAX_ITEMS:
        view.add_item(UndoButton(table.id, table.version, tr))
    return view
