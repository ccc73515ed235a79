"""Tally's picture: a small table of seats, points, cards and bids (public view only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from render import kit

Tr = Callable[..., str]
WIDTH, ROW, TOP = 560, 34, 56
COLUMNS = (24, 250, 340, 420)
"""Left edges of the name, points, cards and bid columns."""


def board_image(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> Image.Image:
    """The public board as a palette picture (frames of a replay share the palette)."""
    seats = view["seats"]
    img = kit.default_palette().new((WIDTH, TOP + ROW * (seats + 1) + 16))
    over = view["phase"] == "over"
    title = tr("tally.render.final") if over else tr("tally.render.title", **_round(view))
    kit.draw_text(img, (COLUMNS[0], 16), kit.drawable(title), size=22, weight="bold")
    points = tr("tally.render.score") if over else tr("tally.render.points")
    heads = (points, tr("tally.render.cards"), tr("tally.render.bid"))
    for x, head in zip(COLUMNS[1:], heads, strict=True):
        kit.draw_text(img, (x, TOP), kit.drawable(head), size=16, fill="muted")
    for seat in range(seats):
        y = TOP + ROW * (seat + 1)
        awaited = seat in view["to_act"]
        name = kit.fit_text(kit.drawable(names[seat] if seat < len(names) else "?"), kit.font(18), 200)
        kit.draw_text(img, (COLUMNS[0], y), name, size=18, fill="highlight" if awaited else "ink")
        score = view["scores"][seat] if over else view["points"][seat]
        cells = [str(score), str(view["hand_sizes"][seat]), _bid(view, seat, tr)]
        if seat in view["out"]:
            cells = [str(score), "", tr("tally.render.out")]
        elif seat == view["mover"] and view["pending"]:
            cells[2] = f"{cells[2]}  {tr('tally.render.pending', count=view['pending'])}"
        for x, cell in zip(COLUMNS[1:], cells, strict=True):
            fill = "muted" if seat in view["out"] else "ink"
            kit.draw_text(img, (x, y), kit.drawable(cell), size=18, fill=fill)
    return img


def render_board(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> bytes:
    return kit.encode_png(board_image(view, names, tr))


def _round(view: Mapping[str, Any]) -> dict[str, int]:
    return {"round": view["round"], "rounds": view["rounds"]}


def _bid(view: Mapping[str, Any], seat: int, tr: Tr) -> str:
    """A revealed bid; a hidden one only says that it is chosen; a question mark while awaited."""
    if view["bids"][seat] is not None:
        return str(view["bids"][seat])
    return tr("tally.render.chosen") if view["has_bid"][seat] else "?"
