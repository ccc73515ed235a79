"""Marks for what the placed tiles form, so nobody compares symbol halves by eye: a formed Bonus
relationship gets a disc across the shared edge carrying its kind's symbol, filled, and a
formed Productive neighbourhood a larger ring in its colour on the corner where the three tiles
meet. Both carry a white rim that stands out from any tile face at 400 px wide.

Read from the public view's ``links`` (two fields and a kind) and ``hoods`` (a colour and three
fields); the marks are cached sprites like the tiles, pasted after them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.moonriser.style import PAL, RELATION_STYLE, TOKEN_RGB, View, draw_symbol

DARK = (20, 22, 30, 255)
WHITE = (255, 255, 255, 255)


def _sprite(size: int, paint: Any) -> tuple[Image.Image, Image.Image]:
    rgba = kit.supersampled((size, size), paint)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb("background"))), kit.alpha_mask(rgba, 128)


@functools.lru_cache(maxsize=64)
def link_mark(kind: str, r: int) -> tuple[Image.Image, Image.Image]:
    """A formed relationship: a dark disc with a white rim and the kind's symbol, filled."""
    radius = max(7.0, 0.3 * r)
    size = int(2 * radius + 6)
    c = size / 2
    shape, rgb = RELATION_STYLE[kind]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse(((c - radius) * s, (c - radius) * s, (c + radius) * s, (c + radius) * s), fill=WHITE)
        inner = radius - max(1.5, 0.05 * r)
        draw.ellipse(((c - inner) * s, (c - inner) * s, (c + inner) * s, (c + inner) * s), fill=DARK)
        draw_symbol(draw, shape, c * s, c * s, 0.62 * inner * s, rgb, False, s)

    return _sprite(size, paint)


@functools.lru_cache(maxsize=16)
def hood_mark(colour: str, r: int) -> tuple[Image.Image, Image.Image]:
    """A formed neighbourhood: a thick ring of its colour, white-rimmed, around the corner."""
    radius = max(9.0, 0.44 * r)
    size = int(2 * radius + 6)
    c = size / 2
    rgb = (*TOKEN_RGB.get(colour, kit.WHITE), 255)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        for rad, fill in (
            (radius, WHITE),
            (radius - 2, rgb),
            (0.55 * radius, WHITE),
            (0.55 * radius - 2, DARK),
        ):
            draw.ellipse(((c - rad) * s, (c - rad) * s, (c + rad) * s, (c + rad) * s), fill=fill)
        dot = 0.3 * radius
        draw.ellipse(((c - dot) * s, (c - dot) * s, (c + dot) * s, (c + dot) * s), fill=rgb)

    return _sprite(size, paint)


Mark = tuple[Image.Image, Image.Image, tuple[int, int]]
"""A mark's sprite (on the palette), its mask and where its top left corner goes."""


def marks(view: View, geo: Any) -> Iterator[Mark]:
    """The marks of every formed relationship and neighbourhood of ``view``, placed by ``geo``."""
    centres = geo.centres
    for a, b, kind in view.get("links") or ():
        if a in centres and b in centres and kind in RELATION_STYLE:
            (ax, ay), (bx, by) = centres[a], centres[b]
            pic, mask = link_mark(kind, geo.r)
            x, y = (ax + bx) / 2, (ay + by) / 2
            yield pic, mask, (round(x - pic.width / 2), round(y - pic.height / 2))
    for hood in view.get("hoods") or ():
        fields = [f for f in hood.get("fields", ()) if f in centres]
        if len(fields) == 3:
            x = sum(centres[f][0] for f in fields) / 3
            y = sum(centres[f][1] for f in fields) / 3
            pic, mask = hood_mark(hood.get("colour", ""), geo.r)
            yield pic, mask, (round(x - pic.width / 2), round(y - pic.height / 2))


def draw_marks(img: Image.Image, view: View, geo: Any) -> None:
    """The marks of every formed relationship and neighbourhood on the board picture."""
    for pic, mask, at in marks(view, geo):
        kit.paste_sprite(img, pic, at, mask)
