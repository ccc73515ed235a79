"""Moonriser's look, shared by all its pictures: colours, the palette, symbol shapes, tile look-up.

Every symbol on a tile is told apart by colour AND shape, so a phone that shrinks the picture to
400 px still separates them: a Bonus-relationship kind is one colour and one shape, its half
``a`` filled, its half ``b`` hollow (white inside), so a formed relationship is a filled and a
hollow shape of one kind facing each other across an edge.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

from PIL import ImageDraw

from engine.moonriser import content
from render import kit, shapes

Tr = Callable[..., str]
View = Mapping[str, Any]
Colour = tuple[int, ...]

TOKEN_RGB: Mapping[str, kit.RGB] = {
    "red": kit.hex_rgb("#E53935"),
    "green": kit.hex_rgb("#43A047"),
    "blue": kit.hex_rgb("#1E88E5"),
    "yellow": kit.hex_rgb("#FDD835"),
}
"""Token colours; the players' colours are the same four (the book: red/green/blue/yellow)."""

SEAT_COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow")
"""A seat's colour, by seat order (MOONRISER.md)."""

RELATION_STYLE: Mapping[str, tuple[str, kit.RGB]] = {
    "radiation": ("circle", kit.hex_rgb("#D4E157")),
    "energy": ("triangle", kit.hex_rgb("#FFA000")),
    "robotics": ("square", kit.hex_rgb("#B388FF")),
    "samples": ("diamond", kit.hex_rgb("#F06292")),
    "ore": ("hexagon", kit.hex_rgb("#D7A86E")),
    "water": ("star", kit.hex_rgb("#80D8FF")),
}
"""Each Bonus-relationship kind: its shape and colour (none of them a token colour)."""

FACE_RGB: Mapping[str, kit.RGB] = {
    "base": kit.hex_rgb("#E4E8EF"),
    "basic": kit.hex_rgb("#5B6377"),
    "advanced": kit.hex_rgb("#8A6D2B"),
}
"""A placed tile's face by kind: white Main bases, grey Basic, gold Advanced (their backs' colours)."""

FIELD_RGB: tuple[kit.RGB, ...] = (
    kit.hex_rgb("#303747"),
    kit.hex_rgb("#3A4254"),
    kit.hex_rgb("#343C4E"),
)
"""Free fields, by piece (three shades so neighbouring pieces differ even without outlines)."""

OUTLINE_RGB = kit.hex_rgb("#9AA4B8")
"""The pieces' outlines."""
BLACK_TOKEN = kit.hex_rgb("#0B0C10")
DARK = kit.PALETTE["dark"]


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_rgb(seat: int) -> kit.RGB:
    return TOKEN_RGB[seat_colour(seat)]


def ink_on(rgb: kit.RGB) -> kit.RGB:
    """Dark text on light colours, white text on dark ones."""
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return DARK if lum > 150 else kit.WHITE


def _palette() -> kit.IndexedPalette:
    colours: dict[str, kit.RGB] = dict(kit.PALETTE)
    colours.update(TOKEN_RGB)
    colours.update({f"face_{k}": v for k, v in FACE_RGB.items()})
    colours.update({f"field{i}": v for i, v in enumerate(FIELD_RGB)})
    colours.update({f"rel_{k}": v for k, (_, v) in RELATION_STYLE.items()})
    colours.update({"outline": OUTLINE_RGB, "black_token": BLACK_TOKEN, "white": kit.WHITE})
    ramps: list[tuple[str, str] | tuple[str, str, int]] = list(kit.TEXT_RAMPS)
    ramps += [("ink", f"field{i}", 4) for i in range(len(FIELD_RGB))]
    ramps += [("muted", f"field{i}", 3) for i in range(len(FIELD_RGB))]
    ramps += [("dark", f"face_{k}", 3) for k in FACE_RGB] + [("ink", f"face_{k}", 3) for k in FACE_RGB]
    ramps += [(c, "background", 3) for c in TOKEN_RGB] + [(c, "surface", 3) for c in TOKEN_RGB]
    ramps += [("dark", c, 3) for c in TOKEN_RGB] + [("white", c, 3) for c in TOKEN_RGB]
    ramps += [(c, f"face_{k}", 2) for c in TOKEN_RGB for k in ("basic", "advanced")]
    ramps += [(f"rel_{k}", f"face_{f}", 2) for k in RELATION_STYLE for f in ("basic", "advanced")]
    ramps += [(f"rel_{k}", "surface", 2) for k in RELATION_STYLE]
    ramps += [("highlight", "background", 3), ("outline", "background", 2), ("dark", "highlight", 3)]
    ramps += [("surface", "background", 3), ("surface_hi", "surface", 3), ("black_token", "white", 2)]
    ramps += [("ink", "surface_hi", 3), ("dark", "accent", 3), ("dark", "white", 3)]
    return kit.IndexedPalette(colours, ramps)


