"""The Manhattan Project's cards as cached sprites: a building and a bomb, drawn from their data.

A building card: a band in its kind's colour with its id (what ``work`` names), the workers it
needs (``2`` engineer squares, or circles without a letter for any workers), what it costs to
run (uranium ore, money; a reactor's "or 1 enriched uranium") with an arrow, and what it yields
(two yields on two lines with a "/" between: the player picks one). A bomb card: a band in its
fuel's colour with its id, the engineers and scientists it takes, its fuel, the loading price
(money and one bomber for +5 points) and its points, a plutonium bomb's with the value after an
implosion test. Cards are composed supersampled in RGB and mapped onto the palette once each.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.manhattan import content
from render import kit
from render.manhattan.icons import Sprite, paint, paint_worker
from render.manhattan.style import CARD_RGB, DARK, KIND_RGB, NEED_RGB, PAL, TOKEN_RGB, ink_on

SCALE = 4
NUMBER = 18
"""Numbers on a card, px (at least 10 px once a phone shows the picture 400 px wide)."""
ICON_R = 9
BAND_H = 22
ROW_H = 23
PAD = 5
BUILDING_W = 94
BUILDING_H = BAND_H + 3 * ROW_H + PAD + 2
BOMB_W = 110
BOMB_H = BAND_H + 4 * ROW_H + PAD + 4

# A row of a card: ("n", "3") a number, ("i", "ore") an icon, ("w", "E") a white worker,
# ("any", "") an empty worker circle, ("t", "/") a separating mark, ("gap", "") a little room.
Item = tuple[str, str]

YIELD_ORDER: tuple[str, ...] = ("money", "ore", "eu", "pu", "fighters", "bombers", "L", "E", "S")


def yield_items(gain: Mapping[str, int]) -> list[Item]:
    """A yield as number + icon pairs, in a fixed order."""
    out: list[Item] = []
    for key in YIELD_ORDER:
        amount = int(gain.get(key, 0))
        if amount:
            if out:
                out.append(("gap", ""))
            out += [("n", str(amount)), ("w" if key in content.WORKER_KINDS else "i", key)]
    return out


def cost_items(cost: Mapping[str, int]) -> list[Item]:
    """A price as number + icon pairs: ore, enriched uranium (a published reactor burns it), $."""
    out: list[Item] = []
    for key in ("ore", "eu", "money"):
        if cost.get(key):
            if out:
                out.append(("gap", ""))
            out += [("n", str(cost[key])), ("i", key)]
    return out


def item_width(item: Item, size: int = NUMBER, r: int = ICON_R) -> float:
    kind, value = item
    if kind == "n" or kind == "t":
        return kit.text_length(value, size, "bold") + 1
    if kind == "gap":
        return 5
    return 2 * r + 3


def row_width(items: Sequence[Item], size: int = NUMBER, r: int = ICON_R) -> float:
    return sum(item_width(it, size, r) for it in items)


def draw_items(
    draw: ImageDraw.ImageDraw,
    items: Sequence[Item],
    x: float,
    cy: float,
    s: float,
    ink: kit.RGB = DARK,
    size: int = NUMBER,
    r: int = ICON_R,
) -> float:
    """Draw a row from ``x`` (unscaled), centred on ``cy``; returns where it ends."""
    fnt = kit.font(size * round(s), "bold")
    for item in items:
        kind, value = item
        w = item_width(item, size, r)
        if kind in ("n", "t"):
            draw.text((x * s, cy * s), value, font=fnt, fill=(*ink, 255), anchor="lm")
        elif kind == "w":
            paint_worker(draw, value, (x + w / 2) * s, cy * s, (r - 0.5) * s, s, NEED_RGB)
        elif kind == "any":
            paint_worker(draw, "any", (x + w / 2) * s, cy * s, r * s, s, kit.WHITE, letter=False)
        elif kind == "i":
            paint(draw, value, (x + w / 2) * s, cy * s, r * s, s)
        x += w
    return x


def _card_base(w: int, h: int, band: kit.RGB, label: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    big = Image.new("RGBA", (w * SCALE, h * SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    s = SCALE
    draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), 7 * s, fill=(*DARK, 255))
    draw.rounded_rectangle((s, s, w * s - 1 - s, h * s - 1 - s), 6 * s, fill=(*CARD_RGB, 255))
    draw.rounded_rectangle((s, s, w * s - 1 - s, BAND_H * s), 6 * s, fill=(*band, 255))
    draw.rectangle((s, (BAND_H - 7) * s, w * s - 1 - s, BAND_H * s), fill=(*band, 255))
    fnt = kit.font(NUMBER * s, "bold")
    draw.text((7 * s, (BAND_H / 2 + 1) * s), label, font=fnt, fill=(*ink_on(band), 255), anchor="lm")
    return big, draw


def _finish(big: Image.Image, bg: str) -> Sprite:
    rgba = big.reduce(SCALE)
    return PAL.quantize(kit.flatten(rgba, PAL.rgb(bg))), kit.alpha_mask(rgba, 60)


# --------------------------------------------------------------------------- buildings


def need_items(need: content.Need) -> list[Item]:
    if need.kind == "any":
        return [("any", "")] * need.count
    return [("w", need.kind)] * need.count


@dataclass(frozen=True)
class BuildingRows:
    need: list[Item]
    rows: list[list[Item]]


def building_rows(building: content.Building) -> BuildingRows:
    """The need row and up to three rows of cost and yields that fit the card's width."""
    room = BUILDING_W - 2 * PAD
    cost = cost_items(building.cost)
    if building.eu_instead and cost:
        cost = [*cost, ("t", "/"), ("n", "1"), ("i", "eu")]
    outputs = [yield_items(gain) for gain in building.outputs]
    rows: list[list[Item]] = []
    if cost:
        joined = [*cost, ("i", "arrow"), *outputs[0]]
        if len(outputs) == 1 and row_width(joined) <= room:
            rows.append(joined)
        else:
            rows.append(cost)
            rows.append([("i", "arrow"), *outputs[0]])
    else:
        rows.append(outputs[0])
    for extra in outputs[1:]:
        rows.append([("t", "/"), *extra])
    return BuildingRows(need_items(building.need), rows)


