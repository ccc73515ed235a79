"""Where each field of a Moonriser board lies on a picture, and the board drawn without its tiles.

The board picture is as wide as every other board picture (720 px) and the board fills that
width: a phone shrinks the picture to about 400 px, so the hexes are as big as the board's
widest row allows (the field names, which players type, stay legible). The empty board (fields,
symbols, piece outlines, field names) depends only on the layout and is drawn once per game.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.moonriser.hexes import DIRECTIONS
from render import kit
from render.moonriser.style import FIELD_RGB, OUTLINE_RGB, PAL, SQRT3, hex_points, text
from render.moonriser.tiles import GAP, paint_symbol_icon, symbol_text

Field = tuple[str, int, int, Any, str | None]
"""A field as the board needs it: name, q, r, piece, symbol."""
FieldsKey = tuple[Field, ...]


def fields_key(fields: Mapping[str, Mapping[str, Any]]) -> FieldsKey:
    """The view's ``fields`` as a hashable key (what the empty board is cached by)."""
    return tuple(
        sorted(
            (label, int(f["q"]), int(f["r"]), f.get("piece"), f.get("symbol") or None)
            for label, f in fields.items()
        )
    )


@dataclass(frozen=True)
class Geometry:
    """Hexes of circumradius ``r`` px; field centres in picture coordinates."""

    r: int
    centres: Mapping[str, tuple[int, int]]
    width: int
    height: int
    """The board's own box (from the first field's left edge to the last's right edge)."""

    def centre(self, label: str) -> tuple[int, int]:
        return self.centres[label]


def span(key: FieldsKey) -> tuple[int, int, int, int]:
    """The fields' extent in half-hex columns (``2q + r``) and rows: min and max of each."""
    cols = [2 * q + r for _, q, r, _, _ in key]
    rows = [r for _, _, r, _, _ in key]
    return min(cols), max(cols), min(rows), max(rows)


def fit_radius(key: FieldsKey, width: float, height: float, largest: int) -> int:
    """The biggest hex radius (at most ``largest``) with which the board fits ``width``×``height``."""
    c0, c1, r0, r1 = span(key)
    by_width = width / (SQRT3 * ((c1 - c0) / 2 + 1))
    by_height = height / (1.5 * (r1 - r0) + 2)
    return max(8, math.floor(min(largest, by_width, by_height)))


def geometry(key: FieldsKey, r: int, left: float, top: float) -> Geometry:
    """Centres of the fields for hexes of radius ``r``, the board's box starting at (left, top)."""
    c0, c1, r0, r1 = span(key)
    half = SQRT3 * r / 2
    centres = {
        label: (round(left + (2 * q + row - c0) * half + half), round(top + 1.5 * r * (row - r0) + r))
        for label, q, row, _, _ in key
    }
    return Geometry(r, centres, math.ceil((c1 - c0 + 2) * half), math.ceil(1.5 * r * (r1 - r0) + 2 * r))


def shades(key: FieldsKey) -> dict[str, int]:
    """Each field's shade index: one per piece, in turn."""
    pieces = sorted({str(piece) for _, _, _, piece, _ in key})
    index = {piece: i % len(FIELD_RGB) for i, piece in enumerate(pieces)}
    return {label: index[str(piece)] for label, _, _, piece, _ in key}


def paint_fields(
    draw: ImageDraw.ImageDraw, s: float, key: FieldsKey, geo: Geometry, only: Iterable[str] | None = None
) -> None:
    """The free fields (shade by piece, symbol disks) and the pieces' outlines, at scale ``s``."""
    wanted = set(only) if only is not None else None
    shade = shades(key)
    at = {(q, r): (label, piece) for label, q, r, piece, _ in key}
    r = geo.r * s
    for label, _, _, _, symbol in key:
        if wanted is not None and label not in wanted:
            continue
        x, y = (v * s for v in geo.centre(label))
        draw.polygon(hex_points(x, y, r - GAP * s), fill=(*FIELD_RGB[shade[label]], 255))
        if symbol:
            paint_symbol_icon(draw, symbol, x, y - 0.26 * r, 0.27 * r, s)
    width = max(2, round(2.6 * s * geo.r / 40))
    for label, q, row, piece, _ in key:
        if wanted is not None and label not in wanted:
            continue
        x, y = (v * s for v in geo.centre(label))
        corners = hex_points(x, y, r)
        for edge, (dq, dr) in enumerate(DIRECTIONS):
            other = at.get((q + dq, row + dr))
            if other is not None and other[1] == piece:
                continue
            a, b = corners[(edge - 1) % 6], corners[edge]
            draw.line((a, b), fill=(*OUTLINE_RGB, 255), width=width)
            for px, py in (a, b):
                draw.ellipse(
                    (px - width / 2, py - width / 2, px + width / 2, py + width / 2), fill=(*OUTLINE_RGB, 255)
                )


def label_fields(img: Image.Image, key: FieldsKey, geo: Geometry, only: Iterable[str] | None = None) -> None:
    """Write each field's name (and the text on its symbol disk) on the palette picture."""
    wanted = set(only) if only is not None else None
    shade = shades(key)
    r = geo.r
    size = max(9, round(0.4 * r))
    for label, _, _, _, symbol in key:
        if wanted is not None and label not in wanted:
            continue
        x, y = geo.centre(label)
        bg = f"field{shade[label]}"
        if symbol:
            colour, value = symbol_text(symbol)
            ink = "dark" if colour in ("yellow", "white") else "white"
            spot = (x, y - 0.26 * r)
            text(
                img,
                spot,
                value,
                size=max(8, round(0.3 * r)),
                weight="black",
                fill=ink,
                bg=colour,
                anchor="mm",
            )
            text(img, (x, y + 0.3 * r), label, size=size, weight="bold", fill="ink", bg=bg, anchor="mm")
        else:
            text(img, (x, y), label, size=size, weight="bold", fill="ink", bg=bg, anchor="mm")


@functools.lru_cache(maxsize=2)  # the board's _base keeps many more (``render.layers``)
def empty_board(key: FieldsKey, r: int, left: float, top: float, size: tuple[int, int]) -> Image.Image:
    """A picture of ``size`` with the board drawn without tiles (cached per layout)."""
    geo = geometry(key, r, left, top)
    scale = 3

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        paint_fields(draw, s, key, geo)

    rgb = kit.supersampled(size, paint, background=PAL.rgb("background"), scale=scale)
    img = PAL.quantize(rgb)
    label_fields(img, key, geo)
    return img
