"""The Manhattan Project's legend: every icon of the pictures with its meaning, in words.

The board has no room for words on its spaces and cards, so this picture (for the rules
command, or wherever a player asks what a symbol means) explains each icon once.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import kit
from render.manhattan.icons import paint, paint_ring, paint_worker
from render.manhattan.style import PAL, TOKEN_RGB, Tr

WIDTH = 720
MARGIN = 12
ROW = 34
ICON_R = 12
SCALE = 2
COLUMNS = 2

ENTRIES: tuple[tuple[str, str], ...] = (
    ("L", "laborer"),
    ("E", "engineer"),
    ("S", "scientist"),
    ("any", "any_worker"),
    ("seat", "seat_worker"),
    ("grey", "contractor"),
    ("pool", "pool"),
    ("money", "money"),
    ("ore", "ore"),
    ("eu", "eu"),
    ("pu", "pu"),
    ("fighters", "fighters"),
    ("bombers", "bombers"),
    ("spy", "spy"),
    ("damage", "damage"),
    ("arrow_light", "arrow"),
    ("others", "others"),
    ("corruption", "corruption"),
    ("build", "build"),
    ("strike", "strike"),
    ("repair", "repair"),
    ("design", "design"),
    ("test", "test"),
    ("hand", "hand"),
    ("slash", "choice"),
)
"""(icon, the key of its meaning ``render.manhattan.legend_<key>``)."""


def _icon(draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float) -> None:
    s, r = SCALE, ICON_R * SCALE
    if name in ("L", "E", "S"):
        paint_worker(draw, name, cx * s, cy * s, r, s, PAL.rgb("card"))
    elif name == "any":
        paint_worker(draw, "any", cx * s, cy * s, r, s, None, False, PAL.rgb("surface"))
    elif name == "seat":
        paint_worker(draw, "E", cx * s, cy * s, r, s, TOKEN_RGB["blue"])
    elif name == "grey":
        paint_worker(draw, "S", cx * s, cy * s, r, s, TOKEN_RGB["grey"])
    elif name == "pool":
        paint_ring(draw, "E", cx * s, cy * s, r, s, TOKEN_RGB["blue"], PAL.rgb("surface"))
    elif name == "slash":
        draw.text((cx * s, cy * s), "/", font=kit.font(22 * s, "bold"), fill=PAL.rgb("ink"), anchor="mm")
    else:
        paint(draw, name, cx * s, cy * s, r, s)


def legend_image(tr: Tr) -> Image.Image:
    """The legend as a palette picture, two columns of icon and meaning."""
    rows = -(-len(ENTRIES) // COLUMNS)
    height = 2 * MARGIN + 40 + rows * ROW
    col_w = (WIDTH - 2 * MARGIN - 24) // COLUMNS
    big = Image.new("RGB", (WIDTH * SCALE, height * SCALE), PAL.rgb("background"))
    draw = ImageDraw.Draw(big)
    s = SCALE
    draw.rounded_rectangle(
        (MARGIN * s, MARGIN * s, (WIDTH - MARGIN) * s, (height - MARGIN) * s), 12 * s, fill=PAL.rgb("surface")
    )
    for i, (name, _) in enumerate(ENTRIES):
        x = MARGIN + 12 + (i // rows) * col_w
        y = MARGIN + 40 + (i % rows) * ROW
        _icon(draw, name, x + ICON_R + 2, y)
    img = big.resize((WIDTH, height), Image.Resampling.LANCZOS)
    kit.draw_text(
        img,
        (MARGIN + 12, MARGIN + 18),
        tr("render.manhattan.legend_title"),
        size=20,
        weight="bold",
        fill="ink",
        anchor="lm",
        pal=PAL,
    )
    for i, (_, key) in enumerate(ENTRIES):
        x = MARGIN + 12 + (i // rows) * col_w
        y = MARGIN + 40 + (i % rows) * ROW
        line = tr(f"render.manhattan.legend_{key}")
        kit.draw_text(img, (x + 2 * ICON_R + 12, y), line, size=18, fill="ink", anchor="lm", pal=PAL)
    return PAL.quantize(img)


def render_legend(tr: Tr) -> bytes:
    """The legend as PNG bytes."""
    return kit.encode_png(legend_image(tr))
