"""A player's hidden tiles (hand, tiles just drawn), only ever sent as a private answer."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import discord

from bot import outgoing
from bot.errors import run_guarded, send_ephemeral
from bot.i18n import Tr, lang_of
from bot.pictures import render
from bot.tables import TableService
from cogs.moonriser.alt_text import LIMIT as ALT_LIMIT
from cogs.moonriser.labels import tile_label
from db.models import TableRow
from engine.moonriser.game import GAME

NAME = "moonriser"


def hand_lines(tr: Tr, state: Mapping[str, Any], seat: int) -> list[str]:
    """The private hand message: the hand, then the drawn tiles still to choose from."""
    view = GAME.view(dict(state), seat)
    hand, drawn = list(view["hand"]), list(view["drawn"])
    lines = [tr("moonriser.hand_title", count=len(hand))] if hand else [tr("moonriser.hand_empty")]
    lines.extend(tr("moonriser.hand_tile", tile=tile_label(tr, state, t)) for t in hand)
    if drawn:
        lines.append(tr("moonriser.drawn_title", count=len(drawn), keep=view["seats"][seat]["keep"]))
        lines.extend(tr("moonriser.hand_tile", tile=tile_label(tr, state, t)) for t in drawn)
    return lines


async def hand_message(tr: Tr, state: Mapping[str, Any], seat: int) -> tuple[str, discord.File | None]:
    """The one private picture of the seat's tiles (hand, then the tiles just drawn) and its
    words: what the Hand button shows, and what a draw shows with the keep select."""
    view = GAME.view(dict(state), seat)
    tiles = [*view["hand"], *view["drawn"]]
    text = "\n".join(hand_lines(tr, state, seat))
    if not tiles:
        return text, None
    from render.moonriser.hand import render_hand

    png = await render(render_hand, tiles, tr, version=state["content"]["tiles"])
    alt = outgoing.clip(" ".join(hand_lines(tr, state, seat)), ALT_LIMIT)
    return text, discord.File(io.BytesIO(png), filename="hand.png", description=alt)


async def play_chosen(
    picker: discord.ui.View, interaction: discord.Interaction, table: TableRow, notation: str, **how: Any
) -> None:
    """Play what a private picker of hidden tiles (keep, sell, discard) was answered with, once:
    the picker stops taking answers first; ``how`` as for :meth:`TableService.play`."""
    picker.stop()
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    await run_guarded(
        interaction, service.play(interaction, notation, game=table.game, from_picker=True, **how)
    )


async def show_hand(interaction: discord.Interaction) -> None:
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    seat = service.seat_of(table, interaction.user.id)
    assert table.state is not None
    text, file = await hand_message(Tr(lang_of(interaction.locale)), table.state, seat)
    if file is None:
        await send_ephemeral(interaction, text)
        return
    await send_ephemeral(interaction, text, file=file)
