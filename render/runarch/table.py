"""RunArch pictures of the complex game and the solo mode: the main board and the details.

A board post of these games carries two pictures, so that each reads on a phone at the width
of the chat (about 400 px): one 720×2000 picture would be shrunk to fit the preview's height
and nothing in it would be legible.

* :func:`board_image` is the main board, the simple game's picture (:func:`render.runarch.board.draw_main`,
  720×966) with what the complex game and the automa add to it: scored diagonals are framed
  and the stone the automa moved gets an arrow. It is what changes every turn.
* :func:`details_image` is everything else, one section under the other: the score track (a lane
  per player and the four track bet tokens); the players' boards side by side (current
  minimum, abilities, the three archives with the filed cards, bets on archive counts and
  goals; once the game is over the revealed secret goal and the final breakdown; in solo the
  automa's panel takes the second column, or in the simple game a full-width panel); the
  public goals, the public offer and the six condition tokens.

Both stay 720 px wide, the simple board's width, so a phone shows their text as big as the
simple board's. The sections are drawn by :mod:`render.runarch.players` and
:mod:`render.runarch.public` from the pieces of :mod:`render.runarch.pieces`.

Every sentence comes from the ``render.runarch`` catalog keys through ``tr``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.runarch.components import DIAGONAL_LINES
from render.runarch import board as R
from render.runarch.pieces import (
    ARCHIVE_HEAD,
    ARCHIVE_W,
    ARCHIVES,
    COLUMN_GAP,
    COLUMN_W,
    COND_W,
    CONDITIONS_X,
    HEAD_H,
    MARGIN,
    MINI_GAP,
    MINI_GLYPH_Y,
    MINI_ROW,
    MINI_W,
    OFFER_W,
    PAD,
    PAL,
    SECTION_GAP,
    TOKEN_GLYPH_Y,
    TOKEN_H,
    TOKENS_TITLE_H,
    TRACK_H,
    WIDTH,
    automa_seat,
    draw_goal,
    draw_move_arrow,
    frame_diagonal,
    glyph,
    is_complex,
    paste_centred,
    seat_count,
)
from render.runarch.players import (
    ABILITIES_H,
    AUTOMA_PANEL_H,
    automa_column_height,
    draw_automa_column,
    draw_automa_panel,
    draw_player,
    player_height,
    shows_abilities,
)
from render.runarch.public import (
    TOKENS_H,
    draw_goals,
    draw_tokens,
    draw_track,
    goals_height,
)

Tr = R.Tr
View = Mapping[str, Any]


# --------------------------------------------------------------------------- picture


def layout(view: View) -> list[tuple[str, int, int]]:
    """The sections of the details picture as (name, top, height), and the picture height last."""
    y = MARGIN
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
    """``(top, height)`` of a section of the details picture ("track", "players", "automa",
    "goals", "tokens")."""
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
    """Size of the details picture of a complex or solo ``view``."""
    return WIDTH, layout(view)[-1][1]


def board_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The main board of a complex or solo ``view`` (palette image of :data:`board.SIZE_PX`)."""
    img = PAL.new(R.SIZE_PX)
    img.paste(R._base(), (0, 0))
    R.draw_main(img, view, names, tr)
    last = view.get("last") or {}
    for line in dict.fromkeys(s["line"] for s in last.get("scores") or ()):
        if line in DIAGONAL_LINES:
            frame_diagonal(img, line)
    moved = (last.get("automa") or {}).get("moved")
    if moved:
        draw_move_arrow(img, moved[0], moved[1])
    return img


def details_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The details picture of a complex or solo ``view`` (palette image of :func:`picture_size`)."""
    parts = layout(view)
    img = PAL.new(picture_size(view))
    solo_seat = automa_seat(view)
    for name, y, h in parts:
        if name == "track":
            draw_track(img, y, view, names, tr)
        elif name == "players":
            for seat in range(seat_count(view)):
                x0 = column_x(seat)
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
