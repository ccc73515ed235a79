"""Drawing one Moonriser hex: a tile with its symbols, a free field, a black token, a highlight.

A tile is drawn from its data only (``engine.moonriser.content.Tile``), so every design of the
catalogue draws without code of its own: Bonus-relationship halves on the edges (kind = colour
and shape, ``a`` filled, ``b`` hollow), Productive-neighbourhood colours as dots in the corners,
Empty-space arrows (black, pointing out), the owner's colour as a thick rim and a token in the
middle carrying the tile's value (an upgraded tile gets a second token under it and a double
rim, like the book's second token), and the design id under the token. The sprites are drawn
supersampled in RGBA and cached; the board quantises them onto the palette once.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from engine.moonriser import content
from engine.moonriser.content import Tile
from render import kit
from render.moonriser.style import (
    BLACK_TOKEN,
    DARK,
    FACE_RGB,
    PAL,
    RELATION_STYLE,
    SQRT3,
    TOKEN_RGB,
    draw_symbol,
    hex_points,
    ink_on,
    polar,
    seat_rgb,
)

GAP = 1.6
"""How far a tile's hexagon stays inside its field: a thin line of background shows between tiles."""

SYMBOL_ICON: dict[str, tuple[str, str]] = {
    "green_minus": ("green", "−1"),
    "green_plus": ("green", "+1"),
    "vp": ("yellow", "+1"),
    "blue_plus": ("blue", "+1"),
    "red_plus": ("red", "+1"),
    "action": ("white", "»"),
}
"""A board symbol's icon: a token disk of that colour with its text (the extra action: white, »)."""


VALUE_FONT_MIN = 22
"""The smallest font of a tile's value: its digits stay about 16 px tall, 8.9 px once a phone
shrinks the 720 px board picture to 400 px, however crowded the board (hexes down to r = 29)."""


def value_font_px(r: float) -> int:
    """The font size of a tile's value on a hex of circumradius ``r`` px."""
    return max(VALUE_FONT_MIN, round(0.36 * r))


def badge_radius(r: float) -> float:
    """The radius of the value's token: a quarter of the hex, or enough room for the value."""
    return max(0.25 * r, 0.62 * value_font_px(r))


def badge_centre_dy(r: float) -> float:
    """How far above the hex's centre the value's token sits: less as the token grows, so a big
    token on a small hex stays clear of the edges' symbols and the formed-relationship marks."""
    return max(0.0, 0.14 * r - (badge_radius(r) - 0.25 * r))


SECOND_TOKEN_SHIFT = (0.5, 0.4)
"""Where an upgraded tile's second token lies under the first, in the token's radii (right, down):
far enough that it shows beside the first at 400 px wide."""


def sprite_size(r: int) -> tuple[int, int]:
    """The box of a hex of circumradius ``r``, with a pixel to spare on each side."""
    return math.ceil(SQRT3 * r) + 4, 2 * r + 4


def _rgba(c: kit.RGB) -> tuple[int, int, int, int]:
    return (*c, 255)


def _ellipse(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, fill: tuple[int, ...]) -> None:
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill)


def paint_disk(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, colour: kit.RGB, s: float
) -> None:
    """A token: a disk with a dark outline."""
    _ellipse(draw, cx, cy, radius + max(1.0, 0.8 * s), _rgba(DARK))
    _ellipse(draw, cx, cy, radius, _rgba(colour))


def paint_tile(
    draw: ImageDraw.ImageDraw,
    s: float,
    cx: float,
    cy: float,
    r: float,
    tile: Tile,
    rot: int,
    owner: int | None,
    upgraded: bool,
) -> tuple[float, float, float]:
    """Draw ``tile`` turned ``rot`` with centre ``(cx, cy)`` and circumradius ``r`` (already
    multiplied by ``s``). Returns the centre and radius of its token, where the value goes."""
    face = FACE_RGB.get(tile.kind, FACE_RGB["basic"])
    outer = r - GAP * s
    draw.polygon(hex_points(cx, cy, outer), fill=_rgba(face))
    if owner is not None:
        rim = 0.13 * r
        colour = seat_rgb(owner)
        draw.polygon(hex_points(cx, cy, outer), fill=_rgba(colour))
        draw.polygon(hex_points(cx, cy, outer - rim), fill=_rgba(face))
        if upgraded:  # a second, thinner rim inside the first
            draw.polygon(hex_points(cx, cy, outer - rim - 0.05 * r), fill=_rgba(colour))
            draw.polygon(hex_points(cx, cy, outer - rim - 0.1 * r), fill=_rgba(face))
    for corner, colour_name in tile.corners.items():
        k = (corner + rot) % 6
        x, y = polar(cx, cy, 0.73 * r, 30 + 60 * k)
        _ellipse(draw, x, y, 0.14 * r, _rgba(kit.WHITE))
        _ellipse(draw, x, y, 0.14 * r - max(1.2, 0.9 * s), _rgba(TOKEN_RGB[colour_name]))
    for edge in tile.edges:
        k = (edge.edge + rot) % 6
        shape, colour = RELATION_STYLE[edge.kind]
        x, y = polar(cx, cy, 0.63 * r, 60 * k)
        draw_symbol(draw, shape, x, y, 0.16 * r, colour, edge.half == "b", s, toward=60 * k)
    for side in tile.empty:  # an arrow out of the tile: this side must stay empty
        k = (side + rot) % 6
        paint_arrow(draw, cx, cy, r, 60 * k, s)
    tx, ty, tr_ = cx, cy - badge_centre_dy(r / s) * s, badge_radius(r / s) * s
    token = seat_rgb(owner) if owner is not None else kit.WHITE
    if upgraded and owner is not None:  # the book's second token, under the first
        dx, dy = SECOND_TOKEN_SHIFT
        paint_disk(draw, tx + dx * tr_, ty + dy * tr_, tr_, token, s)
    if not tile.is_base or owner is not None:
        paint_disk(draw, tx, ty, tr_, token, s)
    return tx, ty, tr_


