"""MarsBot's icons, drawn with Pillow's primitives (no image files): the track actions, the
tiles' glyphs, the owners' badges, the global parameters and the map's placement bonuses.

Every painter draws on an ``ImageDraw`` of a supersampled sprite (sizes already multiplied by
the scale) and takes a ``flat`` colour: a passed track space draws its icon as a grey
silhouette of the same shape, so what is ahead stands out and what is passed still reads.
Doubled actions (+2 temperature, +2 Venus) are the icon twice, so no small "2" is needed.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render import kit, shapes
from render.marsbot.style import BLACK_CUBE, DARK, ICON_RGB, SIDE_RGB, TILE_RGB, WHITE, hex_points, rgba

Ink = Callable[[kit.RGB], tuple[int, int, int, int]]


def _ink(flat: kit.RGB | None) -> Ink:
    """Colours as given, or all of them ``flat`` (a silhouette)."""
    if flat is None:
        return rgba
    return lambda _colour: rgba(flat)


def _disk(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, ...]) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


# --------------------------------------------------------------------------- glyphs


def paint_waves(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: tuple[int, ...]
) -> None:
    """Two wavy lines (an ocean)."""
    width = max(1, round(size * 0.16))
    for dy in (-0.28, 0.28):
        points = []
        for i in range(13):
            t = i / 12
            x = cx - size * 0.75 + 1.5 * size * t
            points.append((x, cy + dy * size + math.sin(t * 2 * math.pi) * size * 0.16))
        draw.line(points, fill=colour, width=width, joint="curve")


def paint_tree(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: tuple[int, ...]) -> None:
    """A round tree on a trunk (a greenery)."""
    draw.rectangle((cx - size * 0.12, cy + size * 0.1, cx + size * 0.12, cy + size * 0.8), fill=colour)
    _disk(draw, cx, cy - size * 0.22, size * 0.55, colour)


def paint_houses(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: tuple[int, ...]
) -> None:
    """Two houses with pointed roofs (a city)."""
    for dx, h in ((-0.38, 0.55), (0.34, 0.8)):
        x = cx + dx * size
        w = size * 0.34
        base = cy + size * 0.7
        top = base - h * size * 1.2
        draw.rectangle((x - w, top, x + w, base), fill=colour)
        draw.polygon([(x - w * 1.2, top + 1), (x, top - w * 1.1), (x + w * 1.2, top + 1)], fill=colour)


def paint_star(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: tuple[int, ...]) -> None:
    draw.polygon(shapes.star(cx, cy + size * 0.06, size, inner=0.45), fill=colour)


def paint_chip(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    size: float,
    colour: tuple[int, ...],
    inner: tuple[int, ...],
) -> None:
    """A chip with pins (MarsBot's central brain, the CMM tile)."""
    half = size * 0.55
    pin = max(1, round(size * 0.12))
    for i in (-1, 0, 1):
        off = i * size * 0.32
        draw.rectangle((cx + off - pin, cy - size * 0.85, cx + off + pin, cy + size * 0.85), fill=colour)
        draw.rectangle((cx - size * 0.85, cy + off - pin, cx + size * 0.85, cy + off + pin), fill=colour)
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), size * 0.12, fill=colour)
    draw.rounded_rectangle(
        (cx - half * 0.45, cy - half * 0.45, cx + half * 0.45, cy + half * 0.45), size * 0.06, fill=inner
    )


def paint_tile_glyph(
    draw: ImageDraw.ImageDraw, tile: str, cx: float, cy: float, size: float, flat: kit.RGB | None = None
) -> None:
    """The glyph of a tile kind on its own face colour."""
    ink = _ink(flat)
    if tile == "ocean":
        paint_waves(draw, cx, cy, size, ink(ICON_RGB["wave"]))
    elif tile == "greenery":
        paint_tree(draw, cx, cy, size, ink(ICON_RGB["leaf"]))
    elif tile == "city":
        paint_houses(draw, cx, cy, size, ink(ICON_RGB["house"]))
    elif tile == "cmm":
        paint_chip(draw, cx, cy, size * 0.9, ink(WHITE), ink(TILE_RGB["cmm"]))
    else:
        paint_star(draw, cx, cy, size * 0.85, ink(WHITE))


