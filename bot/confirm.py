"""A private "look before you play" step: a preview of a move (a picture and its cost) with
**Confirm** and **Cancel**, for moves a player wants to see first (a tile in place, rotated).

The preview is shown to the mover alone. **Confirm** plays the move against the board version
the preview was made from, so a preview left open while the board moved on is refused as
stale, never applied to a position its player did not see. The buttons live in the memory of
the bot that showed them; their custom ids follow the game's picker template
(``bot.picker_ids.picker_id``), so after a restart the game's ``ExpiredPicker`` answers them with a
fresh picker instead of letting the click fail silently.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.errors import run_guarded
from bot.i18n import Tr
from bot.pick_spec import MakePreview, Preview
from bot.picker_ids import TIMEOUT, picker_id
from db.models import TableRow

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService

__all__ = ["ConfirmMove", "MakePreview", "Preview", "preview_parts", "show_preview"]


class ConfirmMove(discord.ui.View):
    """**Confirm** / **Cancel** under a preview; only the mover may use them."""

    def __init__(
        self,
        client: discord.Client,
        prefix: str,
        action: str,
        table: TableRow,
        seat: int,
        notation: str,
        tr: Tr,
        *,
        check_version: bool = True,
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        self.table, self.seat, self.notation = table, seat, notation
        self.check_version = check_version
        confirm: discord.ui.Button[ConfirmMove] = discord.ui.Button(
            label=tr("confirm.confirm"),
            style=discord.ButtonStyle.success,
            custom_id=picker_id(client, prefix, table.id, action),
        )
        cancel: discord.ui.Button[ConfirmMove] = discord.ui.Button(
            label=tr("confirm.cancel"),
            style=discord.ButtonStyle.secondary,
            custom_id=picker_id(client, prefix, table.id, action),
        )
        confirm.callback = self._confirm  # type: ignore[method-assign]
        cancel.callback = self._cancel  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(cancel)
        self.tr = tr

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    async def _confirm(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        self.stop()
        await run_guarded(
            interaction,
            service.play(
                interaction,
                self.notation,
                game=self.table.game,
                expected_version=self.table.version if self.check_version else None,
                from_picker=True,
            ),
        )

    async def _cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=self.tr("confirm.cancelled"), view=None, attachments=[]
        )


def preview_parts(preview: Preview) -> list[discord.File]:
    return [] if preview.png is None else [discord.File(io.BytesIO(preview.png), filename=preview.filename)]


async def show_preview(
    interaction: discord.Interaction,
    prefix: str,
    action: str,
    table: TableRow,
    seat: int,
    notation: str,
    preview: Preview,
    tr: Tr,
    *,
    replace: bool = False,
    check_version: bool = True,
) -> None:
    """Show ``preview`` with its buttons: as a new private message, or (``replace``) in place of
    the picker the player just used. ``check_version=False`` for a move that stays the same
    whatever the others do meanwhile (leaving the game)."""
    view = ConfirmMove(
        interaction.client, prefix, action, table, seat, notation, tr, check_version=check_version
    )
    files = preview_parts(preview)
    if replace:
        await interaction.response.edit_message(content=preview.content, attachments=files, view=view)
    elif interaction.response.is_done():
        await interaction.followup.send(preview.content, files=files, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(preview.content, files=files, view=view, ephemeral=True)