def paint_arrow(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, angle: float, s: float) -> None:
    """A black arrow from the middle towards an edge (Empty space), outlined in white."""
    for grow, colour in ((1.3 * s, kit.WHITE), (0.0, BLACK_TOKEN)):
        x0, y0 = polar(cx, cy, 0.44 * r - grow, angle)
        x1, y1 = polar(cx, cy, 0.64 * r, angle)
        draw.line(((x0, y0), (x1, y1)), fill=_rgba(colour), width=round(0.09 * r + 2 * grow))
        tip = polar(cx, cy, 0.86 * r + grow, angle)
        left = polar(x1, y1, 0.15 * r + grow, angle - 90)
        right = polar(x1, y1, 0.15 * r + grow, angle + 90)
        back = polar(*polar(x1, y1, grow * 0.6, angle + 180), 0, 0)
        draw.polygon([tip, left, back, right], fill=_rgba(colour))


@functools.lru_cache(maxsize=1024)
def tile_rgba(
    version: int | None, tile_id: str, rot: int, owner: int | None, upgraded: bool, level: int, r: int
) -> Image.Image:
    """The sprite of tile ``tile_id`` of tiles ``version`` (transparent around its hexagon),
    with its design id under the token. Cached by id: tile designs are not hashable."""
    tile = content.tiles(version)[tile_id]
    size = sprite_size(r)
    cx, cy = size[0] / 2, size[1] / 2
    spot: list[tuple[float, float, float]] = []

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        spot.append(paint_tile(draw, s, cx * s, cy * s, r * s, tile, rot, owner, upgraded))

    img = kit.supersampled(size, paint)
    draw = ImageDraw.Draw(img)
    tx, ty, radius = (v / 4 for v in spot[0])
    face = FACE_RGB.get(tile.kind, FACE_RGB["basic"])
    token = seat_rgb(owner) if owner is not None else kit.WHITE
    if not tile.is_base:
        draw.text(
            (tx, ty),
            str(tile.value),
            font=kit.font(value_font_px(r), "black"),
            fill=ink_on(token),
            anchor="mm",
        )
    id_px = round(0.28 * r)
    id_y = max(cy + 0.25 * r, ty + radius + 0.5 * id_px) if not tile.is_base else cy + 0.25 * r
    draw.text((cx, id_y), tile.id, font=kit.font(id_px, "bold"), fill=ink_on(face), anchor="mm")
    if tile.is_base and level > 0:  # the Main base's level as pips under its name
        pip, gap = max(2.0, 0.06 * r), max(5.0, 0.15 * r)
        shown = min(level, 6)
        x0 = cx - gap * (shown - 1) / 2
        for i in range(shown):
            x = x0 + i * gap
            draw.ellipse((x - pip, cy + 0.5 * r - pip, x + pip, cy + 0.5 * r + pip), fill=_rgba(DARK))
    return img


@functools.lru_cache(maxsize=2048)
def board_tile(
    version: int | None, tile_id: str, rot: int, owner: int | None, upgraded: bool, level: int, r: int
) -> tuple[Image.Image, Image.Image]:
    """A tile as the board pastes it: the palette sprite and its paste mask."""
    rgba = tile_rgba(version, tile_id, rot, owner, upgraded, level, r)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb("background"))), kit.alpha_mask(rgba, 128)


@functools.lru_cache(maxsize=16)
def ring(r: int, colour: str = "ink", width: float = 0.12) -> tuple[Image.Image, Image.Image]:
    """A hexagonal ring over a field (the last turn's fields, the preview's field)."""
    size = sprite_size(r)
    cx, cy = size[0] / 2, size[1] / 2

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.polygon(hex_points(cx * s, cy * s, (r + 0.5) * s), fill=_rgba(PAL.rgb(colour)))
        draw.polygon(hex_points(cx * s, cy * s, (r + 0.5 - width * r) * s), fill=(0, 0, 0, 0))

    rgba = kit.supersampled(size, paint)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb("background"))), kit.alpha_mask(rgba, 128)


@functools.lru_cache(maxsize=16)
def black_token(r: int, field: kit.RGB) -> tuple[Image.Image, Image.Image]:
    """A black Empty-space token lying on a free field of colour ``field``."""
    size = sprite_size(r)
    cx, cy = size[0] / 2, size[1] / 2

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.polygon(hex_points(cx * s, cy * s, (r - GAP) * s), fill=_rgba(field))
        _ellipse(draw, cx * s, cy * s, 0.5 * r * s, _rgba(PAL.rgb("outline")))
        _ellipse(draw, cx * s, cy * s, (0.5 * r - 1.5) * s, _rgba(BLACK_TOKEN))

    rgba = kit.supersampled(size, paint)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb("background"))), kit.alpha_mask(rgba, 128)


def paint_symbol_icon(
    draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, radius: float, s: float
) -> None:
    """The disk of a board symbol (its text is written once the picture is on the palette)."""
    colour, _ = SYMBOL_ICON[symbol]
    paint_disk(draw, cx, cy, radius, TOKEN_RGB.get(colour, kit.WHITE), s)


def symbol_text(symbol: str) -> tuple[str, str]:
    """The palette colour name of a symbol's disk and the text on it."""
    return SYMBOL_ICON[symbol]
