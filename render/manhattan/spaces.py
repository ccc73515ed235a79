"""The main-board spaces of the Manhattan Project picture: where each area and space sits, what
is printed on it, and who occupies it.

Areas are panels in four rows (factory, air factory, espionage / mine, reactor, enrichment,
repair / university, air strikes / bomb design, construction), each space a cell: what it costs
with an arrow to what it yields (``/`` between yields the player chooses from; two heads: what
every other player gets), or the action's icon, and at the bottom the workers it needs as
empty slots of their shape (a circle: any worker; ``/`` alternatives, ``+`` both). A taken
space shows the placed tokens instead, in the placer's colour (contractors grey); the
construction space shows every placement. Printed content depends only on the content
versions, so it is drawn once into the cached empty board; the words are drawn per picture.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.manhattan import content
from render import kit
from render.manhattan.cards import Item, cost_items, item_width, row_width, yield_items
from render.manhattan.icons import icon, paste, token, worker_kind
from render.manhattan.style import PAL, Tr, seat_colour, text

WIDTH = 720
MARGIN = 12
PANEL_GAP = 8
PAD = 6
CELL_GAP = 6
TITLE_H = 28
CELL_H = 92
PANEL_H = TITLE_H + CELL_H + PAD
ROW_GAP = 8
CELL_W = 104
TOKEN_R = 11
TOKEN_STEP = 2 * TOKEN_R + 5
NUMBER = 18
ICON_R = 10
CELL_BG = "surface_hi"

ROWS: tuple[tuple[str, ...], ...] = (
    ("factory", "air", "espionage"),
    ("mine", "reactor", "enrichment"),
    ("university", "strike"),
    ("design", "repair", "build"),
)
"""Areas by row; an area the content adds later gets a row of its own at the end. The ore's row
(mine, reactor, enrichment) has five spaces, so that the Czech edition's "Obohacovací závod" fits
its one-space panel (abbreviated) at the title size that reads on a phone; repair sits beside
design, both spent on others' bombs and buildings."""

ACTION_ITEMS: Mapping[str, list[Item]] = {
    "build": [("i", "build")],
    "strike": [("i", "strike")],
    "repair": [("i", "repair"), ("n", str(content.REPAIR_POINTS)), ("i", "damage")],
    "design": [("i", "design")],
    "spy": [("n", "+1"), ("i", "spy")],
}


@dataclass(frozen=True)
class Cell:
    space: content.Space
    box: tuple[int, int, int, int]
    index: str
    """The space's number within its area ("2" of ``mine2``), empty for a single space."""


@dataclass(frozen=True)
class Panel:
    area: str
    box: tuple[int, int, int, int]
    cells: tuple[Cell, ...]


def _rows(spaces: Sequence[content.Space]) -> list[list[str]]:
    present = list(dict.fromkeys(s.area for s in spaces))
    rows = [[a for a in row if a in present] for row in ROWS]
    extra = [a for a in present if not any(a in row for row in ROWS)]
    return [row for row in [*rows, *([a] for a in extra)] if row]


@functools.lru_cache(maxsize=8)
def panels(version: int | None, top: int) -> tuple[Panel, ...]:
    """Every area's panel and its cells, from ``top`` down."""
    spaces = content.spaces(version)
    by_area: dict[str, list[content.Space]] = {}
    for space in spaces:
        by_area.setdefault(space.area, []).append(space)
    out: list[Panel] = []
    y = top
    for row in _rows(spaces):
        fixed = [a for a in row if not any(s.unlimited for s in by_area[a])]
        wide = [a for a in row if a not in fixed]
        room = WIDTH - 2 * MARGIN - PANEL_GAP * (len(row) - 1)
        if wide:
            cell_w = CELL_W
            used = sum(len(by_area[a]) * (cell_w + CELL_GAP) - CELL_GAP + 2 * PAD for a in fixed)
            wide_w = (room - used) / len(wide)
        else:
            cells = sum(len(by_area[a]) for a in row)
            cell_w = (room - 2 * PAD * len(row) - CELL_GAP * (cells - len(row))) / cells
            wide_w = 0
        x = float(MARGIN)
        for area in row:
            members = by_area[area]
            w = wide_w if area in wide else len(members) * (cell_w + CELL_GAP) - CELL_GAP + 2 * PAD
            step = (w - 2 * PAD + CELL_GAP) / len(members)
            cells_ = []
            for i, space in enumerate(members):
                cx0 = x + PAD + i * step
                box = (round(cx0), y + TITLE_H, round(cx0 + step - CELL_GAP), y + TITLE_H + CELL_H)
                index = space.id[-1] if len(members) > 1 and space.id[-1].isdigit() else ""
                cells_.append(Cell(space, box, index))
            out.append(Panel(area, (round(x), y, round(x + w), y + PANEL_H), tuple(cells_)))
            x += w + PANEL_GAP
        y += PANEL_H + ROW_GAP
    return tuple(out)


