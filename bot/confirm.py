"""A private "look before you play" step: a preview of a move (a picture and its cost) with
**Confirm** and **Cancel**, for moves a player wants to see first (a tile in place, rotated).
A preview may offer other moves to turn into in place (``Preview.steps`` as buttons,
``Preview.choices`` as a select: another rotation, the next field): each redraws the preview
from the current board, so trying another rotation is one tap, not the whole picker again.

The preview is shown to the mover alone. **Confirm** plays the move against the board version
the preview was made from, so a preview left open while the board moved on is refused as
stale, never applied to a position its player did not see. The buttons live in the memory of
the bot that showed them; their custom ids follow the game's picker template
(``bot.picker_ids.picker_id``), so after a restart the game's ``ExpiredPicker`` answers them with a
fresh picker instead of letting the click fail silently.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.errors import run_guarded
from bot.i18n import Tr
from bot.pick_spec import Alternative, MakePreview, Preview, Shortcut
from bot.picker_ids import TIMEOUT, picker_id
from bot.pictures import render
from db.models import TableRow

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService

__all__ = [
    "Alternative",
    "ConfirmMove",
    "MakePreview",
    "Preview",
    "Shortcut",
    "preview_parts",
    "show_preview",
]

OPTIONS_MAX = 25


class ConfirmMove(discord.ui.View):
    """**Confirm** / **Cancel** under a preview (and the preview's other moves, when ``make``
    can draw them); only the mover may use them."""

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
        preview: Preview | None = None,
        make: MakePreview | None = None,
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        self.table, self.seat, self.notation = table, seat, notation
        self.check_version, self.make, self.tr = check_version, make, tr
        self.prefix, self.action = prefix, action

        if make is not None and preview is not None:
            if preview.choices:
                select: discord.ui.Select[ConfirmMove] = discord.ui.Select(
                    custom_id=picker_id(client, prefix, table.id, action),
                    placeholder=preview.choices_placeholder[:150] or None,
                    options=[
                        discord.SelectOption(
                            label=c.label[:100],
                            value=c.notation,
                            description=c.description[:100] or None,
                            default=c.notation == notation,
                        )
                        for c in preview.choices[:OPTIONS_MAX]
                    ],
                    row=0,
                )
                select.callback = self._chose(select)  # type: ignore[method-assign]
                self.add_item(select)
            for step in preview.steps[:5]:
                button: discord.ui.Button[ConfirmMove] = discord.ui.Button(
                    label=step.label,
                    style=discord.ButtonStyle.secondary,
                    custom_id=picker_id(client, prefix, table.id, action),
                    row=1,
                )
                button.callback = self._stepper(step)  # type: ignore[method-assign]
                self.add_item(button)
        confirm: discord.ui.Button[ConfirmMove] = discord.ui.Button(
            label=tr("confirm.confirm"),
            style=discord.ButtonStyle.success,
            custom_id=picker_id(client, prefix, table.id, action),
            row=2,
        )
        cancel: discord.ui.Button[ConfirmMove] = discord.ui.Button(
            label=tr("confirm.cancel"),
            style=discord.ButtonStyle.secondary,
            custom_id=picker_id(client, prefix, table.id, action),
            row=2,
        )
        confirm.callback = self._confirmer(Shortcut(""))  # type: ignore[method-assign]
        cancel.callback = self._cancel  # type: ignore[method-assign]
        self.add_item(confirm)
        for shortcut in preview.shortcuts[:3] if preview is not None else ():
            also: discord.ui.Button[ConfirmMove] = discord.ui.Button(
                label=shortcut.label[:80],
                style=discord.ButtonStyle.success,
                custom_id=picker_id(client, prefix, table.id, action),
                row=2,
            )
            also.callback = self._confirmer(shortcut)  # type: ignore[method-assign]
            self.add_item(also)
        self.add_item(cancel)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.table.user_at(self.seat)

    def _confirmer(self, shortcut: Shortcut) -> Callable[[discord.Interaction], Awaitable[None]]:
        """**Confirm** (an empty shortcut) or a shortcut: its ``before`` moves, the previewed
        move, then its ``then`` moves, all or none."""
        first, *rest = (*shortcut.before, self.notation, *shortcut.then)

        async def play(interaction: discord.Interaction) -> None:
            service: TableService = interaction.client.tables  # type: ignore[attr-defined]
            played = await service.play(
                interaction,
                first,
                game=self.table.game,
                expected_version=self.table.version if self.check_version else None,
                from_picker=True,
                then=tuple(rest),
            )
            adapter = service.adapters.get(self.table.game)
            if played is not None and adapter is not None and adapter.after_confirm is not None:
                await adapter.after_confirm(interaction, played.table, self.seat, (first, *rest))

        async def confirmed(interaction: discord.Interaction) -> None:
            self.stop()
            await run_guarded(interaction, play(interaction))

        return confirmed

    async def _cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=self.tr("confirm.cancelled"), view=None, attachments=[]
        )

    def _stepper(self, step: Alternative) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def clicked(interaction: discord.Interaction) -> None:
            await run_guarded(interaction, self._redraw(interaction, step.notation))

        return clicked

    def _chose(
        self, select: discord.ui.Select[ConfirmMove]
    ) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def chosen(interaction: discord.Interaction) -> None:
            await run_guarded(interaction, self._redraw(interaction, select.values[0]))

        return chosen

    async def _redraw(self, interaction: discord.Interaction, notation: str) -> None:
        """The preview of ``notation`` in place of this one, drawn from the current board: a
        preview opened on a board that has moved on is refused as stale, like its Confirm."""
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        table = await service.running_table_here(interaction, self.table.game)
        if table.id != self.table.id or (self.check_version and table.version != self.table.version):
            raise service.stale(self.table.game)
        assert table.state is not None and self.make is not None
        preview = await drawn(await asyncio.to_thread(self.make, self.tr, table.state, self.seat, notation))
        view = ConfirmMove(
            interaction.client,
            self.prefix,
            self.action,
            table,
            self.seat,
            notation,
            self.tr,
            check_version=self.check_version,
            preview=preview,
            make=self.make,
        )
        self.stop()
        await interaction.response.edit_message(
            content=preview.content, attachments=preview_parts(preview), view=view
        )


async def drawn(preview: Preview) -> Preview:
    """``preview`` with its ``picture`` drawn (by the picture workers, off the event loop)."""
    if preview.picture is None:
        return preview
    draw, args = preview.picture
    return replace(preview, png=await render(draw, *args), picture=None)


def preview_parts(preview: Preview) -> list[discord.File]:
    if preview.png is None:
        return []
    alt = preview.alt[:1000] or None
    return [discord.File(io.BytesIO(preview.png), filename=preview.filename, description=alt)]


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
    make: MakePreview | None = None,
) -> None:
    """Show ``preview`` with its buttons: as a new private message, or (``replace``) in place of
    the picker the player just used. ``check_version=False`` for a move that stays the same
    whatever the others do meanwhile (leaving the game); ``make`` draws the preview's other
    moves (``Preview.steps`` / ``choices``) when one is chosen."""
    preview = await drawn(preview)
    view = ConfirmMove(
        interaction.client,
        prefix,
        action,
        table,
        seat,
        notation,
        tr,
        check_version=check_version,
        preview=preview,
        make=make,
    )
    files = preview_parts(preview)
    if replace:
        await interaction.response.edit_message(content=preview.content, attachments=files, view=view)
    elif interaction.response.is_done():
        await interaction.followup.send(preview.content, files=files, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(preview.content, files=files, view=view, ephemeral=True)
