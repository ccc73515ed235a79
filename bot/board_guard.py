"""The checks a component under a board post makes before it acts, written once for every game.

A button or select carries its table's id (and the board's version) in its custom id and stays
under old posts for weeks, so a tap must find that table still running (else the player is told
it finished or was closed), still the one open in this thread (a table re-opened in a new
thread, or a newer one here, makes the old post stale) and waiting for whoever tapped. The row
read here is handed on, so a tap reads its table once (:meth:`TableService.table_here`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.refusals import over_refusal

if TYPE_CHECKING:
    from bot.service import TableServiceLike
    from db.models import TableRow


def _service(interaction: discord.Interaction) -> TableServiceLike:
    return interaction.client.tables  # type: ignore[attr-defined, no-any-return]


async def running_table(interaction: discord.Interaction, table_id: int) -> TableRow:
    """The component's table, if it is still being played; else why not, in words."""
    own = await _service(interaction).store.table(table_id)
    if own is None or own.status != "active":
        raise over_refusal(own)
    return own


async def on_turn(
    interaction: discord.Interaction,
    own: TableRow,
    version: int | None = None,
    waiting_key: Callable[[TableRow, int], str | None] | None = None,
) -> tuple[TableRow, int]:
    """``own`` (read by :func:`running_table`) and the tapper's seat, when it is the table open in
    this channel, its board no older than ``version`` and the game waiting for them."""
    service = _service(interaction)
    table, seat = await service.my_turn(interaction, own.game, version, waiting_key, read=own)
    if table.id != own.id:
        raise service.stale(own.game)
    return table, seat


async def board_turn(
    interaction: discord.Interaction,
    table_id: int,
    version: int | None = None,
    waiting_key: Callable[[TableRow, int], str | None] | None = None,
) -> tuple[TableRow, int]:
    """Both checks at once, for a component with nothing to do before the turn's."""
    return await on_turn(interaction, await running_table(interaction, table_id), version, waiting_key)
