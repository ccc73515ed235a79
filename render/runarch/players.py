"""The players' boards of the complex picture (minimum, abilities, archives, bets, the final
breakdown) and the automa's panel in solo."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.runarch import board as R
from render.runarch.pieces import (
    ABILITIES,
    ABILITY_KEYS,
    ABILITY_ROW,
    ARCHIVE_HEAD,
    ARCHIVE_KEYS,
    ARCHIVE_W,
    ARCHIVES,
    BREAKDOWN,
    BREAKDOWN_ROW,
    COIN_R,
    COLUMN_GAP,
    COLUMN_W,
    HEAD_H,
    ICON,
    MARGIN,
    MINI_GAP,
    MINI_GLYPH_Y,
    MINI_H,
    MINI_ROW,
    MINI_W,
    PAD,
    PAL,
    WIDTH,
    ability_icon,
    archive_bet,
    automa_seat,
    box,
    coin,
    draw_goal,
    fitted,
    glyph,
    goal_bettors,
    paste_centred,
    per_seat,
    pill,
    seat_count,
    seat_stripe,
    text,
)

Tr = R.Tr
View = Mapping[str, Any]


# --------------------------------------------------------------------------- player boards


def archive_rows(view: View) -> int:
    """Rows of mini cards in the tallest archive of any seat (both boards use it, so the
    sections below the archives line up side by side)."""
    rows = 1
    for seat in range(seat_count(view)):
        archives = per_seat(view.get("archives"), seat) or {}
        rows = max(rows, *(math.ceil(len(archives.get(side) or ()) / 2) for side in ARCHIVES))
    return rows


def shows_abilities(view: View) -> bool:
    """Abilities matter while the game runs; once it is over the breakdown takes their place."""
    return not view.get("over")


def has_goal_bets(view: View) -> bool:
    return bool(goal_bettors(view))


def shows_final(view: View, seat: int) -> bool:
    return bool(view.get("over")) and per_seat(view.get("final"), seat) is not None


ABILITIES_H = 3 * ABILITY_ROW + 10
GOAL_BETS_H = 42
FINAL_H = 292


def player_height(view: View, seat: int) -> int:
    h = HEAD_H
    if shows_abilities(view):
        h += ABILITIES_H
    h += ARCHIVE_HEAD + archive_rows(view) * MINI_ROW + 8
    if has_goal_bets(view):
        h += GOAL_BETS_H
    if shows_final(view, seat):
        h += FINAL_H
    return h + PAD


def draw_player(
    img: Image.Image, x0: int, y0: int, h: int, view: View, names: Sequence[str], seat: int, tr: Tr
) -> None:
    """One player's board: minimum, abilities, archives, bets on goals and, once over, the
    revealed secret goal and the final breakdown."""
    x1 = x0 + COLUMN_W
    box(img, (x0, y0, x1, y0 + h), 14, "surface")
    seat_stripe(img, x0 + PAD, y0 + 14, y0 + HEAD_H - 8, seat, "surface")
    # head: name, then the minimum (or, during setup, whether the goals are chosen)
    if view.get("phase") == "setup":
        done = bool(per_seat(view.get("setup_done"), seat))
        label = tr("render.runarch.setup_chosen" if done else "render.runarch.setup_choosing")
        fill, ink = ("accent", "dark") if done else ("surface_hi", "ink")
    else:
        label = tr(
            "render.runarch.minimum", minimum=per_seat(view.get("minimums"), seat) or view.get("minimum")
        )
        fill, ink = "surface_hi", "ink"
    cy = y0 + 30
    left_edge = pill(img, x1 - PAD, cy, label, fill=fill, ink=ink, under="surface", align="right")
    name = fitted(R._name(names, seat, tr, None), 22, "bold", left_edge - (x0 + PAD + 18) - 10)
    text(img, (x0 + PAD + 18, cy), name, size=22, weight="bold", fill="ink", bg="surface", anchor="lm")
    y = y0 + HEAD_H
    if shows_abilities(view):
        draw_abilities(img, x0, y, per_seat(view.get("abilities"), seat) or {}, tr)
        y += ABILITIES_H
    y = draw_archives(img, x0, y, view, seat, tr)
    if has_goal_bets(view):
        draw_goal_bets(img, x0, y, view, seat, tr)
        y += GOAL_BETS_H
    if shows_final(view, seat):
        draw_final(img, x0, y, view, seat, per_seat(view["final"], seat), tr)


def draw_abilities(img: Image.Image, x0: int, y: int, held: Mapping[str, Any], tr: Tr) -> None:
    for kind in ABILITIES:
        on = bool(held.get(kind))
        cy = y + ABILITY_ROW / 2
        paste_centred(img, ability_icon(kind, on, "surface"), x0 + PAD + ICON / 2, cy)
        label = fitted(tr(ABILITY_KEYS[kind]), 18, "medium", COLUMN_W - 2 * PAD - ICON - 12)
        ink = "ink" if on else "muted"
        text(
            img,
            (x0 + PAD + ICON + 12, cy),
            label,
            size=18,
            weight="medium",
            fill=ink,
            bg="surface",
            anchor="lm",
        )
        y += ABILITY_ROW


def draw_archives(img: Image.Image, x0: int, y: int, view: View, seat: int, tr: Tr) -> int:
    """The three archives side by side; returns the y under them."""
    archives = per_seat(view.get("archives"), seat) or {}
    rows = archive_rows(view)
    for i, side in enumerate(ARCHIVES):
        ax = x0 + PAD + i * (ARCHIVE_W + 8)
        cards = archives.get(side) or ()
        box(
            img,
            (ax, y, ax + ARCHIVE_W, y + ARCHIVE_HEAD + rows * MINI_ROW),
            10,
            "surface_hi",
            under="surface",
        )
        label = fitted(tr(ARCHIVE_KEYS[side]), 18, "medium", ARCHIVE_W - 38)
        text(
            img, (ax + 8, y + 18), label, size=18, weight="medium", fill="muted", bg="surface_hi", anchor="lm"
        )
        count = str(len(cards))
        text(
            img,
            (ax + ARCHIVE_W - 8, y + 18),
            count,
            size=22,
            weight="bold",
            fill="ink",
            bg="surface_hi",
            anchor="rm",
        )
        bet = archive_bet(view, seat, side)
        if bet is not None:
            paste_centred(img, coin(bet.get("token"), "surface_hi"), ax + 6 + COIN_R, y + 48)
            goal = fitted(tr("render.runarch.bet_count", count=bet.get("count")), 18, "bold", ARCHIVE_W - 44)
            text(
                img,
                (ax + 2 * COIN_R + 12, y + 48),
                goal,
                size=18,
                weight="bold",
                fill="ink",
                bg="surface_hi",
                anchor="lm",
            )
        for k, filed in enumerate(cards):
            mx = ax + (k % 2) * (MINI_W + MINI_GAP)
            my = y + ARCHIVE_HEAD + (k // 2) * MINI_ROW
            draw_mini_card(img, mx, my, filed)
    return y + ARCHIVE_HEAD + rows * MINI_ROW + 8


def draw_mini_card(img: Image.Image, x: int, y: int, card: Mapping[str, Any]) -> None:
    """A filed card: its match area (what filing is about) over its id."""
    box(img, (x, y, x + MINI_W, y + MINI_H), 8, "surface", under="surface_hi")
    paste_centred(img, glyph(card["match"], 11, "surface"), x + MINI_W / 2, y + MINI_GLYPH_Y)
    text(
        img,
        (x + MINI_W / 2, y + 44),
        card["id"],
        size=18,
        weight="bold",
        fill="ink",
        bg="surface",
        anchor="mm",
    )


def draw_goal_bets(img: Image.Image, x0: int, y: int, view: View, seat: int, tr: Tr) -> None:
    """The seat's bets on public goals: token and goal id."""
    cy = y + 18
    label = fitted(tr("render.runarch.goal_bets"), 18, "medium", (COLUMN_W - 2 * PAD) / 2)
    text(img, (x0 + PAD, cy), label, size=18, weight="medium", fill="muted", bg="surface", anchor="lm")
    x = x0 + PAD + kit.text_length(label, 18, "medium") + 12
    bets = [bet for bet in per_seat(view.get("bets"), seat) or () if bet.get("on") == "goal"]
    if not bets:
        text(img, (x, cy), "–", size=18, weight="bold", fill="muted", bg="surface", anchor="lm")
    for bet in bets:
        gid = str(bet.get("goal", ""))
        if x + 2 * COIN_R + 6 + kit.text_length(gid, 18, "bold") > x0 + COLUMN_W - PAD:
            break
        paste_centred(img, coin(bet.get("token"), "surface"), x + COIN_R, cy)
        x += 2 * COIN_R + 6
        text(img, (x, cy), gid, size=18, weight="bold", fill="ink", bg="surface", anchor="lm")
        x += kit.text_length(gid, 18, "bold") + 14