def paint_tile_icon(
    draw: ImageDraw.ImageDraw, tile: str, cx: float, cy: float, size: float, flat: kit.RGB | None = None
) -> None:
    """A small tile: its hexagon in its colour with its glyph (a track's ocean/greenery/city)."""
    ink = _ink(flat)
    draw.polygon(hex_points(cx, cy, size), fill=ink(TILE_RGB[tile]))
    if flat is None:
        paint_tile_glyph(draw, tile, cx, cy, size * 0.62)


# --------------------------------------------------------------------------- actions


def paint_thermometer(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    red, glass = ink(ICON_RGB["temp"]), ink(WHITE)
    w = size * 0.22
    draw.rounded_rectangle((cx - w, cy - size, cx + w, cy + size * 0.4), w, fill=glass)
    _disk(draw, cx, cy + size * 0.55, size * 0.42, glass)
    _disk(draw, cx, cy + size * 0.55, size * 0.3, red)
    draw.rectangle((cx - w * 0.45, cy - size * 0.45, cx + w * 0.45, cy + size * 0.5), fill=red)


def paint_venus(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """The sign of Venus: a ring over a cross."""
    colour = ink(ICON_RGB["venus"])
    r = size * 0.46
    ring_y = cy - size * 0.3
    width = max(1, round(size * 0.2))
    draw.ellipse((cx - r, ring_y - r, cx + r, ring_y + r), outline=colour, width=width)
    draw.line((cx, ring_y + r, cx, cy + size), fill=colour, width=width)
    draw.line((cx - r * 0.75, cy + size * 0.62, cx + r * 0.75, cy + size * 0.62), fill=colour, width=width)


def paint_flag(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """A pennant on a pole (a milestone)."""
    colour = ink(ICON_RGB["milestone"])
    pole = cx - size * 0.5
    draw.rectangle((pole - size * 0.09, cy - size, pole + size * 0.09, cy + size), fill=colour)
    draw.polygon(
        [(pole, cy - size), (cx + size * 0.75, cy - size * 0.55), (pole, cy - size * 0.05)], fill=colour
    )
    draw.rectangle((pole - size * 0.35, cy + size * 0.85, pole + size * 0.35, cy + size), fill=colour)


def paint_medal(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """A medal on two ribbons (an award)."""
    colour = ink(ICON_RGB["award"])
    ribbon = ink(ICON_RGB["milestone"])
    for side in (-1, 1):
        draw.polygon(
            [
                (cx + side * size * 0.55, cy - size),
                (cx + side * size * 0.15, cy - size),
                (cx - side * size * 0.1, cy - size * 0.1),
                (cx + side * size * 0.3, cy - size * 0.1),
            ],
            fill=ribbon,
        )
    _disk(draw, cx, cy + size * 0.38, size * 0.58, colour)
    draw.polygon(shapes.star(cx, cy + size * 0.42, size * 0.34, inner=0.45), fill=ink(DARK))


def paint_chevrons(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """Two chevrons pointing right (advance this track again)."""
    colour = ink(ICON_RGB["adv"])
    w = size * 0.42
    for dx in (-0.45, 0.35):
        x = cx + dx * size
        draw.polygon(
            [
                (x - w, cy - size * 0.8),
                (x - w + size * 0.35, cy - size * 0.8),
                (x + w, cy),
                (x - w + size * 0.35, cy + size * 0.8),
                (x - w, cy + size * 0.8),
                (x + w - size * 0.35, cy),
            ],
            fill=colour,
        )


def paint_space_tag(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """The space tag: a dark disk with a light rim and a white star (advance the space track)."""
    _disk(draw, cx, cy, size, ink(WHITE))
    _disk(draw, cx, cy, size * 0.84, ink(ICON_RGB["spacetag"]))
    draw.polygon(shapes.star(cx, cy + size * 0.05, size * 0.6, inner=0.42), fill=ink(WHITE))


def paint_floater(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """A floater: a cloud of three puffs on a flat base."""
    colour, out = ink(ICON_RGB["floater"]), ink(DARK)
    puffs = ((-0.45, 0.1, 0.42), (0.0, -0.15, 0.55), (0.45, 0.1, 0.42))
    for grow, fill in ((size * 0.12, out), (0.0, colour)):
        for dx, dy, r in puffs:
            _disk(draw, cx + dx * size, cy + dy * size, r * size + grow, fill)
        base = (cx - size * 0.45 - grow, cy + size * 0.1, cx + size * 0.45 + grow, cy + size * 0.52 + grow)
        draw.rectangle(base, fill=fill)


def paint_microbe_tag(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """The microbe tag: a green disk with a light rim and three dark cells (advance that track)."""
    _disk(draw, cx, cy, size, ink(WHITE))
    _disk(draw, cx, cy, size * 0.84, ink(ICON_RGB["plants"]))
    for dx, dy in ((-0.3, -0.2), (0.28, -0.25), (0.0, 0.32)):
        _disk(draw, cx + dx * size, cy + dy * size, size * 0.17, ink(DARK))


def paint_tr_box(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, ink: Ink) -> None:
    """The box the TR number is written on (the number is text, drawn by the caller)."""
    draw.rounded_rectangle((cx - size, cy - size, cx + size, cy + size), size * 0.3, fill=ink(ICON_RGB["tr"]))


def paint_action(
    draw: ImageDraw.ImageDraw, action: str, cx: float, cy: float, size: float, flat: kit.RGB | None = None
) -> None:
    """The icon of a track action (``content.ACTIONS``) fitting a box of ``2 * size``."""
    ink = _ink(flat)
    if action in ("ocean", "greenery", "city"):
        paint_tile_icon(draw, action, cx, cy, size * 0.95, flat)
    elif action == "temp":
        paint_thermometer(draw, cx, cy - size * 0.1, size * 0.85, ink)
    elif action == "temp2":
        paint_thermometer(draw, cx - size * 0.42, cy - size * 0.1, size * 0.8, ink)
        paint_thermometer(draw, cx + size * 0.42, cy - size * 0.1, size * 0.8, ink)
    elif action == "venus":
        paint_venus(draw, cx, cy, size * 0.8, ink)
    elif action == "venus2":
        paint_venus(draw, cx - size * 0.45, cy, size * 0.7, ink)
        paint_venus(draw, cx + size * 0.45, cy, size * 0.7, ink)
    elif action.startswith("tr"):
        paint_tr_box(draw, cx, cy, size * 0.82, ink)
    elif action == "milestone":
        paint_flag(draw, cx, cy, size * 0.85, ink)
    elif action == "award":
        paint_medal(draw, cx, cy, size * 0.85, ink)
    elif action == "adv":
        paint_chevrons(draw, cx, cy, size * 0.8, ink)
    elif action == "space":
        paint_space_tag(draw, cx, cy, size * 0.8, ink)
    elif action == "floater":
        paint_floater(draw, cx, cy, size * 0.85, ink)
    elif action == "floater2":
        paint_floater(draw, cx - size * 0.45, cy, size * 0.6, ink)
        paint_floater(draw, cx + size * 0.45, cy, size * 0.6, ink)
    elif action == "microbe":
        paint_microbe_tag(draw, cx, cy, size * 0.8, ink)


# --------------------------------------------------------------------------- owners, cubes


def paint_robot(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: kit.RGB) -> None:
    """MarsBot's badge: a robot head with an antenna, on a dark outline."""
    out = rgba(DARK)
    w, h = size * 0.95, size * 0.72
    top = cy - h + size * 0.2
    draw.line((cx, top - size * 0.35, cx, top), fill=out, width=max(1, round(size * 0.3)))
    _disk(draw, cx, top - size * 0.38, size * 0.22, out)
    _disk(draw, cx, top - size * 0.38, size * 0.12, rgba(colour))
    draw.rounded_rectangle((cx - w, top, cx + w, cy + h), size * 0.22, fill=out)
    inset = size * 0.14
    draw.rounded_rectangle(
        (cx - w + inset, top + inset, cx + w - inset, cy + h - inset), size * 0.14, fill=rgba(colour)
    )
    for dx in (-0.38, 0.38):
        _disk(draw, cx + dx * size, cy - size * 0.02, size * 0.16, out)
    draw.rectangle((cx - size * 0.35, cy + h * 0.5, cx + size * 0.35, cy + h * 0.5 + size * 0.1), fill=out)


def paint_person(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: kit.RGB) -> None:
    """The person's badge: a head over shoulders, on a dark outline."""
    out = rgba(DARK)
    edge = size * 0.14
    head_y = cy - size * 0.4
    shoulders = (cx - size * 0.9, cy + size * 0.05, cx + size * 0.9, cy + size * 1.75)
    draw.pieslice(
        (shoulders[0] - edge, shoulders[1] - edge, shoulders[2] + edge, shoulders[3] + edge),
        180,
        360,
        fill=out,
    )
    draw.pieslice(shoulders, 180, 360, fill=rgba(colour))
    draw.rectangle(
        (cx - size * 0.9 - edge, cy + size * 0.9, cx + size * 0.9 + edge, cy + size * 0.9 + edge), fill=out
    )
    _disk(draw, cx, head_y, size * 0.48 + edge, out)
    _disk(draw, cx, head_y, size * 0.48, rgba(colour))


def paint_owner(draw: ImageDraw.ImageDraw, owner: str, cx: float, cy: float, size: float) -> None:
    if owner == "marsbot":
        paint_robot(draw, cx, cy, size, SIDE_RGB["marsbot"])
    else:
        paint_person(draw, cx, cy, size, SIDE_RGB["person"])


def paint_cube(draw: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, size: float) -> None:
    """The cube card's (C03) cube: white with a dark edge, or black with a white edge."""
    fill, edge = (WHITE, DARK) if colour == "white" else (BLACK_CUBE, WHITE)
    draw.rounded_rectangle((cx - size, cy - size, cx + size, cy + size), size * 0.25, fill=rgba(edge))
    inner = size * 0.72
    draw.rounded_rectangle((cx - inner, cy - inner, cx + inner, cy + inner), size * 0.18, fill=rgba(fill))


# --------------------------------------------------------------------------- parameters, bonuses


def paint_param(draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float, size: float) -> None:
    """A global parameter's icon in the header (oxygen is written: O₂)."""
    ink = _ink(None)
    if name == "temperature":
        paint_thermometer(draw, cx, cy - size * 0.1, size * 0.9, ink)
    elif name == "oceans":
        paint_tile_icon(draw, "ocean", cx, cy, size)
    else:
        paint_venus(draw, cx, cy, size * 0.85, ink)


def paint_bonus(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, size: float) -> None:
    """A placement bonus printed on a space: a leaf (plants), an ingot (steel), a diamond
    (titanium), a card (cards), a triangle (heat, Hellas), a drop (Hellas's south-pole ocean),
    each in its colour with a dark edge."""
    colour, out = rgba(ICON_RGB[kind]), rgba(DARK)
    edge = max(1.0, size * 0.2)
    if kind == "plants":
        for grow, fill in ((edge, out), (0, colour)):
            draw.ellipse(
                (cx - size * 0.6 - grow, cy - size - grow, cx + size * 0.6 + grow, cy + size + grow),
                fill=fill,
            )
        draw.line((cx, cy - size * 0.7, cx, cy + size * 0.8), fill=out, width=max(1, round(edge * 0.7)))
    elif kind == "steel":
        for grow, fill in ((edge, out), (0, colour)):
            draw.polygon(
                [
                    (cx - size * 0.6 - grow, cy - size * 0.55 - grow),
                    (cx + size * 0.6 + grow, cy - size * 0.55 - grow),
                    (cx + size + grow, cy + size * 0.55 + grow),
                    (cx - size - grow, cy + size * 0.55 + grow),
                ],
                fill=fill,
            )
    elif kind == "titanium":
        for grow, fill in ((edge, out), (0, colour)):
            draw.polygon(shapes.regular_polygon(cx, cy, size + grow, 4, rotation=-90.0), fill=fill)
    elif kind == "heat":
        for grow, fill in ((edge, out), (0, colour)):
            draw.polygon(shapes.regular_polygon(cx, cy, size + grow, 3, rotation=-90.0), fill=fill)
    elif kind == "ocean":
        for grow, fill in ((edge, out), (0, colour)):
            draw.ellipse((cx - size - grow, cy - size - grow, cx + size + grow, cy + size + grow), fill=fill)
    else:
        for grow, fill in ((edge, out), (0, colour)):
            draw.rounded_rectangle(
                (cx - size * 0.68 - grow, cy - size - grow, cx + size * 0.68 + grow, cy + size + grow),
                size * 0.2,
                fill=fill,
            )
