"""Moonriser's public board picture (``render_board``), its palette image for replays
(``board_image``) and the second picture with the players' details (``render_details``).

The picture reads only the public view (``view(state, None)``, MOONRISER.md): ``fields``,
``tiles``, ``empty``, ``supply``, ``piles``, ``seats`` (tokens, hand count, resigned),
``scores``, ``production``, ``last``, ``active``, ``phase``, ``round``, ``ending``, ``content``.
From top to bottom: who is to act and the round; one row per player (colour, name, tokens with
this round's production, tiles in hand, VP so far); the board, filling the width; the common
supply numbered 1..n from the left and the piles' sizes. Drawing is pasting cached sprites
into a cached empty board, so it costs little more than encoding the PNG.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.moonriser.trading import HAND_LIMIT
from render import kit
from render.departures import departure
from render.inputs import drawn_from
from render.layers import layer_cache
from render.moonriser.geometry import FieldsKey, empty_board, fields_key, fit_radius, geometry, shades
from render.moonriser.marks import draw_marks
from render.moonriser.style import (
    FACE_RGB,
    FIELD_RGB,
    PAL,
    SQRT3,
    TOKEN_RGB,
    Tr,
    View,
    seat_colour,
    seat_name,
    text,
)
from render.moonriser.tiles import black_token, board_tile, paint_disk, ring, sprite_size

WIDTH = 720
MARGIN = 12
STATUS_Y = 10
STATUS_H = 44
ROW_H = 36
BOARD_MAX_H = 1040
BOARD_MAX_R = 56
SUPPLY_R = 46
SUPPLY_TITLE_H = 30
FOOTER_H = 34

COLOURS = ("blue", "red", "green")
TOKEN_X = 232
TOKEN_GROUP = 92
HAND_X = TOKEN_X + 3 * TOKEN_GROUP + 56


# --------------------------------------------------------------------------- layout


def player_count(view: View) -> int:
    return int(view.get("players") or len(view.get("seats") or ()) or 2)


@functools.lru_cache(maxsize=32)
def _layout(key: FieldsKey, players: int) -> dict[str, Any]:
    players_y = STATUS_Y + STATUS_H + 8
    board_y = players_y + players * ROW_H + 8 + 12
    r = fit_radius(key, WIDTH - 2 * MARGIN, BOARD_MAX_H, BOARD_MAX_R)
    geo = geometry(key, r, 0, 0)
    left = (WIDTH - geo.width) / 2
    geo = geometry(key, r, left, board_y)
    supply_y = board_y + geo.height + 14
    height = supply_y + SUPPLY_TITLE_H + 2 * SUPPLY_R + 18 + FOOTER_H
    return {
        "players_y": players_y,
        "board_y": board_y,
        "geo": geo,
        "left": left,
        "supply_y": supply_y,
        "size": (WIDTH, height),
    }


def picture_size(view: View) -> tuple[int, int]:
    """Size of the board picture of ``view`` (what a benchmark's blank baseline should use)."""
    return _layout(fields_key(view["fields"]), player_count(view))["size"]


@layer_cache(hot=16, cold=512)
def _base(key: FieldsKey, players: int) -> Image.Image:
    """The empty board with the boxes of the status bar, the player rows and the supply."""
    lay = _layout(key, players)
    img = empty_board(key, lay["geo"].r, lay["left"], lay["board_y"], lay["size"]).copy()
    kit.rounded_box(img, (MARGIN, STATUS_Y, WIDTH - MARGIN, STATUS_Y + STATUS_H), 12, "surface", pal=PAL)
    y = lay["players_y"]
    kit.rounded_box(img, (MARGIN, y, WIDTH - MARGIN, y + players * ROW_H + 8), 12, "surface", pal=PAL)
    return img


# --------------------------------------------------------------------------- sprites


@functools.lru_cache(maxsize=32)
def token_sprite(colour: str, bg: str, radius: int = 10) -> tuple[Image.Image, Image.Image]:
    """A small token disk of a colour (or a grey hexagon: ``colour="tile"``, a tile in hand)."""
    side = 2 * radius + 4

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        if colour == "tile":
            from render.moonriser.style import hex_points

            draw.polygon(hex_points(c, c, (radius + 1) * s), fill=(*kit.PALETTE["dark"], 255))
            draw.polygon(hex_points(c, c, (radius - 0.5) * s), fill=(*FACE_RGB["basic"], 255))
        else:
            paint_disk(draw, c, c, radius * s, TOKEN_RGB[colour], s)

    rgba = kit.supersampled((side, side), paint)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb(bg))), kit.alpha_mask(rgba, 100)


