"""RunArch pictures: the simple game's public board and the pieces every RunArch picture shares
(layout, palette, tiles, text). The entry points the cog draws are in :mod:`render.runarch.pictures`.

The board is 25 tiles. A tile is its pad (a light tint of the pad's colour with the pad's
shape drawn as an outline) with the stone on it (the solid colour and shape, a dark outline,
and a ring of the pad's tint around it so the pad's outline never touches the stone). Tiles
are composed in RGB with real alpha, then mapped onto the fixed palette and cached by
``(pad, stone, ringed)``: there are only 625 pad/stone pairs and a game meets few of them, so
drawing a board is mostly pasting ready tiles and text sprites into a cached base picture.

Every sentence comes from the ``render.runarch`` catalog keys through ``tr``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.runarch.components import (
    ALL_LINES,
    CELL_INDEX,
    CELLS,
    COLOURS,
    COLUMN_LINES,
    COLUMNS,
    ROW_LINES,
    SIZE,
    cell_rc,
)
from render import kit, shapes
from render.departures import departure
from render.runarch.stones import SHAPES, STONE_COLOURS

Tr = Callable[..., str]

# --------------------------------------------------------------------------- layout

WIDTH = 720
MARGIN = 20
CELL = 124
"""Distance between the centres of neighbouring cells."""
TILE = 112
"""Side of one pad tile; the rest of ``CELL`` is the gap in which scored lines are framed."""
GAP = CELL - TILE
BOARD_X = (WIDTH - SIZE * CELL) // 2
HEADER_Y = 16
PANEL_H = 110
PANEL_GAP = 12
PANEL_W = (WIDTH - 2 * MARGIN - PANEL_GAP) // 2
STATUS_Y = HEADER_Y + PANEL_H + 10
STATUS_H = 46
BOARD_Y = STATUS_Y + STATUS_H + 40
BOARD_BOTTOM = BOARD_Y + SIZE * CELL
FOOTER_Y = BOARD_BOTTOM + 40
HEIGHT = FOOTER_Y + 84

STONE_SIZE = 25
"""A stone's visual size (the circle's radius; other shapes are balanced to look as big)."""
PAD_SIZE = 38
PAD_STROKE = 4
STONE_STROKE = 3.5
HALO = 5
RING = 6
FRAME = 5
TILE_RADIUS = 14

CARD_W = 334
CARD_H = 150
SLOT = 58
SLOT_GAP = 4
HAND_STONE = 19
HAND_MARGIN = 16
SLOT_TOP = 54

SIZE_PX = (WIDTH, HEIGHT)
"""Size of every board picture (what a benchmark's blank baseline should use)."""


def cell_centre(cell: str) -> tuple[int, int]:
    """Pixel centre of a cell such as ``"C4"`` on the board picture."""
    row, col = cell_rc(CELL_INDEX[cell])
    return BOARD_X + col * CELL + CELL // 2, BOARD_Y + row * CELL + CELL // 2


def cell_box(cell: str) -> tuple[int, int, int, int]:
    """The tile of a cell as ``(left, top, right, bottom)``, right and bottom exclusive."""
    x, y = cell_centre(cell)
    return x - TILE // 2, y - TILE // 2, x + TILE // 2, y + TILE // 2


def line_box(line: str) -> tuple[int, int, int, int]:
    """The frame drawn around a scored line, in the gaps around its tiles."""
    first, last = ALL_LINES[line][0], ALL_LINES[line][-1]
    r0, c0 = cell_rc(first)
    r1, c1 = cell_rc(last)
    return (
        BOARD_X + min(c0, c1) * CELL,
        BOARD_Y + min(r0, r1) * CELL,
        BOARD_X + (max(c0, c1) + 1) * CELL,
        BOARD_Y + (max(r0, r1) + 1) * CELL,
    )


# --------------------------------------------------------------------------- colours

TINTS: Mapping[str, kit.RGB] = {c: kit.tint(STONE_COLOURS[c], 0.42) for c in COLOURS}
"""The pad colours: a light tint of each stone colour."""
PAD_LINES: Mapping[str, kit.RGB] = {c: kit.mix(TINTS[c], STONE_COLOURS[c], 0.62) for c in COLOURS}
"""The outline of a pad's shape: between the tint and the full colour."""


def _palette() -> kit.IndexedPalette:
    colours = {**kit.PALETTE, **STONE_COLOURS}
    for c in COLOURS:
        colours[f"tint_{c}"] = TINTS[c]
        colours[f"padline_{c}"] = PAD_LINES[c]
    ramps: list[tuple[str, str] | tuple[str, str, int]] = list(kit.TEXT_RAMPS)
    ramps += [
        ("dark", "highlight"),
        ("dark", "accent"),
        ("dark", "muted"),
        ("surface", "background", 3),
        ("surface_hi", "background", 3),
        ("surface_hi", "surface", 3),
        ("highlight", "background", 3),
        ("accent", "background", 3),
        ("highlight", "surface_hi", 3),
        ("dark", "surface_hi", 3),
        ("muted", "background", 3),
    ]
    ramps += [(kit.player_colour(seat), bg, 3) for seat in (0, 1) for bg in ("surface", "surface_hi")]
    for c in COLOURS:
        ramps += [
            (f"tint_{c}", "background", 3),
            ("highlight", f"tint_{c}", 3),
            (f"padline_{c}", f"tint_{c}", 3),
            ("dark", f"tint_{c}", 3),
            (c, "dark", 3),
        ]
    return kit.IndexedPalette(colours, ramps)


PAL = _palette()


def stone_colour(code: str) -> kit.RGB:
    """The solid colour of a stone such as ``"5Y"``."""
    return PAL.rgb(code[1])


# --------------------------------------------------------------------------- sprites


@functools.lru_cache(maxsize=64)
def _stone_rgba(code: str, side: int, size: float) -> Image.Image:
    """A stone centred in a ``side`` square, over transparency."""
    shape = SHAPES[code[0]]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        shapes.draw_shape(
            draw, shape, c, c, size * s, (*PAL.rgb(code[1]), 255), (*PAL.rgb("dark"), 255), STONE_STROKE * s
        )

    return kit.supersampled((side, side), paint)


@functools.lru_cache(maxsize=8)
def _halo_mask(shape_digit: str) -> Image.Image:
    """The stone's shape grown by ``HALO``: where the pad's tint is laid under a stone."""
    shape = SHAPES[shape_digit]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = TILE * s / 2
        shapes.draw_shape(draw, shape, c, c, (STONE_SIZE + HALO) * s, (255, 255, 255, 255))

    return kit.supersampled((TILE, TILE), paint).getchannel("A")


@functools.lru_cache(maxsize=64)
def _pad_rgb(pad: str, ringed: bool) -> Image.Image:
    """An empty pad tile in RGB, over the board background."""
    colour = pad[1]
    tint = TINTS[colour]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        full = (0, 0, TILE * s - 1, TILE * s - 1)
        if ringed:
            draw.rounded_rectangle(full, TILE_RADIUS * s, fill=PAL.rgb("highlight"))
            inner = (RING * s, RING * s, (TILE - RING) * s - 1, (TILE - RING) * s - 1)
            draw.rounded_rectangle(inner, (TILE_RADIUS - RING / 2) * s, fill=tint)
        else:
            draw.rounded_rectangle(full, TILE_RADIUS * s, fill=tint)
        c = TILE * s / 2
        shapes.draw_ring(draw, SHAPES[pad[0]], c, c, PAD_SIZE * s, PAD_LINES[colour], tint, PAD_STROKE * s)

    return kit.supersampled((TILE, TILE), paint, background=PAL.rgb("background"))


@functools.lru_cache(maxsize=1300)
def tile(pad: str, stone: str, ringed: bool = False) -> Image.Image:
    """The palette tile of ``stone`` lying on ``pad``; ``ringed`` marks a cell of the last swap."""
    rgb = _pad_rgb(pad, ringed).copy()
    rgb.paste(TINTS[pad[1]], None, _halo_mask(stone[0]))
    sprite = _stone_rgba(stone, TILE, STONE_SIZE)
    rgb.paste(sprite, (0, 0), sprite)
    return PAL.quantize(rgb)


@functools.lru_cache(maxsize=32)
def slot(code: str) -> Image.Image:
    """A hand card's pattern position: the stone on a rounded slot."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle((0, 0, SLOT * s - 1, SLOT * s - 1), 10 * s, fill=PAL.rgb("surface_hi"))

    rgb = kit.supersampled((SLOT, SLOT), paint, background=PAL.rgb("surface"))
    sprite = _stone_rgba(code, SLOT, HAND_STONE)
    rgb.paste(sprite, (0, 0), sprite)
    return PAL.quantize(rgb)


# --------------------------------------------------------------------------- text


def text(img: Image.Image, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


def pill(
    img: Image.Image,
    x: float,
    cy: float,
    value: str,
    *,
    size: int = 18,
    fill: str = "highlight",
    ink: str = "dark",
    under: str = "background",
    align: str = "left",
) -> float:
    """A rounded label in ``fill`` with ``ink`` text, vertically centred on ``cy``; returns
    the x of its far edge (right edge when ``align`` is left, left edge when right)."""
    w = round(kit.text_length(value, size, "bold")) + 2 * (size // 2 + 4)
    h = size + 14
    x0 = x if align == "left" else x - w
    top = round(cy - h / 2)
    kit.rounded_box(img, (x0, top, x0 + w, top + h), h // 2, fill, under=under, pal=PAL)
    text(img, (x0 + w / 2, cy), value, size=size, weight="bold", fill=ink, bg=fill, anchor="mm")
    return x0 + w if align == "left" else x0


NAME_IN_SENTENCE = 240
"""At most this many px of a player's name inside a sentence, so the sentence stays readable."""


def _name(names: Sequence[str], seat: int, tr: Tr, max_width: float | None = NAME_IN_SENTENCE) -> str:
    """The seat's display name without glyphs Roboto lacks, shortened to ``max_width`` px."""
    raw = names[seat] if seat < len(names) else ""
    name = kit.drawable(raw.strip()) or tr("render.runarch.seat", number=seat + 1)
    return name if max_width is None else kit.fit_text(name, kit.font(22, "bold"), max_width)


# --------------------------------------------------------------------------- board


@functools.lru_cache(maxsize=1)
def _base() -> Image.Image:
    """Everything that never changes: background, status bar and the cell labels."""
    img = PAL.new(SIZE_PX)
    kit.rounded_box(img, (MARGIN, STATUS_Y, WIDTH - MARGIN, STATUS_Y + STATUS_H), 12, "surface", pal=PAL)
    for i in range(SIZE):
        _label(img, _col_label_xy(i, top=True), COLUMNS[i], "muted", "background")
        _label(img, _col_label_xy(i, top=False), COLUMNS[i], "muted", "background")
        _label(img, _row_label_xy(i, left=True), str(i + 1), "muted", "background")
        _label(img, _row_label_xy(i, left=False), str(i + 1), "muted", "background")
    return img


def _col_label_xy(col: int, top: bool) -> tuple[int, int]:
    x = BOARD_X + col * CELL + CELL // 2
    return x, (BOARD_Y - 20 if top else BOARD_BOTTOM + 20)


def _row_label_xy(row: int, left: bool) -> tuple[int, int]:
    y = BOARD_Y + row * CELL + CELL // 2
    return (BOARD_X - 24 if left else BOARD_X + SIZE * CELL + 24), y


def _label(img: Image.Image, xy: tuple[int, int], value: str, fill: str, bg: str) -> None:
    text(img, xy, value, size=24, weight="bold", fill=fill, bg=bg, anchor="mm")


def _mark_line(img: Image.Image, line: str) -> None:
    """Frame a scored line and put its label in an accent badge (both ends)."""
    kit.rounded_frame(img, line_box(line), TILE_RADIUS + GAP // 2, "accent", FRAME, pal=PAL)
    value = line[3:]  # "row3" -> "3", "colB" -> "B": the label printed beside the board
    if line in ROW_LINES:
        row = int(value) - 1
        spots = [_row_label_xy(row, True), _row_label_xy(row, False)]
    else:
        col = COLUMNS.index(value)
        spots = [_col_label_xy(col, True), _col_label_xy(col, False)]
    for x, y in spots:
        kit.rounded_box(img, (x - 16, y - 16, x + 16, y + 16), 16, "accent", pal=PAL)
        _label(img, (x, y), value, "dark", "accent")


def _panel(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], seat: int, tr: Tr) -> None:
    active = seat in view["to_act"]
    x0 = MARGIN + seat * (PANEL_W + PANEL_GAP)
    y0 = HEADER_Y
    x1 = x0 + PANEL_W
    fill = "surface_hi" if active else "surface"
    kit.rounded_box(
        img,
        (x0, y0, x1, y0 + PANEL_H),
        14,
        fill,
        outline="highlight" if active else None,
        width=3 if active else 0,
        pal=PAL,
    )
    kit.rounded_box(
        img, (x0 + 14, y0 + 16, x0 + 22, y0 + PANEL_H - 16), 4, kit.player_colour(seat), under=fill, pal=PAL
    )
    score = str(view["scores"][seat])
    text(img, (x1 - 18, y0 + 50), score, size=44, weight="bold", fill="ink", bg=fill, anchor="rs")
    room = PANEL_W - 36 - 18 - kit.text_length(score, 44, "bold") - 16
    name = kit.fit_text(_name(names, seat, tr, None), kit.font(26, "bold"), room)
    text(img, (x0 + 36, y0 + 44), name, size=26, weight="bold", fill="ink", bg=fill, anchor="ls")
    line2, line3 = y0 + 67, y0 + 91
    room = PANEL_W - 36 - 18
    outcome = view.get("outcome")
    if outcome is None:
        cards = _panel_line(view, seat, tr)
        extra = kit.fit_text(cards, kit.font(18), room)
    else:
        place = tr("render.runarch.place", place=outcome["places"][seat])
        text(img, (x1 - 18, line2), place, size=20, weight="bold", fill="highlight", bg=fill, anchor="rm")
        room -= kit.text_length(place, 20, "bold") + 12
        if outcome.get("resigned") == seat:
            extra = tr(f"render.runarch.{departure(view, seat)}")
        elif outcome["bonus"][seat]:
            extra = tr("render.runarch.bonus", bonus=outcome["bonus"][seat])
        else:
            extra = ""
        extra = kit.fit_text(extra, kit.font(18), PANEL_W - 36 - 18)
    best = kit.fit_text(tr("render.runarch.best", best=view["best"][seat]), kit.font(18), room)
    text(img, (x0 + 36, line2), best, size=18, fill="muted", bg=fill, anchor="lm")
    text(img, (x0 + 36, line3), extra, size=18, fill="muted", bg=fill, anchor="lm")


AUTOMA_LEVELS = {
    "easy": "render.runarch.automa_easy",
    "normal": "render.runarch.automa_normal",
    "hard": "render.runarch.automa_hard",
}


def _panel_line(view: Mapping[str, Any], seat: int, tr: Tr) -> str:
    """The third line of a seat's panel while the game runs."""
    if view.get("solo") and seat == 1:  # the automa holds no cards: say how strong it is
        level = (view.get("automa") or {}).get("difficulty") or view.get("difficulty")
        return tr(AUTOMA_LEVELS.get(level, "render.runarch.automa_normal"))
    if view.get("phase") == "setup":
        done = (view.get("setup_done") or [False, False])[seat]
        return tr("render.runarch.setup_chosen" if done else "render.runarch.setup_choosing")
    return tr("render.runarch.cards", hand=view["hand_counts"][seat], scored=len(view["scored"][seat]))


PENDING = {
    "gold": "render.runarch.pending_gold",
    "silver": "render.runarch.pending_silver",
    "draw": "render.runarch.pending_draw",
}


def turn_key(view: Mapping[str, Any]) -> tuple[str, int | None]:
    """The key of who is to act and, in the complex game, what they owe first (setup choice,
    bet, draw), with the seat the sentence names (``None``: it names nobody)."""
    to_act = view["to_act"]
    if view.get("phase") == "setup":
        if len(to_act) > 1:
            return "render.runarch.setup_both", None
        return "render.runarch.setup_one", to_act[0]
    pending = view.get("pending") or []
    if pending:
        first = pending[0]
        key = PENDING.get(first.get("token") if first.get("kind") == "bet" else first.get("kind"))
        if key:
            return key, to_act[0]
    return "render.runarch.turn", to_act[0]


def fit_sentence(
    tr: Tr, key: str, names: Sequence[str], seat: int | None, room: float, size: int, weight: str
) -> tuple[str, int]:
    """Sentence ``key`` naming ``seat`` within ``room`` px, and the font size it fits at.

    A long name is shortened, never the words around it; a sentence naming nobody steps down
    to 18 px before anything of it is cut (only a name of a few letters cannot fit)."""
    for step in (size, size - 2, size - 4) if seat is None else (size,):
        fnt = kit.font(step, weight)
        if seat is None:
            line = tr(key)
        else:
            rest = kit.text_width(tr(key, name=""), fnt)
            line = tr(key, name=kit.fit_text(_name(names, seat, tr, None), fnt, max(room - rest, 48)))
        if kit.text_width(line, fnt) <= room:
            return line, step
    return kit.fit_text(line, fnt, room), step


def end_condition(view: Mapping[str, Any], tr: Tr) -> str:
    """When the game ends: the target score, or in the complex game the tenth filed card."""
    if view.get("variant", "simple") == "simple":
        return tr("render.runarch.target", target=view["target"])
    return tr("render.runarch.ends_at", count=TENTH_CARD)


def _status(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> None:
    """Whose turn (or the result) on the left, the round on the right: the sentence gets all
    the room the round leaves (when the game ends is in the footer)."""
    cy = STATUS_Y + STATUS_H // 2
    right = WIDTH - MARGIN - 16
    if view["final_round"] and not view["over"]:
        right = round(pill(img, right, cy, tr("render.runarch.final_round"), align="right", under="surface"))
        right -= 12
    rnd = tr("render.runarch.round", round=view["round"])
    text(img, (right, cy), rnd, size=20, weight="medium", fill="ink", bg="surface", anchor="rm")
    right -= round(kit.text_length(rnd, 20, "medium"))
    left = MARGIN + 16
    if view["over"]:
        left = round(pill(img, left, cy, tr("render.runarch.game_over"), under="surface")) + 12
        outcome = view.get("outcome") or {}
        places = outcome.get("places") or []
        winners = [s for s, place in enumerate(places) if place == 1]
        key: str = "render.runarch.winner" if len(winners) == 1 else "render.runarch.draw"
        seat: int | None = winners[0] if len(winners) == 1 else None
    elif view["to_act"]:
        key, seat = turn_key(view)
    else:
        return
    line, size = fit_sentence(tr, key, names, seat, right - 20 - left, 22, "bold")
    text(img, (left, cy), line, size=size, weight="bold", fill="highlight", bg="surface", anchor="lm")


def _footer(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> None:
    """The last turn and what it scored on the left; the deck and when the game ends on the right."""
    y = FOOTER_Y
    right = WIDTH - MARGIN
    deck = tr("render.runarch.deck", count=view["deck_count"])
    text(img, (right, y + 14), deck, size=18, fill="muted", anchor="rm")
    ends = end_condition(view, tr)
    text(img, (right, y + 52), ends, size=18, fill="muted", anchor="rm")
    room = right - MARGIN - kit.text_length(deck, 18) - 24
    last = view.get("last")
    if last is None:
        line = tr("render.runarch.no_moves")
        text(
            img, (MARGIN, y + 14), kit.fit_text(line, kit.font(20), room), size=20, fill="muted", anchor="lm"
        )
        return
    name = _name(names, last["seat"], tr)
    line = _last_line(last, name, tr)
    line = kit.fit_text(line, kit.font(20, "medium"), room)
    text(img, (MARGIN, y + 14), line, size=20, weight="medium", fill="ink", anchor="lm")
    x = MARGIN
    pills_end = right - kit.text_length(ends, 18) - 16
    for scored in last["scores"]:
        key = SCORED_IN.get(scored.get("archive") or "", "render.runarch.scored")
        label = tr(key, card=scored["card"], line=scored["line"], points=scored["points"])
        width = kit.text_length(label, 18, "bold") + 26
        if x + width > pills_end:
            break
        x = pill(img, x, y + 52, label, fill="accent") + 10


def is_extended(view: Mapping[str, Any]) -> bool:
    """Whether ``view`` needs the taller picture: the complex game or a solo game."""
    return view.get("variant", "simple") != "simple" or bool(view.get("solo"))


TENTH_CARD = 10
"""The complex game ends with the round in which someone files this many cards."""

SCORED_IN = {
    "left": "render.runarch.scored_left",
    "middle": "render.runarch.scored_middle",
    "right": "render.runarch.scored_right",
}


def _last_line(last: Mapping[str, Any], name: str, tr: Tr) -> str:
    """The last turn of the complex game or the solo mode in one sentence."""
    automa = last.get("automa")
    if automa is not None:
        moved = automa.get("moved")
        if moved:
            return tr("render.runarch.last_automa_moved", name=name, a=moved[0], b=moved[1])
        if not automa.get("card"):
            return tr("render.runarch.last_automa_no_card", name=name)
        return tr("render.runarch.last_automa_stuck", name=name)
    if last.get("jump"):
        a, b = last["jump"]
        return tr("render.runarch.last_jump", name=name, a=a, b=b)
    swap = last.get("swap")
    if swap and not isinstance(swap[0], str):  # a double swap: two pairs
        if len(swap) > 1:
            (a, b), (c, d) = swap[0], swap[1]
            return tr("render.runarch.last_double", name=name, a=a, b=b, c=c, d=d)
        swap = swap[0]
    if swap:
        a, b = swap
        return tr("render.runarch.last_swap", name=name, a=a, b=b)
    return tr("render.runarch.last_no_swap", name=name)


def simple_image(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> Image.Image:
    """The simple game's picture of ``view`` (palette image of :data:`SIZE_PX`); the complex game
    and the solo mode draw theirs in :mod:`render.runarch.table`, and
    :mod:`render.runarch.pictures` picks between them."""
    img = _base().copy()
    draw_main(img, view, names, tr)
    return img


def swapped_cells(last: Mapping[str, Any]) -> set[str]:
    """The cells of the swaps of a turn record: ``["A1", "B2"]`` or, after a double swap,
    ``[["A1", "B2"], ["C3", "C4"]]``."""
    cells: set[str] = set()
    for item in last.get("swap") or ():
        if isinstance(item, str):
            cells.add(item)
        else:
            cells.update(item)
    return cells


def draw_main(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> None:
    """The top :data:`SIZE_PX` of every board picture: panels, status, board and last turn."""
    last = view.get("last") or {}
    ringed = swapped_cells(last)
    ringed.update((last.get("automa") or {}).get("moved") or ())  # solo: the automa's step
    pads, stones = view["pads"], view["stones"]
    for index, cell in enumerate(CELLS):
        x0, y0, _, _ = cell_box(cell)
        img.paste(tile(pads[index], stones[index], cell in ringed), (x0, y0))
    for line in dict.fromkeys(s["line"] for s in last.get("scores") or ()):
        if line in ROW_LINES or line in COLUMN_LINES:  # the diagonals (complex game) are not drawn yet
            _mark_line(img, line)
    for seat in range(len(view["scores"])):
        _panel(img, view, names, seat, tr)
    _status(img, view, names, tr)
    _footer(img, view, names, tr)
