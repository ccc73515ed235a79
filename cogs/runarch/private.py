"""A player's private information (hand, secret goal, setup cards), only ever sent ephemerally."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import discord

from bot import outgoing
from bot.errors import send_ephemeral
from bot.i18n import Tr, lang_of
from bot.pictures import render
from bot.tables import TableService
from cogs.runarch.alt_text import LIMIT as ALT_LIMIT
from cogs.runarch.labels import card_label, card_with_goal, scoring_label, scoring_values
from engine.runarch import GAME
from render.runarch.hand import render_hand

NAME = "runarch"


def hand_lines(tr: Tr, state: Mapping[str, Any], seat: int) -> list[str]:
    """The sentences of a private hand message: cards, what scores now, the secret goal."""
    view = GAME.view(dict(state), seat)
    complex_game = view["variant"] == "complex"
    if view.get("phase") == "setup":
        lines = [tr("runarch.setup_hand_title")]
        lines.extend(tr("runarch.hand_card", card=card_with_goal(tr, c)) for c in view.get("setup_hand", []))
        lines.append(tr("runarch.setup_how"))
        return lines
    hand = view["hand"]
    lines = [tr("runarch.hand_title")] if hand else [tr("runarch.hand_empty")]
    for card in hand:
        label = card_with_goal(tr, card) if complex_game else card_label(tr, card)
        options = GAME.scoring_options(dict(state), seat, card["id"])
        if options:
            best = ", ".join(
                scoring_label(tr, option, archive) for _, option, archive in scoring_values(options)[:3]
            )
            lines.append(tr("runarch.hand_card_scores", card=label, options=best))
        else:
            lines.append(tr("runarch.hand_card", card=label))
    secret = view.get("secret")
    if secret:
        lines.append(tr("runarch.secret_line", card=card_with_goal(tr, secret)))
    return lines


async def show_hand(interaction: discord.Interaction) -> None:
    service: TableService = interaction.client.tables  # type: ignore[attr-defined]
    table = await service.running_table_here(interaction, NAME)
    seat = service.seat_of(table, interaction.user.id)
    assert table.state is not None
    tr = Tr(lang_of(interaction.locale))
    view = GAME.view(table.state, seat)
    cards = view.get("setup_hand") if view.get("phase") == "setup" else view["hand"]
    lines = hand_lines(tr, table.state, seat)
    if not cards:
        await send_ephemeral(interaction, "\n".join(lines))
        return
    png = await render(render_hand, cards, tr, with_goals=view["variant"] == "complex")
    alt = outgoing.clip(" ".join(lines), ALT_LIMIT)  # the cards the picture shows, as the text lists them
    picture = discord.File(io.BytesIO(png), filename="hand.png", description=alt)
    await send_ephemeral(interaction, "\n".join(lines), file=picture)