def paste_centred(img: Image.Image, sprite: tuple[Image.Image, Image.Image], x: float, y: float) -> None:
    pic, mask = sprite
    kit.paste_sprite(img, pic, (round(x - pic.width / 2), round(y - pic.height / 2)), mask)


# --------------------------------------------------------------------------- the parts


PHASE_KEYS = {
    "base": "render.moonriser.phase_base",
    "setup_keep": "render.moonriser.phase_setup_keep",
    "plan": "render.moonriser.phase_plan",
    "draw": "render.moonriser.phase_draw",
    "keep": "render.moonriser.phase_keep",
    "develop": "render.moonriser.phase_develop",
    "trade": "render.moonriser.phase_trade",
    "final": "render.moonriser.phase_final",
}


def totals(view: View) -> list[int]:
    scores = view.get("scores") or ()
    return [int((s or {}).get("total", 0)) if isinstance(s, Mapping) else int(s) for s in scores]


def winners(view: View) -> list[int]:
    """The seats the engine's outcome places first (a seat that resigned never wins, whatever
    its total); the highest totals only for a view without an outcome."""
    places = (view.get("outcome") or {}).get("places")
    if places:
        return [seat for seat, place in enumerate(places) if place == 1]
    points = totals(view)
    best = max(points, default=0)
    return [seat for seat, p in enumerate(points) if p == best]


def over_hand_limit(view: View, seat: Any) -> bool:
    """Whether ``seat`` holds more tiles than it may end its turn with (it must discard first)."""
    seats = view.get("seats") or ()
    if not isinstance(seat, int) or not 0 <= seat < len(seats):
        return False
    return int((seats[seat] or {}).get("hand_count", 0) or 0) > HAND_LIMIT


def status_line(view: View, names: Sequence[str], tr: Tr, room: float) -> str:
    """Who is to act and what they do; the winner once the game is over."""
    fnt = kit.font(22, "bold")
    phase = view.get("phase")
    if phase == "over":
        best = winners(view)
        if len(best) != 1:
            shared = ", ".join(seat_name(names, s, tr) for s in best)
            return kit.fit_text(tr("render.moonriser.shared_win", names=shared), fnt, room)
        key, seat = "render.moonriser.winner", best[0]
    else:
        key, seat = PHASE_KEYS.get(str(phase), "render.moonriser.phase_develop"), view.get("active")
        if phase == "trade" and over_hand_limit(view, seat):
            key = "render.moonriser.phase_hand_limit"
    if seat is None or "{name}" not in tr(key, name="{name}"):
        return kit.fit_text(tr(key, name=""), fnt, room)
    rest = kit.text_width(tr(key, name=""), fnt)
    name = kit.fit_text(seat_name(names, int(seat), tr), fnt, max(room - rest, 60))
    return kit.fit_text(tr(key, name=name), fnt, room)


def draw_status(img: Image.Image, view: View, names: Sequence[str], tr: Tr) -> None:
    cy = STATUS_Y + STATUS_H // 2
    right = WIDTH - MARGIN - 14
    rnd = tr("render.moonriser.round", round=view.get("round", 1))
    text(img, (right, cy), rnd, size=20, weight="medium", fill="ink", bg="surface", anchor="rm")
    right -= round(kit.text_length(rnd, 20, "medium")) + 14
    if view.get("phase") == "over" or view.get("ending"):
        key = "render.moonriser.game_over" if view.get("phase") == "over" else "render.moonriser.last_turn"
        label = tr(key)
        w = round(kit.text_length(label, 18, "bold")) + 24
        kit.rounded_box(img, (right - w, cy - 15, right, cy + 15), 15, "highlight", under="surface", pal=PAL)
        text(
            img, (right - w / 2, cy), label, size=18, weight="bold", fill="dark", bg="highlight", anchor="mm"
        )
        right -= w + 12
    left = MARGIN + 14
    line = status_line(view, names, tr, right - left)
    text(img, (left, cy), line, size=22, weight="bold", fill="highlight", bg="surface", anchor="lm")