PAL = _palette()


# --------------------------------------------------------------------------- text


def text(img: Any, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


def lang(tr: Tr) -> str:
    """The language ``tr`` speaks (``bot.i18n.Tr.lang``), English for a bare callable."""
    return str(getattr(tr, "lang", "en"))


def seat_name(names: list[str] | tuple[str, ...] | Any, seat: int, tr: Tr) -> str:
    """The seat's display name without glyphs Roboto lacks, or "Player N"."""
    raw = names[seat] if seat < len(names) else ""
    return kit.drawable(str(raw).strip()) or tr("render.moonriser.seat", number=seat + 1)


# --------------------------------------------------------------------------- tiles


def tileset(view: View | None = None, version: int | None = None) -> content.TileSet:
    """The tiles of the game's pinned version (``view["content"]["tiles"]``), else ``version``."""
    if view is not None and version is None:
        version = (view.get("content") or {}).get("tiles")
    return content.tiles(version)


def tile_name(tile: content.Tile, tr: Tr) -> str:
    return kit.drawable(tile.name.get(lang(tr)) or tile.name.get("en") or tile.id)


# --------------------------------------------------------------------------- geometry and shapes

SQRT3 = math.sqrt(3.0)


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners (corner 0 lower right, clockwise; ``engine.moonriser.hexes``)."""
    return [
        (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]


def polar(cx: float, cy: float, dist: float, degrees: float) -> tuple[float, float]:
    return cx + dist * math.cos(math.radians(degrees)), cy + dist * math.sin(math.radians(degrees))


def shape_points(shape: str, cx: float, cy: float, size: float, toward: float = -90.0) -> list[Any] | None:
    """The polygon of a symbol shape of visual size ``size`` (None: a circle); ``toward`` turns
    the triangle so it points outwards on whichever edge it sits."""
    if shape == "circle":
        return None
    if shape == "triangle":
        return shapes.regular_polygon(cx, cy, size * 1.3, 3, rotation=toward)
    if shape == "square":
        return shapes.regular_polygon(cx, cy, size * 1.2, 4, rotation=-45.0)
    if shape == "diamond":
        return shapes.regular_polygon(cx, cy, size * 1.3, 4, rotation=-90.0)
    if shape == "hexagon":
        return shapes.regular_polygon(cx, cy, size * 1.1, 6, rotation=0.0)
    if shape == "star":
        return shapes.star(cx, cy, size * 1.35, inner=0.5)
    raise ValueError(f"unknown shape {shape!r}")


def draw_symbol(
    draw: ImageDraw.ImageDraw,
    shape: str,
    cx: float,
    cy: float,
    size: float,
    colour: kit.RGB,
    hollow: bool,
    s: float,
    toward: float = -90.0,
) -> None:
    """One Bonus-relationship half: filled (``a``) or white inside a thick rim (``b``), with a
    dark outline so it stands out on every face."""
    stroke = max(1.0, 0.9 * s)
    layers: list[tuple[float, Colour]] = [(size + stroke, (*DARK, 255)), (size, (*colour, 255))]
    if hollow:
        layers.append((size * 0.5, (255, 255, 255, 255)))
    for radius, fill in layers:
        poly = shape_points(shape, cx, cy, radius, toward)
        if poly is None:
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill)
        else:
            draw.polygon(poly, fill=fill)


@functools.lru_cache(maxsize=64)
def relation_kinds() -> tuple[str, ...]:
    return tuple(RELATION_STYLE)