def draw_final(
    img: Image.Image, x0: int, y: int, view: View, seat: int, final: Mapping[str, Any], tr: Tr
) -> None:
    """The revealed secret goal and the final breakdown of one seat (:data:`FINAL_H` tall)."""
    x1 = x0 + COLUMN_W
    draw = ImageDraw.Draw(img)
    draw.line(((x0 + PAD, y + 2), (x1 - PAD, y + 2)), fill=PAL["surface_hi"], width=2)
    secret = per_seat(view.get("secrets"), seat)
    if secret is not None:
        title = tr("render.runarch.secret_goal", card=secret["id"])
        text(img, (x0 + PAD, y + 26), title, size=18, weight="bold", fill="muted", bg="surface", anchor="lm")
        draw_goal(img, x0 + PAD, y + 58, secret.get("goal") or {}, tr, "surface", COLUMN_W - 2 * PAD)
    else:
        text(
            img,
            (x0 + PAD, y + 26),
            tr("render.runarch.no_secret"),
            size=18,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
    title = tr("render.runarch.final_title")
    text(img, (x0 + PAD, y + 100), title, size=18, weight="bold", fill="highlight", bg="surface", anchor="lm")
    y += 116
    for key, label_key, sign in BREAKDOWN:
        value = int(final.get(key) or 0)
        shown = f"{sign}{abs(value)}" if value and sign else str(abs(value))
        label = fitted(tr(label_key), 18, "regular", COLUMN_W - 2 * PAD - 60)
        cy = y + BREAKDOWN_ROW / 2
        text(img, (x0 + PAD, cy), label, size=18, fill="muted", bg="surface", anchor="lm")
        text(img, (x1 - PAD, cy), shown, size=20, weight="bold", fill="ink", bg="surface", anchor="rm")
        y += BREAKDOWN_ROW
    draw.line(((x0 + PAD, y + 3), (x1 - PAD, y + 3)), fill=PAL["muted"], width=2)
    cy = y + 22
    total = tr("render.runarch.final_total")
    text(img, (x0 + PAD, cy), total, size=20, weight="bold", fill="ink", bg="surface", anchor="lm")
    text(
        img,
        (x1 - PAD, cy),
        str(final.get("total", 0)),
        size=24,
        weight="bold",
        fill="highlight",
        bg="surface",
        anchor="rm",
    )


# --------------------------------------------------------------------------- automa


AUTOMA_LINES = {
    "rows": "render.runarch.automa_rows",
    "rows_columns": "render.runarch.automa_rows_columns",
    "all": "render.runarch.automa_all_lines",
}


def automa_lines_key(lines: Sequence[str]) -> str:
    """The sentence for the automa's lines, given as names ("row1", "colA", "diag1") or kinds."""
    kinds = {str(line)[:3] for line in lines}
    if "dia" in kinds:
        return AUTOMA_LINES["all"]
    if "col" in kinds:
        return AUTOMA_LINES["rows_columns"]
    return AUTOMA_LINES["rows"]


AUTOMA_INFO_H = 170
AUTOMA_LAST_H = 180


def draw_automa_info(
    img: Image.Image, x0: int, y: int, w: int, view: View, names: Sequence[str], tr: Tr
) -> None:
    """Name, difficulty, minimum, lines and scored cards of the automa."""
    automa = view.get("automa") or {}
    seat = automa_seat(view) or 1
    seat_stripe(img, x0, y + 14, y + HEAD_H - 8, seat, "surface")
    cy = y + 30
    level = automa.get("difficulty") or view.get("difficulty")
    label = tr(R.AUTOMA_LEVELS.get(level, "render.runarch.automa_normal"))
    left_edge = pill(img, x0 + w, cy, label, fill="surface_hi", ink="ink", under="surface", align="right")
    name = fitted(R._name(names, seat, tr, None), 22, "bold", left_edge - x0 - 28)
    text(img, (x0 + 18, cy), name, size=22, weight="bold", fill="ink", bg="surface", anchor="lm")
    y += HEAD_H + 6
    minimum = tr("render.runarch.minimum", minimum=automa.get("minimum", view.get("minimum")))
    text(img, (x0, y + 12), minimum, size=20, weight="bold", fill="ink", bg="surface", anchor="lm")
    lines = kit.wrap_text(tr(automa_lines_key(automa.get("lines") or ())), kit.font(18), w, max_lines=2)
    for i, line in enumerate(lines):
        text(img, (x0, y + 40 + i * 24), line, size=18, fill="muted", bg="surface", anchor="lm")
    scored = len(per_seat(view.get("scored"), seat) or ())
    text(
        img,
        (x0, y + 88),
        tr("render.runarch.automa_cards", count=scored),
        size=18,
        fill="muted",
        bg="surface",
        anchor="lm",
    )


def draw_automa_last(img: Image.Image, x0: int, y: int, w: int, view: View, tr: Tr) -> None:
    """The automa's last turn: the card it revealed, the stone it moved, what it scored."""
    automa = view.get("automa") or {}
    last = automa.get("last")
    title = tr("render.runarch.automa_last")
    text(img, (x0, y + 16), title, size=18, weight="bold", fill="highlight", bg="surface", anchor="lm")
    if not last:
        text(
            img,
            (x0, y + 50),
            tr("render.runarch.automa_no_turn"),
            size=18,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        return
    card = last.get("card")
    if not card:
        text(
            img,
            (x0, y + 50),
            tr("render.runarch.automa_no_card"),
            size=18,
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        return
    y += 36
    if card:
        label = tr("render.runarch.card", card=card["id"])
        text(img, (x0, y + 20), label, size=20, weight="bold", fill="ink", bg="surface", anchor="lm")
        x = x0 + kit.text_length(label, 20, "bold") + 16
        for k, code in enumerate(card.get("pattern") or ()):
            cx = x + k * 36 + 17
            box(img, (cx - 17, y + 3, cx + 17, y + 37), 8, "surface_hi", under="surface")
            paste_centred(img, glyph(code, 10, "surface_hi"), cx, y + 20)
    y += 46
    moved = last.get("moved")
    if moved:
        stone = last.get("stone")
        x = x0
        if stone:
            paste_centred(img, glyph(stone, 11, "surface"), x + 15, y + 18)
            x += 36
        line = fitted(tr("render.runarch.automa_moved", a=moved[0], b=moved[1]), 18, "medium", w - (x - x0))
        text(img, (x, y + 18), line, size=18, weight="medium", fill="ink", bg="surface", anchor="lm")
    else:
        line = fitted(tr("render.runarch.automa_stuck"), 18, "medium", w)
        text(img, (x0, y + 18), line, size=18, weight="medium", fill="ink", bg="surface", anchor="lm")
    y += 44
    if last.get("line"):
        label = tr("render.runarch.automa_scored", line=last["line"], points=last.get("points"))
        pill(img, x0, y + 16, fitted(label, 18, "bold", w - 30), fill="accent", ink="dark", under="surface")
    else:
        label = tr("render.runarch.automa_discarded")
        pill(
            img, x0, y + 16, fitted(label, 18, "bold", w - 30), fill="surface_hi", ink="ink", under="surface"
        )


def draw_automa_column(
    img: Image.Image, x0: int, y0: int, h: int, view: View, names: Sequence[str], tr: Tr
) -> None:
    box(img, (x0, y0, x0 + COLUMN_W, y0 + h), 14, "surface")
    w = COLUMN_W - 2 * PAD
    draw_automa_info(img, x0 + PAD, y0, w, view, names, tr)
    y = y0 + AUTOMA_INFO_H
    ImageDraw.Draw(img).line(((x0 + PAD, y), (x0 + COLUMN_W - PAD, y)), fill=PAL["surface_hi"], width=2)
    draw_automa_last(img, x0 + PAD, y + 8, w, view, tr)
    seat = automa_seat(view) or 1
    if shows_final(view, seat):
        draw_final(img, x0, y + 8 + AUTOMA_LAST_H, view, seat, per_seat(view["final"], seat), tr)


def automa_column_height(view: View) -> int:
    h = AUTOMA_INFO_H + 8 + AUTOMA_LAST_H + PAD
    if shows_final(view, automa_seat(view) or 1):
        h += FINAL_H
    return h


AUTOMA_PANEL_H = max(AUTOMA_INFO_H, AUTOMA_LAST_H) + 8


def draw_automa_panel(img: Image.Image, y: int, view: View, names: Sequence[str], tr: Tr) -> None:
    """The automa in a simple solo game: a full-width panel, its info beside its last turn."""
    box(img, (MARGIN, y, WIDTH - MARGIN, y + AUTOMA_PANEL_H), 14, "surface")
    w = COLUMN_W - 2 * PAD
    draw_automa_info(img, MARGIN + PAD, y, w, view, names, tr)
    x = MARGIN + COLUMN_W + COLUMN_GAP
    ImageDraw.Draw(img).line(
        ((x - COLUMN_GAP // 2, y + PAD), (x - COLUMN_GAP // 2, y + AUTOMA_PANEL_H - PAD)),
        fill=PAL["surface_hi"],
        width=2,
    )
    draw_automa_last(img, x + 4, y + 8, w, view, tr)
