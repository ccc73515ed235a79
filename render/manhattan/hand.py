"""The Manhattan Project's private picture of bomb cards: a player's hand, or the designs they
pick from in a draft. Shown to one player only (an ephemeral reply), never in a public post.

Each card is large, with its id and name in the reader's language and every value labelled:
the engineers and scientists it takes, its fuel, the loading price (+5 points) and its points,
a plutonium bomb's also after an implosion test. Composed in RGB, mapped onto the palette once.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.manhattan import content
from render import kit
from render.manhattan.cards import Item, draw_items, row_width
from render.manhattan.style import CARD_RGB, DARK, KIND_RGB, PAL, Tr, bomb_name, bombs, ink_on

WIDTH = 720
MARGIN = 12
GAP = 9
COLUMNS = 3
CARD_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
BAND_H = 34
ROW = 31
CARD_H = BAND_H + 4 * ROW + 12
TITLE_H = 44
NUMBER = 20
ICON_R = 11
SCALE = 2
LABEL_GAP = 10
"""At least this much between a row's label and its numbers ("Points / tested" ran into "12")."""


def value_rows(bomb: content.Bomb) -> list[tuple[str, list[Item]]]:
    """(label key, icons) for each line of a card."""
    workers: list[Item] = []
    for kind in ("E", "S"):
        if bomb.workers.get(kind):
            workers += [("gap", "")] if workers else []
            workers += [("n", str(bomb.workers[kind])), ("w", kind)]
    points: list[Item] = [("n", str(bomb.value))]
    if bomb.fuel == "plutonium":
        points += [("gap", ""), ("t", "/"), ("gap", ""), ("i", "test"), ("n", str(bomb.tested))]
    return [
        ("render.manhattan.bomb_workers", workers),
        ("render.manhattan.bomb_fuel", [("n", str(bomb.amount)), ("i", bomb.fuel_track)]),
        (
            "render.manhattan.bomb_load",
            [("n", str(bomb.load)), ("i", "money"), ("t", "+"), ("n", "1"), ("i", "bombers")],
        ),
        (
            "render.manhattan.bomb_points_tested"
            if bomb.fuel == "plutonium"
            else "render.manhattan.bomb_points",
            points,
        ),
    ]


def draw_card(img: Image.Image, bomb: content.Bomb, tr: Tr, x: int, y: int) -> None:
    """One large card at ``(x, y)`` on the RGB picture."""
    draw = ImageDraw.Draw(img)
    band = KIND_RGB[bomb.fuel]
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 10, fill=DARK)
    draw.rounded_rectangle((x + 1, y + 1, x + CARD_W - 1, y + CARD_H - 1), 9, fill=CARD_RGB)
    draw.rounded_rectangle((x + 1, y + 1, x + CARD_W - 1, y + BAND_H), 9, fill=band)
    draw.rectangle((x + 1, y + BAND_H - 9, x + CARD_W - 1, y + BAND_H), fill=band)
    cy = y + BAND_H / 2 + 1
    ink = ink_on(band)
    draw.text((x + 9, cy), bomb.id, font=kit.font(NUMBER, "black"), fill=ink, anchor="lm")
    name_x = x + 16 + kit.text_length(bomb.id, NUMBER, "black")
    room = x + CARD_W - 34 - name_x
    name = kit.fit_text(bomb_name(bomb, tr), kit.font(18, "medium"), room)
    draw.text((name_x, cy), name, font=kit.font(18, "medium"), fill=ink, anchor="lm")
    _icons(img, [("i", bomb.fuel_track)], x + CARD_W - 10 - 2 * ICON_R, cy)
    row_y = y + BAND_H + 6 + ROW / 2
    for key, items in value_rows(bomb):
        items_x = x + CARD_W - 9 - row_width(items, NUMBER, ICON_R)
        label = kit.fit_text(tr(key), kit.font(18), items_x - LABEL_GAP - (x + 9))
        kit.draw_text(img, (x + 9, row_y), label, size=18, fill="dark", anchor="lm", pal=PAL)
        _icons(img, items, items_x, row_y)
        row_y += ROW


def _icons(img: Image.Image, items: Sequence[Item], x: float, cy: float) -> None:
    """Icons and numbers drawn supersampled and pasted: sharp at the card's size."""
    w = round(row_width(items, NUMBER, ICON_R)) + 4
    h = 2 * ICON_R + 8
    strip = Image.new("RGBA", (w * SCALE, h * SCALE), (0, 0, 0, 0))
    draw_items(ImageDraw.Draw(strip), items, 0, h / 2, SCALE, size=NUMBER, r=ICON_R)
    small = strip.resize((w, h), Image.Resampling.LANCZOS)
    img.paste(small, (round(x), round(cy - h / 2)), small)


def bombs_image(
    bomb_ids: Sequence[str],
    tr: Tr,
    *,
    version: int | None = None,
    title_key: str = "render.manhattan.hand_title",
) -> Image.Image:
    """The cards of ``bomb_ids`` under a title, three to a row (the palette picture)."""
    catalogue = bombs(None, version)
    cards = [catalogue[b] for b in bomb_ids if b in catalogue]
    rows = -(-len(cards) // COLUMNS) if cards else 0
    height = TITLE_H + (rows * (CARD_H + GAP) if rows else 60) + MARGIN
    img = Image.new("RGB", (WIDTH, height), PAL.rgb("background"))
    title = tr(title_key, count=len(cards))
    kit.draw_text(
        img, (MARGIN + 4, TITLE_H / 2 + 2), title, size=22, weight="bold", fill="ink", anchor="lm", pal=PAL
    )
    if not cards:
        kit.draw_text(
            img,
            (MARGIN + 4, TITLE_H + 24),
            tr("render.manhattan.no_bombs"),
            size=20,
            fill="muted",
            anchor="lm",
            pal=PAL,
        )
    for i, bomb in enumerate(cards):
        x = MARGIN + (i % COLUMNS) * (CARD_W + GAP)
        y = TITLE_H + (i // COLUMNS) * (CARD_H + GAP)
        draw_card(img, bomb, tr, x, y)
    return PAL.quantize(img)
