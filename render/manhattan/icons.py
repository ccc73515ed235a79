"""The Manhattan Project's icons, drawn with Pillow primitives (no image files).

Each icon is a shape of its own with a dark outline, so it reads on the light cards and on the
dark board alike and does not depend on colour alone: a worker token (L circle, E square,
S diamond, with its letter), a coin ($), a rock (uranium ore), a green rod (enriched uranium),
a hexagon (plutonium), a small jet (fighter), a wide plane (bomber), a burst (damage), an eye
(spy), a bomb, a crosshair (air strike), a wrench (repair), a house (build), a coin stack
(the corruption pile), a mushroom cloud (implosion test), two heads (every other player).

``paint(draw, name, cx, cy, r, s)`` draws into a supersampled canvas (``r`` already multiplied by
``s``); :func:`icon` and :func:`token` return cached palette sprites for the board.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from render import kit, shapes
from render.manhattan.style import DARK, ICON_RGB, NEED_RGB, PAL, SHAPES, ink_on

Fill = tuple[int, ...]
Sprite = tuple[Image.Image, Image.Image]

OUTLINE: Fill = (*DARK, 255)
WHITE: Fill = (255, 255, 255, 255)


def _c(rgb: kit.RGB) -> Fill:
    return (*rgb, 255)


def _disk(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Fill) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _outlined(draw: ImageDraw.ImageDraw, poly: list[kit.Point], fill: Fill, w: float) -> None:
    draw.polygon(poly, fill=OUTLINE)
    draw.polygon(shapes.inset(poly, w), fill=fill)


def shape_poly(shape: str, cx: float, cy: float, r: float) -> list[kit.Point] | None:
    """A worker shape of visual radius ``r`` (None: the circle)."""
    if shape == "square":
        return shapes.regular_polygon(cx, cy, r * 1.22, 4, rotation=-45.0)
    if shape == "diamond":
        return shapes.regular_polygon(cx, cy, r * 1.32, 4, rotation=-90.0)
    return None


def paint_worker(
    draw: ImageDraw.ImageDraw,
    kind: str,
    cx: float,
    cy: float,
    r: float,
    s: float,
    colour: kit.RGB | None,
    letter: bool = True,
    hole_rgb: kit.RGB | None = None,
) -> None:
    """A worker token (``colour``) or, with ``colour=None``, the empty slot that needs one: a
    light outline of the kind's shape around ``hole_rgb`` (the circle of "any" worker has no
    letter)."""
    shape = SHAPES.get(kind, "circle")
    w = max(1.0, 1.1 * s)
    poly = shape_poly(shape, cx, cy, r)
    if colour is None:
        ring = _c(PAL.rgb("slot"))
        hole = _c(hole_rgb or PAL.rgb("surface"))
        if poly is None:
            _disk(draw, cx, cy, r, ring)
            _disk(draw, cx, cy, r - 2 * w, hole)
        else:
            draw.polygon(poly, fill=ring)
            draw.polygon(shapes.inset(poly, 2 * w), fill=hole)
        ink: kit.RGB = PAL.rgb("muted")
    else:
        if poly is None:
            _disk(draw, cx, cy, r, OUTLINE)
            _disk(draw, cx, cy, r - w, _c(colour))
        else:
            _outlined(draw, poly, _c(colour), w)
        ink = ink_on(colour)
    if letter and kind in ("L", "E", "S"):
        fnt = kit.font(round(r * 1.15), "black")
        draw.text((cx, cy + 0.04 * r), kind, font=fnt, fill=_c(ink), anchor="mm")


def _coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float, colour: kit.RGB) -> None:
    _disk(draw, cx, cy, r, OUTLINE)
    _disk(draw, cx, cy, r - max(1.0, 1.1 * s), _c(colour))
    draw.text((cx, cy + 0.05 * r), "$", font=kit.font(round(r * 1.35), "black"), fill=OUTLINE, anchor="mm")


def _money(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    _coin(draw, cx, cy, r, s, ICON_RGB["money"])


def _ore(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    pts = [(-0.95, 0.2), (-0.55, -0.7), (0.1, -0.9), (0.85, -0.45), (0.95, 0.4), (0.35, 0.9), (-0.6, 0.8)]
    _outlined(draw, [(cx + x * r, cy + y * r) for x, y in pts], _c(ICON_RGB["ore"]), max(1.0, 1.1 * s))
    _disk(draw, cx - 0.25 * r, cy - 0.2 * r, 0.16 * r, _c(kit.mix(ICON_RGB["ore"], DARK, 0.45)))
    _disk(draw, cx + 0.35 * r, cy + 0.3 * r, 0.12 * r, _c(kit.mix(ICON_RGB["ore"], DARK, 0.45)))


def _eu(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    w = max(1.0, 1.1 * s)
    box = (cx - 0.55 * r, cy - r, cx + 0.55 * r, cy + r)
    draw.rounded_rectangle(box, 0.45 * r, fill=OUTLINE)
    inner = (box[0] + w, box[1] + w, box[2] - w, box[3] - w)
    draw.rounded_rectangle(inner, 0.45 * r - w, fill=_c(ICON_RGB["eu"]))
    draw.rectangle((cx - 0.55 * r + w, cy - 0.12 * r, cx + 0.55 * r - w, cy + 0.12 * r), fill=OUTLINE)


def _pu(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    _outlined(draw, shapes.regular_polygon(cx, cy, r, 6, rotation=0.0), _c(ICON_RGB["pu"]), max(1.0, 1.1 * s))
    _disk(draw, cx, cy, 0.3 * r, OUTLINE)


def _fighter(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    """A swept delta, tip up (the bomber has long straight wings)."""
    pts = [
        (0, -1.0),
        (0.3, -0.1),
        (0.95, 0.75),
        (0.25, 0.55),
        (0.0, 0.95),
        (-0.25, 0.55),
        (-0.95, 0.75),
        (-0.3, -0.1),
    ]
    _outlined(draw, [(cx + x * r, cy + y * r) for x, y in pts], _c(ICON_RGB["plane"]), max(1.0, 1.0 * s))


def _bomber(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    pts = [(-0.14, -0.95), (0.14, -0.95), (0.16, -0.25), (1.0, 0.0), (1.0, 0.22), (0.16, 0.2)]
    pts += [(0.14, 0.62), (0.45, 0.78), (0.45, 0.95), (-0.45, 0.95), (-0.45, 0.78), (-0.14, 0.62)]
    pts += [(-0.16, 0.2), (-1.0, 0.22), (-1.0, 0.0), (-0.16, -0.25)]
    _outlined(draw, [(cx + x * r, cy + y * r) for x, y in pts], _c(ICON_RGB["bomber"]), max(1.0, 1.0 * s))


def _damage(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    _outlined(
        draw, shapes.star(cx, cy, r * 1.08, inner=0.62, points=8), _c(ICON_RGB["damage"]), max(1.0, 1.1 * s)
    )


def _spy(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    top = [(cx - r + r * 2 * i / 16, cy - 0.75 * r * math.sin(math.pi * i / 16)) for i in range(17)]
    bottom = [(cx + r - r * 2 * i / 16, cy + 0.75 * r * math.sin(math.pi * i / 16)) for i in range(1, 16)]
    w = max(1.0, 1.1 * s)
    draw.polygon(top + bottom, fill=OUTLINE)
    draw.polygon(shapes.inset(top + bottom, w), fill=_c(ICON_RGB["eye"]))
    _disk(draw, cx, cy, 0.42 * r, _c(kit.hex_rgb("#546E7A")))
    _disk(draw, cx, cy, 0.2 * r, OUTLINE)


def _bomb(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    w = max(1.0, 1.0 * s)
    draw.line((cx + 0.35 * r, cy - 0.45 * r, cx + 0.7 * r, cy - 0.85 * r), fill=OUTLINE, width=round(3 * w))
    _disk(draw, cx + 0.75 * r, cy - 0.9 * r, 0.2 * r, _c(ICON_RGB["damage"]))
    _disk(draw, cx - 0.1 * r, cy + 0.12 * r, 0.82 * r, _c(kit.hex_rgb("#CFD8DC")))
    _disk(draw, cx - 0.1 * r, cy + 0.12 * r, 0.82 * r - w, _c(ICON_RGB["bomb"]))
    _disk(draw, cx - 0.35 * r, cy - 0.1 * r, 0.18 * r, _c(kit.hex_rgb("#90A4AE")))


def _strike(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    red = _c(ICON_RGB["corrupt"])
    w = max(1.0, 1.0 * s)
    _disk(draw, cx, cy, r, red)
    _disk(draw, cx, cy, r - 2.2 * w, WHITE)
    _disk(draw, cx, cy, 0.45 * r, red)
    _disk(draw, cx, cy, 0.45 * r - 2 * w, WHITE)
    half = round(1.1 * w)
    draw.rectangle((cx - half, cy - r, cx + half, cy + r), fill=red)
    draw.rectangle((cx - r, cy - half, cx + r, cy + half), fill=red)


def _repair(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    w = max(1.0, 1.0 * s)
    steel, head = _c(kit.hex_rgb("#CFD8DC")), (cx - 0.45 * r, cy - 0.45 * r)
    draw.line((head[0], head[1], cx + 0.75 * r, cy + 0.75 * r), fill=OUTLINE, width=round(0.5 * r + 2 * w))
    draw.line((head[0], head[1], cx + 0.75 * r, cy + 0.75 * r), fill=steel, width=round(0.5 * r))
    _disk(draw, head[0], head[1], 0.55 * r, OUTLINE)
    _disk(draw, head[0], head[1], 0.55 * r - w, steel)
    jaw = shapes.regular_polygon(head[0] - 0.2 * r, head[1] - 0.2 * r, 0.32 * r, 4, rotation=0.0)
    draw.polygon(jaw, fill=_c(PAL.rgb("surface")))


def _build(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    pts = [(-0.85, 0.95), (-0.85, -0.15), (0.0, -0.95), (0.85, -0.15), (0.85, 0.95)]
    _outlined(draw, [(cx + x * r, cy + y * r) for x, y in pts], _c(kit.hex_rgb("#BCAAA4")), max(1.0, 1.1 * s))
    draw.rectangle((cx - 0.22 * r, cy + 0.3 * r, cx + 0.22 * r, cy + 0.95 * r), fill=OUTLINE)


def _corruption(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    w = max(1.0, 1.1 * s)
    for dy in (0.55, 0.15, -0.25):
        box = (cx - 0.9 * r, cy + (dy - 0.35) * r, cx + 0.9 * r, cy + (dy + 0.35) * r)
        draw.ellipse(box, fill=OUTLINE)
        draw.ellipse((box[0] + w, box[1] + w, box[2] - w, box[3] - w), fill=_c(ICON_RGB["money"]))
    _disk(draw, cx + 0.55 * r, cy - 0.6 * r, 0.42 * r, _c(kit.WHITE))
    _disk(draw, cx + 0.55 * r, cy - 0.6 * r, 0.42 * r - w, _c(ICON_RGB["corrupt"]))


def _test(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    w = max(1.0, 1.1 * s)
    fire = _c(ICON_RGB["damage"])
    draw.rectangle((cx - 0.24 * r - w, cy - 0.2 * r, cx + 0.24 * r + w, cy + 0.95 * r), fill=OUTLINE)
    draw.rectangle((cx - 0.24 * r, cy - 0.2 * r, cx + 0.24 * r, cy + 0.95 * r - w), fill=fire)
    cap = (cx - 0.95 * r, cy - 0.95 * r, cx + 0.95 * r, cy + 0.15 * r)
    draw.ellipse(cap, fill=OUTLINE)
    draw.ellipse((cap[0] + w, cap[1] + w, cap[2] - w, cap[3] - w), fill=fire)
    draw.rectangle((cx - 0.95 * r, cy + 0.78 * r, cx + 0.95 * r, cy + 0.95 * r), fill=OUTLINE)


def _others(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    for dx, tone in ((-0.42, "#90A4AE"), (0.42, "#CFD8DC")):
        x = cx + dx * r
        draw.pieslice((x - 0.5 * r, cy + 0.05 * r, x + 0.5 * r, cy + 1.05 * r), 180, 360, fill=OUTLINE)
        draw.pieslice(
            (x - 0.5 * r + s, cy + 0.05 * r + s, x + 0.5 * r - s, cy + 1.05 * r - s),
            180,
            360,
            fill=_c(kit.hex_rgb(tone)),
        )
        _disk(draw, x, cy - 0.3 * r, 0.3 * r, OUTLINE)
        _disk(draw, x, cy - 0.3 * r, 0.3 * r - s, _c(kit.hex_rgb(tone)))


def _hand(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float) -> None:
    """A face-down bomb card (the bombs in a hand, counted)."""
    w = max(1.0, 1.1 * s)
    box = (cx - 0.72 * r, cy - r, cx + 0.72 * r, cy + r)
    draw.rounded_rectangle(box, 0.2 * r, fill=OUTLINE)
    draw.rounded_rectangle(
        (box[0] + w, box[1] + w, box[2] - w, box[3] - w), 0.2 * r, fill=_c(kit.hex_rgb("#B71C1C"))
    )
    _disk(draw, cx, cy, 0.38 * r, OUTLINE)


def _arrow(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float, ink: Fill = OUTLINE) -> None:
    draw.rectangle((cx - 0.9 * r, cy - 0.14 * r, cx + 0.2 * r, cy + 0.14 * r), fill=ink)
    draw.polygon([(cx + 0.1 * r, cy - 0.55 * r), (cx + 0.9 * r, cy), (cx + 0.1 * r, cy + 0.55 * r)], fill=ink)


PAINTERS: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, float], None]] = {
    "money": _money,
    "ore": _ore,
    "eu": _eu,
    "pu": _pu,
    "fighters": _fighter,
    "bombers": _bomber,
    "damage": _damage,
    "spy": _spy,
    "bomb": _bomb,
    "strike": _strike,
    "repair": _repair,
    "build": _build,
    "design": _bomb,
    "corruption": _corruption,
    "test": _test,
    "others": _others,
    "hand": _hand,
    "arrow": _arrow,
    "arrow_light": lambda draw, cx, cy, r, s: _arrow(draw, cx, cy, r, s, _c(PAL.rgb("ink"))),
}
"""Every icon by name; a yield's keys (money, ore, eu, pu, fighters, bombers) are icon names."""


