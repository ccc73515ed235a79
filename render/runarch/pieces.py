"""The pieces of the complex and solo RunArch pictures: palette, sizes, sprites (match areas,
bet tokens, ability icons, the automa's arrow) and helpers that read the view.

The palette is the simple board's with a few colours appended (gold, silver and
anti-aliasing ramps), so every cached tile and text sprite of :mod:`render.runarch` pastes
into these pictures unchanged.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.runarch.components import CELL_INDEX, COLOURS, cell_rc, line_cells
from render import kit, shapes
from render.runarch import board as R
from render.runarch.stones import SHAPES

Tr = R.Tr
View = Mapping[str, Any]


# --------------------------------------------------------------------------- palette


def _palette() -> kit.IndexedPalette:
    """The board palette plus gold, silver and their ramps, appended so indices stay valid."""
    pal = R._palette()
    pal.colours["gold"] = kit.hex_rgb("#E0B13A")
    pal.colours["silver"] = kit.hex_rgb("#C3CAD6")
    for ramp in (
        ("dark", "gold", 3),
        ("dark", "silver", 3),
        ("dark", "surface", 3),
        ("muted", "surface_hi", 2),
    ):
        pal.add_ramp(*ramp)
    for c in COLOURS:
        pal.add_ramp(c, "surface_hi", 2)
        pal.add_ramp(c, "surface", 2)
    return pal


PAL = _palette()

# --------------------------------------------------------------------------- layout

WIDTH = R.WIDTH
MARGIN = R.MARGIN
INNER = WIDTH - 2 * MARGIN
SECTION_GAP = 14
COLUMN_GAP = R.PANEL_GAP
COLUMN_W = R.PANEL_W
"""Width of a player's board (two side by side, like the panels at the top)."""
PAD = 14
"""Inner padding of a section box."""

TRACK_H = 174
TRACK_X0 = MARGIN + 132
TRACK_X1 = WIDTH - MARGIN - 62
TRACK_MAX = 100
TRACK_MARKS = (25, 50, 75)
"""Passing these scores hands the top bonus token to the opponent."""

HEAD_H = 50
ABILITY_ROW = 36
ARCHIVE_W = (COLUMN_W - 2 * PAD - 2 * 8) // 3
MINI_W, MINI_H = 44, 56
MINI_GAP = ARCHIVE_W - 2 * MINI_W
MINI_ROW = MINI_H + 6
MINI_GLYPH_Y = 20
ARCHIVE_HEAD = 68
BREAKDOWN_ROW = 28

GOAL_W = COLUMN_W
GOAL_H = 86
OFFER_W = 52
COND_W = 64
TOKEN_H = 84
CONDITIONS_X = WIDTH - MARGIN - (6 * COND_W + 5 * 8)
COIN_R = 15
TOKEN_GLYPH_Y = 52
TOKEN_COIN_Y = 60
TOKENS_TITLE_H = 30

ARCHIVES = ("left", "middle", "right")
ARCHIVE_KEYS = {
    "left": "render.runarch.archive_left",
    "middle": "render.runarch.archive_middle",
    "right": "render.runarch.archive_right",
}
ABILITIES = ("diagonal", "double", "diagonals")
ABILITY_KEYS = {
    "diagonal": "render.runarch.ability_diagonal",
    "double": "render.runarch.ability_double",
    "diagonals": "render.runarch.ability_diagonals",
}
COLOUR_KEYS = {
    "R": "render.runarch.colour_red",
    "B": "render.runarch.colour_blue",
    "G": "render.runarch.colour_green",
    "Y": "render.runarch.colour_yellow",
    "V": "render.runarch.colour_violet",
}
SHAPE_KEYS = {
    "0": "render.runarch.shape_circles",
    "3": "render.runarch.shape_triangles",
    "4": "render.runarch.shape_squares",
    "5": "render.runarch.shape_stars",
    "6": "render.runarch.shape_hexagons",
}
BREAKDOWN = (
    ("cards", "render.runarch.final_cards", ""),
    ("best_bonus", "render.runarch.final_best", "+"),
    ("bets_won", "render.runarch.final_won", "+"),
    ("bets_lost", "render.runarch.final_lost", "−"),
    ("secret", "render.runarch.final_secret", "+"),
)
COIN_VALUES = {"gold": "+8", "silver": "+5"}
"""What a bet token wins (docs/rules/runarch.md): the number printed on it, so gold and silver
differ in more than colour."""


