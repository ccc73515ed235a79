"""Moonriser's second public picture: each player's VP broken down, production and Main base,
and a legend of every symbol the board uses (the board itself has no room for words).

Reads ``seats``, ``scores`` (total, tiles, relations, neighbourhoods, yellow), ``production``,
``tiles`` (the Main bases' levels) and ``players`` of the public view.
"""

from __future__ import annotations

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


def _player(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], tr: Tr, seat: int, y: int) -> None:
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_H - 10), 14, fill=SURFACE)
    x = MARGIN + 16
    paint_token(draw, x + ICON, y + 24, seat_colour(seat))
    score = _score(view, seat)
    total = tr("render.moonriser.vp", points=int(score.get("total", 0)))
    draw.text(
        (WIDTH - MARGIN - 16, y + 24),
        total,
        font=kit.font(22, "bold"),
        fill=PAL.rgb("highlight"),
        anchor="rm",
    )
    room = WIDTH - 2 * MARGIN - 70 - kit.text_length(total, 22, "bold")
    name = kit.fit_text(seat_name(names, seat, tr), kit.font(22, "bold"), room)
    draw.text((x + 2 * ICON + 10, y + 24), name, font=kit.font(22, "bold"), fill=INK, anchor="lm")
    line = tr(
        "render.moonriser.breakdown",
        tiles=int(score.get("tiles", 0)),
        relations=int(score.get("relations", 0)),
        neighbourhoods=int(score.get("neighbourhoods", 0)),
        yellow=int(score.get("yellow", 0)),
    )
    draw.text(
        (x, y + 54),
        kit.fit_text(line, kit.font(17), WIDTH - 2 * MARGIN - 32),
        font=kit.font(17),
        fill=MUTED,
        anchor="lm",
    )
    label = tr("render.moonriser.production")
    cy = y + 82
    draw.text((x, cy), label, font=kit.font(17), fill=MUTED, anchor="lm")
    px = x + kit.text_length(label, 17) + 10
    production = view.get("production") or ()
    made = production[seat] if seat < len(production) else {}
    for colour in ("blue", "red", "green"):
        paint_token(draw, px + ICON, cy, colour)
        value = f"+{int((made or {}).get(colour, 0))}"
        draw.text((px + 2 * ICON + 5, cy), value, font=kit.font(18, "bold"), fill=INK, anchor="lm")
        px += 2 * ICON + 16 + kit.text_length(value, 18, "bold")
    base = base_level(view, seat)
    if base is not None:
        text = tr("render.moonriser.base_level", base=base[0], level=base[1])
        draw.text((WIDTH - MARGIN - 16, cy), text, font=kit.font(17), fill=MUTED, anchor="rm")


def _legend(draw: ImageDraw.ImageDraw, tr: Tr, y: int) -> int:
    """The symbols explained; returns the bottom."""
    col_w = (WIDTH - 2 * MARGIN - 32) // 2
    x0 = MARGIN + 16
    draw.text(
        (x0, y), tr("render.moonriser.legend_relations"), font=kit.font(17, "bold"), fill=INK, anchor="lm"
    )
    y += LEGEND_ROW
    for i, (kind, (shape, rgb)) in enumerate(RELATION_STYLE.items()):
        x, cy = x0 + (i % 2) * col_w, y + (i // 2) * LEGEND_ROW
        draw_symbol(draw, shape, x + ICON, cy, ICON * 0.9, rgb, False, 1)
        draw_symbol(draw, shape, x + 3 * ICON + 6, cy, ICON * 0.9, rgb, True, 1)
        draw.text(
            (x + 4 * ICON + 18, cy),
            tr(f"render.moonriser.relation_{kind}"),
            font=kit.font(17),
            fill=INK,
            anchor="lm",
        )
    y += 3 * LEGEND_ROW + 6
    rows: list[tuple[str, str]] = [
        ("corner", "legend_corner"),
        ("arrow", "legend_empty"),
        ("upgraded", "legend_upgraded"),
        ("link", "legend_link"),
        ("hood", "legend_hood"),
    ]
    for icon, key in rows:
        _legend_icon(draw, icon, x0 + ICON, y)
        line = kit.fit_text(tr(f"render.moonriser.{key}"), kit.font(17), WIDTH - 2 * MARGIN - 64)
        draw.text((x0 + 2 * ICON + 14, y), line, font=kit.font(17), fill=INK, anchor="lm")
        y += LEGEND_ROW
    y += 6
    draw.text((x0, y), tr("render.moonriser.legend_fields"), font=kit.font(17, "bold"), fill=INK, anchor="lm")
    y += LEGEND_ROW
    for i, symbol in enumerate(BOARD_SYMBOLS):
        x, cy = x0 + (i % 2) * col_w, y + (i // 2) * LEGEND_ROW
        colour, value = symbol_text(symbol)
        paint_token(draw, x + ICON, cy, colour, value)
        line = kit.fit_text(tr(f"render.moonriser.symbol_{symbol}"), kit.font(17), col_w - 2 * ICON - 20)
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


def details_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The details picture on the board's palette."""
    players = int(view.get("players") or len(view.get("seats") or ()) or 2)
    legend_top = MARGIN + players * PLAYER_H + 10
    height = legend_top + 13 * LEGEND_ROW + 40
    img = Image.new("RGB", (WIDTH, height), PAL.rgb("background"))
    draw = ImageDraw.Draw(img)
    for seat in range(players):
        _player(draw, view, names, tr, seat, MARGIN + seat * PLAYER_H)
    draw.rounded_rectangle((MARGIN, legend_top, WIDTH - MARGIN, height - MARGIN), 14, fill=SURFACE)
    _legend(draw, tr, legend_top + 22)
    return PAL.quantize(img)
