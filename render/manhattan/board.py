"""The Manhattan Project's public board picture (``render_board``), its palette image for replays
(``board_image``), and the entry points of the players' boards (``render_details``) and of the
private bomb cards (``render_bombs``).

The board reads only the public view (``view(state, None)``, MANHATTAN.md): ``spaces``,
``build``, ``market``, ``deck``, ``corruption``, ``offer``, ``bomb_deck``, ``tests``,
``pending``, ``seats`` (resigned), ``scores``, ``target``, ``active``, ``phase``, ``round``,
``winner``, ``last`` and ``content``; never a hand. From top to bottom: who is to act, the
round and the target score; a chip per player with their points; the main-board spaces with
their occupants (``render.manhattan.spaces``); the market's seven slots (number, price, what
building there costs and yields, an engineer's free build, the corruption pile); the face-up
bomb designs with the deck and the implosion tests left; the spaces of the last turn framed
in orange. The printed board is cached, so a picture is mostly pasting cached sprites.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.manhattan import content
from render import kit
from render.departures import departure
from render.manhattan import spaces as sp
from render.manhattan.cards import BAND_H, BOMB_H, BOMB_W, BUILDING_H, BUILDING_W, bomb_card, building_card
from render.manhattan.icons import icon, paste, token
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
    slots,
    target,
    text,
    totals,
    versions,
)

WIDTH = sp.WIDTH
MARGIN = sp.MARGIN
STATUS_Y = 10
STATUS_H = 44
CHIP_H = 32
CHIP_GAP = 6
CHIPS_PER_ROW = 3
CHIP_SHIFT = 12
"""Room on a chip for its place in the turn order (the chips go in turn order)."""
PANEL_PAD = 6
TITLE_H = 30
SLOT_HEAD_H = 28
TAG_H = 24
FOOTER_H = 28
NUMBER = 18

VersionsKey = tuple[tuple[str, int], ...]


def versions_key(view: View) -> VersionsKey:
    return tuple(sorted((k, int(v)) for k, v in versions(view).items()))


def _version(key: VersionsKey, name: str) -> int | None:
    return dict(key).get(name)


@functools.lru_cache(maxsize=32)
def layout(key: VersionsKey, players: int) -> dict[str, Any]:
    """The y of every part and the picture's size."""
    chips_y = STATUS_Y + STATUS_H + 8
    rows = -(-players // CHIPS_PER_ROW)
    spaces_y = chips_y + rows * (CHIP_H + CHIP_GAP) + 4
    market_y = sp.bottom(_version(key, content.SPACES), spaces_y) + 8
    market_h = TITLE_H + SLOT_HEAD_H + BUILDING_H + TAG_H + 4
    offer_y = market_y + market_h + 8
    offer_h = TITLE_H + BOMB_H + PANEL_PAD + 2
    height = offer_y + offer_h + FOOTER_H
    return {
        "chips_y": chips_y,
        "spaces_y": spaces_y,
        "market_y": market_y,
        "market_h": market_h,
        "offer_y": offer_y,
        "offer_h": offer_h,
        "size": (WIDTH, height),
    }


def picture_size(view: View) -> tuple[int, int]:
    """Size of the board picture of ``view`` (what a benchmark's blank baseline should use)."""
    return layout(versions_key(view), player_count(view))["size"]


def slot_x(i: int) -> float:
    """The left edge of market slot ``i`` (0-based)."""
    room = WIDTH - 2 * MARGIN - 2 * PANEL_PAD
    gap = (room - 7 * BUILDING_W) / 6
    return MARGIN + PANEL_PAD + i * (BUILDING_W + gap)


@functools.lru_cache(maxsize=16)
def _base(key: VersionsKey, players: int) -> Image.Image:
    """The printed board: boxes, spaces, the market's slot numbers, prices and rules."""
    lay = layout(key, players)
    img = PAL.new(lay["size"])
    kit.rounded_box(img, (MARGIN, STATUS_Y, WIDTH - MARGIN, STATUS_Y + STATUS_H), 12, "surface", pal=PAL)
    sp.paint_cells(img, _version(key, content.SPACES), lay["spaces_y"])
    y = lay["market_y"]
    kit.rounded_box(img, (MARGIN, y, WIDTH - MARGIN, y + lay["market_h"]), 12, "surface", pal=PAL)
    market = content.market(_version(key, content.MARKET))
    for i, slot in enumerate(market):
        x = slot_x(i)
        head = y + TITLE_H + SLOT_HEAD_H / 2
        kit.rounded_box(img, (x, head - 12, x + 24, head + 12), 12, "highlight", under="surface", pal=PAL)
        text(
            img,
            (x + 12, head),
            str(i + 1),
            size=NUMBER,
            weight="black",
            fill="dark",
            bg="highlight",
            anchor="mm",
        )
        price = str(slot.price)
        px = x + BUILDING_W - 25
        paste(img, icon("money", 10, "surface"), px + 12, head)
        text(img, (px - 1, head), price, size=20, weight="black", fill="ink", bg="surface", anchor="rm")
        card_top = y + TITLE_H + SLOT_HEAD_H
        kit.rounded_box(
            img,
            (x, card_top, x + BUILDING_W, card_top + BUILDING_H),
            7,
            "surface_hi",
            under="surface",
            pal=PAL,
        )
        tags = _slot_tags(slot)
        if tags:
            w = sp.row_width(tags, NUMBER, 10)
            sp.draw_items(
                img, tags, x + (BUILDING_W - w) / 2, card_top + BUILDING_H + TAG_H / 2 + 1, "surface"
            )
    y = lay["offer_y"]
    kit.rounded_box(img, (MARGIN, y, WIDTH - MARGIN, y + lay["offer_h"]), 12, "surface", pal=PAL)
    return img


def _slot_tags(slot: content.Slot) -> list[tuple[str, str]]:
    """A slot's rules as icons: an engineer builds for 0, +1 to the corruption pile, takes the pile."""
    tags: list[tuple[str, str]] = []
    if slot.engineer_free:
        tags += [("w", "E"), ("i", "arrow_light"), ("n", "0"), ("i", "money")]
    if slot.corruption:
        tags += [("n", "+1"), ("i", "corruption")]
    return tags


# --------------------------------------------------------------------------- the parts


def winners(view: View) -> list[int]:
    """The seats in first place: the engine's outcome, else the winner, else the most points."""
    places = (view.get("outcome") or {}).get("places")
    if places:
        return [seat for seat, place in enumerate(places) if place == 1]
    if view.get("winner") is not None:
        return [int(view["winner"])]
    points = totals(view)
    best = max(points, default=0)
    return [seat for seat, p in enumerate(points) if p == best]


def _named(
    tr: Tr, key: str, names: Sequence[str], seat: Any, room: float, size: int = 22, **params: Any
) -> str:
    """Sentence ``key`` with ``{name}``, the name shortened so the sentence fits ``room``."""
    fnt = kit.font(size, "bold")
    if seat is None:
        return tr(key, name="?", **params)
    rest = kit.text_width(tr(key, name="", **params), fnt)
    name = kit.fit_text(seat_name(names, int(seat), tr), fnt, max(room - rest, 60))
    return tr(key, name=name, **params)


def status_line(view: View, names: Sequence[str], tr: Tr, room: float) -> str:
    """Who is to act and what they do; the winner once the game is over."""
    phase = view.get("phase")
    if phase == "over":
        best = winners(view)
        if len(best) != 1:
            fnt = kit.font(22, "bold")
            each = (room - kit.text_width(tr("render.manhattan.shared_win", names=""), fnt)) / len(best) - 12
            shared = ", ".join(kit.fit_text(seat_name(names, s, tr), fnt, max(each, 40)) for s in best)
            return tr("render.manhattan.shared_win", names=shared)
        return _named(tr, "render.manhattan.winner", names, best[0], room)
    if phase == "bonus":
        return tr("render.manhattan.phase_bonus")
    pending = view.get("pending") or {}
    queue = pending.get("queue") or ()
    if pending.get("kind") == "repair" and queue:
        return _named(tr, "render.manhattan.phase_repair", names, queue[0], room)
    if pending.get("kind") == "draft" and queue:
        return _named(tr, "render.manhattan.phase_draft", names, queue[0], room)
    return _named(tr, "render.manhattan.phase_turn", names, view.get("active"), room)


def draw_status(img: Image.Image, view: View, names: Sequence[str], tr: Tr) -> None:
    cy = STATUS_Y + STATUS_H // 2
    right = WIDTH - MARGIN - 14
    for label in (
        tr("render.manhattan.target", target=target(view)),
        tr("render.manhattan.round", round=view.get("round", 1)),
    ):
        text(img, (right, cy), label, size=NUMBER, weight="medium", fill="muted", bg="surface", anchor="rm")
        right -= round(kit.text_length(label, NUMBER, "medium")) + 14
    left = MARGIN + 14
    room = right - left
    line = status_line(view, names, tr, room)
    size_ = 22 if kit.text_length(line, 22, "bold") <= room else NUMBER
    line = kit.fit_text(line, kit.font(size_, "bold"), room)  # never over "Round 1"
    text(img, (left, cy), line, size=size_, weight="bold", fill="highlight", bg="surface", anchor="lm")


def draw_chips(img: Image.Image, view: View, names: Sequence[str], tr: Tr, top: int) -> None:
    """A chip per seat: colour, name, points; whose turn it is lit, the winner's too."""
    points = totals(view)
    seats = view.get("seats") or ()
    lit = set(winners(view)) if view.get("phase") == "over" else {view.get("active")}
    players = player_count(view)
    per_row = min(players, CHIPS_PER_ROW) if players != 4 else 2
    width = (WIDTH - 2 * MARGIN - CHIP_GAP * (per_row - 1)) / per_row
    order = [s for s in (view.get("order") or ()) if isinstance(s, int) and 0 <= s < players]
    order += [s for s in range(players) if s not in order]
    for position, seat in enumerate(order):
        x0 = MARGIN + (position % per_row) * (width + CHIP_GAP)
        y0 = top + (position // per_row) * (CHIP_H + CHIP_GAP)
        bg = "surface_hi" if seat in lit else "surface"
        kit.rounded_box(img, (x0, y0, x0 + width, y0 + CHIP_H), 10, bg, pal=PAL)
        if seat in lit:
            kit.rounded_box(img, (x0 + 3, y0 + 6, x0 + 8, y0 + CHIP_H - 6), 2, "highlight", under=bg, pal=PAL)
        cy = y0 + CHIP_H / 2
        turn_number = str(position + 1)
        text(img, (x0 + 17, cy), turn_number, size=NUMBER, weight="bold", fill="muted", bg=bg, anchor="mm")
        paste(img, token("any", seat_colour(seat), 10, bg), x0 + 24 + CHIP_SHIFT, cy)
        info = seats[seat] if seat < len(seats) else {}
        resigned = bool(info.get("resigned"))
        score = (
            tr(f"render.manhattan.{departure(view, seat)}")
            if resigned
            else tr("render.manhattan.points", points=points[seat] if seat < len(points) else 0)
        )
        score_w = kit.text_length(score, NUMBER, "bold")
        room = width - 60 - CHIP_SHIFT - score_w
        name = kit.fit_text(seat_name(names, seat, tr), kit.font(NUMBER, "bold"), room)
        text(
            img,
            (x0 + 40 + CHIP_SHIFT, cy),
            name,
            size=NUMBER,
            weight="bold",
            fill="muted" if resigned else "ink",
            bg=bg,
            anchor="lm",
        )
        text(
            img,
            (x0 + width - 10, cy),
            score,
            size=NUMBER,
            weight="bold",
            fill="muted" if resigned else "highlight",
            bg=bg,
            anchor="rm",
        )


def draw_market(img: Image.Image, view: View, tr: Tr, top: int) -> None:
    version = versions(view).get(content.BUILDINGS)
    title_y = top + TITLE_H / 2 + 2
    title = tr("render.manhattan.market", deck=size(view.get("deck")))
    text(
        img,
        (MARGIN + 12, title_y),
        title,
        size=NUMBER,
        weight="medium",
        fill="muted",
        bg="surface",
        anchor="lm",
    )
    pile = tr("render.manhattan.corruption", amount=int(view.get("corruption") or 0))
    right = WIDTH - MARGIN - 12
    text(img, (right, title_y), pile, size=NUMBER, weight="bold", fill="ink", bg="surface", anchor="rm")
    paste(img, icon("corruption", 10, "surface"), right - kit.text_length(pile, NUMBER, "bold") - 16, title_y)
    card_top = top + TITLE_H + SLOT_HEAD_H
    for i, entry in enumerate(list(view.get("market") or ())[: len(slots(view))]):
        card = card_id(entry)
        if card is None:
            continue
        pic, mask = building_card(version, card, "surface")
        x = round(slot_x(i))
        kit.paste_sprite(img, pic, (x, card_top), mask)
        if slots(view)[i].takes_corruption:  # whoever builds here takes the pile
            band = f"kind_{content.buildings(version)[card].kind}"
            amount = str(int(view.get("corruption") or 0))
            cy = card_top + BAND_H / 2 + 1
            text(
                img,
                (x + BUILDING_W - 7, cy),
                amount,
                size=NUMBER,
                weight="black",
                fill="white",
                bg=band,
                anchor="rm",
            )
            paste(
                img,
                icon("corruption", 9, band),
                x + BUILDING_W - 20 - kit.text_length(amount, NUMBER, "black"),
                cy,
            )


def draw_offer(img: Image.Image, view: View, names: Sequence[str], tr: Tr, top: int, height: int) -> None:
    """The face-up bomb designs (or the draft going round, face down), the deck, the tests left."""
    version = versions(view).get(content.BOMBS)
    title_y = top + TITLE_H / 2 + 2
    title = tr("render.manhattan.offer", deck=size(view.get("bomb_deck")))
    text(
        img,
        (MARGIN + 12, title_y),
        title,
        size=NUMBER,
        weight="medium",
        fill="muted",
        bg="surface",
        anchor="lm",
    )
    tests = [int(v) for v in view.get("tests") or ()]
    line = (
        tr("render.manhattan.tests", values=", ".join(map(str, tests)))
        if tests
        else tr("render.manhattan.no_tests")
    )
    right = WIDTH - MARGIN - 12
    text(img, (right, title_y), line, size=NUMBER, weight="bold", fill="ink", bg="surface", anchor="rm")
    paste(img, icon("test", 10, "surface"), right - kit.text_length(line, NUMBER, "bold") - 16, title_y)
    offer = [c for c in (card_id(e) for e in view.get("offer") or ()) if c]
    cards_y = top + TITLE_H
    pending = view.get("pending") or {}
    if not offer and pending.get("kind") == "draft":
        count = size(pending.get("cards"))
        for i in range(count):
            paste(img, icon("hand", 26, "surface"), MARGIN + 40 + i * 44, cards_y + BOMB_H / 2)
        line = _named(tr, "render.manhattan.drafting", names, (pending.get("queue") or [None])[0], 420)
        text(
            img,
            (MARGIN + 40 + count * 44, cards_y + BOMB_H / 2),
            line,
            size=NUMBER,
            fill="ink",
            bg="surface",
            anchor="lm",
        )
        return
    if not offer:
        text(
            img,
            (WIDTH / 2, cards_y + BOMB_H / 2),
            tr("render.manhattan.no_designs"),
            size=20,
            fill="muted",
            bg="surface",
            anchor="mm",
        )
        return
    room = WIDTH - 2 * MARGIN - 2 * PANEL_PAD
    gap = min(12.0, (room - len(offer) * BOMB_W) / max(1, len(offer) - 1))
    x = (WIDTH - len(offer) * BOMB_W - gap * (len(offer) - 1)) / 2
    for card in offer:
        pic, mask = bomb_card(version, card, "surface")
        kit.paste_sprite(img, pic, (round(x), cards_y), mask)
        x += BOMB_W + gap


def draw_last(img: Image.Image, view: View, names: Sequence[str], tr: Tr, spaces_y: int) -> None:
    """Orange frames on the spaces of the last turn, and whose turn it was under the picture."""
    last = last_of(view)
    version = versions(view).get(content.SPACES)
    framed = False
    for space_id in last.get("spaces") or ():
        cell = sp.cell_of(version, spaces_y, str(space_id))
        if cell is not None:
            kit.rounded_frame(img, cell.box, 8, "highlight", 3, under="surface", pal=PAL)
            framed = True
    if last.get("seat") is None:
        return
    if last.get("retrieved"):
        key = "render.manhattan.last_retrieved"
    elif framed or last.get("buildings") or last.get("bombs"):
        key = "render.manhattan.last"
    else:
        return
    line = _named(tr, key, names, last["seat"], WIDTH - 2 * MARGIN, size=NUMBER)
    text(
        img,
        (MARGIN + 4, img.height - FOOTER_H // 2 - 2),
        line,
        size=NUMBER,
        weight="medium",
        fill="highlight",
        anchor="lm",
    )


# --------------------------------------------------------------------------- entry points


def draw_contractors(img: Image.Image, view: View, version: int | None, top: int) -> None:
    """The common supply of grey contractors on the university panel's title row, where workers
    are gained ("Tyto pracovníky si musíte vzít ze společné zásoby"): a count and a grey token
    per kind."""
    supply = view.get("contractors") or {}
    panel = next((p for p in sp.panels(version, top) if p.area == "university"), None)
    if panel is None or not supply:
        return
    cy = panel.box[1] + 15
    x = panel.box[2] - sp.PAD - 4
    for kind in reversed(content.WORKER_KINDS):
        paste(img, token(kind, "grey", sp.TOKEN_R - 2, "surface"), x - sp.TOKEN_R + 2, cy)
        x -= 2 * sp.TOKEN_R
        count = str(int(supply.get(kind, 0)))
        text(img, (x, cy), count, size=NUMBER, weight="bold", fill="ink", bg="surface", anchor="rm")
        x -= kit.text_length(count, NUMBER, "bold") + 10


def board_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The picture :func:`render_board` encodes, as a palette image (a replay encodes many)."""
    key = versions_key(view)
    players = player_count(view)
    lay = layout(key, players)
    img = _base(key, players).copy()
    spaces_version = _version(key, content.SPACES)
    sp.draw_titles(img, spaces_version, lay["spaces_y"], tr)
    sp.draw_occupants(img, view, spaces_version, lay["spaces_y"])
    draw_contractors(img, view, spaces_version, lay["spaces_y"])
    draw_status(img, view, names, tr)
    draw_chips(img, view, names, tr, lay["chips_y"])
    draw_market(img, view, tr, lay["market_y"])
    draw_offer(img, view, names, tr, lay["offer_y"], lay["offer_h"])
    draw_last(img, view, names, tr, lay["spaces_y"])
    return img


def render_board(view: View, names: Sequence[str], tr: Tr) -> bytes:
    """The public main board of ``view`` (``view(state, None)``) as PNG bytes, 720 px wide."""
    return kit.encode_png(board_image(view, names, tr))


def render_details(view: View, names: Sequence[str], tr: Tr) -> bytes | None:
    """The second picture: every player's board (``render.manhattan.details``)."""
    from render.manhattan.details import details_image

    return kit.encode_png(details_image(view, names, tr))


def render_bombs(
    bomb_ids: Sequence[str],
    tr: Tr,
    *,
    version: int | None = None,
    title_key: str = "render.manhattan.hand_title",
) -> bytes:
    """A private picture of bomb cards: a player's hand, or the designs they pick from."""
    from render.manhattan.hand import bombs_image

    return kit.encode_png(bombs_image(bomb_ids, tr, version=version, title_key=title_key))
