"""The Manhattan Project's second public picture: every player's board.

A panel per seat in seat order: colour, name and points (whose turn it is lit, a resigned seat
greyed); the tracks (money, uranium ore, enriched uranium 0-8, plutonium 0-8, fighters 0-10,
bombers 0-10, spies 0-6) and the bombs in hand as a count (never which); the workers at home,
the contractors in the personal supply and the own-colour workers still in the common pool;
then the buildings as cards (the workers on one cover its need row, in the placer's colour: a
spy's are another colour and get an eye; damage is a burst with its count on the band), the
built bombs with the points they score now (a bomber and +5 when loaded) and the test card.
The buildings and bombs of the last turn are framed in orange.

Reads ``seats``, ``scores``, ``active``, ``phase``, ``last``, ``turn`` and ``content``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.manhattan import content
from render import kit
from render.departures import departure
from render.manhattan.cards import (
    BAND_H,
    BUILDING_H,
    BUILDING_W,
    CHIP_H,
    ROW_H,
    bomb_chip,
    building_card,
    test_chip,
)
from render.manhattan.icons import icon, paste, ring, token, worker_kind
from render.manhattan.spaces import draw_items
from render.manhattan.style import (
    PAL,
    Tr,
    View,
    card_id,
    last_of,
    player_count,
    seat_colour,
    seat_name,
    size,
    text,
    totals,
    versions,
)

WIDTH = 720
MARGIN = 12
PAD = 10
GAP = 3
HEADER_H = 36
LINE_H = 32
CARDS_TOP = HEADER_H + LINE_H + 4
NUMBER = 18
TRACKS: tuple[tuple[str, str, int | None], ...] = (
    ("money", "money", None),
    ("ore", "ore", None),
    ("eu", "eu", content.LIMITS["eu"]),
    ("pu", "pu", content.LIMITS["pu"]),
    ("fighters", "fighters", content.LIMITS["fighters"]),
    ("bombers", "bombers", content.LIMITS["bombers"]),
    ("spies", "spy", content.LIMITS["spies"]),
)
"""(seat key, icon, limit shown after a slash)."""

Piece = tuple[str, Any, int, int]
"""A card on a player's board: (kind, data, width, height)."""


def _seat(view: View, seat: int) -> Mapping[str, Any]:
    seats = view.get("seats") or ()
    return seats[seat] if seat < len(seats) else {}


def hand_count(info: Mapping[str, Any]) -> int:
    """How many bombs the seat holds (``hand_count``; a hand given as ids is only counted)."""
    if "hand_count" in info:
        return int(info["hand_count"] or 0)
    return size(info.get("hand"))


def pieces(view: View, seat: int) -> list[Piece]:
    """The seat's buildings, built bombs and test card, in that order."""
    info = _seat(view, seat)
    out: list[Piece] = []
    for entry in info.get("buildings") or ():
        if card_id(entry):
            out.append(("building", entry, BUILDING_W, BUILDING_H))
    bombs = content.bombs(versions(view).get(content.BOMBS))
    tested = bool(info.get("test"))
    for entry in info.get("bombs") or ():
        card = card_id(entry)
        if card in bombs:
            out.append(("bomb", (entry, bombs[card], tested), BUILDING_W, CHIP_H))
    test = info.get("test")
    if test:
        out.append(("test", test, BUILDING_W, CHIP_H))
    return out


def flow(items: Sequence[Piece], room: float) -> list[list[Piece]]:
    rows: list[list[Piece]] = [[]]
    used = 0.0
    for item in items:
        if rows[-1] and used + GAP + item[2] > room:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0) + item[2]
        rows[-1].append(item)
    return rows if rows[0] else []


def panel_height(view: View, seat: int) -> int:
    rows = flow(pieces(view, seat), WIDTH - 2 * MARGIN - 2 * PAD)
    cards = sum(max(p[3] for p in row) for row in rows) + GAP * 2 * max(0, len(rows) - 1) if rows else 30
    return CARDS_TOP + cards + PAD