# --------------------------------------------------------------------------- drawing helpers


def text(img: Image.Image, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


def box(
    img: Image.Image, rect: tuple[float, float, float, float], radius: float, fill: str, **kwargs: Any
) -> None:
    kit.rounded_box(img, rect, radius, fill, pal=PAL, **kwargs)


def paste_centred(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)))


def pill(
    img: Image.Image,
    x: float,
    cy: float,
    value: str,
    *,
    fill: str,
    ink: str,
    under: str,
    size: int = 18,
    align: str = "left",
) -> float:
    """A rounded label; returns the x of its far edge (like :func:`render.runarch.board.pill`)."""
    w = round(kit.text_length(value, size, "bold")) + 2 * (size // 2 + 4)
    h = size + 12
    x0 = x if align == "left" else x - w
    top = round(cy - h / 2)
    box(img, (x0, top, x0 + w, top + h), h // 2, fill, under=under)
    text(img, (x0 + w / 2, cy), value, size=size, weight="bold", fill=ink, bg=fill, anchor="mm")
    return x0 + w if align == "left" else x0


def fitted(value: str, size: int, weight: str, width: float) -> str:
    return kit.fit_text(value, kit.font(size, weight), width)


def seat_stripe(img: Image.Image, x: int, y0: int, y1: int, seat: int, under: str) -> None:
    box(img, (x, y0, x + 8, y1), 4, kit.player_colour(seat), under=under)


# --------------------------------------------------------------------------- sprites


def _glyph_side(radius: float) -> int:
    return math.ceil(radius * 3.1) + 4


@functools.lru_cache(maxsize=256)
def glyph(code: str, radius: int, bg: str) -> Image.Image:
    """A match area (or stone) such as ``"3Y"``: its shape in its colour, dark outline."""
    side = _glyph_side(radius)
    stroke = max(1.5, radius * 0.15)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        fill, edge = PAL.rgb(code[1]), PAL.rgb("dark")
        shapes.draw_shape(draw, SHAPES[code[0]], c, c, radius * s, fill, edge, stroke * s)

    return PAL.quantize(kit.supersampled((side, side), paint, background=PAL.rgb(bg)))


@functools.lru_cache(maxsize=64)
def colour_swatch(colour: str, bg: str) -> Image.Image:
    """A colour on its own (a goal's colour condition): a bar, a form no shape has."""
    w, h = 30, 16

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), 5 * s, fill=PAL.rgb("dark"))
        draw.rounded_rectangle((2 * s, 2 * s, (w - 2) * s - 1, (h - 2) * s - 1), 3 * s, fill=PAL.rgb(colour))

    return PAL.quantize(kit.supersampled((w, h), paint, background=PAL.rgb(bg)))


@functools.lru_cache(maxsize=64)
def shape_silhouette(shape: str, radius: int, bg: str) -> Image.Image:
    """A shape on its own (a goal's shape condition): light grey, no colour."""
    side = _glyph_side(radius)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        shapes.draw_shape(draw, SHAPES[shape], c, c, radius * s, PAL.rgb("ink"))

    return PAL.quantize(kit.supersampled((side, side), paint, background=PAL.rgb(bg)))


@functools.lru_cache(maxsize=32)
def coin(token: str | None, bg: str, radius: int = COIN_R) -> Image.Image:
    """A bet token with what it wins printed on it; ``None`` is the empty spot of a taken one."""
    side = 2 * radius + 2

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        r = radius * s
        if token is None:
            draw.ellipse((c - r, c - r, c + r, c + r), outline=PAL.rgb("muted"), width=round(2 * s))
            return
        draw.ellipse((c - r, c - r, c + r, c + r), fill=PAL.rgb("dark"))
        r -= 2 * s
        draw.ellipse((c - r, c - r, c + r, c + r), fill=PAL.rgb(token))
        label = COIN_VALUES.get(token, "")
        draw.text((c, c), label, font=kit.font(round(18 * s), "black"), fill=PAL.rgb("dark"), anchor="mm")

    return PAL.quantize(kit.supersampled((side, side), paint, background=PAL.rgb(bg)))


