"""The game's map (Tharsis, Hellas or Elysium): where each space lies, the empty map (drawn
once) and the placed tiles.

Spaces are pointy-top hexes in rows A–I as ``content.mars()`` lays them out (``x2``: doubled
column, rows centred). Every space carries its name ("C4": what the person types), the empty
ones their placement bonuses; spaces reserved for oceans are deep blue, Noctis City's says so.
A placed tile covers its space with the tile's colour and glyph, its owner's badge beside the
name and a frame of the owner's colour (oceans belong to nobody); the latest placements get a
white ring. The empty map depends only on the content version and the language, so it is
drawn once; a tile is a cached sprite plus its name, so drawing a map costs a few pastes.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.marsbot import content
from render import kit
from render.marsbot.icons import paint_bonus, paint_owner, paint_tile_glyph
from render.marsbot.style import (
    DARK,
    PAL,
    SIDE_RGB,
    SPACE_RGB,
    SQRT3,
    TILE_RGB,
    WHITE,
    Tr,
    Version,
    hex_points,
    rgba,
    text,
)

GAP = 2.0
"""How far a space's hexagon stays inside its cell: a line of background shows between spaces."""
FRAME = 6.0
"""The owner's frame, inside the hexagon's edge."""
LABEL_SIZE = 20
"""The space names' font size: 10 px on a 400 px wide phone preview of an 800 px picture."""


@dataclass(frozen=True)
class MapGeometry:
    """Hexes of circumradius ``r``; space centres in the map picture's coordinates."""

    r: int
    centres: dict[str, tuple[int, int]]
    size: tuple[int, int]

    def centre(self, space: str) -> tuple[int, int]:
        return self.centres[space]


@functools.lru_cache(maxsize=8)
def geometry(version: Version, r: int, width: int) -> MapGeometry:
    """The map ``version`` (its content file and version) with hexes of radius ``r``, centred in
    ``width``."""
    mars = content.mars(version[1], version[0])
    half = SQRT3 * r / 2
    columns = max(s.x2 for s in mars.spaces.values()) + 2
    rows = max(s.row for s in mars.spaces.values()) + 1
    left = (width - columns * half) / 2
    centres = {
        sid: (round(left + (s.x2 + 1) * half), round(1.5 * r * s.row + r + 4))
        for sid, s in mars.spaces.items()
    }
    return MapGeometry(r, centres, (width, math.ceil(1.5 * r * (rows - 1) + 2 * r + 8)))


def label_y(cy: float, r: int, tiled: bool) -> float:
    """Where a space's name sits: in the middle of an empty space, low on a tile."""
    return cy + 0.47 * r if tiled else cy - 0.16 * r


# --------------------------------------------------------------------------- the empty map


def _paint_space(
    draw: ImageDraw.ImageDraw, s: float, space: content.Space, x: float, y: float, r: int
) -> None:
    face = SPACE_RGB["water"] if space.ocean else SPACE_RGB["land"]
    draw.polygon(hex_points(x * s, y * s, (r - GAP) * s), fill=rgba(face))
    if space.reserved:
        return
    pips = [kind for kind in content.BONUS_KINDS for _ in range(space.bonus.get(kind, 0))]
    size = 0.12 * r
    step = 2.7 * size
    x0 = x - step * (len(pips) - 1) / 2
    for i, kind in enumerate(pips):
        paint_bonus(draw, kind, (x0 + i * step) * s, (y + 0.36 * r) * s, size * s)


@functools.lru_cache(maxsize=8)
def empty_map(version: Version, r: int, width: int, lang: str, noctis: str) -> Image.Image:
    """The map without tiles (cached per map, content version, size and language)."""
    geo = geometry(version, r, width)
    mars = content.mars(version[1], version[0])

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        for sid, space in mars.spaces.items():
            x, y = geo.centre(sid)
            _paint_space(draw, s, space, x, y, r)

    img = PAL.quantize(kit.supersampled(geo.size, paint, background=PAL.rgb("background"), scale=3))
    for sid, space in mars.spaces.items():
        x, y = geo.centre(sid)
        bg = "space_water" if space.ocean else "space_land"
        text(
            img,
            (x, label_y(y, r, False)),
            sid,
            size=LABEL_SIZE,
            weight="bold",
            fill="ink",
            bg=bg,
            anchor="mm",
        )
        if space.reserved:
            text(
                img,
                (x, y + 0.3 * r),
                noctis,
                size=LABEL_SIZE,
                weight="medium",
                fill="ink",
                bg=bg,
                anchor="mm",
            )
    return img


