"""A player's hidden bombs (the hand, the draft cards passed to them), only ever private answers."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.errors import send_ephemeral
from bot.i18n import Tr, lang_of
from bot.pictures import render
from bot.tables import TableService
from cogs.manhattan.alt_text import cards_words
from cogs.manhattan.labels import bomb_label
from db.models import TableRow
from engine.core import Event
from engine.manhattan.game import GAME

NAME = "manhattan"


def hand_lines(tr: Tr, state: Mapping[str, Any], seat: int) -> list[str]:
    """The private hand message: the bombs in hand, then the draft cards if it is their pick."""
    view = GAME.view(dict(state), seat)
    hand, draft = list(view.get("hand") or []), list(view.get("draft") or [])
    lines = [tr("manhattan.hand_title", count=len(hand))] if hand else [tr("manhattan.hand_empty")]
    lines.extend(tr("manhattan.hand_bomb", bomb=bomb_label(tr, state, b)) for b in hand)
    if draft:
        lines.append(tr("manhattan.draft_title", count=len(draft)))
        lines.extend(tr("manhattan.hand_bomb", bomb=bomb_label(tr, state, b)) for b in draft)
    return lines


async def bombs_png(state: Mapping[str, Any], cards: list[str], tr: Tr, title_key: str) -> bytes:
    from render.manhattan.board import render_bombs

    return await render(render_bombs, cards, tr, version=state["content"]["bombs"], title_key=title_key)


async def show_bombs(interaction: discord.Interaction) -> None:
    """``/manhattan bombs`` and the **My bombs** button: the hand, privately, with a picture."""
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    seat = service.seat_of(table, interaction.user.id)
    assert table.state is not None
    tr = Tr(lang_of(interaction.locale))
    view = GAME.view(table.state, seat)
    cards = [*(view.get("hand") or []), *(view.get("draft") or [])]
    text = "\n".join(hand_lines(tr, table.state, seat))
    if not cards:
        await send_ephemeral(interaction, text)
        return
    png = await bombs_png(table.state, cards, tr, "render.manhattan.hand_title")
    alt = cards_words(tr, table.state, cards, "manhattan.alt.hand")
    await send_ephemeral(
        interaction, text, file=discord.File(io.BytesIO(png), filename="bombs.png", description=alt)
    )


async def send_draft(interaction: discord.Interaction, table: TableRow, seat: int, tr: Tr) -> None:
    """The cards passed to this player in the draft, as a private picture before their picker."""
    assert table.state is not None
    draft = list(GAME.view(table.state, seat).get("draft") or [])
    if not draft:
        return
    png = await bombs_png(table.state, draft, tr, "render.manhattan.draft_title")
    text = tr("manhattan.draft_intro", count=len(draft))
    alt = cards_words(tr, table.state, draft, "manhattan.alt.draft")
    await send_ephemeral(
        interaction, text, file=discord.File(io.BytesIO(png), filename="draft.png", description=alt)
    )


ACKNOWLEDGED = frozenset({"manhattan.picked"})
"""Private events that only repeat what the player just chose on the picker they used."""


async def own_choices(
    interaction: discord.Interaction, table: TableRow, seat: int, events: Sequence[Event]
) -> bool:
    """A player's own draft pick needs no private "You keep …" line: the card was on the picker
    just used, and **My bombs** shows the hand (``GameAdapter.show_private``). Anything else (the
    last design coming back) is left to the usual private lines."""
    return all(event.code in ACKNOWLEDGED for event in events)
