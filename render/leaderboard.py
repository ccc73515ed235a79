"""The leaderboard picture: one page of a game's standings as a table (``render_leaderboard``).

Plain data in, PNG bytes out: the caller has already chosen the rows, formatted the main
number and translated the title and scope, so this module knows nothing of ratings or the
database. A row is a rounded band; places 1-3 get medal badges, the asker's row is tinted
with the highlight colour, and when the asker is not on the page their row is drawn under a
dashed separator. Names are cleaned of glyphs Roboto lacks and ellipsised to their column.

The picture is 760 px wide and as tall as its rows need, drawn straight into the kit's
palette mode so ten rows stay a few tens of KB. Every sentence comes from the
``render.leaderboard`` catalog keys through ``tr``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit

Tr = Callable[..., str]

# --------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One player's line on the board."""

    place: int
    name: str
    value: str
    games: int
    wins: int
    you: bool = False
    detail: str | None = None
    """A second line under the name (a solo board's best game: "won 78–65 in generation 14")."""


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """One page of a leaderboard; ``kind`` is ``"rated"`` or ``"solo"``."""

    title: str
    scope: str
    kind: str
    rows: Sequence[BoardRow]
    page: int
    pages: int
    caller: BoardRow | None = None
    note: str | None = None

    @property
    def row_height(self) -> int:
        """Rows grow to two lines when any row of the page (or the asker's) has a detail."""
        every = [*self.rows, *([self.caller] if self.caller else [])]
        return ROW_H_DETAILED if any(r.detail for r in every) else ROW_H


KINDS = ("rated", "solo")

# --------------------------------------------------------------------------- layout

WIDTH = 760
MARGIN = 20
PAD = 14
"""Inner padding of a row band."""

TITLE_Y = 18
SCOPE_Y = 58
HEADER_Y = 102
"""Vertical centre of the column headers."""
ROWS_Y = 120
ROW_H = 46
ROW_H_DETAILED = 64
"""A row with a second line: the name and the detail under it, each readable on a phone."""
ROW_GAP = 6
EMPTY_H = 92
"""Height of the box that says the board is empty."""
SEPARATOR_H = 30
"""Room between the page's rows and the asker's own row."""
NOTE_GAP = 14
NOTE_LINE = 22
BOTTOM = 18

COLUMN_GAP = 16
PLACE_X = MARGIN + PAD + 20
"""Centre of the place badge."""
MEDAL_R = 15
NAME_LEFT = MARGIN + 64
WINS_RIGHT = WIDTH - MARGIN - PAD
WINS_W = 130
GAMES_RIGHT = WINS_RIGHT - WINS_W - COLUMN_GAP
GAMES_W = 70
VALUE_RIGHT = GAMES_RIGHT - GAMES_W - COLUMN_GAP
VALUE_W = 96
NAME_RIGHT = VALUE_RIGHT - VALUE_W - COLUMN_GAP
"""Names are cut to end here; between it and the value column only the band shows."""
VALUE_LEFT = VALUE_RIGHT - VALUE_W

NAME_SIZE = 21
DETAIL_SIZE = 17
VALUE_SIZE = 22
CELL_SIZE = 19
HEADER_SIZE = 15
NOTE_SIZE = 16


def row_top(index: int, row_h: int = ROW_H) -> int:
    """The top y of the ``index``-th (0-based) row of the page."""
    return ROWS_Y + index * (row_h + ROW_GAP)


def body_bottom(count: int, row_h: int = ROW_H) -> int:
    """Where the page's rows (or the empty-board box) end."""
    return row_top(count, row_h) - ROW_GAP if count else ROWS_Y + EMPTY_H


def caller_top(count: int, row_h: int = ROW_H) -> int:
    """The top y of the asker's own row under a page of ``count`` rows."""
    return body_bottom(count, row_h) + SEPARATOR_H


def picture_height(count: int, caller: bool = False, note_lines: int = 0, row_h: int = ROW_H) -> int:
    """Height of a page with ``count`` rows, the asker's row if ``caller`` and a note."""
    bottom = caller_top(count, row_h) + row_h if caller else body_bottom(count, row_h)
    if note_lines:
        bottom += NOTE_GAP + note_lines * NOTE_LINE
    return bottom + BOTTOM


# --------------------------------------------------------------------------- colours

YOU: kit.RGB = kit.mix(kit.PALETTE["surface"], kit.PALETTE["highlight"], 0.3)
"""The band of the asker's row: the surface warmed by the highlight colour."""
MEDALS: dict[int, str] = {1: "gold", 2: "silver", 3: "bronze"}
BANDS = ("surface", "you")


