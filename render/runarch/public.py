"""The public sections of the complex picture: the score track, the public goals, the offer
and the condition tokens."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.runarch import board as R
from render.runarch.pieces import (
    ARCHIVES,
    COIN_R,
    COLUMN_GAP,
    COND_W,
    CONDITIONS_X,
    GOAL_H,
    GOAL_W,
    INNER,
    MARGIN,
    OFFER_W,
    PAD,
    PAL,
    TOKEN_COIN_Y,
    TOKEN_GLYPH_Y,
    TOKEN_H,
    TOKENS_TITLE_H,
    TRACK_H,
    TRACK_MARKS,
    TRACK_MAX,
    TRACK_X0,
    TRACK_X1,
    WIDTH,
    box,
    coin,
    draw_goal,
    fitted,
    glyph,
    goal_bettors,
    paste_centred,
    seat_count,
    seat_stripe,
    text,
)

Tr = R.Tr
View = Mapping[str, Any]


# --------------------------------------------------------------------------- score track


def _track_x(score: float) -> float:
    return TRACK_X0 + (TRACK_X1 - TRACK_X0) * max(0.0, min(score, TRACK_MAX)) / TRACK_MAX


def draw_track(img: Image.Image, y: int, view: View, names: Sequence[str], tr: Tr) -> None:
    box(img, (MARGIN, y, WIDTH - MARGIN, y + TRACK_H), 14, "surface")
    x_text = MARGIN + PAD
    name_room = TRACK_X0 - x_text - 14
    title = fitted(tr("render.runarch.track"), 18, "bold", name_room)
    text(img, (x_text, y + 20), title, size=18, weight="bold", fill="muted", bg="surface", anchor="lm")
    for value in (0, *TRACK_MARKS, TRACK_MAX):
        text(img, (_track_x(value), y + 20), str(value), size=18, fill="muted", bg="surface", anchor="mm")
    lane_h, lane_gap, top = 26, 8, y + 38
    draw = ImageDraw.Draw(img)
    for seat in range(seat_count(view)):
        ly = top + seat * (lane_h + lane_gap)
        cy = ly + lane_h // 2
        name = fitted(R._name(names, seat, tr, None), 18, "bold", name_room - 14)
        seat_stripe(img, x_text, ly + 2, ly + lane_h - 2, seat, "surface")
        text(img, (x_text + 14, cy), name, size=18, weight="bold", fill="ink", bg="surface", anchor="lm")
        box(img, (TRACK_X0 - 6, ly, TRACK_X1 + 6, ly + lane_h), 8, "surface_hi", under="surface")
        score = int(view["scores"][seat])
        end = round(_track_x(score)) + 6
        if score > 0:
            box(
                img,
                (TRACK_X0 - 6, ly, max(end, TRACK_X0 + 10), ly + lane_h),
                8,
                kit.player_colour(seat),
                under="surface",
            )
        text(
            img,
            (WIDTH - MARGIN - PAD, cy),
            str(score),
            size=22,
            weight="bold",
            fill="ink",
            bg="surface",
            anchor="rm",
        )
    bottom = top + seat_count(view) * (lane_h + lane_gap) - lane_gap
    for mark in TRACK_MARKS:
        x = round(_track_x(mark))
        draw.line(((x, top - 4), (x, bottom + 3)), fill=PAL["muted"], width=2)
    coin_y = bottom + 30
    tokens = sorted(view.get("track") or (), key=lambda token: token["score"])
    spots = spread([_track_x(token["score"]) for token in tokens], 2 * COIN_R + 10, TRACK_X0, TRACK_X1 + 20)
    for token, spot in zip(tokens, spots, strict=True):
        x = round(_track_x(token["score"]))
        draw.line(
            ((x, bottom + 3), (x, bottom + 7), (round(spot), coin_y - COIN_R)), fill=PAL["muted"], width=2
        )
        paste_centred(img, coin(token.get("bet"), "surface"), spot, coin_y)
        text(img, (spot, coin_y + 29), str(token["score"]), size=18, fill="muted", bg="surface", anchor="mm")


def spread(xs: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions near the sorted ``xs`` at least ``gap`` apart, within ``low``..``high``
    where possible (close bet tokens on the track are pushed apart, not stacked)."""
    out: list[float] = []
    for x in xs:
        out.append(max(x, low, out[-1] + gap) if out else max(x, low))
    for i in range(len(out) - 1, -1, -1):
        limit = high if i == len(out) - 1 else out[i + 1] - gap
        out[i] = min(out[i], limit)
    return out


# --------------------------------------------------------------------------- public goals, offer, conditions