ICON = 32


@functools.lru_cache(maxsize=16)
def ability_icon(kind: str, held: bool, bg: str) -> Image.Image:
    """An ability: filled (accent) when held, only outlined when not yet."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        full = (0, 0, ICON * s - 1, ICON * s - 1)
        if held:
            draw.rounded_rectangle(full, 8 * s, fill=PAL.rgb("accent"))
            ink = PAL.rgb("dark")
        else:
            draw.rounded_rectangle(full, 8 * s, outline=PAL.rgb("muted"), width=round(2 * s))
            ink = PAL.rgb("muted")
        w = round(3 * s)
        if kind == "diagonal":  # a swap along a diagonal: a double-headed arrow
            a, b = (9 * s, 23 * s), (23 * s, 9 * s)
            draw.line((a, b), fill=ink, width=w)
            _arrow_head(draw, b, a, 8 * s, ink)
            _arrow_head(draw, a, b, 8 * s, ink)
        elif kind == "double":  # two swaps in one turn: two double-headed arrows
            for y in (11, 21):
                a, b = (7 * s, y * s), (25 * s, y * s)
                draw.line((a, b), fill=ink, width=w)
                _arrow_head(draw, b, a, 7 * s, ink)
                _arrow_head(draw, a, b, 7 * s, ink)
        else:  # both long diagonals of the board
            draw.rectangle((7 * s, 7 * s, 25 * s, 25 * s), outline=ink, width=round(2 * s))
            draw.line(((8 * s, 8 * s), (24 * s, 24 * s)), fill=ink, width=w)
            draw.line(((24 * s, 8 * s), (8 * s, 24 * s)), fill=ink, width=w)

    return PAL.quantize(kit.supersampled((ICON, ICON), paint, background=PAL.rgb(bg)))


def _arrow_head(
    draw: ImageDraw.ImageDraw, tip: kit.Point, tail: kit.Point, size: float, fill: kit.RGB
) -> None:
    """A filled arrow head at ``tip``, pointing away from ``tail``."""
    ang = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    x, y = tip
    left = (x - size * math.cos(ang - 0.5), y - size * math.sin(ang - 0.5))
    right = (x - size * math.cos(ang + 0.5), y - size * math.sin(ang + 0.5))
    draw.polygon([(x, y), left, right], fill=fill)


@functools.lru_cache(maxsize=16)
def _move_arrow(d_row: int, d_col: int) -> Image.Image:
    """The automa's step as an RGBA arrow over the two cells (top-left cell at the origin)."""
    cell = R.CELL
    w, h = (abs(d_col) + 1) * cell, (abs(d_row) + 1) * cell
    start = (cell / 2 + (cell * -d_col if d_col < 0 else 0), cell / 2 + (cell * -d_row if d_row < 0 else 0))
    end = (start[0] + d_col * cell, start[1] + d_row * cell)
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    a = (start[0] + ux * 34, start[1] + uy * 34)
    b = (end[0] - ux * 34, end[1] - uy * 34)

    def outline(half: float, head: float, head_len: float) -> list[kit.Point]:
        nx, ny = -uy, ux
        neck = (b[0] - ux * head_len, b[1] - uy * head_len)
        return [
            (a[0] + nx * half, a[1] + ny * half),
            (neck[0] + nx * half, neck[1] + ny * half),
            (neck[0] + nx * head, neck[1] + ny * head),
            b,
            (neck[0] - nx * head, neck[1] - ny * head),
            (neck[0] - nx * half, neck[1] - ny * half),
            (a[0] - nx * half, a[1] - ny * half),
        ]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        halo = shapes.inset(outline(6, 15, 22), -3.5)
        draw.polygon([(x * s, y * s) for x, y in halo], fill=PAL.rgb("dark"))
        draw.polygon([(x * s, y * s) for x, y in outline(6, 15, 22)], fill=PAL.rgb("highlight"))

    return kit.supersampled((w, h), paint)