@functools.lru_cache(maxsize=256)
def building_card(version: int | None, card: str, bg: str) -> Sprite:
    """The card of building ``card`` (buildings ``version``) over the colour ``bg``."""
    building = content.buildings(version)[card]
    big, draw = _card_base(BUILDING_W, BUILDING_H, KIND_RGB[building.kind], building.id)
    s = SCALE
    rows = building_rows(building)
    y = BAND_H + 2 + ROW_H / 2
    draw_items(draw, rows.need, PAD + 1, y, s)
    for row in rows.rows:
        y += ROW_H
        x = (BUILDING_W - row_width(row)) / 2
        draw_items(draw, row, max(PAD, x), y, s)
    return _finish(big, bg)


# --------------------------------------------------------------------------- bombs


def bomb_rows(bomb: content.Bomb) -> list[list[Item]]:
    """Workers, fuel, loading, points."""
    workers: list[Item] = []
    for kind in ("E", "S"):
        count = int(bomb.workers.get(kind, 0))
        if count:
            if workers:
                workers.append(("gap", ""))
            workers += [("n", str(count)), ("w", kind)]
    fuel: list[Item] = [("n", str(bomb.amount)), ("i", bomb.fuel_track)]
    load: list[Item] = [("n", str(bomb.load)), ("i", "money"), ("n", "+"), ("n", "1"), ("i", "bombers")]
    return [workers, fuel, load]


@functools.lru_cache(maxsize=128)
def bomb_card(version: int | None, card: str, bg: str) -> Sprite:
    """The card of bomb ``card`` (bombs ``version``) over the colour ``bg``."""
    bomb = content.bombs(version)[card]
    big, draw = _card_base(BOMB_W, BOMB_H, KIND_RGB[bomb.fuel], bomb.id)
    s = SCALE
    paint(draw, bomb.fuel_track, (BOMB_W - 8 - ICON_R) * s, (BAND_H / 2 + 1) * s, ICON_R * s, s)
    y = BAND_H + 2 + ROW_H / 2
    for row in bomb_rows(bomb):
        draw_items(draw, row, PAD + 1, y, s)
        y += ROW_H
    _points(draw, bomb, y + 1, s)
    return _finish(big, bg)


