"""RunArch pictures of the complex game and the solo mode: the board and everything around it.

The top of the picture is the simple game's board picture (:func:`render.runarch.draw_main`,
720×966) with what the complex game and the automa add to it: scored diagonals are framed
and the stone the automa moved gets an arrow. Below it, one section after the other:

* the score track 0-100: a lane per player and the four track bet tokens;
* the players' boards side by side: current minimum, abilities, the three archives with the
  filed cards (match area and id), bets on archive counts and goals; once the game is over the
  revealed secret goal and the final breakdown. In solo the automa's panel takes the second
  column (or, in the simple game, a full-width panel under the board);
* the public goals, the public offer and the six condition tokens.

The picture stays 720 px wide, the simple board's width, so a phone shows its text as big as
the simple board's. It uses the simple board's palette with a few colours appended (gold,
silver and anti-aliasing ramps), so every cached tile and text sprite of :mod:`render.runarch`
pastes into it unchanged, and new sprites are cached the same way.

Every sentence comes from the ``render.runarch`` catalog keys through ``tr``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.runarch.components import CELL_INDEX, COLOURS, DIAGONAL_LINES, cell_rc, line_cells
from render import kit
from render import runarch as R

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
    """A rounded label; returns the x of its far edge (like :func:`render.runarch.pill`)."""
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
        kit.draw_shape(
            draw, kit.SHAPES[code[0]], c, c, radius * s, PAL.rgb(code[1]), PAL.rgb("dark"), stroke * s
        )

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
        kit.draw_shape(draw, kit.SHAPES[shape], c, c, radius * s, PAL.rgb("ink"))

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
        draw.polygon([(x * s, y * s) for x, y in kit.inset(outline(6, 15, 22), -3.5)], fill=PAL.rgb("dark"))
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


# --------------------------------------------------------------------------- score track


def _track_x(score: float) -> float:
    return TRACK_X0 + (TRACK_X1 - TRACK_X0) * max(0.0, min(score, TRACK_MAX)) / TRACK_MAX


def draw_track(img: Image.Image, y: int, view: View, names: Sequence[str], tr: Tr) -> None:
    box(img, (MARGIN, y, WIDTH - MARGIN, y + TRACK_H), 14, "surface")
    x_text = MARGIN + PAD
    name_room = TRACK_X0 - x_text - 14
    title = fitted(tr("render.runarch.track"), 18, "bold", name_room)
    text(img, (x_text, y + 20), title, size=18, weight="bold", fill="muted", bg="surface", anchor="lm")
    for value in (0, *TRACK_MARKS, TRACK_MAX):
        text(img, (_track_x(value), y + 20), str(value), size=18, fill="muted", bg="surface", anchor="mm")
    lane_h, lane_gap, top = 26, 8, y + 38
    draw = ImageDraw.Draw(img)
    for seat in range(seat_count(view)):
        ly = top + seat * (lane_h + lane_gap)
        cy = ly + lane_h // 2
        name = fitted(R._name(names, seat, tr, None), 18, "bold", name_room - 14)
        seat_stripe(img, x_text, ly + 2, ly + lane_h - 2, seat, "surface")
        text(img, (x_text + 14, cy), name, size=18, weight="bold", fill="ink", bg="surface", anchor="lm")
        box(img, (TRACK_X0 - 6, ly, TRACK_X1 + 6, ly + lane_h), 8, "surface_hi", under="surface")
        score = int(view["scores"][seat])
        end = round(_track_x(score)) + 6
        if score > 0:
            box(
                img,
                (TRACK_X0 - 6, ly, max(end, TRACK_X0 + 10), ly + lane_h),
                8,
                kit.player_colour(seat),
                under="surface",
            )
        text(
            img,
            (WIDTH - MARGIN - PAD, cy),
            str(score),
            size=22,
            weight="bold",
            fill="ink",
            bg="surface",
            anchor="rm",
        )
    bottom = top + seat_count(view) * (lane_h + lane_gap) - lane_gap
    for mark in TRACK_MARKS:
        x = round(_track_x(mark))
        draw.line(((x, top - 4), (x, bottom + 3)), fill=PAL["muted"], width=2)
    coin_y = bottom + 30
    tokens = sorted(view.get("track") or (), key=lambda token: token["score"])
    spots = spread([_track_x(token["score"]) for token in tokens], 2 * COIN_R + 10, TRACK_X0, TRACK_X1 + 20)
    for token, spot in zip(tokens, spots, strict=True):
        x = round(_track_x(token["score"]))
        draw.line(
            ((x, bottom + 3), (x, bottom + 7), (round(spot), coin_y - COIN_R)), fill=PAL["muted"], width=2
        )
        paste_centred(img, coin(token.get("bet"), "surface"), spot, coin_y)
        text(img, (spot, coin_y + 29), str(token["score"]), size=18, fill="muted", bg="surface", anchor="mm")


def spread(xs: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions near the sorted ``xs`` at least ``gap`` apart, within ``low``..``high``
    where possible (close bet tokens on the track are pushed apart, not stacked)."""
    out: list[float] = []
    for x in xs:
        out.append(max(x, low, out[-1] + gap) if out else max(x, low))
    for i in range(len(out) - 1, -1, -1):
        limit = high if i == len(out) - 1 else out[i + 1] - gap
        out[i] = min(out[i], limit)
    return out


