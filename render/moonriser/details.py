"""Moonriser's second public picture: each player's VP broken down, production and Main base,
and a legend of every symbol the board uses (the board itself has no room for words).

It is drawn on every move, so what never changes is drawn once: the legend (with the
background) is cached per wording and player count as a palette picture, and the player panels
above it are drawn in RGB with cached glyph masks, mapped to the palette and pasted on top. The
palette mapping is per pixel (nearest colour, no dithering), so the result is the same picture,
pixel for pixel, as drawing everything on one canvas and mapping it once.

Reads ``seats``, ``scores`` (total, tiles, relations, neighbourhoods, yellow), ``production``,
``tiles`` (the Main bases' levels) and ``players`` of the public view.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.moonriser.hand import ICON, paint_token
from render.moonriser.marks import hood_mark, link_mark
from render.moonriser.style import (
    FACE_RGB,
    PAL,
    RELATION_STYLE,
    Tr,
    View,
    draw_symbol,
    hex_points,
    seat_colour,
    seat_name,
)
from render.moonriser.tiles import paint_arrow, paint_disk, symbol_text

WIDTH = 720
MARGIN = 16
PLAYER_H = 112
LEGEND_ROW = 30
INK, MUTED, SURFACE = PAL.rgb("ink"), PAL.rgb("muted"), PAL.rgb("surface")
BOARD_SYMBOLS = ("green_minus", "green_plus", "vp", "action", "blue_plus", "red_plus")


def _score(view: View, seat: int) -> Mapping[str, Any]:
    scores = view.get("scores") or ()
    value = scores[seat] if seat < len(scores) else {}
    return value if isinstance(value, Mapping) else {"total": value}


def base_level(view: View, seat: int) -> tuple[str, int] | None:
    """The seat's Main base and its level, once it is on the board."""
    for placed in (view.get("tiles") or {}).values():
        if placed.get("owner") == seat and str(placed.get("tile", "")).startswith("M"):
            return str(placed["tile"]), int(placed.get("level") or 1)
    return None


@functools.lru_cache(maxsize=1024)
def _glyphs(value: str, size: int, weight: str, anchor: str, start: tuple[float, float]) -> tuple[Any, Any]:
    """Pillow's own coverage mask of a label and its offset (what ``ImageDraw.text`` renders
    each time); ``start`` is the sub-pixel part of the position, which shapes the mask."""
    return kit.font(size, weight).getmask2(value, "L", anchor=anchor, start=start)


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int,
    weight: str,
    fill: Any,
    anchor: str,
) -> None:
    """``draw.text(xy, value, font=kit.font(size, weight), fill=fill, anchor=anchor)`` on an RGB
    picture, pixel for pixel, with the mask from :func:`_glyphs`: scores, names and production
    repeat from move to move, and rendering the glyphs is most of a label's cost."""
    x, y = xy
    mask, (dx, dy) = _glyphs(value, size, weight, anchor, (math.modf(x)[0], math.modf(y)[0]))
    ink = draw._getink(fill)[0]  # type: ignore[attr-defined]
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)  # type: ignore[attr-defined]