def draw_players(img: Image.Image, view: View, names: Sequence[str], tr: Tr, top: int) -> None:
    """One row per seat: colour, name, tokens (+ production), tiles in hand, VP so far."""
    seats = view.get("seats") or ()
    points = totals(view)
    production = view.get("production") or ()
    active = view.get("active") if view.get("phase") not in ("over", "final", "setup_keep") else None
    for seat in range(player_count(view)):
        info = seats[seat] if seat < len(seats) else {}
        y0 = top + 4 + seat * ROW_H
        cy = y0 + ROW_H // 2
        bg = "surface"
        if seat == active:
            bg = "surface_hi"
            kit.rounded_box(
                img, (MARGIN + 4, y0 + 1, WIDTH - MARGIN - 4, y0 + ROW_H - 1), 9, bg, under="surface", pal=PAL
            )
            kit.rounded_box(
                img, (MARGIN + 4, y0 + 6, MARGIN + 9, y0 + ROW_H - 6), 2, "highlight", under=bg, pal=PAL
            )
        paste_centred(img, token_sprite(seat_colour(seat), bg, 11), MARGIN + 26, cy)
        resigned = bool(info.get("resigned"))
        name = kit.fit_text(seat_name(names, seat, tr), kit.font(20, "bold"), TOKEN_X - MARGIN - 58)
        text(
            img,
            (MARGIN + 44, cy),
            name,
            size=20,
            weight="bold",
            fill="muted" if resigned else "ink",
            bg=bg,
            anchor="lm",
        )
        tokens = info.get("tokens") or {}
        made = production[seat] if seat < len(production) else {}
        x = TOKEN_X
        for colour in COLOURS:
            paste_centred(img, token_sprite(colour, bg), x + 10, cy)
            count = str(tokens.get(colour, 0))
            text(img, (x + 25, cy), count, size=20, weight="bold", fill="ink", bg=bg, anchor="lm")
            gain = int((made or {}).get(colour, 0))
            if gain:
                gx = x + 29 + kit.text_length(count, 20, "bold")
                text(
                    img, (gx, cy + 1), f"+{gain}", size=16, weight="medium", fill="muted", bg=bg, anchor="lm"
                )
            x += TOKEN_GROUP
        paste_centred(img, token_sprite("yellow", bg), x + 10, cy)
        text(
            img,
            (x + 25, cy),
            str(tokens.get("yellow", 0)),
            size=20,
            weight="bold",
            fill="ink",
            bg=bg,
            anchor="lm",
        )
        paste_centred(img, token_sprite("tile", bg), HAND_X + 10, cy)
        hand = int(info.get("hand_count", 0) or 0)
        text(img, (HAND_X + 25, cy), str(hand), size=20, weight="bold", fill="ink", bg=bg, anchor="lm")
        score = (
            tr(f"render.moonriser.{departure(view, seat)}")
            if resigned
            else tr("render.moonriser.vp", points=points[seat] if seat < len(points) else 0)
        )
        text(
            img,
            (WIDTH - MARGIN - 14, cy),
            score,
            size=20,
            weight="bold",
            fill="highlight" if not resigned else "muted",
            bg=bg,
            anchor="rm",
        )


def draw_tiles(img: Image.Image, view: View, key: FieldsKey, geo: Any) -> None:
    """The placed tiles, the black tokens and the orange rings of the last turn."""
    version = (view.get("content") or {}).get("tiles")
    r = geo.r
    half_w, half_h = sprite_size(r)[0] / 2, sprite_size(r)[1] / 2
    for label, placed in (view.get("tiles") or {}).items():
        if label not in geo.centres:
            continue
        x, y = geo.centres[label]
        pic, mask = board_tile(
            version,
            placed["tile"],
            int(placed.get("rot", 0)) % 6,
            placed.get("owner"),
            bool(placed.get("upgraded")),
            int(placed.get("level") or 0),
            r,
        )
        kit.paste_sprite(img, pic, (round(x - half_w), round(y - half_h)), mask)
    shade = shades(key)
    for label in view.get("empty") or ():
        if label in geo.centres:
            x, y = geo.centres[label]
            pic, mask = black_token(r, FIELD_RGB[shade[label]])
            kit.paste_sprite(img, pic, (round(x - half_w), round(y - half_h)), mask)
    pic, mask = ring(r)
    for label in last_fields(view):
        if label in geo.centres:
            x, y = geo.centres[label]
            kit.paste_sprite(img, pic, (round(x - half_w), round(y - half_h)), mask)