def bottom(version: int | None, top: int) -> int:
    """Where the spaces end."""
    return max(p.box[3] for p in panels(version, top))


# --------------------------------------------------------------------------- printed content


def space_lines(space: content.Space, room: float) -> list[list[Item]]:
    """What a space costs and yields (or its action), as one or two rows of icons."""
    cost = cost_items(space.cost)
    if space.action:
        effect = list(ACTION_ITEMS.get(space.action, []))
    else:
        effect = []
        for i, gain in enumerate(space.gains):
            effect += [("t", "/")] if i else []
            effect += yield_items(gain)
    lines: list[list[Item]] = []
    if cost:
        joined = [*cost, ("i", "arrow_light"), *effect]
        lines += (
            [joined] if row_width(joined, NUMBER, ICON_R) <= room else [cost, [("i", "arrow_light"), *effect]]
        )
    elif effect:
        lines.append(effect)
    if space.others:
        lines.append([("i", "others"), ("t", "+"), *yield_items(space.others)])
    return lines


def draw_items(img: Image.Image, items: Sequence[Item], x: float, cy: float, bg: str) -> float:
    """A row of numbers and icons on the palette picture from ``x``; returns its end."""
    for item in items:
        kind, value = item
        w = item_width(item, NUMBER, ICON_R)
        if kind in ("n", "t"):
            text(img, (x, cy), value, size=NUMBER, weight="bold", fill="ink", bg=bg, anchor="lm")
        elif kind == "w":
            paste(img, token(value, "card", ICON_R, bg), x + w / 2, cy)
        elif kind == "i":
            paste(
                img,
                icon(value, ICON_R + (3 if value in ("strike", "build", "design") else 0), bg),
                x + w / 2,
                cy,
            )
        x += w
    return x


def slot_items(space: content.Space) -> list[tuple[str, str]]:
    """The needed workers as ("slot", kind) and ("t", "/" or "+") marks."""
    out: list[tuple[str, str]] = []
    for i, alternative in enumerate(space.needs):
        out += [("t", "/")] if i else []
        for j, kind in enumerate(alternative):
            out += [("t", "+")] if j else []
            out.append(("slot", kind))
    return out


def _slots_width(items: Sequence[tuple[str, str]]) -> float:
    return sum(TOKEN_STEP if kind == "slot" else 14 for kind, _ in items)


def draw_slots(img: Image.Image, items: Sequence[tuple[str, str]], cx: float, cy: float) -> None:
    x = cx - _slots_width(items) / 2
    for kind, value in items:
        if kind == "slot":
            paste(img, token(value, None, TOKEN_R, CELL_BG), x + TOKEN_STEP / 2, cy)
            x += TOKEN_STEP
        else:
            text(img, (x + 7, cy), value, size=NUMBER, weight="bold", fill="muted", bg=CELL_BG, anchor="mm")
            x += 14


def paint_cells(img: Image.Image, version: int | None, top: int) -> None:
    """The panels, cells and everything printed on them (no words)."""
    for panel in panels(version, top):
        kit.rounded_box(img, panel.box, 12, "surface", pal=PAL)
        if any(c.space.corruption for c in panel.cells):
            x = panel.box[2] - PAD - 4
            text(
                img,
                (x, panel.box[1] + 15),
                "+1",
                size=NUMBER,
                weight="bold",
                fill="ink",
                bg="surface",
                anchor="rm",
            )
            paste(img, icon("corruption", ICON_R, "surface"), x - 34, panel.box[1] + 15)
        for cell in panel.cells:
            kit.rounded_box(img, cell.box, 8, CELL_BG, under="surface", pal=PAL)
            if cell.space.unlimited:
                continue
            x0, y0, x1, _ = cell.box
            lines = space_lines(cell.space, x1 - x0 - 8)
            first = y0 + (30 if len(lines) == 1 else 18)
            for i, line in enumerate(lines):
                w = row_width(line, NUMBER, ICON_R)
                draw_items(img, line, (x0 + x1 - w) / 2, first + 25 * i, CELL_BG)
            draw_slots(img, slot_items(cell.space), (x0 + x1) / 2, y0 + 72)
            if cell.index:
                text(
                    img,
                    (x0 + 6, y0 + 72),
                    cell.index,
                    size=NUMBER,
                    weight="bold",
                    fill="muted",
                    bg=CELL_BG,
                    anchor="lm",
                )