def _player(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], tr: Tr, seat: int, y: int) -> None:
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_H - 10), 14, fill=SURFACE)
    x = MARGIN + 16
    paint_token(draw, x + ICON, y + 24, seat_colour(seat))
    score = _score(view, seat)
    total = tr("render.moonriser.vp", points=int(score.get("total", 0)))
    _text(draw, (WIDTH - MARGIN - 16, y + 24), total, 22, "bold", PAL.rgb("highlight"), "rm")
    room = WIDTH - 2 * MARGIN - 70 - kit.text_length(total, 22, "bold")
    name = kit.fit_text(seat_name(names, seat, tr), kit.font(22, "bold"), room)
    _text(draw, (x + 2 * ICON + 10, y + 24), name, 22, "bold", INK, "lm")
    line = tr(
        "render.moonriser.breakdown",
        tiles=int(score.get("tiles", 0)),
        relations=int(score.get("relations", 0)),
        neighbourhoods=int(score.get("neighbourhoods", 0)),
        yellow=int(score.get("yellow", 0)),
    )
    line = kit.fit_text(line, kit.font(17), WIDTH - 2 * MARGIN - 32)
    _text(draw, (x, y + 54), line, 17, "regular", MUTED, "lm")
    label = tr("render.moonriser.production")
    cy = y + 82
    _text(draw, (x, cy), label, 17, "regular", MUTED, "lm")
    px = x + kit.text_length(label, 17) + 10
    production = view.get("production") or ()
    made = production[seat] if seat < len(production) else {}
    for colour in ("blue", "red", "green"):
        paint_token(draw, px + ICON, cy, colour)
        value = f"+{int((made or {}).get(colour, 0))}"
        _text(draw, (px + 2 * ICON + 5, cy), value, 18, "bold", INK, "lm")
        px += 2 * ICON + 16 + kit.text_length(value, 18, "bold")
    base = base_level(view, seat)
    if base is not None:
        text = tr("render.moonriser.base_level", base=base[0], level=base[1])
        _text(draw, (WIDTH - MARGIN - 16, cy), text, 17, "regular", MUTED, "rm")


LEGEND_ROWS: tuple[tuple[str, str], ...] = (
    ("corner", "legend_corner"),
    ("arrow", "legend_empty"),
    ("upgraded", "legend_upgraded"),
    ("link", "legend_link"),
    ("hood", "legend_hood"),
)


def _legend_words(tr: Tr) -> tuple[str, ...]:
    """Every sentence of the legend in ``tr``'s language: the legend's cache key, so a changed
    catalog or another language never gets a stale legend."""
    return (
        tr("render.moonriser.legend_relations"),
        *(tr(f"render.moonriser.relation_{kind}") for kind in RELATION_STYLE),
        *(tr(f"render.moonriser.{key}") for _, key in LEGEND_ROWS),
        tr("render.moonriser.legend_fields"),
        *(tr(f"render.moonriser.symbol_{symbol}") for symbol in BOARD_SYMBOLS),
    )


