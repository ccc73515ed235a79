"""Moonriser's public tile pictures: the common supply laid out face up (``render_supply``) and
one tile, wherever it is (``render_tile``), as the same cards as the hand picture (name, value,
price, every bonus and condition, the symbols on its edges and corners).

Sized for a phone: one column of cards ``WIDTH`` px wide, so a picture shown 400 px wide keeps
its sentences readable. A card never changes (its tile, the reader's language, how it lies), so
each is drawn once, already on the palette, and later pictures only paste and encode.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.moonriser.hand import INK, SURFACE, card_height, draw_card
from render.moonriser.style import PAL, Tr, View, lang, tileset

WIDTH = 480
MARGIN = 10
GAP = 8
TITLE_H = 40

_cards: dict[tuple[Any, ...], Image.Image] = {}
"""Drawn cards (palette images) by tiles version, tile, language and how the tile lies."""
CARDS_KEPT = 512


def _card(version: Any, tile_id: str, tr: Tr, placed: Mapping[str, Any] | None) -> Image.Image:
    lies = None if placed is None else tuple(placed.get(k) for k in ("rot", "owner", "upgraded", "level"))
    key = (version, tile_id, lang(tr), lies)
    found = _cards.get(key)
    if found is None:
        tile = tileset(None, version)[tile_id]
        width = WIDTH - 2 * MARGIN
        img = Image.new("RGB", (width, card_height(tile, tr, width)), PAL.rgb("background"))
        draw_card(img, 0, 0, width, img.height, tile, tr, version, placed)
        found = PAL.quantize(img)
        if len(_cards) >= CARDS_KEPT:
            _cards.clear()
        _cards[key] = found
    return found


@functools.lru_cache(maxsize=64)
def _badge(note: str) -> Image.Image:
    """A card's position in the supply, in a highlight badge (on the palette)."""
    width = round(kit.text_length(note, 18, "bold")) + 18
    img = Image.new("RGB", (width, 28), SURFACE)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, width - 1, 27), 8, fill=PAL.rgb("highlight"))
    draw.text((width / 2, 14), note, font=kit.font(18, "bold"), fill=SURFACE, anchor="mm")
    return PAL.quantize(img)


@functools.lru_cache(maxsize=256)
def _title(text: str) -> Image.Image:
    img = Image.new("RGB", (WIDTH, TITLE_H), PAL.rgb("background"))
    draw = ImageDraw.Draw(img)
    text = kit.fit_text(text, kit.font(22, "bold"), WIDTH - 2 * MARGIN - 8)
    draw.text((MARGIN + 4, TITLE_H / 2 + 2), text, font=kit.font(22, "bold"), fill=INK, anchor="lm")
    return PAL.quantize(img)


def _stack(title: str, cards: Sequence[tuple[Image.Image, str]]) -> bytes:
    """A title, then the cards one under another, each with its note (``""``: none) on it."""
    height = TITLE_H + sum(c.height + GAP for c, _ in cards) + MARGIN - GAP
    out = PAL.new((WIDTH, max(height, TITLE_H + MARGIN)))
    out.paste(_title(title), (0, 0))
    y = TITLE_H
    for card, note in cards:
        out.paste(card, (MARGIN, y))
        if note:
            badge = _badge(note)
            out.paste(badge, (WIDTH - MARGIN - 10 - badge.width, y + 10))
        y += card.height + GAP
    return kit.encode_png(out)


def render_supply(view: View, tr: Tr) -> bytes:
    """The common supply, leftmost first (the tile that leaves at the end of the round) and
    numbered as it lies."""
    version = (view.get("content") or {}).get("tiles")
    supply = list(view.get("supply") or ())
    cards = [(_card(version, t, tr, None), str(i)) for i, t in enumerate(supply, 1)]
    return _stack(tr("render.moonriser.supply_title", count=len(supply)), cards)


def render_tile(view: View | None, tile: str, tr: Tr, where: str, *, version: int | None = None) -> bytes:
    """One tile's card, titled with where it is (``where``); a tile on the board (``view``'s
    tiles, found by its field in ``where``) is drawn as it lies: owner's rim, rotation, upgrade."""
    version = version if version is not None else ((view or {}).get("content") or {}).get("tiles")
    placed = next(
        (t for f, t in ((view or {}).get("tiles") or {}).items() if f == where and t.get("tile") == tile),
        None,
    )
    return _stack(where, [(_card(version, tile, tr, placed), "")])