def _palette() -> kit.IndexedPalette:
    colours = dict(kit.PALETTE)
    colours["you"] = YOU
    colours["gold"] = kit.hex_rgb("#F2C94C")
    colours["silver"] = kit.hex_rgb("#C3CAD6")
    colours["bronze"] = kit.hex_rgb("#D9925B")
    ramps: list[tuple[str, str] | tuple[str, str, int]] = list(kit.TEXT_RAMPS)
    ramps += [(fg, "you") for fg in ("ink", "muted", "highlight")]
    ramps += [("surface", "background", 1), ("you", "background", 3)]
    ramps += [("highlight", "background", 3), ("highlight", "you", 3)]
    for medal in MEDALS.values():
        ramps.append(("dark", medal, 4))
        ramps += [(medal, band, 3) for band in BANDS]
    return kit.IndexedPalette(colours, ramps)


PAL = _palette()


def text(img: Image.Image, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


# --------------------------------------------------------------------------- cells


def percent(wins: int, games: int, tr: Tr) -> str:
    """The win rate as a whole percent in the language's style, or a dash without games."""
    if games <= 0:
        return "–"
    return tr("render.leaderboard.percent", value=int(100 * wins / games + 0.5))


def wins_cell(row: BoardRow, kind: str, tr: Tr) -> str:
    """The last column: "7 (58 %)" on a rated board, "58 %" on a solo board, a dash at 0 games."""
    rate = percent(row.wins, row.games, tr)
    if kind == "solo" or row.games <= 0:
        return rate
    return f"{row.wins} ({rate})"


def display_name(name: str, tr: Tr) -> str:
    """``name`` on one line without glyphs Roboto lacks; a placeholder when nothing is left."""
    flat = " ".join(name.split())
    return kit.drawable(flat, NAME_SIZE, "medium") or tr("render.leaderboard.unnamed")


def _fit(value: str, size: int, weight: str, width: float) -> str:
    return kit.fit_text(value, kit.font(size, weight), width)


# --------------------------------------------------------------------------- drawing


def _header(img: Image.Image, picture: BoardPicture, tr: Tr) -> None:
    """Title, scope, page number and the column headers."""
    page = tr("render.leaderboard.page", page=picture.page, pages=max(picture.pages, 1))
    right = WIDTH - MARGIN
    text(img, (right, TITLE_Y + 6), page, size=17, fill="muted", anchor="ra")
    room = right - MARGIN - kit.text_length(page, 17) - 20
    title = _fit(picture.title, 28, "bold", room)
    text(img, (MARGIN, TITLE_Y), title, size=28, weight="bold", fill="ink", anchor="la")
    scope = _fit(picture.scope, 18, "regular", WIDTH - 2 * MARGIN)
    text(img, (MARGIN, SCOPE_Y), scope, size=18, fill="muted", anchor="la")
    rated = picture.kind != "solo"
    value_key = "render.leaderboard.rating" if rated else "render.leaderboard.best"
    last_key = "render.leaderboard.wins" if rated else "render.leaderboard.win_rate"
    columns = (
        ("render.leaderboard.place", PLACE_X, 48, "mm"),
        ("render.leaderboard.player", NAME_LEFT, NAME_RIGHT - NAME_LEFT, "lm"),
        (value_key, VALUE_RIGHT, VALUE_W, "rm"),
        ("render.leaderboard.games", GAMES_RIGHT, GAMES_W, "rm"),
        (last_key, WINS_RIGHT, WINS_W, "rm"),
    )
    if not picture.rows and picture.caller is None:
        return  # no table under the headers: the empty-board sentence says it all
    for key, x, width, anchor in columns:
        label = _fit(tr(key), HEADER_SIZE, "medium", width)
        text(img, (x, HEADER_Y), label, size=HEADER_SIZE, weight="medium", fill="muted", anchor=anchor)


def _place(img: Image.Image, place: int, cy: float, band: str) -> None:
    """A medal badge for places 1-3, a plain number below."""
    medal = MEDALS.get(place)
    label = str(place)
    if medal is None:
        size = 18 if kit.text_length(label, 18, "bold") <= NAME_LEFT - MARGIN - 8 else 13
        text(img, (PLACE_X, cy), label, size=size, weight="bold", fill="muted", bg=band, anchor="mm")
        return
    top = round(cy) - MEDAL_R
    box = (PLACE_X - MEDAL_R, top, PLACE_X + MEDAL_R, top + 2 * MEDAL_R)
    kit.rounded_box(img, box, MEDAL_R, medal, under=band, pal=PAL)
    text(img, (PLACE_X, cy), label, size=17, weight="bold", fill="dark", bg=medal, anchor="mm")


def _row(img: Image.Image, top: int, row: BoardRow, kind: str, tr: Tr, you: bool, row_h: int = ROW_H) -> None:
    """One band: place, name (and its detail), main number, games and wins."""
    band = "you" if you else "surface"
    box = (MARGIN, top, WIDTH - MARGIN, top + row_h)
    if you:
        kit.rounded_box(img, box, 10, band, outline="highlight", width=2, pal=PAL)
    else:
        kit.rounded_box(img, box, 10, band, pal=PAL)
    cy = top + row_h / 2
    _place(img, row.place, cy, band)
    name = _fit(display_name(row.name, tr), NAME_SIZE, "medium", NAME_RIGHT - NAME_LEFT)
    name_y = cy - 11 if row.detail else cy
    text(img, (NAME_LEFT, name_y), name, size=NAME_SIZE, weight="medium", fill="ink", bg=band, anchor="lm")
    if row.detail:
        detail = _fit(row.detail, DETAIL_SIZE, "regular", NAME_RIGHT - NAME_LEFT)
        text(img, (NAME_LEFT, cy + 13), detail, size=DETAIL_SIZE, fill="muted", bg=band, anchor="lm")
    value = _fit(row.value, VALUE_SIZE, "bold", VALUE_W)
    text(img, (VALUE_RIGHT, cy), value, size=VALUE_SIZE, weight="bold", fill="ink", bg=band, anchor="rm")
    games = _fit(str(row.games), CELL_SIZE, "regular", GAMES_W)
    text(img, (GAMES_RIGHT, cy), games, size=CELL_SIZE, fill="ink", bg=band, anchor="rm")
    wins = _fit(wins_cell(row, kind, tr), CELL_SIZE, "regular", WINS_W)
    text(img, (WINS_RIGHT, cy), wins, size=CELL_SIZE, fill="muted", bg=band, anchor="rm")


def _empty(img: Image.Image, kind: str, tr: Tr) -> None:
    """The box that replaces the rows when nobody is on the board yet."""
    kit.rounded_box(img, (MARGIN, ROWS_Y, WIDTH - MARGIN, ROWS_Y + EMPTY_H), 12, "surface", pal=PAL)
    key = "render.leaderboard.empty_solo" if kind == "solo" else "render.leaderboard.empty_rated"
    message = _fit(tr(key), 20, "regular", WIDTH - 2 * MARGIN - 2 * PAD)
    cy = ROWS_Y + EMPTY_H / 2
    text(img, (WIDTH / 2, cy), message, size=20, fill="muted", bg="surface", anchor="mm")


def _separator(img: Image.Image, y: int) -> None:
    """A dashed line: the rows above and the asker's row below are not neighbours."""
    draw = ImageDraw.Draw(img)
    colour = PAL["muted"]
    for x in range(MARGIN + 8, WIDTH - MARGIN - 8, 14):
        draw.line((x, y, x + 6, y), fill=colour, width=2)


def _note_lines(note: str | None) -> list[str]:
    if not note or not note.strip():
        return []
    return kit.wrap_text(" ".join(note.split()), kit.font(NOTE_SIZE), WIDTH - 2 * MARGIN, max_lines=2)


def render_leaderboard(picture: BoardPicture, tr: Tr) -> bytes:
    """One page of a leaderboard as PNG bytes (760 px wide, as tall as its rows need)."""
    rows = list(picture.rows)
    notes = _note_lines(picture.note)
    row_h = picture.row_height
    img = PAL.new((WIDTH, picture_height(len(rows), picture.caller is not None, len(notes), row_h)))
    _header(img, picture, tr)
    if rows:
        for index, row in enumerate(rows):
            _row(img, row_top(index, row_h), row, picture.kind, tr, row.you, row_h)
    else:
        _empty(img, picture.kind, tr)
    bottom = body_bottom(len(rows), row_h)
    if picture.caller is not None:
        _separator(img, bottom + SEPARATOR_H // 2)
        bottom = caller_top(len(rows), row_h)
        _row(img, bottom, picture.caller, picture.kind, tr, True, row_h)
        bottom += row_h
    for i, line in enumerate(notes):
        y = bottom + NOTE_GAP + i * NOTE_LINE + NOTE_LINE / 2
        text(img, (MARGIN, y), line, size=NOTE_SIZE, fill="muted", anchor="lm")
    return kit.encode_png(img)