def last_fields(view: View) -> list[str]:
    """The fields of the previous turn: placed and upgraded tiles (``view["last"]``)."""
    last = view.get("last") or {}
    return list(dict.fromkeys([*(last.get("fields") or ()), *(last.get("upgraded") or ())]))


def draw_supply(img: Image.Image, view: View, tr: Tr, top: int) -> None:
    """The common supply, numbered 1..n from the left, and the piles' sizes."""
    version = (view.get("content") or {}).get("tiles")
    supply = list(view.get("supply") or ())
    title_y = top + SUPPLY_TITLE_H // 2
    text(
        img,
        (MARGIN + 4, title_y),
        tr("render.moonriser.supply"),
        size=20,
        weight="bold",
        fill="muted",
        anchor="lm",
    )
    piles = view.get("piles") or {}
    line = tr(
        "render.moonriser.piles", basic=_size(piles.get("basic")), advanced=_size(piles.get("advanced"))
    )
    text(img, (WIDTH - MARGIN - 4, title_y), line, size=18, fill="muted", anchor="rm")
    slots = max(len(supply), player_count(view) + 2)
    step = SQRT3 * SUPPLY_R + 26
    x0 = (WIDTH - step * (slots - 1)) / 2
    cy = top + SUPPLY_TITLE_H + 16 + SUPPLY_R
    half_w, half_h = sprite_size(SUPPLY_R)[0] / 2, sprite_size(SUPPLY_R)[1] / 2
    for i in range(slots):
        x = x0 + i * step
        text(
            img,
            (x - SQRT3 * SUPPLY_R / 2 - 4, cy - SUPPLY_R + 10),
            str(i + 1),
            size=20,
            weight="black",
            fill="highlight",
            anchor="rm",
        )
        if i < len(supply):
            pic, mask = board_tile(version, supply[i], 0, None, False, 0, SUPPLY_R)
            kit.paste_sprite(img, pic, (round(x - half_w), round(cy - half_h)), mask)


def _size(pile: Any) -> int:
    return len(pile) if isinstance(pile, list | tuple) else int(pile or 0)


def draw_footer(img: Image.Image, view: View, names: Sequence[str], tr: Tr) -> None:
    last = view.get("last") or {}
    if not last_fields(view) or last.get("seat") is None:
        return
    y = img.height - FOOTER_H // 2 - 4
    name = kit.fit_text(seat_name(names, int(last["seat"]), tr), kit.font(18, "medium"), 260)
    line = kit.fit_text(tr("render.moonriser.last", name=name), kit.font(18, "medium"), WIDTH - 2 * MARGIN)
    text(img, (MARGIN + 4, y), line, size=18, weight="medium", fill="highlight", anchor="lm")


# --------------------------------------------------------------------------- entry points


def board_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The picture :func:`render_board` encodes, as a palette image (a replay encodes many)."""
    key = fields_key(view["fields"])
    players = player_count(view)
    lay = _layout(key, players)
    img = _base(key, players).copy()
    draw_tiles(img, view, key, lay["geo"])
    draw_marks(img, view, lay["geo"])
    draw_status(img, view, names, tr)
    draw_players(img, view, names, tr, lay["players_y"])
    draw_supply(img, view, tr, lay["supply_y"])
    draw_footer(img, view, names, tr)
    return img


def render_board(view: View, names: Sequence[str], tr: Tr) -> bytes:
    """The public board of ``view`` (``view(state, None)``) as PNG bytes, 720 px wide."""
    return kit.encode_png(board_image(view, names, tr))


def _details_inputs(view: View, names: Sequence[str], tr: Tr) -> Any:
    from render.moonriser.details import details_inputs

    return details_inputs(view, names, tr)


@drawn_from(_details_inputs)
def render_details(view: View, names: Sequence[str], tr: Tr) -> bytes | None:
    """The second picture: each player's score breakdown and production, and a legend of the
    symbols (what the board picture has no room to explain)."""
    from render.moonriser.details import details_image

    return kit.encode_png(details_image(view, names, tr))
