"""Plane geometry of the pictures' shapes: regular polygons, stars, mitred insets, and the named
shapes (circle, triangle, square, star, hexagon) drawn with an even stroke inside their edge.

Pure maths on points plus two ``ImageDraw`` calls; the palette, fonts and sprites are
:mod:`render.kit`'s."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

RGB = tuple[int, int, int]
Point = tuple[float, float]


def regular_polygon(cx: float, cy: float, r: float, n: int, rotation: float = -90.0) -> list[Point]:
    """Vertices of a regular ``n``-gon of circumradius ``r``; the first at ``rotation`` deg."""
    return [
        (
            cx + r * math.cos(math.radians(rotation + 360.0 * i / n)),
            cy + r * math.sin(math.radians(rotation + 360.0 * i / n)),
        )
        for i in range(n)
    ]


def star(cx: float, cy: float, r: float, inner: float = 0.45, points: int = 5) -> list[Point]:
    """A star's vertices, tip up; ``inner`` is the inner radius as a share of ``r``."""
    out: list[Point] = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        ang = math.radians(-90.0 + 180.0 * i / points)
        out.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    return out


def inset(points: Sequence[Point], d: float) -> list[Point]:
    """The polygon with every edge moved ``d`` inwards (mitred), for strokes of even width."""
    n = len(points)
    area = sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n)
    )
    sign = 1.0 if area > 0 else -1.0  # inward side depends on the winding
    out: list[Point] = []
    for i in range(n):
        px, py = points[i]
        ax, ay = points[i - 1]
        bx, by = points[(i + 1) % n]
        n1 = _normal(px - ax, py - ay, sign)
        n2 = _normal(bx - px, by - py, sign)
        denom = 1.0 + n1[0] * n2[0] + n1[1] * n2[1]
        out.append((px + d * (n1[0] + n2[0]) / denom, py + d * (n1[1] + n2[1]) / denom))
    return out


def _normal(dx: float, dy: float, sign: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return (-dy / length * sign, dx / length * sign)


def shape_outline(shape: str, cx: float, cy: float, size: float) -> list[Point] | None:
    """The polygon of a named shape of visual size ``size`` (the circle's radius), or None
    for the circle. Sizes are balanced so all shapes look equally big."""
    if shape == "circle":
        return None
    if shape == "triangle":
        return regular_polygon(cx, cy + size * 0.18, size * 1.3, 3)
    if shape == "square":
        return regular_polygon(cx, cy, size * 1.24, 4, rotation=-45.0)
    if shape == "star":
        return star(cx, cy + size * 0.06, size * 1.3, inner=0.48)
    if shape == "hexagon":
        return regular_polygon(cx, cy, size * 1.08, 6)
    raise ValueError(f"unknown shape {shape!r}")


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    cx: float,
    cy: float,
    size: float,
    fill: RGB | tuple[int, ...] | None,
    outline: RGB | tuple[int, ...] | None = None,
    width: float = 0,
) -> None:
    """A shape with an even stroke of ``width`` drawn inside its edge.

    With ``fill=None`` only the stroke is drawn (needs an opaque layer under it: the inside
    is left untouched by drawing the stroke as a ring of two polygons).
    """
    poly = shape_outline(shape, cx, cy, size)
    if poly is None:
        r = size
        if outline is not None and width:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=outline)
            r -= width
            if fill is None:
                raise ValueError("a stroke-only circle needs draw_ring")
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        return
    if outline is not None and width:
        draw.polygon(poly, fill=outline)
        poly = inset(poly, width)
    if fill is not None:
        draw.polygon(poly, fill=fill)


def draw_ring(
    draw: ImageDraw.ImageDraw,
    shape: str,
    cx: float,
    cy: float,
    size: float,
    colour: RGB | tuple[int, ...],
    inside: RGB | tuple[int, ...],
    width: float,
) -> None:
    """Only the stroke of a shape: the stroke colour, then ``inside`` over the middle."""
    poly = shape_outline(shape, cx, cy, size)
    if poly is None:
        draw.ellipse((cx - size, cy - size, cx + size, cy + size), fill=colour)
        r = size - width
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=inside)
        return
    draw.polygon(poly, fill=colour)
    draw.polygon(inset(poly, width), fill=inside)