def paint(draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float, r: float, s: float) -> None:
    """Draw icon ``name`` (or a worker kind ``L``/``E``/``S`` in white) of radius ``r``."""
    if name in ("L", "E", "S"):
        paint_worker(draw, name, cx, cy, r, s, NEED_RGB)
        return
    PAINTERS[name](draw, cx, cy, r, s)


# --------------------------------------------------------------------------- cached sprites


def _sprite(side: int, bg: str, painter: Callable[[ImageDraw.ImageDraw, float], None]) -> Sprite:
    rgba = kit.supersampled((side, side), painter)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb(bg))), kit.alpha_mask(rgba, 90)


@functools.lru_cache(maxsize=256)
def icon(name: str, r: int, bg: str) -> Sprite:
    """Icon ``name`` of radius ``r`` as a palette sprite over the colour ``bg``."""
    side = 2 * r + 4

    def painter(draw: ImageDraw.ImageDraw, s: float) -> None:
        paint(draw, name, side * s / 2, side * s / 2, r * s, s)

    return _sprite(side, bg, painter)


@functools.lru_cache(maxsize=256)
def token(kind: str, colour: str | None, r: int, bg: str) -> Sprite:
    """A worker token of palette colour ``colour`` (a seat's; ``grey`` a contractor; ``need``
    a printed kind), or with ``None`` its empty slot over ``bg``."""
    side = 2 * r + 6

    def painter(draw: ImageDraw.ImageDraw, s: float) -> None:
        rgb = PAL.rgb(colour) if colour else None
        hole = PAL.rgb(bg)
        paint_worker(draw, kind, side * s / 2, side * s / 2, r * s, s, rgb, kind != "any", hole)

    return _sprite(side, bg, painter)