def goals_height(view: View) -> int:
    goals = view.get("goals") or ()
    rows = max(1, math.ceil(len(goals) / 2))
    return 32 + rows * (GOAL_H + COLUMN_GAP) - COLUMN_GAP


def draw_goals(img: Image.Image, y: int, view: View, names: Sequence[str], tr: Tr) -> None:
    title = tr("render.runarch.goals_title")
    text(img, (MARGIN + 4, y + 12), title, size=18, weight="bold", fill="muted", anchor="lm")
    y += 32
    goals = view.get("goals") or ()
    if not goals:
        box(img, (MARGIN, y, WIDTH - MARGIN, y + GOAL_H), 14, "surface")
        line = fitted(tr("render.runarch.goals_hidden"), 20, "regular", INNER - 2 * PAD)
        text(img, (WIDTH / 2, y + GOAL_H / 2), line, size=20, fill="muted", bg="surface", anchor="mm")
        return
    bettors = goal_bettors(view)
    for i, goal_card in enumerate(goals):
        gx = MARGIN + (i % 2) * (GOAL_W + COLUMN_GAP)
        gy = y + (i // 2) * (GOAL_H + COLUMN_GAP)
        box(img, (gx, gy, gx + GOAL_W, gy + GOAL_H), 14, "surface")
        draw_goal(img, gx + PAD, gy + 26, goal_card.get("goal") or {}, tr, "surface", GOAL_W - 2 * PAD)
        cy = gy + 62
        text(
            img,
            (gx + PAD, cy),
            goal_card["id"],
            size=18,
            weight="bold",
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        x = gx + GOAL_W - PAD
        for seat, token in reversed(bettors.get(goal_card["id"], [])):
            name = fitted(R._name(names, seat, tr, None), 18, "bold", 96)
            text(img, (x, cy), name, size=18, weight="bold", fill="ink", bg="surface", anchor="rm")
            x -= kit.text_length(name, 18, "bold") + 4
            seat_stripe(img, round(x) - 8, round(cy) - 10, round(cy) + 10, seat, "surface")
            x -= 14
            paste_centred(img, coin(token, "surface"), x - COIN_R, cy)
            x -= 2 * COIN_R + 14


TOKENS_H = TOKENS_TITLE_H + TOKEN_H


def draw_tokens(img: Image.Image, y: int, view: View, tr: Tr) -> None:
    """The public offer (positions 1-4) and the six condition tokens."""
    offer = list(view.get("offer") or ())
    x = MARGIN
    text(
        img,
        (x + 4, y + 12),
        tr("render.runarch.offer_title"),
        size=18,
        weight="bold",
        fill="muted",
        anchor="lm",
    )
    cond_x = CONDITIONS_X
    title = fitted(tr("render.runarch.conditions_title"), 18, "bold", WIDTH - MARGIN - cond_x)
    text(img, (cond_x, y + 12), title, size=18, weight="bold", fill="muted", anchor="lm")
    y += TOKENS_TITLE_H
    for i in range(4):
        ox = x + i * (OFFER_W + 8)
        box(img, (ox, y, ox + OFFER_W, y + TOKEN_H), 10, "surface")
        text(
            img,
            (ox + OFFER_W / 2, y + 16),
            str(i + 1),
            size=18,
            weight="bold",
            fill="muted",
            bg="surface",
            anchor="mm",
        )
        if i < len(offer) and offer[i]:
            paste_centred(img, glyph(offer[i], 13, "surface"), ox + OFFER_W / 2, y + TOKEN_GLYPH_Y)
        else:
            text(
                img,
                (ox + OFFER_W / 2, y + TOKEN_GLYPH_Y),
                "–",
                size=22,
                weight="bold",
                fill="muted",
                bg="surface",
                anchor="mm",
            )
    for i, cond in enumerate(view.get("conditions") or ()):
        cx = cond_x + i * (COND_W + 8)
        box(img, (cx, y, cx + COND_W, y + TOKEN_H), 10, "surface")
        counts = cond.get("counts") or {}
        for k, side in enumerate(ARCHIVES):
            sx = cx + 4 + k * 19
            box(img, (sx, y + 6, sx + 18, y + 36), 5, "surface_hi", under="surface")
            value = counts.get(side)
            label, ink = (str(value), "ink") if value is not None else ("–", "muted")
            text(img, (sx + 9, y + 21), label, size=18, weight="bold", fill=ink, bg="surface_hi", anchor="mm")
        paste_centred(img, coin(cond.get("bet"), "surface"), cx + COND_W / 2, y + TOKEN_COIN_Y)
