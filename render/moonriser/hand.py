"""Moonriser's private pictures: a player's tiles (``render_hand``: the hand, or the drawn tiles
to choose from) and the preview of one placement (``render_preview``).

Both are shown to one player in an ephemeral reply. A hand card is the tile as it lies on the
board in rotation 0 (large), its id and name in the reader's language, value, price and every
bonus as an icon and a sentence. Composed in RGB and mapped onto the palette once at the end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.moonriser.content import Bonus, Tile
from render import kit
from render.moonriser.geometry import fields_key, geometry, label_fields, paint_fields, shades
from render.moonriser.style import (
    FIELD_RGB,
    PAL,
    RELATION_STYLE,
    SQRT3,
    TOKEN_RGB,
    Tr,
    View,
    draw_symbol,
    ink_on,
    tile_name,
    tileset,
)
from render.moonriser.tiles import black_token, paint_disk, ring, sprite_size, tile_rgba

MARGIN = 16
GAP = 12
WIDTH = 720
HEX_R = 54
CARD_PAD = 14
LINE = 24
ICON = 11

INK, MUTED, SURFACE = PAL.rgb("ink"), PAL.rgb("muted"), PAL.rgb("surface")


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


def paint_token(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, label: str = "") -> None:
    """A token disk of ``colour`` (a token colour or ``white``) with an optional text on it."""
    rgb = TOKEN_RGB.get(colour, kit.WHITE)
    paint_disk(draw, x, y, ICON, rgb, 1)
    if label:
        draw.text((x, y), label, font=kit.font(14, "black"), fill=ink_on(rgb), anchor="mm")


def bonus_icons(draw: ImageDraw.ImageDraw, bonus: Bonus, x: float, y: float) -> float:
    """The icons of a bonus from ``x``; returns where its sentence starts."""
    colour = bonus.colour or {"extra_action": "white", "planning_discount": "blue"}.get(bonus.effect, "white")
    paint_token(draw, x + ICON, y, colour, "»" if bonus.effect == "extra_action" else "")
    x += 2 * ICON + 6
    for kind in (bonus.condition, bonus.then):
        if kind:
            shape, rgb = RELATION_STYLE[kind]
            draw_symbol(draw, shape, x + ICON, y, ICON * 0.8, rgb, False, 1)
            x += 2 * ICON + 4
    return x + 4


# --------------------------------------------------------------------------- cards


def _wrap(value: str, size: int, weight: str, width: float, lines: int) -> list[str]:
    return kit.wrap_text(value, kit.font(size, weight), width, lines)


def card_lines(tile: Tile, tr: Tr, width: float) -> tuple[list[str], list[list[str]]]:
    """The wrapped name and the wrapped sentence of each bonus of a card ``width`` px wide."""
    text_w = width - 2 * CARD_PAD - SQRT3 * HEX_R - 12
    name = _wrap(tile_name(tile, tr), 20, "bold", text_w, 2)
    bonuses = [_wrap(bonus_line(b, tr), 17, "regular", width - 2 * CARD_PAD - 90, 3) for b in tile.bonuses]
    return name, bonuses


def card_height(tile: Tile, tr: Tr, width: float) -> int:
    _, bonuses = card_lines(tile, tr, width)
    return 2 * CARD_PAD + 2 * HEX_R + sum(len(lines) * 21 + 8 for lines in bonuses) + (4 if bonuses else 0)


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
    y = y0 + CARD_PAD + 2
    draw.text((tx, y), tile.id, font=kit.font(18, "bold"), fill=MUTED)
    y += 24
    for line in name:
        draw.text((tx, y), line, font=kit.font(20, "bold"), fill=INK)
        y += 25
    y = max(y + 6, y0 + CARD_PAD + 2 * HEX_R - 22)
    vp = tr("render.moonriser.vp", points=tile.value)
    draw.text((tx, y + 1), vp, font=kit.font(19, "bold"), fill=PAL.rgb("highlight"), anchor="lm")
    x = tx + kit.text_length(vp, 19, "bold") + 18
    price = [(c, n) for c, n in tile.price.items() if n]
    if price:
        label = tr("render.moonriser.price")
        draw.text((x, y + 1), label, font=kit.font(17), fill=MUTED, anchor="lm")
        x += kit.text_length(label, 17) + 8
        for colour, amount in price:
            paint_token(draw, x + ICON, y + 1, colour, str(amount))
            x += 2 * ICON + 6
    y = y0 + CARD_PAD + 2 * HEX_R + 8
    for bonus, lines in zip(tile.bonuses, bonuses, strict=True):
        start = bonus_icons(draw, bonus, x0 + CARD_PAD, y + 10)
        for k, line in enumerate(lines):
            draw.text((start, y + 10 + k * 21), line, font=kit.font(17), fill=INK, anchor="lm")
        y += len(lines) * 21 + 8


def render_hand(tiles: Sequence[str], tr: Tr, *, version: int | None = None) -> bytes:
    """A player's tiles (hand or drawn tiles), each as a large card; ``version`` = the game's
    tiles version (``view["content"]["tiles"]``), the newest by default."""
    tileset_ = tileset(None, version)
    cards = [tileset_[t] for t in tiles]
    columns = 1 if len(cards) <= 2 else 2
    width = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) // columns
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    heights = [max(card_height(t, tr, width) for t in row) for row in rows]
    height = 2 * MARGIN + sum(heights) + GAP * max(0, len(rows) - 1) if rows else 2 * MARGIN + 80
    img = Image.new("RGB", (WIDTH, height), PAL.rgb("background"))
    if not cards:
        draw = ImageDraw.Draw(img)
        draw.rounded_rectangle((MARGIN, MARGIN, WIDTH - MARGIN, height - MARGIN), 14, fill=SURFACE)
        draw.text(
            (WIDTH / 2, height / 2),
            tr("render.moonriser.no_tiles"),
            font=kit.font(22),
            fill=MUTED,
            anchor="mm",
        )
    y = MARGIN
    for row, row_h in zip(rows, heights, strict=True):
        for i, tile in enumerate(row):
            draw_card(img, MARGIN + i * (width + GAP), y, width, row_h, tile, tr, version)
        y += row_h + GAP
    return kit.encode_png(PAL.quantize(img))


# --------------------------------------------------------------------------- placement preview

PREVIEW_R = 56
PREVIEW_H = 430
CAPTION_H = 96


def render_preview(
    view: View,
    tile: str,
    field: str,
    rotation: int,
    cost: Mapping[str, int] | None,
    vp_gain: int,
    tr: Tr,
) -> bytes:
    """The board around ``field`` with ``tile`` placed there turned ``rotation`` (in the colour
    of the seat to act), ringed, and below it what the placement costs and the VP it earns now."""
    version = (view.get("content") or {}).get("tiles")
    key = fields_key(view["fields"])
    whole = geometry(key, PREVIEW_R, 0, 0)
    fx, fy = whole.centre(field)
    geo = geometry(key, PREVIEW_R, WIDTH / 2 - fx, PREVIEW_H / 2 - fy)
    reach = (WIDTH / 2 + 2 * PREVIEW_R, PREVIEW_H / 2 + 2 * PREVIEW_R)
    shown = [
        label
        for label, (x, y) in geo.centres.items()
        if abs(x - WIDTH / 2) < reach[0] and abs(y - PREVIEW_H / 2) < reach[1]
    ]
    size = (WIDTH, PREVIEW_H)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        paint_fields(draw, s, key, geo, shown)

    img = kit.supersampled(size, paint, background=PAL.rgb("background"), scale=2)
    placed = dict(view.get("tiles") or {})
    seat = view.get("active")
    placed[field] = {"tile": tile, "owner": seat, "rot": rotation, "upgraded": False, "level": 1}
    half_w, half_h = sprite_size(PREVIEW_R)[0] / 2, sprite_size(PREVIEW_R)[1] / 2
    empty = set(view.get("empty") or ())
    free = [label for label in shown if label not in placed and label not in empty]
    pal_img = PAL.quantize(img)
    label_fields(pal_img, key, geo, free)
    img = pal_img.convert("RGB")
    shade = shades(key)
    for label in shown:
        x, y = geo.centre(label)
        spot = (round(x - half_w), round(y - half_h))
        if label in placed:
            t = placed[label]
            sprite = tile_rgba(
                version,
                t["tile"],
                int(t.get("rot", 0)) % 6,
                t.get("owner"),
                bool(t.get("upgraded")),
                int(t.get("level") or 0),
                PREVIEW_R,
            )
            img.paste(sprite, spot, sprite)
        elif label in empty:
            pic, mask = black_token(PREVIEW_R, FIELD_RGB[shade[label]])
            img.paste(pic.convert("RGB"), spot, mask)
    pic, mask = ring(PREVIEW_R)
    x, y = geo.centre(field)
    img.paste(pic.convert("RGB"), (round(x - half_w), round(y - half_h)), mask)
    out = Image.new("RGB", (WIDTH, PREVIEW_H + CAPTION_H), PAL.rgb("background"))
    out.paste(img, (0, 0))
    _caption(ImageDraw.Draw(out), PREVIEW_H, tileset(view)[tile], field, rotation, cost or {}, vp_gain, tr)
    return kit.encode_png(PAL.quantize(out))


def _caption(
    draw: ImageDraw.ImageDraw,
    top: int,
    tile: Tile,
    field: str,
    rotation: int,
    cost: Mapping[str, int],
    vp: int,
    tr: Tr,
) -> None:
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + CAPTION_H - 12), 14, fill=SURFACE)
    title = tr(
        "render.moonriser.preview_title",
        name=tile_name(tile, tr),
        tile=tile.id,
        field=field,
        rotation=rotation,
    )
    title = kit.fit_text(title, kit.font(21, "bold"), WIDTH - 2 * MARGIN - 28)
    draw.text((MARGIN + 14, top + 24), title, font=kit.font(21, "bold"), fill=INK, anchor="lm")
    y = top + 60
    label = tr("render.moonriser.cost")
    draw.text((MARGIN + 14, y), label, font=kit.font(19), fill=MUTED, anchor="lm")
    x = MARGIN + 14 + kit.text_length(label, 19) + 10
    paid = [(c, int(cost.get(c, 0))) for c in ("blue", "red", "green", "yellow") if cost.get(c)]
    if not paid:
        draw.text((x, y), tr("render.moonriser.free"), font=kit.font(19, "bold"), fill=INK, anchor="lm")
    for colour, amount in paid:
        paint_token(draw, x + ICON, y, colour)
        draw.text((x + 2 * ICON + 5, y), str(amount), font=kit.font(19, "bold"), fill=INK, anchor="lm")
        x += 2 * ICON + 14 + kit.text_length(str(amount), 19, "bold")
    gain = tr("render.moonriser.gain", points=vp)
    draw.text(
        (WIDTH - MARGIN - 14, y), gain, font=kit.font(20, "bold"), fill=PAL.rgb("highlight"), anchor="rm"
    )
