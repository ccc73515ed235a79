"""The board post's second picture (``claims_png``): claimed milestones, funded awards with
MarsBot's current values, and the cities off Mars — what the person's table shows in markers and
the bot's board does not. ``None`` while there is nothing of the kind, so an early post keeps one
picture. Rows of 24 px text on the board's dark surface, each with its owner's badge (MarsBot's
robot, the person's head: shape and colour, as on the map)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from PIL import Image

from engine.marsbot.content import OFF_MARS
from render import kit
from render.inputs import drawn_from
from render.marsbot.icons import paint_owner
from render.marsbot.style import PAL, Tr, View, text

WIDTH = 800
MARGIN = 12
ROW = 40
HEAD = 34
SIZE = 24


@functools.lru_cache(maxsize=4)
def _badge(owner: str) -> tuple[Image.Image, Image.Image]:
    side = 32

    def paint(draw: object, s: float) -> None:
        paint_owner(draw, owner, side * s / 2, side * s / 2, 12 * s)  # type: ignore[arg-type]

    img = kit.supersampled((side, side), paint)
    return PAL.quantize(kit.flatten(img, PAL.rgb("surface"))), kit.alpha_mask(img, 60)


def claim_rows(view: View, tr: Tr) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """(section title, [(owner, name, right-hand words)]) for what is claimed, funded, off Mars."""
    side = {"marsbot": tr("marsbot.side.marsbot"), "person": tr("marsbot.side.person")}
    milestones = view.get("milestones") or {}
    awards = view.get("awards") or {}
    values = view.get("award_values") or {}
    tiles = view.get("map") or {}
    sections: list[tuple[str, list[tuple[str, str, str]]]] = []
    if milestones:
        rows = [
            (str(o), tr(f"marsbot.milestone.{m}"), side.get(str(o), str(o))) for m, o in milestones.items()
        ]
        sections.append((tr("render.marsbot.claims.milestones"), rows))
    if awards:
        rows = [
            (
                str(o),
                tr(f"marsbot.award.{a}"),
                tr("render.marsbot.claims.award", funder=side.get(str(o), str(o)), value=values.get(a, 0)),
            )
            for a, o in awards.items()
        ]
        sections.append((tr("render.marsbot.claims.awards"), rows))
    off = [s for s in OFF_MARS if isinstance(tiles.get(s), Mapping)]
    if off:
        rows = [
            (
                str(tiles[s]["owner"]),
                tr(f"marsbot.off_mars.{s.lower()}"),
                tr(f"marsbot.tile.{tiles[s]['tile']}"),
            )
            for s in off
        ]
        sections.append((tr("render.marsbot.claims.off_mars"), rows))
    return sections


def claims_image(view: View, tr: Tr) -> Image.Image | None:
    sections = claim_rows(view, tr)
    if not sections:
        return None
    height = 2 * MARGIN + sum(HEAD + ROW * len(rows) for _, rows in sections) + 8
    img = PAL.new((WIDTH, height))
    kit.rounded_box(img, (MARGIN, MARGIN, WIDTH - MARGIN, height - MARGIN), 12, "surface", pal=PAL)
    y = MARGIN + 8
    for title, rows in sections:
        text(
            img,
            (MARGIN + 16, y + HEAD / 2),
            title,
            size=20,
            weight="bold",
            fill="muted",
            bg="surface",
            anchor="lm",
        )
        y += HEAD
        for owner, name, right in rows:
            pic, mask = _badge(owner if owner in ("marsbot", "person") else "person")
            kit.paste_sprite(img, pic, (MARGIN + 24, round(y + ROW / 2 - pic.height / 2)), mask)
            text(
                img,
                (MARGIN + 68, y + ROW / 2),
                name,
                size=SIZE,
                weight="bold",
                fill="ink",
                bg="surface",
                anchor="lm",
            )
            text(
                img,
                (WIDTH - MARGIN - 16, y + ROW / 2),
                right,
                size=SIZE,
                fill="highlight",
                bg="surface",
                anchor="rm",
            )
            y += ROW
    return img


def _claims_inputs(view: View, names: Sequence[str], tr: Tr) -> object:
    """The picture is its rows' words and owners, nothing else (``claims_image``)."""
    return claim_rows(view, tr)


@drawn_from(_claims_inputs)
def render_claims(view: View, names: Sequence[str], tr: Tr) -> bytes | None:
    """:func:`claims_png` with the table service's signature (``GameAdapter.render_details``)."""
    return claims_png(view, tr)


def claims_png(view: View, tr: Tr) -> bytes | None:
    """The claims picture as PNG bytes, or ``None`` when nothing is claimed, funded or off Mars."""
    img = claims_image(view, tr)
    return None if img is None else kit.encode_png(img)
