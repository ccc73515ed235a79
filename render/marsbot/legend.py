"""MarsBot's legend (``/marsbot rules``): every symbol of the board picture with its meaning.

The board has no room for words on its spaces, so this picture explains each icon once, drawn
by the same code as the board (a track space, a tile, a marker), in two sections: the tracks
and the map. Words come from ``render.marsbot.legend_*``.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from render import kit
from render.marsbot.icons import paint_bonus
from render.marsbot.map import last_ring, tile_sprite
from render.marsbot.style import PAL, SPACE_RGB, Tr, hex_points, rgba, text
from render.marsbot.tracks import CUBE_FRAME, cell_sprite, cube_sprite

WIDTH = 800
MARGIN = 12
COLUMNS = 2
ICON_W = 56
LINE_H = 24
ROW_PAD = 14
TEXT_SIZE = 20
CELL = (33, 36)
HEX_R = 26

TRACK_ENTRIES: tuple[tuple[str, str], ...] = (
    ("action:ocean", "ocean"),
    ("action:greenery", "greenery"),
    ("action:city", "city"),
    ("action:temp", "temp"),
    ("action:temp2", "temp2"),
    ("action:venus", "venus"),
    ("action:venus2", "venus2"),
    ("action:tr3", "tr"),
    ("action:milestone", "milestone"),
    ("action:award", "award"),
    ("action:adv", "adv"),
    ("action:space", "space"),
    ("action:floater", "floater"),
    ("action:microbe", "microbe"),
    ("cube", "cube"),
    ("reached", "reached"),
    ("white", "white_cube"),
    ("black", "black_cube"),
)
"""(what to draw, the key of its meaning ``render.marsbot.legend_<key>``): the tracks."""

MAP_ENTRIES: tuple[tuple[str, str], ...] = (
    ("tile:greenery:marsbot", "marsbot_tile"),
    ("tile:city:person", "person_tile"),
    ("last", "last"),
    ("water", "ocean_space"),
    ("tile:special", "special"),
    ("tile:cmm:marsbot", "cmm"),
    ("bonus:plants", "plants"),
    ("bonus:steel", "steel"),
    ("bonus:titanium", "titanium"),
    ("bonus:cards", "cards"),
    ("bonus:heat", "heat"),
    ("bonus:ocean", "south_pole"),
)
"""The map's symbols."""


# --------------------------------------------------------------------------- icons


def _paste(img: Image.Image, sprite: tuple[Image.Image, Image.Image], x: float, y: float) -> None:
    pic, mask = sprite
    kit.paste_sprite(img, pic, (round(x - pic.width / 2), round(y - pic.height / 2)), mask)


@functools.lru_cache(maxsize=16)
def _small_sprite(what: str) -> tuple[Image.Image, Image.Image]:
    """An empty ocean space or a placement bonus, on the legend's surface."""
    side = 2 * HEX_R + 4

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        if what == "water":
            draw.polygon(hex_points(c, c, (HEX_R - 1) * s), fill=rgba(SPACE_RGB["water"]))
        else:
            draw.polygon(hex_points(c, c, (HEX_R - 1) * s), fill=rgba(SPACE_RGB["land"]))
            paint_bonus(draw, what.split(":")[1], c, c, 0.36 * HEX_R * s)

    img = kit.supersampled((side, side), paint)
    return PAL.quantize(kit.flatten(img, PAL.rgb("surface"))), kit.alpha_mask(img, 60)


def _cell(img: Image.Image, action: str, style: str, x: float, y: float) -> tuple[int, int, int, int]:
    w, h = CELL
    x0, y0 = round(x - w / 2), round(y - h / 2)
    pic, mask = cell_sprite(action, style, w, h)
    kit.paste_sprite(img, pic, (x0, y0), mask)
    if action.startswith("tr"):
        text(img, (x, y), action[2:], size=TEXT_SIZE, weight="black", fill="dark", bg="icon_tr", anchor="mm")
    return x0, y0, x0 + w, y0 + h