def _points(draw: ImageDraw.ImageDraw, bomb: content.Bomb, cy: float, s: float) -> None:
    """The points in a dark pill; a plutonium bomb's second value after a test icon."""
    value = str(bomb.value)
    fnt = kit.font(20 * s, "black")
    items: list[Item] = [("i", "test"), ("n", str(bomb.tested))] if bomb.fuel == "plutonium" else []
    w = kit.text_length(value, 20, "black") + 14 + (row_width(items) + 10 if items else 0)
    x0 = (BOMB_W - w) / 2
    draw.rounded_rectangle(
        (x0 * s, (cy - 12) * s, (x0 + w) * s, (cy + 12) * s), 12 * s, fill=(*PAL.rgb("surface"), 255)
    )
    draw.text(((x0 + 7) * s, cy * s), value, font=fnt, fill=(*PAL.rgb("highlight"), 255), anchor="lm")
    if items:
        x = x0 + 7 + kit.text_length(value, 20, "black") + 6
        draw_items(draw, items, x, cy, s, ink=PAL.rgb("highlight"))


def worker_rgb(code: str, seat: int | None) -> kit.RGB:
    """The colour of a placed worker: the placer's seat, grey for a contractor (``cE``)."""
    from render.manhattan.style import seat_colour

    if code.startswith("c") or seat is None:
        return TOKEN_RGB["grey"]
    return TOKEN_RGB[seat_colour(seat)]


# --------------------------------------------------------------------------- chips on a player's board

CHIP_H = BAND_H + 36


def _pill(
    draw: ImageDraw.ImageDraw, label: str, cx: float, cy: float, s: float, extra: list[Item] | None = None
) -> None:
    """Points in a dark pill centred on ``cx`` (with icons after them)."""
    items = extra or []
    w = kit.text_length(label, 20, "black") + 16 + (row_width(items) + 4 if items else 0)
    x0 = cx - w / 2
    draw.rounded_rectangle(
        (x0 * s, (cy - 13) * s, (x0 + w) * s, (cy + 13) * s), 13 * s, fill=(*PAL.rgb("surface"), 255)
    )
    draw.text(
        ((x0 + 8) * s, cy * s),
        label,
        font=kit.font(20 * s, "black"),
        fill=(*PAL.rgb("highlight"), 255),
        anchor="lm",
    )
    if items:
        draw_items(
            draw, items, x0 + 10 + kit.text_length(label, 20, "black"), cy, s, ink=PAL.rgb("highlight")
        )


@functools.lru_cache(maxsize=256)
def bomb_chip(version: int | None, card: str, points: int, loaded: bool, bg: str) -> Sprite:
    """A built bomb on its owner's board: id, fuel (a bomber when loaded) and the points it
    scores now (``points``, with ``+5`` when loaded)."""
    bomb = content.bombs(version)[card]
    big, draw = _card_base(BUILDING_W, CHIP_H, KIND_RGB[bomb.fuel], bomb.id)
    s = SCALE
    paint(
        draw,
        "bombers" if loaded else bomb.fuel_track,
        (BUILDING_W - 8 - ICON_R) * s,
        (BAND_H / 2 + 1) * s,
        ICON_R * s,
        s,
    )
    extra: list[Item] = [("n", f"+{content.LOAD_POINTS}")] if loaded else []
    _pill(draw, str(points), BUILDING_W / 2, BAND_H + 18, s, extra)
    return _finish(big, bg)


@functools.lru_cache(maxsize=64)
def test_chip(bomb: str, value: int, bg: str) -> Sprite:
    """The implosion test card: the tested bomb's id and the test's points."""
    big, draw = _card_base(BUILDING_W, CHIP_H, KIND_RGB["test"], bomb)
    s = SCALE
    paint(draw, "test", (BUILDING_W - 8 - ICON_R) * s, (BAND_H / 2 + 1) * s, ICON_R * s, s)
    _pill(draw, str(value), BUILDING_W / 2, BAND_H + 18, s)
    return _finish(big, bg)