def _header(
    img: Image.Image, view: View, names: Sequence[str], tr: Tr, seat: int, box: tuple[int, int, int, int]
) -> None:
    """Colour, name, the workers in the personal supply and the pool, points."""
    x0, y0, x1, _ = box
    info = _seat(view, seat)
    resigned = bool(info.get("resigned"))
    cy = y0 + HEADER_H / 2 + 2
    lit = seat == view.get("active") and view.get("phase") != "over"
    if lit:
        kit.rounded_box(
            img, (x0 + 3, y0 + 8, x0 + 8, y0 + HEADER_H - 4), 2, "highlight", under="surface", pal=PAL
        )
    paste(img, token("any", seat_colour(seat), 11, "surface"), x0 + PAD + 14, cy)
    points = totals(view)
    score = tr("render.manhattan.points", points=points[seat] if seat < len(points) else 0)
    if resigned:
        score = tr(f"render.manhattan.{departure(view, seat)}")
    text(
        img,
        (x1 - PAD, cy),
        score,
        size=20,
        weight="bold",
        fill="muted" if resigned else "highlight",
        bg="surface",
        anchor="rm",
    )
    right = x1 - PAD - kit.text_length(score, 20, "bold") - 14
    left = right - workers_width(info)
    _workers(img, info, seat, left, cy)
    room = left - (x0 + PAD + 34) - 10
    name = kit.fit_text(seat_name(names, seat, tr), kit.font(20, "bold"), room)
    text(
        img,
        (x0 + PAD + 34, cy),
        name,
        size=20,
        weight="bold",
        fill="muted" if resigned else "ink",
        bg="surface",
        anchor="lm",
    )


def _tracks(img: Image.Image, info: Mapping[str, Any], x: float, cy: float) -> None:
    items: list[tuple[str, str]] = []
    for key, name, limit in TRACKS:
        value = int(info.get(key) or 0)
        items += [("i", name), ("n", f"{value}/{limit}" if limit else str(value)), ("gap", ""), ("gap", "")]
    items += [("i", "hand"), ("n", str(hand_count(info)))]
    draw_items(img, items, x, cy, "surface")


WORKER_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("home", ("L", "E", "S")),
    ("contract", ("L", "E", "S")),
    ("pool", ("E", "S")),
)
"""At home (the seat's colour), contractors in the personal supply (grey), and the seat's
workers still in the common pool, to be recruited (a ring of the seat's colour)."""


def _groups(info: Mapping[str, Any]) -> list[tuple[str, list[tuple[str, str]]]]:
    out = []
    for key, kinds in WORKER_GROUPS:
        counts = info.get(key) or {}
        out.append((key, [(kind, str(int(counts.get(kind, 0)))) for kind in kinds]))
    return out


def workers_width(info: Mapping[str, Any]) -> float:
    width = 0.0
    for _, group in _groups(info):
        width += sum(26 + kit.text_length(count, NUMBER, "bold") + 8 for _, count in group) + 12
    return width


def _workers(img: Image.Image, info: Mapping[str, Any], seat: int, x: float, cy: float) -> None:
    colours = {"home": seat_colour(seat), "contract": "grey", "pool": None}
    for key, group in _groups(info):
        for kind, count in group:
            if colours[key] is None:
                paste(img, ring(kind, seat_colour(seat), 10, "surface"), x + 11, cy)
            else:
                paste(img, token(kind, colours[key], 10, "surface"), x + 11, cy)
            text(img, (x + 25, cy), count, size=NUMBER, weight="bold", fill="ink", bg="surface", anchor="lm")
            x += 26 + kit.text_length(count, NUMBER, "bold") + 8
        x += 12