# --------------------------------------------------------------------------- tiles


def sprite_box(r: int) -> tuple[int, int]:
    """A sprite's size: the hexagon of radius ``r`` with room for the last placement's ring."""
    return math.ceil(SQRT3 * (r + 3)) + 2, 2 * r + 8


@functools.lru_cache(maxsize=32)
def tile_sprite(tile: str, owner: str | None, r: int) -> tuple[Image.Image, Image.Image]:
    """A placed tile: face, glyph, the owner's frame and badge (the name is written after)."""
    w, h = sprite_box(r)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        cx, cy = w * s / 2, h * s / 2
        outer = (r - GAP) * s
        if owner is not None:
            draw.polygon(hex_points(cx, cy, outer), fill=rgba(SIDE_RGB[owner]))
            draw.polygon(hex_points(cx, cy, outer - FRAME * s), fill=rgba(TILE_RGB[tile]))
        else:
            draw.polygon(hex_points(cx, cy, outer), fill=rgba(TILE_RGB[tile]))
        paint_tile_glyph(draw, tile, cx, cy - 0.14 * r * s, 0.36 * r * s)
        if owner is not None:
            paint_owner(draw, owner, cx - 0.34 * r * s, cy + 0.47 * r * s, 0.2 * r * s)

    rgba_img = kit.supersampled((w, h), paint)
    return PAL.quantize(kit.flatten(rgba_img, PAL.rgb("background"))), kit.alpha_mask(rgba_img, 96)


@functools.lru_cache(maxsize=4)
def last_ring(r: int) -> tuple[Image.Image, Image.Image]:
    """The latest placement's ring: white around the space, dark just inside it, so it shows on
    a light city as well as on a dark ocean."""
    w, h = sprite_box(r)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        cx, cy = w * s / 2, h * s / 2
        draw.polygon(hex_points(cx, cy, (r + 3) * s), fill=rgba(WHITE))
        draw.polygon(hex_points(cx, cy, (r - 2.5) * s), fill=rgba(DARK))
        draw.polygon(hex_points(cx, cy, (r - 5) * s), fill=(0, 0, 0, 0))

    rgba_img = kit.supersampled((w, h), paint)
    return PAL.quantize(kit.flatten(rgba_img, PAL.rgb("background"))), kit.alpha_mask(rgba_img, 110)


def _paste(img: Image.Image, sprite: tuple[Image.Image, Image.Image], x: float, y: float) -> None:
    pic, mask = sprite
    kit.paste_sprite(img, pic, (round(x - pic.width / 2), round(y - pic.height / 2)), mask)


def draw_tiles(
    img: Image.Image,
    geo: MapGeometry,
    placed: dict[str, tuple[str, str | None]],
    last: list[str],
    origin: tuple[int, int] = (0, 0),
) -> None:
    """The tiles on the map (at ``origin`` in ``img``) and the rings of the latest placements."""
    ox, oy = origin
    r = geo.r
    for sid, (tile, owner) in placed.items():
        if sid not in geo.centres:
            continue
        x, y = geo.centre(sid)
        x, y = x + ox, y + oy
        owner = None if tile == "ocean" else owner  # an ocean belongs to nobody
        _paste(img, tile_sprite(tile, owner, r), x, y)
        ink = "dark" if tile == "city" else "white"
        at_x = x + 0.1 * r if owner is not None else x
        anchor = "lm" if owner is not None else "mm"
        text(
            img,
            (at_x, label_y(y, r, True)),
            sid,
            size=LABEL_SIZE,
            weight="bold",
            fill=ink,
            bg=f"tile_{tile}",
            anchor=anchor,
        )
    for sid in last:
        if sid in geo.centres:
            x, y = geo.centre(sid)
            _paste(img, last_ring(r), x + ox, y + oy)


def map_image(
    version: Version,
    r: int,
    width: int,
    tr: Tr,
    placed: dict[str, tuple[str, str | None]],
    last: list[str],
) -> Image.Image:
    """The map with its tiles, as a palette picture of its own."""
    lang = str(getattr(tr, "lang", "en"))
    img = empty_map(version, r, width, lang, tr("render.marsbot.noctis")).copy()
    draw_tiles(img, geometry(version, r, width), placed, last)
    return img