def draw_icon(img: Image.Image, what: str, x: float, y: float) -> None:
    """One legend icon centred on (x, y)."""
    kind, _, arg = what.partition(":")
    if kind == "action":
        _cell(img, arg, "ahead", x, y)
    elif kind == "cube":
        x0, y0, x1, y1 = _cell(img, "", "passed", x, y)
        kit.rounded_frame(
            img, (x0 - 2, y0 - 2, x1 + 2, y1 + 2), 7, "side_marsbot", CUBE_FRAME, under="surface", pal=PAL
        )
    elif kind == "reached":
        _cell(img, "temp", "passed", x - CELL[0] / 2 - 1, y)
        _, y0, x1, y1 = _cell(img, "ocean", "ahead", x + CELL[0] / 2 + 1, y)
        left = x1 - CELL[0] - 1
        kit.rounded_box(img, (left - 3, y0 - 1, left + 1, y1 + 1), 1, "white", under="surface", pal=PAL)
    elif kind in ("white", "black"):
        _, y0, x1, _ = _cell(img, "", "ahead", x, y)
        pic, mask = cube_sprite(kind)
        kit.paste_sprite(img, pic, (x1 - pic.width + 3, y0 - 3), mask)
    elif kind == "tile":
        tile, _, owner = arg.partition(":")
        _paste(img, tile_sprite(tile, owner or None, HEX_R), x, y)
    elif kind == "last":
        _paste(img, tile_sprite("city", None, HEX_R), x, y)
        _paste(img, last_ring(HEX_R), x, y)
    else:
        _paste(img, _small_sprite(what), x, y)


# --------------------------------------------------------------------------- the picture


def _lines(tr: Tr, key: str, width: float) -> list[str]:
    return kit.wrap_text(tr(f"render.marsbot.legend_{key}"), kit.font(TEXT_SIZE), width, max_lines=3)


def _section(entries: tuple[tuple[str, str], ...], tr: Tr) -> tuple[list[list[list[str]]], list[int]]:
    """The entries' lines, laid out in rows of ``COLUMNS``, and each row's height."""
    col_w = (WIDTH - 2 * MARGIN - 24) / COLUMNS
    lines = [_lines(tr, key, col_w - ICON_W - 16) for _, key in entries]
    rows = [lines[i : i + COLUMNS] for i in range(0, len(lines), COLUMNS)]
    heights = [max(len(cell) for cell in row) * LINE_H + ROW_PAD + 8 for row in rows]
    return rows, [max(h, 52) for h in heights]


def legend_image(tr: Tr) -> Image.Image:
    """The legend as a palette picture: a title, then the tracks' and the map's symbols."""
    sections = (("tracks", TRACK_ENTRIES), ("map", MAP_ENTRIES))
    laid = [(name, entries, *_section(entries, tr)) for name, entries in sections]
    height = MARGIN + 52 + sum(40 + sum(heights) + 8 for *_, heights in laid) + MARGIN
    img = PAL.new((WIDTH, height))
    kit.rounded_box(img, (MARGIN, MARGIN, WIDTH - MARGIN, height - MARGIN), 12, "surface", pal=PAL)
    text(
        img,
        (MARGIN + 16, MARGIN + 28),
        tr("render.marsbot.legend_title"),
        size=24,
        weight="bold",
        fill="ink",
        bg="surface",
        anchor="lm",
    )
    y = MARGIN + 52
    col_w = (WIDTH - 2 * MARGIN - 24) / COLUMNS
    for name, entries, rows, heights in laid:
        text(
            img,
            (MARGIN + 16, y + 20),
            tr(f"render.marsbot.legend_{name}"),
            size=22,
            weight="bold",
            fill="highlight",
            bg="surface",
            anchor="lm",
        )
        y += 40
        for r, (row, row_h) in enumerate(zip(rows, heights, strict=True)):
            for c, lines in enumerate(row):
                what = entries[r * COLUMNS + c][0]
                x = MARGIN + 16 + c * col_w
                cy = y + row_h / 2
                draw_icon(img, what, x + ICON_W / 2, cy)
                top = cy - (len(lines) - 1) * LINE_H / 2
                for i, line in enumerate(lines):
                    text(
                        img,
                        (x + ICON_W + 12, top + i * LINE_H),
                        line,
                        size=TEXT_SIZE,
                        fill="ink",
                        bg="surface",
                        anchor="lm",
                    )
            y += row_h
        y += 8
    return img


def legend_png(tr: Tr) -> bytes:
    """The legend as PNG bytes (800 px wide, like the board)."""
    return kit.encode_png(legend_image(tr))