def _building(img: Image.Image, view: View, owner: int, entry: Any, x: int, y: int) -> None:
    """A building card with its damage and the workers on it."""
    version = versions(view).get(content.BUILDINGS)
    card = card_id(entry) or ""
    pic, mask = building_card(version, card, "surface")
    kit.paste_sprite(img, pic, (x, y), mask)
    if not isinstance(entry, Mapping):
        return
    damage = int(entry.get("damage") or 0)
    kind = content.buildings(version)[card].kind
    if damage:
        text(
            img,
            (x + BUILDING_W - 8, y + BAND_H / 2 + 1),
            str(damage),
            size=NUMBER,
            weight="black",
            fill="white",
            bg=f"kind_{kind}",
            anchor="rm",
        )
        paste(img, icon("damage", 10, f"kind_{kind}"), x + BUILDING_W - 32, y + BAND_H / 2 + 1)
    placed = entry.get("workers")
    if placed:
        workers = placed.get("workers") if isinstance(placed, Mapping) else placed
        by = placed.get("seat", owner) if isinstance(placed, Mapping) else owner
        img.paste(PAL["card"], (x + 3, y + BAND_H + 2, x + BUILDING_W - 3, y + BAND_H + ROW_H))
        cy = y + BAND_H + 2 + ROW_H / 2
        cx = x + 6 + 11
        for code in workers or ():
            kind_, contractor = worker_kind(str(code))
            colour = "grey" if contractor or by is None else seat_colour(int(by))
            paste(img, token(kind_, colour, 9, "card"), cx, cy)
            cx += 22
        if by is not None and int(by) != owner:
            paste(img, icon("spy", 10, "card"), x + BUILDING_W - 16, cy)


def _piece(img: Image.Image, view: View, seat: int, piece: Piece, x: int, y: int) -> None:
    kind, data = piece[0], piece[1]
    if kind == "building":
        _building(img, view, seat, data, x, y)
        return
    if kind == "bomb":
        entry, bomb, tested = data
        loaded = bool(entry.get("loaded")) if isinstance(entry, Mapping) else False
        points = (
            int(entry.get("points", bomb.points(tested)))
            if isinstance(entry, Mapping)
            else bomb.points(tested)
        )
        sprite = bomb_chip(versions(view).get(content.BOMBS), bomb.id, points, loaded, "surface")
    else:
        sprite = test_chip(str(data.get("bomb") or "?"), int(data.get("value") or 0), "surface")
    kit.paste_sprite(img, sprite[0], (x, y), sprite[1])


def _framed(view: View, seat: int, piece: Piece) -> bool:
    last = last_of(view)
    if last.get("seat") is None:
        return False
    if piece[0] == "building":
        return card_id(piece[1]) in set(last.get("buildings") or ())
    if piece[0] == "bomb":
        return int(last["seat"]) == seat and piece[1][1].id in set(last.get("bombs") or ())
    return int(last["seat"]) == seat and str(piece[1].get("bomb")) in set(last.get("bombs") or ())


def draw_player(img: Image.Image, view: View, names: Sequence[str], tr: Tr, seat: int, top: int) -> int:
    """One seat's panel from ``top``; returns its bottom."""
    height = panel_height(view, seat)
    box = (MARGIN, top, WIDTH - MARGIN, top + height)
    kit.rounded_box(img, box, 12, "surface", pal=PAL)
    info = _seat(view, seat)
    _header(img, view, names, tr, seat, box)
    _tracks(img, info, MARGIN + PAD, top + HEADER_H + LINE_H / 2)
    rows = flow(pieces(view, seat), WIDTH - 2 * MARGIN - 2 * PAD)
    y = top + CARDS_TOP
    if not rows:
        text(
            img,
            (MARGIN + PAD, y + 14),
            tr("render.manhattan.no_buildings"),
            size=NUMBER,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
    for row in rows:
        x = MARGIN + PAD
        for piece in row:
            _piece(img, view, seat, piece, x, y)
            if _framed(view, seat, piece):
                kit.rounded_frame(
                    img,
                    (x - 2, y - 2, x + piece[2] + 2, y + piece[3] + 2),
                    8,
                    "highlight",
                    3,
                    under="surface",
                    pal=PAL,
                )
            x += piece[2] + GAP
        y += max(p[3] for p in row) + 2 * GAP
    return top + height


def details_size(view: View) -> tuple[int, int]:
    players = player_count(view)
    return WIDTH, MARGIN + sum(panel_height(view, s) + 8 for s in range(players)) + MARGIN - 8


def details_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """Every player's board, one panel per seat, on the board's palette."""
    img = PAL.new(details_size(view))
    y = MARGIN
    for seat in range(player_count(view)):
        y = draw_player(img, view, names, tr, seat, y) + 8
    return img