def draw_move_arrow(img: Image.Image, a: str, b: str) -> None:
    """An arrow from cell ``a`` to its neighbour ``b`` (the automa's step) over the board."""
    (ra, ca), (rb, cb) = cell_rc(CELL_INDEX[a]), cell_rc(CELL_INDEX[b])
    d_row, d_col = rb - ra, cb - ca
    if max(abs(d_row), abs(d_col)) != 1:
        return
    sprite = _move_arrow(d_row, d_col)
    left = R.BOARD_X + min(ca, cb) * R.CELL
    top = R.BOARD_Y + min(ra, rb) * R.CELL
    area = (left, top, left + sprite.width, top + sprite.height)
    rgb = img.crop(area).convert("RGB")
    rgb.paste(sprite, (0, 0), sprite)
    img.paste(PAL.quantize(rgb), area[:2], _arrow_mask(d_row, d_col))


@functools.lru_cache(maxsize=16)
def _arrow_mask(d_row: int, d_col: int) -> Image.Image:
    """Where the arrow covers anything: only those pixels are replaced."""
    return kit.alpha_mask(_move_arrow(d_row, d_col))


def frame_diagonal(img: Image.Image, line: str) -> None:
    """Frame each cell of a scored long diagonal (a frame around the whole line would be a
    square around the board)."""
    half = R.CELL // 2
    for cell in line_cells(line):
        x, y = R.cell_centre(cell)
        kit.rounded_frame(
            img,
            (x - half, y - half, x + half, y + half),
            R.TILE_RADIUS + R.GAP // 2,
            "accent",
            R.FRAME,
            pal=PAL,
        )


# --------------------------------------------------------------------------- view helpers


def seat_count(view: View) -> int:
    return len(view["scores"])


def is_complex(view: View) -> bool:
    return view.get("variant") == "complex"


def per_seat(value: Any, seat: int) -> Any:
    """``value[seat]`` for a list, ``value[str(seat)]`` or ``value[seat]`` for a mapping."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return value.get(str(seat), value.get(seat))
    return value[seat] if seat < len(value) else None


def automa_seat(view: View) -> int | None:
    if not view.get("solo"):
        return None
    return int((view.get("automa") or {}).get("seat", 1))


def goal_bettors(view: View) -> dict[str, list[tuple[int, str]]]:
    """For each goal id, the (seat, token) of the bets on it, in seat order."""
    out: dict[str, list[tuple[int, str]]] = {}
    for seat, bets in enumerate(view.get("bets") or ()):
        for bet in bets or ():
            if bet.get("on") == "goal":
                out.setdefault(bet.get("goal", ""), []).append((seat, bet.get("token", "")))
    return out


def archive_bet(view: View, seat: int, side: str) -> Mapping[str, Any] | None:
    for bet in per_seat(view.get("bets"), seat) or ():
        if bet.get("on") == side:
            return bet
    return None


def goal_parts(goal: Mapping[str, Any]) -> list[tuple[str, str, int]]:
    """A goal as ("colour", "R", 3) and/or ("shape", "3", 2) parts."""
    parts = []
    if goal.get("colour"):
        parts.append(("colour", goal["colour"], int(goal.get("colour_count", 0))))
    if goal.get("shape"):
        parts.append(("shape", goal["shape"], int(goal.get("shape_count", 0))))
    return parts


def goal_phrase(kind: str, value: str, count: int, tr: Tr) -> str:
    if kind == "colour":
        return tr("render.runarch.goal_colour", count=count, colour=tr(COLOUR_KEYS[value]))
    return tr("render.runarch.goal_shape", count=count, shape=tr(SHAPE_KEYS[value]))


def draw_goal(
    img: Image.Image, x: float, cy: float, goal: Mapping[str, Any], tr: Tr, bg: str, room: float
) -> float:
    """A goal's parts as glyph + phrase, left to right from ``x`` within ``room`` px; returns
    the end x."""
    end = x + room
    for kind, value, count in goal_parts(goal):
        sprite = colour_swatch(value, bg) if kind == "colour" else shape_silhouette(value, 10, bg)
        paste_centred(img, sprite, x + 15, cy)
        x += 36
        phrase = fitted(goal_phrase(kind, value, count, tr), 19, "bold", max(end - x, 40))
        text(img, (x, cy), phrase, size=19, weight="bold", fill="ink", bg=bg, anchor="lm")
        x += kit.text_length(phrase, 19, "bold") + 14
    return x