# --------------------------------------------------------------------------- player boards


def archive_rows(view: View) -> int:
    """Rows of mini cards in the tallest archive of any seat (both boards use it, so the
    sections below the archives line up side by side)."""
    rows = 1
    for seat in range(seat_count(view)):
        archives = per_seat(view.get("archives"), seat) or {}
        rows = max(rows, *(math.ceil(len(archives.get(side) or ()) / 2) for side in ARCHIVES))
    return rows


def shows_abilities(view: View) -> bool:
    """Abilities matter while the game runs; once it is over the breakdown takes their place."""
    return not view.get("over")


def has_goal_bets(view: View) -> bool:
    return bool(goal_bettors(view))


def shows_final(view: View, seat: int) -> bool:
    return bool(view.get("over")) and per_seat(view.get("final"), seat) is not None


ABILITIES_H = 3 * ABILITY_ROW + 10
GOAL_BETS_H = 42
FINAL_H = 292


def player_height(view: View, seat: int) -> int:
    h = HEAD_H
    if shows_abilities(view):
        h += ABILITIES_H
    h += ARCHIVE_HEAD + archive_rows(view) * MINI_ROW + 8
    if has_goal_bets(view):
        h += GOAL_BETS_H
    if shows_final(view, seat):
        h += FINAL_H
    return h + PAD


def draw_player(
    img: Image.Image, x0: int, y0: int, h: int, view: View, names: Sequence[str], seat: int, tr: Tr
) -> None:
    """One player's board: minimum, abilities, archives, bets on goals and, once over, the
    revealed secret goal and the final breakdown."""
    x1 = x0 + COLUMN_W
    box(img, (x0, y0, x1, y0 + h), 14, "surface")
    seat_stripe(img, x0 + PAD, y0 + 14, y0 + HEAD_H - 8, seat, "surface")
    # head: name, then the minimum (or, during setup, whether the goals are chosen)
    if view.get("phase") == "setup":
        done = bool(per_seat(view.get("setup_done"), seat))
        label = tr("render.runarch.setup_chosen" if done else "render.runarch.setup_choosing")
        fill, ink = ("accent", "dark") if done else ("surface_hi", "ink")
    else:
        label = tr(
            "render.runarch.minimum", minimum=per_seat(view.get("minimums"), seat) or view.get("minimum")
        )
        fill, ink = "surface_hi", "ink"
    cy = y0 + 30
    left_edge = pill(img, x1 - PAD, cy, label, fill=fill, ink=ink, under="surface", align="right")
    name = fitted(R._name(names, seat, tr, None), 22, "bold", left_edge - (x0 + PAD + 18) - 10)
    text(img, (x0 + PAD + 18, cy), name, size=22, weight="bold", fill="ink", bg="surface", anchor="lm")
    y = y0 + HEAD_H
    if shows_abilities(view):
        draw_abilities(img, x0, y, per_seat(view.get("abilities"), seat) or {}, tr)
        y += ABILITIES_H
    y = draw_archives(img, x0, y, view, seat, tr)
    if has_goal_bets(view):
        draw_goal_bets(img, x0, y, view, seat, tr)
        y += GOAL_BETS_H
    if shows_final(view, seat):
        draw_final(img, x0, y, view, seat, per_seat(view["final"], seat), tr)


