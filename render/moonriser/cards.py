"""Moonriser's tile cards, the one picture of a tile that every tile picture is made of: the hand
(``render.moonriser.hand``), the supply and a single tile (``render.moonriser.supply``).

A card is the tile as it lies on the board (large), its id and name in the reader's language,
value, price and every bonus as an icon and a sentence. Sized for a phone: the cards stand in
one column ``WIDTH`` px wide and every text on them is at least ``TEXT`` px, so a picture shown
400 px wide (a Discord preview on a phone) keeps letters at least ``CAP_MIN`` px tall
(``cap_height``). A card never changes (its tile, the reader's language, how it lies), so each
is drawn once, already on the palette, and later pictures only paste and encode.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.moonriser.content import Bonus, Tile
from render import kit
from render.moonriser.style import (
    PAL,
    RELATION_STYLE,
    SQRT3,
    TOKEN_RGB,
    Tr,
    draw_symbol,
    ink_on,
    lang,
    tile_name,
    tileset,
)
from render.moonriser.tiles import paint_disk, tile_rgba

WIDTH = 480
"""A tile picture's width: shown 400 px wide its text keeps ``CAP_MIN`` px capitals."""
PHONE_W = 400
CAP_MIN = 11
MARGIN = 10
GAP = 8
TITLE_H = 40
HEX_R = 68
CARD_PAD = 14
ICON = 11
"""A token's radius in a line of text (the placement preview's caption, the details picture)."""
CARD_ICON = 14
"""A token's radius on a card: room for a ``TEXT`` px number on it."""
TEXT = 19
"""The smallest text on a card (the bonus sentences, the price); the rest is larger."""
LINE = 24

INK, MUTED, SURFACE = PAL.rgb("ink"), PAL.rgb("muted"), PAL.rgb("surface")


def cap_height(size: int, weight: str = "regular") -> float:
    """The height of a capital letter of the font at ``size`` px (measured 8 times larger, so
    the whole-pixel box of the glyph does not round it)."""
    top, bottom = kit.font(size * 8, weight).getbbox("H")[1::2]
    return (bottom - top) / 8


# --------------------------------------------------------------------------- sentences


def bonus_line(bonus: Bonus, tr: Tr) -> str:
    """One bonus as a sentence (its colour and relationship are drawn as icons before it)."""
    if bonus.effect == "produce":
        if bonus.then:
            return tr(
                "render.moonriser.bonus_produce_then",
                amount=bonus.amount,
                relation=tr(f"render.moonriser.relation_{bonus.condition}"),
                then=tr(f"render.moonriser.relation_{bonus.then}"),
            )
        if bonus.condition:
            relation = tr(f"render.moonriser.relation_{bonus.condition}")
            return tr("render.moonriser.bonus_produce_if", amount=bonus.amount, relation=relation)
        return tr("render.moonriser.bonus_produce", amount=bonus.amount)
    return tr(f"render.moonriser.bonus_{bonus.effect}")


def paint_token(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    colour: str,
    label: str = "",
    radius: int = ICON,
    size: int = 14,
) -> None:
    """A token disk of ``colour`` (a token colour or ``white``) with an optional text on it."""
    rgb = TOKEN_RGB.get(colour, kit.WHITE)
    paint_disk(draw, x, y, radius, rgb, 1)
    if label:
        draw.text((x, y), label, font=kit.font(size, "black"), fill=ink_on(rgb), anchor="mm")


def bonus_icons(draw: ImageDraw.ImageDraw, bonus: Bonus, x: float, y: float) -> float:
    """The icons of a bonus from ``x``; returns where its sentence starts."""
    colour = bonus.colour or {"extra_action": "white", "planning_discount": "blue"}.get(bonus.effect, "white")
    mark = "»" if bonus.effect == "extra_action" else ""
    paint_token(draw, x + CARD_ICON, y, colour, mark, CARD_ICON, TEXT)
    x += 2 * CARD_ICON + 6
    for kind in (bonus.condition, bonus.then):
        if kind:
            shape, rgb = RELATION_STYLE[kind]
            draw_symbol(draw, shape, x + CARD_ICON, y, CARD_ICON * 0.8, rgb, False, 1)
            x += 2 * CARD_ICON + 4
    return x + 4


# --------------------------------------------------------------------------- cards


def _wrap(value: str, size: int, weight: str, width: float, lines: int) -> list[str]:
    return kit.wrap_text(value, kit.font(size, weight), width, lines)


def card_lines(tile: Tile, tr: Tr, width: float) -> tuple[list[str], list[list[str]]]:
    """The wrapped name and the wrapped sentence of each bonus of a card ``width`` px wide."""
    text_w = width - 2 * CARD_PAD - SQRT3 * HEX_R - 12
    name = _wrap(tile_name(tile, tr), TEXT + 2, "bold", text_w, 2)
    room = width - 2 * CARD_PAD
    bonuses = [_wrap(bonus_line(b, tr), TEXT, "regular", room - icons_width(b), 4) for b in tile.bonuses]
    return name, bonuses


