"""RunArch's private hand picture: a player's cards in a grid two wide, each pattern as its five
stones in order (and, in the complex game, each card's match area and goal).

Apart from the board module because only the owner ever sees it, in an ephemeral reply."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit
from render.runarch.board import (
    CARD_H,
    CARD_W,
    HAND_MARGIN,
    PAL,
    PANEL_GAP,
    SLOT,
    SLOT_GAP,
    SLOT_TOP,
    Tr,
    slot,
    text,
)
from render.runarch.table import draw_card_extras

GOAL_ROW_H = 40
"""Extra height of a complex-game card: its goal is drawn under the pattern."""


HAND_COLUMNS = 2
"""Cards per row: two are 712 px wide, so a phone shows the hand at the board's scale (five
cards in one row, 1750 px, would be shrunk to a strip)."""


def _hand_grid(count: int) -> tuple[int, int]:
    count = max(count, 1)
    return min(count, HAND_COLUMNS), -(-count // HAND_COLUMNS)


def hand_size(count: int, with_goals: bool = False) -> tuple[int, int]:
    """Size of the picture of ``count`` hand cards (in rows of :data:`HAND_COLUMNS`)."""
    columns, rows = _hand_grid(count)
    height = CARD_H + (GOAL_ROW_H if with_goals else 0)
    return (
        2 * HAND_MARGIN + columns * CARD_W + (columns - 1) * PANEL_GAP,
        2 * HAND_MARGIN + rows * height + (rows - 1) * PANEL_GAP,
    )


def _card_origin(card: int, with_goals: bool) -> tuple[int, int]:
    height = CARD_H + (GOAL_ROW_H if with_goals else 0)
    column, row = card % HAND_COLUMNS, card // HAND_COLUMNS
    return HAND_MARGIN + column * (CARD_W + PANEL_GAP), HAND_MARGIN + row * (height + PANEL_GAP)


def hand_slot_centre(card: int, position: int, with_goals: bool = False) -> tuple[int, int]:
    """Pixel centre of pattern ``position`` (0-4) of the ``card``-th card on the hand picture."""
    x0, y0 = _card_origin(card, with_goals)
    x0 += (CARD_W - (5 * SLOT + 4 * SLOT_GAP)) // 2
    return x0 + position * (SLOT + SLOT_GAP) + SLOT // 2, y0 + SLOT_TOP + SLOT // 2


def render_hand(cards: Sequence[Mapping[str, Any]], tr: Tr, *, with_goals: bool = False) -> bytes:
    """A player's hand cards side by side, each pattern as its five stones in order.

    ``with_goals`` (the complex game) also shows each card's match area and goal, which decide
    where it may be filed and what it is worth as a goal."""
    img = PAL.new(hand_size(len(cards), with_goals))
    card_h = CARD_H + (GOAL_ROW_H if with_goals else 0)
    if not cards:
        cy = HAND_MARGIN + CARD_H // 2
        kit.rounded_box(
            img,
            (HAND_MARGIN, HAND_MARGIN, HAND_MARGIN + CARD_W, HAND_MARGIN + CARD_H),
            14,
            "surface",
            pal=PAL,
        )
        message = kit.fit_text(tr("render.runarch.no_cards"), kit.font(22), CARD_W - 32)
        text(img, (HAND_MARGIN + CARD_W // 2, cy), message, size=22, fill="muted", bg="surface", anchor="mm")
        return kit.encode_png(img)
    for i, card in enumerate(cards):
        x0, y0 = _card_origin(i, with_goals)
        kit.rounded_box(img, (x0, y0, x0 + CARD_W, y0 + card_h), 14, "surface", pal=PAL)
        if with_goals:
            draw_card_extras(img, x0, y0, CARD_W, CARD_H, card, tr)
        title = tr("render.runarch.card", card=card["id"])
        text(img, (x0 + 16, y0 + 14), title, size=22, weight="bold", fill="ink", bg="surface")
        for k, code in enumerate(card["pattern"]):
            cx, cy = hand_slot_centre(i, k, with_goals)
            img.paste(slot(code), (cx - SLOT // 2, cy - SLOT // 2))
            text(img, (cx, cy + SLOT // 2 + 16), str(k + 1), size=18, fill="muted", bg="surface", anchor="mm")
    return kit.encode_png(img)