def paint_ring(
    draw: ImageDraw.ImageDraw,
    kind: str,
    cx: float,
    cy: float,
    r: float,
    s: float,
    colour: kit.RGB,
    bg: kit.RGB,
) -> None:
    """A worker not recruited yet: the kind's shape as a ring of the seat's colour, its letter."""
    w = max(1.0, 1.1 * s)
    poly = shape_poly(SHAPES.get(kind, "circle"), cx, cy, r)
    if poly is None:
        _disk(draw, cx, cy, r, _c(colour))
        _disk(draw, cx, cy, r - 2.5 * w, _c(bg))
    else:
        draw.polygon(poly, fill=_c(colour))
        draw.polygon(shapes.inset(poly, 2.5 * w), fill=_c(bg))
    fnt = kit.font(round(r * 1.05), "black")
    draw.text((cx, cy + 0.04 * r), kind, font=fnt, fill=_c(PAL.rgb("ink")), anchor="mm")


@functools.lru_cache(maxsize=64)
def ring(kind: str, colour: str, r: int, bg: str) -> Sprite:
    """:func:`paint_ring` as a palette sprite over ``bg``."""
    side = 2 * r + 6

    def painter(draw: ImageDraw.ImageDraw, s: float) -> None:
        paint_ring(draw, kind, side * s / 2, side * s / 2, r * s, s, PAL.rgb(colour), PAL.rgb(bg))

    return _sprite(side, bg, painter)


def paste(img: Image.Image, sprite: Sprite, cx: float, cy: float) -> None:
    """A sprite centred on ``(cx, cy)``."""
    pic, mask = sprite
    kit.paste_sprite(img, pic, (round(cx - pic.width / 2), round(cy - pic.height / 2)), mask)


def worker_kind(token_code: str) -> tuple[str, bool]:
    """A worker token code (``L``, ``cE``...) as (kind, contractor)."""
    return (token_code[1:], True) if token_code.startswith("c") else (token_code, False)