def draw_abilities(img: Image.Image, x0: int, y: int, held: Mapping[str, Any], tr: Tr) -> None:
    for kind in ABILITIES:
        on = bool(held.get(kind))
        cy = y + ABILITY_ROW / 2
        paste_centred(img, ability_icon(kind, on, "surface"), x0 + PAD + ICON / 2, cy)
        label = fitted(tr(ABILITY_KEYS[kind]), 18, "medium", COLUMN_W - 2 * PAD - ICON - 12)
        ink = "ink" if on else "muted"
        text(
            img,
            (x0 + PAD + ICON + 12, cy),
            label,
            size=18,
            weight="medium",
            fill=ink,
            bg="surface",
            anchor="lm",
        )
        y += ABILITY_ROW


def draw_archives(img: Image.Image, x0: int, y: int, view: View, seat: int, tr: Tr) -> int:
    """The three archives side by side; returns the y under them."""
    archives = per_seat(view.get("archives"), seat) or {}
    rows = archive_rows(view)
    for i, side in enumerate(ARCHIVES):
        ax = x0 + PAD + i * (ARCHIVE_W + 8)
        cards = archives.get(side) or ()
        box(
            img,
            (ax, y, ax + ARCHIVE_W, y + ARCHIVE_HEAD + rows * MINI_ROW),
            10,
            "surface_hi",
            under="surface",
        )
        label = fitted(tr(ARCHIVE_KEYS[side]), 18, "medium", ARCHIVE_W - 38)
        text(
            img, (ax + 8, y + 18), label, size=18, weight="medium", fill="muted", bg="surface_hi", anchor="lm"
        )
        count = str(len(cards))
        text(
            img,
            (ax + ARCHIVE_W - 8, y + 18),
            count,
            size=22,
            weight="bold",
            fill="ink",
            bg="surface_hi",
            anchor="rm",
        )
        bet = archive_bet(view, seat, side)
        if bet is not None:
            paste_centred(img, coin(bet.get("token"), "surface_hi"), ax + 6 + COIN_R, y + 48)
            goal = fitted(tr("render.runarch.bet_count", count=bet.get("count")), 18, "bold", ARCHIVE_W - 44)
            text(
                img,
                (ax + 2 * COIN_R + 12, y + 48),
                goal,
                size=18,
                weight="bold",
                fill="ink",
                bg="surface_hi",
                anchor="lm",
            )
        for k, filed in enumerate(cards):
            mx = ax + (k % 2) * (MINI_W + MINI_GAP)
            my = y + ARCHIVE_HEAD + (k // 2) * MINI_ROW
            draw_mini_card(img, mx, my, filed)
    return y + ARCHIVE_HEAD + rows * MINI_ROW + 8


def draw_mini_card(img: Image.Image, x: int, y: int, card: Mapping[str, Any]) -> None:
    """A filed card: its match area (what filing is about) over its id."""
    box(img, (x, y, x + MINI_W, y + MINI_H), 8, "surface", under="surface_hi")
    paste_centred(img, glyph(card["match"], 11, "surface"), x + MINI_W / 2, y + MINI_GLYPH_Y)
    text(
        img,
        (x + MINI_W / 2, y + 44),
        card["id"],
        size=18,
        weight="bold",
        fill="ink",
        bg="surface",
        anchor="mm",
    )


def draw_goal_bets(img: Image.Image, x0: int, y: int, view: View, seat: int, tr: Tr) -> None:
    """The seat's bets on public goals: token and goal id."""
    cy = y + 18
    label = fitted(tr("render.runarch.goal_bets"), 18, "medium", (COLUMN_W - 2 * PAD) / 2)
    text(img, (x0 + PAD, cy), label, size=18, weight="medium", fill="muted", bg="surface", anchor="lm")
    x = x0 + PAD + kit.text_length(label, 18, "medium") + 12
    bets = [bet for bet in per_seat(view.get("bets"), seat) or () if bet.get("on") == "goal"]
    if not bets:
        text(img, (x, cy), "–", size=18, weight="bold", fill="muted", bg="surface", anchor="lm")
    for bet in bets:
        gid = str(bet.get("goal", ""))
        if x + 2 * COIN_R + 6 + kit.text_length(gid, 18, "bold") > x0 + COLUMN_W - PAD:
            break
        paste_centred(img, coin(bet.get("token"), "surface"), x + COIN_R, cy)
        x += 2 * COIN_R + 6
        text(img, (x, cy), gid, size=18, weight="bold", fill="ink", bg="surface", anchor="lm")
        x += kit.text_length(gid, 18, "bold") + 14


def draw_final(
    img: Image.Image, x0: int, y: int, view: View, seat: int, final: Mapping[str, Any], tr: Tr
) -> None:
    """The revealed secret goal and the final breakdown of one seat (:data:`FINAL_H` tall)."""
    x1 = x0 + COLUMN_W
    draw = ImageDraw.Draw(img)
    draw.line(((x0 + PAD, y + 2), (x1 - PAD, y + 2)), fill=PAL["surface_hi"], width=2)
    secret = per_seat(view.get("secrets"), seat)
    if secret is not None:
        title = tr("render.runarch.secret_goal", card=secret["id"])
        text(img, (x0 + PAD, y + 26), title, size=18, weight="bold", fill="muted", bg="surface", anchor="lm")
        draw_goal(img, x0 + PAD, y + 58, secret.get("goal") or {}, tr, "surface", COLUMN_W - 2 * PAD)
    else:
        text(
            img,
            (x0 + PAD, y + 26),
            tr("render.runarch.no_secret"),
            size=18,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
    title = tr("render.runarch.final_title")
    text(img, (x0 + PAD, y + 100), title, size=18, weight="bold", fill="highlight", bg="surface", anchor="lm")
    y += 116
    for key, label_key, sign in BREAKDOWN:
        value = int(final.get(key) or 0)
        shown = f"{sign}{abs(value)}" if value and sign else str(abs(value))
        label = fitted(tr(label_key), 18, "regular", COLUMN_W - 2 * PAD - 60)
        cy = y + BREAKDOWN_ROW / 2
        text(img, (x0 + PAD, cy), label, size=18, fill="muted", bg="surface", anchor="lm")
        text(img, (x1 - PAD, cy), shown, size=20, weight="bold", fill="ink", bg="surface", anchor="rm")
        y += BREAKDOWN_ROW
    draw.line(((x0 + PAD, y + 3), (x1 - PAD, y + 3)), fill=PAL["muted"], width=2)
    cy = y + 22
    total = tr("render.runarch.final_total")
    text(img, (x0 + PAD, cy), total, size=20, weight="bold", fill="ink", bg="surface", anchor="lm")
    text(
        img,
        (x1 - PAD, cy),
        str(final.get("total", 0)),
        size=24,
        weight="bold",
        fill="highlight",
        bg="surface",
        anchor="rm",
    )


# --------------------------------------------------------------------------- automa


AUTOMA_LINES = {
    "rows": "render.runarch.automa_rows",
    "rows_columns": "render.runarch.automa_rows_columns",
    "all": "render.runarch.automa_all_lines",
}


def automa_lines_key(lines: Sequence[str]) -> str:
    """The sentence for the automa's lines, given as names ("row1", "colA", "diag1") or kinds."""
    kinds = {str(line)[:3] for line in lines}
    if "dia" in kinds:
        return AUTOMA_LINES["all"]
    if "col" in kinds:
        return AUTOMA_LINES["rows_columns"]
    return AUTOMA_LINES["rows"]


AUTOMA_INFO_H = 170
AUTOMA_LAST_H = 180


def draw_automa_info(
    img: Image.Image, x0: int, y: int, w: int, view: View, names: Sequence[str], tr: Tr
) -> None:
    """Name, difficulty, minimum, lines and scored cards of the automa."""
    automa = view.get("automa") or {}
    seat = automa_seat(view) or 1
    seat_stripe(img, x0, y + 14, y + HEAD_H - 8, seat, "surface")
    cy = y + 30
    level = automa.get("difficulty") or view.get("difficulty")
    label = tr(R.AUTOMA_LEVELS.get(level, "render.runarch.automa_normal"))
    left_edge = pill(img, x0 + w, cy, label, fill="surface_hi", ink="ink", under="surface", align="right")
    name = fitted(R._name(names, seat, tr, None), 22, "bold", left_edge - x0 - 28)
    text(img, (x0 + 18, cy), name, size=22, weight="bold", fill="ink", bg="surface", anchor="lm")
    y += HEAD_H + 6
    minimum = tr("render.runarch.minimum", minimum=automa.get("minimum", view.get("minimum")))
    text(img, (x0, y + 12), minimum, size=20, weight="bold", fill="ink", bg="surface", anchor="lm")
    lines = kit.wrap_text(tr(automa_lines_key(automa.get("lines") or ())), kit.font(18), w, max_lines=2)
    for i, line in enumerate(lines):
        text(img, (x0, y + 40 + i * 24), line, size=18, fill="muted", bg="surface", anchor="lm")
    scored = len(per_seat(view.get("scored"), seat) or ())
    text(
        img,
        (x0, y + 88),
        tr("render.runarch.automa_cards", count=scored),
        size=18,
        fill="muted",
        bg="surface",
        anchor="lm",
    )


def draw_automa_last(img: Image.Image, x0: int, y: int, w: int, view: View, tr: Tr) -> None:
    """The automa's last turn: the card it revealed, the stone it moved, what it scored."""
    automa = view.get("automa") or {}
    last = automa.get("last")
    title = tr("render.runarch.automa_last")
    text(img, (x0, y + 16), title, size=18, weight="bold", fill="highlight", bg="surface", anchor="lm")
    if not last:
        text(
            img,
            (x0, y + 50),
            tr("render.runarch.automa_no_turn"),
            size=18,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        return
    card = last.get("card")
    if not card:
        text(
            img,
            (x0, y + 50),
            tr("render.runarch.automa_no_card"),
            size=18,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        return
    y += 36
    if card:
        label = tr("render.runarch.card", card=card["id"])
        text(img, (x0, y + 20), label, size=20, weight="bold", fill="ink", bg="surface", anchor="lm")
        x = x0 + kit.text_length(label, 20, "bold") + 16
        for k, code in enumerate(card.get("pattern") or ()):
            cx = x + k * 36 + 17
            box(img, (cx - 17, y + 3, cx + 17, y + 37), 8, "surface_hi", under="surface")
            paste_centred(img, glyph(code, 10, "surface_hi"), cx, y + 20)
    y += 46
    moved = last.get("moved")
    if moved:
        stone = last.get("stone")
        x = x0
        if stone:
            paste_centred(img, glyph(stone, 11, "surface"), x + 15, y + 18)
            x += 36
        line = fitted(tr("render.runarch.automa_moved", a=moved[0], b=moved[1]), 18, "medium", w - (x - x0))
        text(img, (x, y + 18), line, size=18, weight="medium", fill="ink", bg="surface", anchor="lm")
    else:
        line = fitted(tr("render.runarch.automa_stuck"), 18, "medium", w)
        text(img, (x0, y + 18), line, size=18, weight="medium", fill="ink", bg="surface", anchor="lm")
    y += 44
    if last.get("line"):
        label = tr("render.runarch.automa_scored", line=last["line"], points=last.get("points"))
        pill(img, x0, y + 16, fitted(label, 18, "bold", w - 30), fill="accent", ink="dark", under="surface")
    else:
        label = tr("render.runarch.automa_discarded")
        pill(
            img, x0, y + 16, fitted(label, 18, "bold", w - 30), fill="surface_hi", ink="ink", under="surface"
        )


def draw_automa_column(
    img: Image.Image, x0: int, y0: int, h: int, view: View, names: Sequence[str], tr: Tr
) -> None:
    box(img, (x0, y0, x0 + COLUMN_W, y0 + h), 14, "surface")
    w = COLUMN_W - 2 * PAD
    draw_automa_info(img, x0 + PAD, y0, w, view, names, tr)
    y = y0 + AUTOMA_INFO_H
    ImageDraw.Draw(img).line(((x0 + PAD, y), (x0 + COLUMN_W - PAD, y)), fill=PAL["surface_hi"], width=2)
    draw_automa_last(img, x0 + PAD, y + 8, w, view, tr)
    seat = automa_seat(view) or 1
    if shows_final(view, seat):
        draw_final(img, x0, y + 8 + AUTOMA_LAST_H, view, seat, per_seat(view["final"], seat), tr)


def automa_column_height(view: View) -> int:
    h = AUTOMA_INFO_H + 8 + AUTOMA_LAST_H + PAD
    if shows_final(view, automa_seat(view) or 1):
        h += FINAL_H
    return h


AUTOMA_PANEL_H = max(AUTOMA_INFO_H, AUTOMA_LAST_H) + 8


def draw_automa_panel(img: Image.Image, y: int, view: View, names: Sequence[str], tr: Tr) -> None:
    """The automa in a simple solo game: a full-width panel, its info beside its last turn."""
    box(img, (MARGIN, y, WIDTH - MARGIN, y + AUTOMA_PANEL_H), 14, "surface")
    w = COLUMN_W - 2 * PAD
    draw_automa_info(img, MARGIN + PAD, y, w, view, names, tr)
    x = MARGIN + COLUMN_W + COLUMN_GAP
    ImageDraw.Draw(img).line(
        ((x - COLUMN_GAP // 2, y + PAD), (x - COLUMN_GAP // 2, y + AUTOMA_PANEL_H - PAD)),
        fill=PAL["surface_hi"],
        width=2,
    )
    draw_automa_last(img, x + 4, y + 8, w, view, tr)


# --------------------------------------------------------------------------- public goals, offer, conditions


def goals_height(view: View) -> int:
    goals = view.get("goals") or ()
    rows = max(1, math.ceil(len(goals) / 2))
    return 32 + rows * (GOAL_H + COLUMN_GAP) - COLUMN_GAP


def draw_goals(img: Image.Image, y: int, view: View, names: Sequence[str], tr: Tr) -> None:
    title = tr("render.runarch.goals_title")
    text(img, (MARGIN + 4, y + 12), title, size=18, weight="bold", fill="muted", anchor="lm")
    y += 32
    goals = view.get("goals") or ()
    if not goals:
        box(img, (MARGIN, y, WIDTH - MARGIN, y + GOAL_H), 14, "surface")
        line = fitted(tr("render.runarch.goals_hidden"), 20, "regular", INNER - 2 * PAD)
        text(img, (WIDTH / 2, y + GOAL_H / 2), line, size=20, fill="muted", bg="surface", anchor="mm")
        return
    bettors = goal_bettors(view)
    for i, goal_card in enumerate(goals):
        gx = MARGIN + (i % 2) * (GOAL_W + COLUMN_GAP)
        gy = y + (i // 2) * (GOAL_H + COLUMN_GAP)
        box(img, (gx, gy, gx + GOAL_W, gy + GOAL_H), 14, "surface")
        draw_goal(img, gx + PAD, gy + 26, goal_card.get("goal") or {}, tr, "surface", GOAL_W - 2 * PAD)
        cy = gy + 62
        text(
            img,
            (gx + PAD, cy),
            goal_card["id"],
            size=18,
            weight="bold",
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        x = gx + GOAL_W - PAD
        for seat, token in reversed(bettors.get(goal_card["id"], [])):
            name = fitted(R._name(names, seat, tr, None), 18, "bold", 96)
            text(img, (x, cy), name, size=18, weight="bold", fill="ink", bg="surface", anchor="rm")
            x -= kit.text_length(name, 18, "bold") + 4
            seat_stripe(img, round(x) - 8, round(cy) - 10, round(cy) + 10, seat, "surface")
            x -= 14
            paste_centred(img, coin(token, "surface"), x - COIN_R, cy)
            x -= 2 * COIN_R + 14


TOKENS_H = TOKENS_TITLE_H + TOKEN_H


def draw_tokens(img: Image.Image, y: int, view: View, tr: Tr) -> None:
    """The public offer (positions 1-4) and the six condition tokens."""
    offer = list(view.get("offer") or ())
    x = MARGIN
    text(
        img,
        (x + 4, y + 12),
        tr("render.runarch.offer_title"),
        size=18,
        weight="bold",
        fill="muted",
        anchor="lm",
    )
    cond_x = CONDITIONS_X
    title = fitted(tr("render.runarch.conditions_title"), 18, "bold", WIDTH - MARGIN - cond_x)
    text(img, (cond_x, y + 12), title, size=18, weight="bold", fill="muted", anchor="lm")
    y += TOKENS_TITLE_H
    for i in range(4):
        ox = x + i * (OFFER_W + 8)
        box(img, (ox, y, ox + OFFER_W, y + TOKEN_H), 10, "surface")
        text(
            img,
            (ox + OFFER_W / 2, y + 16),
            str(i + 1),
            size=18,
            weight="bold",
            fill="muted",
            bg="surface",
            anchor="mm",
        )
        if i < len(offer) and offer[i]:
            paste_centred(img, glyph(offer[i], 13, "surface"), ox + OFFER_W / 2, y + TOKEN_GLYPH_Y)
        else:
            text(
                img,
                (ox + OFFER_W / 2, y + TOKEN_GLYPH_Y),
                "–",
                size=22,
                weight="bold",
                fill="muted",
                bg="surface",
                anchor="mm",
            )
    for i, cond in enumerate(view.get("conditions") or ()):
        cx = cond_x + i * (COND_W + 8)
        box(img, (cx, y, cx + COND_W, y + TOKEN_H), 10, "surface")
        counts = cond.get("counts") or {}
        for k, side in enumerate(ARCHIVES):
            sx = cx + 4 + k * 19
            box(img, (sx, y + 6, sx + 18, y + 36), 5, "surface_hi", under="surface")
            value = counts.get(side)
            label, ink = (str(value), "ink") if value is not None else ("–", "muted")
            text(img, (sx + 9, y + 21), label, size=18, weight="bold", fill=ink, bg="surface_hi", anchor="mm")
        paste_centred(img, coin(cond.get("bet"), "surface"), cx + COND_W / 2, y + TOKEN_COIN_Y)


# --------------------------------------------------------------------------- picture


def layout(view: View) -> list[tuple[str, int, int]]:
    """The sections below the board as (name, top, height), and the picture height last."""
    y = R.HEIGHT
    parts: list[tuple[str, int, int]] = []

    def add(name: str, height: int) -> None:
        nonlocal y
        parts.append((name, y, height))
        y += height + SECTION_GAP

    complex_game = is_complex(view)
    solo = automa_seat(view) is not None
    if complex_game:
        add("track", TRACK_H)
        heights = [player_height(view, 0)]
        heights.append(automa_column_height(view) if solo else player_height(view, 1))
        add("players", max(heights))
    elif solo:
        add("automa", AUTOMA_PANEL_H)
    if complex_game:
        add("goals", goals_height(view))
        add("tokens", TOKENS_H)
    parts.append(("end", y - SECTION_GAP + MARGIN, 0))
    return parts


def section(view: View, name: str) -> tuple[int, int] | None:
    """``(top, height)`` of a section ("track", "players", "automa", "goals", "tokens")."""
    for part, top, height in layout(view):
        if part == name:
            return top, height
    return None


def _top(view: View, name: str) -> int:
    spot = section(view, name)
    if spot is None:
        raise ValueError(f"no {name} section in this picture")
    return spot[0]


def column_x(seat: int) -> int:
    """Left edge of a seat's board in the players section."""
    return MARGIN + seat * (COLUMN_W + COLUMN_GAP)


def archive_card_centre(view: View, seat: int, side: str, index: int) -> tuple[int, int]:
    """Pixel centre of the match area of the ``index``-th card in a seat's archive ``side``."""
    y = _top(view, "players") + HEAD_H + (ABILITIES_H if shows_abilities(view) else 0)
    x = column_x(seat) + PAD + ARCHIVES.index(side) * (ARCHIVE_W + 8) + (index % 2) * (MINI_W + MINI_GAP)
    y += ARCHIVE_HEAD + (index // 2) * MINI_ROW
    return x + MINI_W // 2, y + MINI_GLYPH_Y


def offer_centre(view: View, position: int) -> tuple[int, int]:
    """Pixel centre of the match area at offer ``position`` (0-3)."""
    x = MARGIN + position * (OFFER_W + 8) + OFFER_W // 2
    return x, _top(view, "tokens") + TOKENS_TITLE_H + TOKEN_GLYPH_Y


def condition_box(view: View, index: int) -> tuple[int, int, int, int]:
    """The ``index``-th condition token as ``(left, top, right, bottom)``."""
    x = CONDITIONS_X + index * (COND_W + 8)
    y = _top(view, "tokens") + TOKENS_TITLE_H
    return x, y, x + COND_W, y + TOKEN_H


def picture_size(view: View) -> tuple[int, int]:
    """Size of the picture of ``view``."""
    if not R.is_extended(view):
        return R.SIZE_PX
    return WIDTH, layout(view)[-1][1]


def draw(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The picture of a complex or solo ``view`` (palette image)."""
    parts = layout(view)
    img = PAL.new((WIDTH, parts[-1][1]))
    img.paste(R._base(), (0, 0))
    R.draw_main(img, view, names, tr)
    last = view.get("last") or {}
    for line in dict.fromkeys(s["line"] for s in last.get("scores") or ()):
        if line in DIAGONAL_LINES:
            frame_diagonal(img, line)
    moved = (last.get("automa") or {}).get("moved")
    if moved:
        draw_move_arrow(img, moved[0], moved[1])
    solo_seat = automa_seat(view)
    for name, y, h in parts:
        if name == "track":
            draw_track(img, y, view, names, tr)
        elif name == "players":
            for seat in range(seat_count(view)):
                x0 = MARGIN + seat * (COLUMN_W + COLUMN_GAP)
                if seat == solo_seat:
                    draw_automa_column(img, x0, y, h, view, names, tr)
                else:
                    draw_player(img, x0, y, h, view, names, seat, tr)
        elif name == "automa":
            draw_automa_panel(img, y, view, names, tr)
        elif name == "goals":
            draw_goals(img, y, view, names, tr)
        elif name == "tokens":
            draw_tokens(img, y, view, tr)
    return img


def render_board(view: View, names: Sequence[str], tr: Tr) -> bytes:
    """The picture of a complex or solo ``view`` as PNG bytes (see the module docstring)."""
    return kit.encode_png(board_image(view, names, tr))


def board_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The picture of a complex or solo ``view`` as a palette image (what :func:`render_board` encodes)."""
    return draw(view, names, tr)


def draw_card_extras(
    img: Image.Image, x0: int, y0: int, width: int, pattern_h: int, card: Mapping[str, Any], tr: Tr
) -> None:
    """A hand card's match area (top right, what filing looks at) and its goal (under the pattern)."""
    match = card.get("match")
    if match:
        paste_centred(img, glyph(match, 12, "surface"), x0 + width - 28, y0 + 28)
    goal = card.get("goal")
    if goal:
        draw_goal(img, x0 + 12, y0 + pattern_h + 8, goal, tr, "surface", width - 24)