# --------------------------------------------------------------------------- per picture


AREA_KEYS = {area: f"render.manhattan.area_{area}" for area in content.AREAS}
TITLE_SIZES = (NUMBER, NUMBER - 2)
"""An area's title is drawn at the first of these sizes it fits in (a one-space panel is narrow);
``tests/render/test_manhattan_area_titles.py`` checks that every title fits at the first."""


def title_room(panel: Panel) -> int:
    """The width an area's title may take: its panel's, less the corruption marker's."""
    corruption = 52 if any(c.space.corruption for c in panel.cells) else 0
    return panel.box[2] - panel.box[0] - 2 * PAD - corruption


def title_size(title: str, room: float) -> int:
    return next((s for s in TITLE_SIZES if kit.text_length(title, s, "medium") <= room), TITLE_SIZES[-1])


def draw_titles(img: Image.Image, version: int | None, top: int, tr: Tr) -> None:
    for panel in panels(version, top):
        title = tr(AREA_KEYS.get(panel.area, "render.manhattan.area_build"))
        size = title_size(title, title_room(panel))
        text(
            img,
            (panel.box[0] + PAD + 2, panel.box[1] + 15),
            title,
            size=size,
            weight="medium",
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        for cell in panel.cells:
            if cell.space.unlimited:
                x0, y0, _, _ = cell.box
                paste(img, icon("build", ICON_R + 5, CELL_BG), x0 + 24, y0 + 24)
                hint = tr("render.manhattan.build_hint")
                text(img, (x0 + 46, y0 + 24), hint, size=NUMBER, fill="ink", bg=CELL_BG, anchor="lm")


def placed_tokens(img: Image.Image, workers: Sequence[str], seat: Any, cx: float, cy: float) -> None:
    """The tokens of one placement, centred on ``cx``."""
    x = cx - TOKEN_STEP * len(workers) / 2 + TOKEN_STEP / 2
    for code in workers:
        kind, contractor = worker_kind(str(code))
        colour = "grey" if contractor or seat is None else seat_colour(int(seat))
        paste(img, token(kind, colour, TOKEN_R, CELL_BG), x, cy)
        x += TOKEN_STEP


def draw_occupants(img: Image.Image, view: Mapping[str, Any], version: int | None, top: int) -> None:
    """The tokens on the taken spaces (over their empty slots) and on the construction space."""
    taken = view.get("spaces") or {}
    for panel in panels(version, top):
        for cell in panel.cells:
            x0, y0, x1, _ = cell.box
            if cell.space.unlimited:
                _build_tokens(img, view.get("build") or (), cell.box)
                continue
            placed = taken.get(cell.space.id)
            if not placed:
                continue
            img.paste(PAL[CELL_BG], (x0 + 20, y0 + 57, x1 - 4, y0 + 88))
            placed_tokens(
                img, placed.get("workers") or (), placed.get("seat"), (x0 + 20 + x1 - 4) / 2, y0 + 72
            )


def _build_tokens(
    img: Image.Image, build: Sequence[Mapping[str, Any]], box: tuple[int, int, int, int]
) -> None:
    """Every placement on the construction space, in order; a little room between placements."""
    x0, y0, x1, _ = box
    x, cy = x0 + 10 + TOKEN_STEP / 2, y0 + 66
    shown = 0
    for placement in build:
        workers = list(placement.get("workers") or ())
        if x + TOKEN_STEP * len(workers) > x1 - 40 and shown < len(build):
            left = len(build) - shown
            text(
                img,
                (x1 - 10, cy),
                f"+{left}",
                size=NUMBER,
                weight="bold",
                fill="ink",
                bg=CELL_BG,
                anchor="rm",
            )
            return
        placed_tokens(img, workers, placement.get("seat"), x + TOKEN_STEP * (len(workers) - 1) / 2, cy)
        x += TOKEN_STEP * len(workers) + 6
        shown += 1
    if not build:
        paste(img, token("any", None, TOKEN_R, CELL_BG), x, cy)


def cell_of(version: int | None, top: int, space_id: str) -> Cell | None:
    for panel in panels(version, top):
        for cell in panel.cells:
            if cell.space.id == space_id:
                return cell
    return None