def icons_width(bonus: Bonus) -> float:
    """How far a bonus's sentence starts after its icons (``bonus_icons``)."""
    return 2 * CARD_ICON + 6 + sum(2 * CARD_ICON + 4 for kind in (bonus.condition, bonus.then) if kind) + 4


def card_height(tile: Tile, tr: Tr, width: float) -> int:
    _, bonuses = card_lines(tile, tr, width)
    return 2 * CARD_PAD + 2 * HEX_R + sum(len(lines) * LINE + 10 for lines in bonuses) + (6 if bonuses else 0)


def draw_card(
    img: Image.Image,
    x0: int,
    y0: int,
    width: int,
    height: int,
    tile: Tile,
    tr: Tr,
    version: Any,
    placed: Mapping[str, Any] | None = None,
) -> None:
    """One tile card; ``placed`` (a board entry: owner, rotation, upgrade) draws it as it lies."""
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((x0, y0, x0 + width - 1, y0 + height - 1), 14, fill=SURFACE)
    on = placed or {}
    sprite = tile_rgba(
        version,
        tile.id,
        int(on.get("rot", 0)) % 6,
        on.get("owner"),
        bool(on.get("upgraded")),
        int(on.get("level") or 0),
        HEX_R,
    )
    img.paste(sprite, (x0 + CARD_PAD - 2, y0 + CARD_PAD - 2), sprite)
    tx = x0 + CARD_PAD + math.ceil(SQRT3 * HEX_R) + 12
    name, bonuses = card_lines(tile, tr, width)
    y = y0 + CARD_PAD
    draw.text((tx, y), tile.id, font=kit.font(TEXT, "bold"), fill=MUTED)
    y += TEXT + 6
    for line in name:
        draw.text((tx, y), line, font=kit.font(TEXT + 2, "bold"), fill=INK)
        y += TEXT + 7
    y = max(y + 10, y0 + CARD_PAD + 2 * HEX_R - 20)
    vp = tr("render.moonriser.vp", points=tile.value)
    draw.text((tx, y + 1), vp, font=kit.font(TEXT + 1, "bold"), fill=PAL.rgb("highlight"), anchor="lm")
    x = tx + kit.text_length(vp, TEXT + 1, "bold") + 16
    price = [(c, n) for c, n in tile.price.items() if n]
    if price:
        label = tr("render.moonriser.price")
        draw.text((x, y + 1), label, font=kit.font(TEXT), fill=MUTED, anchor="lm")
        x += kit.text_length(label, TEXT) + 8
        for colour, amount in price:
            paint_token(draw, x + CARD_ICON, y + 1, colour, str(amount), CARD_ICON, TEXT)
            x += 2 * CARD_ICON + 6
    y = max(y + CARD_ICON + 6, y0 + CARD_PAD + 2 * HEX_R + 6)
    for bonus, lines in zip(tile.bonuses, bonuses, strict=True):
        start = bonus_icons(draw, bonus, x0 + CARD_PAD, y + LINE // 2)
        for k, line in enumerate(lines):
            draw.text((start, y + LINE // 2 + k * LINE), line, font=kit.font(TEXT), fill=INK, anchor="lm")
        y += len(lines) * LINE + 10


# --------------------------------------------------------------------------- pictures of cards

_cards: dict[tuple[Any, ...], Image.Image] = {}
"""Drawn cards (palette images) by tiles version, tile, language and how the tile lies."""
CARDS_KEPT = 512


def card_image(version: Any, tile_id: str, tr: Tr, placed: Mapping[str, Any] | None) -> Image.Image:
    """One card ``WIDTH`` - 2 × ``MARGIN`` px wide, on the palette, drawn once."""
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
    width = round(kit.text_length(note, TEXT, "bold")) + 18
    img = Image.new("RGB", (width, 28), SURFACE)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, width - 1, 27), 8, fill=PAL.rgb("highlight"))
    draw.text((width / 2, 14), note, font=kit.font(TEXT, "bold"), fill=SURFACE, anchor="mm")
    return PAL.quantize(img)


@functools.lru_cache(maxsize=256)
def _title(text: str) -> Image.Image:
    img = Image.new("RGB", (WIDTH, TITLE_H), PAL.rgb("background"))
    draw = ImageDraw.Draw(img)
    text = kit.fit_text(text, kit.font(22, "bold"), WIDTH - 2 * MARGIN - 8)
    draw.text((MARGIN + 4, TITLE_H / 2 + 2), text, font=kit.font(22, "bold"), fill=INK, anchor="lm")
    return PAL.quantize(img)


def stack(title: str, cards: Sequence[tuple[Image.Image, str]]) -> bytes:
    """A title (none if ``""``), then the cards one under another, each with its note (``""``:
    none) on it."""
    top = TITLE_H if title else MARGIN
    height = top + sum(c.height + GAP for c, _ in cards) + MARGIN - GAP
    out = PAL.new((WIDTH, max(height, top + MARGIN)))
    if title:
        out.paste(_title(title), (0, 0))
    y = top
    for card, note in cards:
        out.paste(card, (MARGIN, y))
        if note:
            badge = _badge(note)
            out.paste(badge, (WIDTH - MARGIN - 10 - badge.width, y + 10))
        y += card.height + GAP
    return kit.encode_png(out)
