"""Moonriser's private pictures: a player's tiles (``render_hand``: the hand, or the drawn tiles
to choose from) and the preview of one placement (``render_preview``).

Both are shown to one player in an ephemeral reply. The hand is the tile cards of
``render.moonriser.cards`` (the supply's), one column sized for a phone. The preview is composed
in RGB and mapped onto the palette once at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.moonriser.content import Tile
from render import kit
from render.moonriser import cards
from render.moonriser.cards import ICON, INK, MUTED, SURFACE, card_image, paint_token, stack
from render.moonriser.geometry import fields_key, geometry, label_fields, paint_fields, shades
from render.moonriser.marks import marks
from render.moonriser.style import FIELD_RGB, PAL, Tr, View, tile_name, tileset
from render.moonriser.tiles import black_token, ring, sprite_size, tile_rgba

__all__ = ["ICON", "paint_token", "render_hand", "render_preview"]

MARGIN = 16
WIDTH = 720
"""The placement preview's width."""


def render_hand(tiles: Sequence[str], tr: Tr, *, version: int | None = None) -> bytes:
    """A player's tiles (hand or drawn tiles), each as a large card, one under another in the
    phone-sized column of the supply picture (``render.moonriser.cards``); ``version`` = the
    game's tiles version (``view["content"]["tiles"]``), the newest by default."""
    if tiles:
        return stack("", [(card_image(version, t, tr, None), "") for t in tiles])
    width, margin = cards.WIDTH, cards.MARGIN
    img = Image.new("RGB", (width, 2 * margin + 80), PAL.rgb("background"))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((margin, margin, width - margin, img.height - margin), 14, fill=SURFACE)
    text = tr("render.moonriser.no_tiles")
    draw.text((width / 2, img.height / 2), text, font=kit.font(22), fill=MUTED, anchor="mm")
    return kit.encode_png(PAL.quantize(img))


# --------------------------------------------------------------------------- placement preview

PREVIEW_R = 56
PREVIEW_H = 430
CAPTION_H = 96


def render_preview(
    view: View,
    tile: str,
    field: str,
    rotation: int,
    cost: Mapping[str, int] | None,
    vp_gain: int,
    tr: Tr,
    formed: View | None = None,
) -> bytes:
    """The board around ``field`` with ``tile`` placed there turned ``rotation`` (in the colour
    of the seat to act), ringed, and below it what the placement costs and the VP it earns now.
    ``formed`` (``links`` and ``hoods`` as in a view) are the relationships and neighbourhoods
    the placement forms, marked as the board will mark them."""
    version = (view.get("content") or {}).get("tiles")
    key = fields_key(view["fields"])
    whole = geometry(key, PREVIEW_R, 0, 0)
    fx, fy = whole.centre(field)
    geo = geometry(key, PREVIEW_R, WIDTH / 2 - fx, PREVIEW_H / 2 - fy)
    reach = (WIDTH / 2 + 2 * PREVIEW_R, PREVIEW_H / 2 + 2 * PREVIEW_R)
    shown = [
        label
        for label, (x, y) in geo.centres.items()
        if abs(x - WIDTH / 2) < reach[0] and abs(y - PREVIEW_H / 2) < reach[1]
    ]
    size = (WIDTH, PREVIEW_H)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        paint_fields(draw, s, key, geo, shown)

    img = kit.supersampled(size, paint, background=PAL.rgb("background"), scale=2)
    placed = dict(view.get("tiles") or {})
    seat = view.get("active")
    placed[field] = {"tile": tile, "owner": seat, "rot": rotation, "upgraded": False, "level": 1}
    half_w, half_h = sprite_size(PREVIEW_R)[0] / 2, sprite_size(PREVIEW_R)[1] / 2
    empty = set(view.get("empty") or ())
    free = [label for label in shown if label not in placed and label not in empty]
    pal_img = PAL.quantize(img)
    label_fields(pal_img, key, geo, free)
    img = pal_img.convert("RGB")
    shade = shades(key)
    for label in shown:
        x, y = geo.centre(label)
        spot = (round(x - half_w), round(y - half_h))
        if label in placed:
            t = placed[label]
            sprite = tile_rgba(
                version,
                t["tile"],
                int(t.get("rot", 0)) % 6,
                t.get("owner"),
                bool(t.get("upgraded")),
                int(t.get("level") or 0),
                PREVIEW_R,
            )
            img.paste(sprite, spot, sprite)
        elif label in empty:
            pic, mask = black_token(PREVIEW_R, FIELD_RGB[shade[label]])
            img.paste(pic.convert("RGB"), spot, mask)
    for pic, mask, at in marks(formed or {}, geo):
        img.paste(pic.convert("RGB"), at, mask)
    pic, mask = ring(PREVIEW_R)
    x, y = geo.centre(field)
    img.paste(pic.convert("RGB"), (round(x - half_w), round(y - half_h)), mask)
    out = Image.new("RGB", (WIDTH, PREVIEW_H + CAPTION_H), PAL.rgb("background"))
    out.paste(img, (0, 0))
    _caption(ImageDraw.Draw(out), PREVIEW_H, tileset(view)[tile], field, rotation, cost or {}, vp_gain, tr)
    return kit.encode_png(PAL.quantize(out))


def _caption(
    draw: ImageDraw.ImageDraw,
    top: int,
    tile: Tile,
    field: str,
    rotation: int,
    cost: Mapping[str, int],
    vp: int,
    tr: Tr,
) -> None:
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + CAPTION_H - 12), 14, fill=SURFACE)
    title = tr(
        "render.moonriser.preview_title",
        name=tile_name(tile, tr),
        tile=tile.id,
        field=field,
        rotation=rotation,
    )
    title = kit.fit_text(title, kit.font(21, "bold"), WIDTH - 2 * MARGIN - 28)
    draw.text((MARGIN + 14, top + 24), title, font=kit.font(21, "bold"), fill=INK, anchor="lm")
    y = top + 60
    label = tr("render.moonriser.cost")
    draw.text((MARGIN + 14, y), label, font=kit.font(19), fill=MUTED, anchor="lm")
    x = MARGIN + 14 + kit.text_length(label, 19) + 10
    paid = [(c, int(cost.get(c, 0))) for c in ("blue", "red", "green", "yellow") if cost.get(c)]
    if not paid:
        draw.text((x, y), tr("render.moonriser.free"), font=kit.font(19, "bold"), fill=INK, anchor="lm")
    for colour, amount in paid:
        paint_token(draw, x + ICON, y, colour)
        draw.text((x + 2 * ICON + 5, y), str(amount), font=kit.font(19, "bold"), fill=INK, anchor="lm")
        x += 2 * ICON + 14 + kit.text_length(str(amount), 19, "bold")
    gain = tr("render.moonriser.gain", points=vp)
    draw.text(
        (WIDTH - MARGIN - 14, y), gain, font=kit.font(20, "bold"), fill=PAL.rgb("highlight"), anchor="rm"
    )
