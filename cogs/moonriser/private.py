"""A player's hidden tiles (hand, tiles just drawn), only ever sent as a private answer."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping
from typing import Any

import discord

from bot import outgoing
from bot.errors import run_guarded, send_ephemeral
from bot.i18n import Tr, lang_of
from bot.pictures import render
from bot.tables import TableService
from cogs.moonriser.alt_text import LIMIT as ALT_LIMIT
from cogs.moonriser.labels import tile_label, tile_name
from db.models import TableRow
from engine.moonriser.game import GAME

NAME = "moonriser"


FORMS = ("full", "named", "ids")
"""How a tile is told in the hand message, longest first: ``tile_label`` ("Mine (B03) · value 1
· costs 2 green"), its name and id, its id alone."""


def _tile_lines(tr: Tr, state: Mapping[str, Any], tiles: list[str], form: str) -> list[str]:
    """One line per kind of tile, its copies counted once ("2× Mine (B03) · …")."""
    words = {
        "full": lambda t: tile_label(tr, state, t),
        "named": lambda t: f"{tile_name(tr, state, t)} ({t})",
        "ids": lambda t: t,
    }[form]
    return [
        tr("moonriser.hand_tile", tile=f"{n}× {words(t)}" if n > 1 else words(t))
        for t, n in Counter(tiles).items()
    ]


def hand_lines(tr: Tr, state: Mapping[str, Any], seat: int, below: str = "") -> list[str]:
    """The private hand message: the hand, then the drawn tiles still to choose from, then
    ``below``. A big plan draws up to a whole pile: the lines then tell less of each tile (the
    picture shows them all) so that the message fits Discord's 2,000 characters without a cut."""
    view = GAME.view(dict(state), seat)
    hand, drawn = list(view["hand"]), list(view["drawn"])
    for form in FORMS:
        lines = [tr("moonriser.hand_title", count=len(hand))] if hand else [tr("moonriser.hand_empty")]
        lines.extend(_tile_lines(tr, state, hand, form))
        if drawn:
            lines.append(tr("moonriser.drawn_title", count=len(drawn), keep=view["seats"][seat]["keep"]))
            lines.extend(_tile_lines(tr, state, drawn, form))
        lines.extend([below] if below else [])
        if len("\n".join(lines)) < outgoing.CONTENT_MAX:
            break
    return lines


async def hand_message(
    tr: Tr, state: Mapping[str, Any], seat: int, below: str = ""
) -> tuple[str, discord.File | None]:
    """The one private picture of the seat's tiles (hand, then the tiles just drawn) and its
    words: what the Hand button shows, and what a draw shows with the keep select (whose
    prompt goes ``below``)."""
    view = GAME.view(dict(state), seat)
    tiles = [*view["hand"], *view["drawn"]]
    text = "\n".join(hand_lines(tr, state, seat, below))
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