def _legend(draw: ImageDraw.ImageDraw, words: Sequence[str], y: int) -> int:
    """The symbols explained in ``words`` (:func:`_legend_words`); returns the bottom."""
    said = iter(words)
    col_w = (WIDTH - 2 * MARGIN - 32) // 2
    x0 = MARGIN + 16
    draw.text((x0, y), next(said), font=kit.font(17, "bold"), fill=INK, anchor="lm")
    y += LEGEND_ROW
    for i, (shape, rgb) in enumerate(RELATION_STYLE.values()):
        x, cy = x0 + (i % 2) * col_w, y + (i // 2) * LEGEND_ROW
        draw_symbol(draw, shape, x + ICON, cy, ICON * 0.9, rgb, False, 1)
        draw_symbol(draw, shape, x + 3 * ICON + 6, cy, ICON * 0.9, rgb, True, 1)
        draw.text((x + 4 * ICON + 18, cy), next(said), font=kit.font(17), fill=INK, anchor="lm")
    y += 3 * LEGEND_ROW + 6
    for icon, _ in LEGEND_ROWS:
        _legend_icon(draw, icon, x0 + ICON, y)
        line = kit.fit_text(next(said), kit.font(17), WIDTH - 2 * MARGIN - 64)
        draw.text((x0 + 2 * ICON + 14, y), line, font=kit.font(17), fill=INK, anchor="lm")
        y += LEGEND_ROW
    y += 6
    draw.text((x0, y), next(said), font=kit.font(17, "bold"), fill=INK, anchor="lm")
    y += LEGEND_ROW
    for i, symbol in enumerate(BOARD_SYMBOLS):
        x, cy = x0 + (i % 2) * col_w, y + (i // 2) * LEGEND_ROW
        colour, value = symbol_text(symbol)
        paint_token(draw, x + ICON, cy, colour, value)
        line = kit.fit_text(next(said), kit.font(17), col_w - 2 * ICON - 20)
        draw.text((x + 2 * ICON + 10, cy), line, font=kit.font(17), fill=INK, anchor="lm")
    return y + 3 * LEGEND_ROW


def _legend_icon(draw: ImageDraw.ImageDraw, icon: str, x: float, y: float) -> None:
    if icon in ("link", "hood"):  # the board's own marks (``render.moonriser.marks``)
        pic, mask = link_mark("energy", 36) if icon == "link" else hood_mark("green", 30)
        spot = (round(x - pic.width / 2), round(y - pic.height / 2))
        draw._image.paste(pic.convert("RGB"), spot, mask)  # type: ignore[attr-defined]
    elif icon == "corner":
        draw.polygon(hex_points(x, y, ICON + 3), fill=FACE_RGB["basic"])
        for c, colour in ((0, "green"), (2, "blue"), (4, "red")):
            from render.moonriser.style import TOKEN_RGB, polar

            dx, dy = polar(x, y, ICON + 1, 30 + 60 * c)
            paint_disk(draw, dx, dy, 4.5, TOKEN_RGB[colour], 1)
    elif icon == "arrow":
        draw.polygon(hex_points(x, y, ICON + 4), fill=FACE_RGB["basic"])
        paint_arrow(draw, x - 0.3 * ICON, y, ICON + 8, 0, 1)
    else:
        draw.polygon(hex_points(x, y, ICON + 4), fill=PAL.rgb("red"))
        draw.polygon(hex_points(x, y, ICON + 1), fill=FACE_RGB["basic"])
        draw.polygon(hex_points(x, y, ICON - 0.5), fill=PAL.rgb("red"))
        draw.polygon(hex_points(x, y, ICON - 2.5), fill=FACE_RGB["basic"])


def _size(players: int) -> tuple[int, int]:
    """Where the legend starts and the picture's height."""
    legend_top = MARGIN + players * PLAYER_H + 10
    return legend_top, legend_top + 13 * LEGEND_ROW + 40


def details_inputs(view: View, names: Sequence[str], tr: Tr) -> tuple[Any, ...]:
    """What the details picture shows, for the picture cache (``render.inputs``): the players'
    scores, production and Main bases, their names and the language; most moves change none."""
    players = int(view.get("players") or len(view.get("seats") or ()) or 2)
    production = view.get("production") or ()
    return (
        players,
        [dict(_score(view, seat)) for seat in range(players)],
        [production[seat] if seat < len(production) else {} for seat in range(players)],
        [base_level(view, seat) for seat in range(players)],
        list(names),
        tr.lang,
    )


@functools.lru_cache(maxsize=8)
def legend_picture(words: tuple[str, ...], players: int) -> Image.Image:
    """The whole picture without the player panels, as a palette picture: the background and
    the legend, which never change (a new one only for other ``words`` or player count)."""
    legend_top, height = _size(players)
    img = Image.new("RGB", (WIDTH, height), PAL.rgb("background"))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((MARGIN, legend_top, WIDTH - MARGIN, height - MARGIN), 14, fill=SURFACE)
    _legend(draw, words, legend_top + 22)
    return PAL.quantize(img)


def details_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The details picture on the board's palette: the cached legend with this move's player
    panels pasted above it."""
    players = int(view.get("players") or len(view.get("seats") or ()) or 2)
    legend_top, _ = _size(players)
    img = legend_picture(_legend_words(tr), players).copy()
    panels = Image.new("RGB", (WIDTH, legend_top), PAL.rgb("background"))
    draw = ImageDraw.Draw(panels)
    for seat in range(players):
        _player(draw, view, names, tr, seat, MARGIN + seat * PLAYER_H)
    img.paste(PAL.quantize(panels), (0, 0))
    return img
