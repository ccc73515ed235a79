"""The drawing kit shared by the pictures of all games.

Everything a board picture needs and that is not specific to one game lives here: fonts
(Roboto, which has the Czech diacritics that Pillow's default font lacks), the named colours,
an indexed ("P" mode) palette with anti-aliasing ramps, supersampled sprites, text helpers
and the single place that decides how a PNG is encoded. The geometry of shapes is
:mod:`render.shapes`; how a removed seat left, :mod:`render.departures`.

Why palette mode: a board is a few flat colours with anti-aliased edges. Drawn straight into a
256-colour image it is a third of the bytes of RGB, needs no PNG row filtering and compresses
well with zlib's fast levels, so drawing plus encoding costs about what encoding alone costs.
Shapes are drawn once in RGB at 4x, scaled down and mapped to the palette (cached);
text is drawn as a coverage mask whose levels map onto a ramp of palette entries between the
text colour and the colour under it.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import font_roboto
from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Point = tuple[float, float]

# --------------------------------------------------------------------------- PNG settings

MODE = "P"
"""The image mode of every board picture (see the module docstring)."""

PNG_OPTIONS: Mapping[str, Any] = {
    "optimize": False,
    "compress_level": 2,
}
"""The one set of PNG encoder settings; a benchmark encodes ``blank_like(size)`` with these.

Chosen by ``python -m bench.png_settings`` (every game's board and details pictures, over a
game): zlib level 2 with its default strategy makes them 29 % smaller on average than level 1
with ``Z_RLE`` (24-37 % by game) for 9 % more encoding time (about 0.3 ms a picture); level 3
saves 4 % more for 29 % more time, level 6 and up cost 3-27 times the time."""


def encode_png(img: Image.Image) -> bytes:
    """Encode a picture as PNG bytes with the project's settings (:data:`PNG_OPTIONS`)."""
    buf = io.BytesIO()
    img.save(buf, "PNG", **PNG_OPTIONS)
    return buf.getvalue()


def paste_sprite(img: Image.Image, pic: Image.Image, at: tuple[int, int], mask: Image.Image) -> None:
    """``img.paste(pic, at, mask)`` without ``Image.paste``'s per-call checks and conversions.

    A board pastes some 90 sprites; those checks cost more than the pasting. The sprites are the
    renderer's own, already in the picture's mode with an "L" mask, so they need none; the core
    clips a box that crosses the picture's border as ``Image.paste`` does."""
    x, y = at
    img.im.paste(pic.im, (x, y, x + pic.width, y + pic.height), mask.im)


def blank_like(size: tuple[int, int], palette: IndexedPalette | None = None) -> Image.Image:
    """A blank picture of ``size`` in :data:`MODE` with the same palette as a real board.

    Encoding it with :func:`encode_png` is the baseline the render benchmark compares to.
    """
    return (palette or default_palette()).new(size)


# --------------------------------------------------------------------------- fonts

WEIGHTS: Mapping[str, str] = {
    "light": "RobotoLight",
    "regular": "Roboto",
    "medium": "RobotoMedium",
    "bold": "RobotoBold",
    "black": "RobotoBlack",
}


@functools.lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """Roboto at ``size`` px; ``weight`` is one of :data:`WEIGHTS`."""
    if weight not in WEIGHTS:
        raise ValueError(f"unknown font weight {weight!r}; use one of {sorted(WEIGHTS)}")
    return ImageFont.truetype(font_roboto.font_files[WEIGHTS[weight]], size)


@functools.lru_cache(maxsize=8)
def _notdef_mask(fnt: ImageFont.FreeTypeFont) -> bytes:
    mask = fnt.getmask("\uffff")
    return bytes(mask)


def missing_glyphs(text: str, fnt: ImageFont.FreeTypeFont | None = None) -> set[str]:
    """The characters of ``text`` that ``fnt`` would draw as the 'missing glyph' box."""
    fnt = fnt or font(32)
    notdef = _notdef_mask(fnt)
    missing = set()
    for ch in set(text):
        if ch.isspace():
            continue
        if bytes(fnt.getmask(ch)) == notdef:
            missing.add(ch)
    return missing


@functools.lru_cache(maxsize=512)
def drawable(text: str, size: int = 32, weight: str = "regular") -> str:
    """``text`` without the characters Roboto cannot draw (emoji in a display name, say),
    so a picture never shows 'missing glyph' boxes; whitespace runs left behind are squeezed."""
    missing = missing_glyphs(text, font(size, weight))
    if not missing:
        return text
    return " ".join("".join(ch for ch in text if ch not in missing).split())


# --------------------------------------------------------------------------- colours


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

PALETTE: dict[str, RGB] = {
    # surfaces, darkest first
    "background": hex_rgb("#1B1F2A"),
    "surface": hex_rgb("#272D3B"),
    "surface_hi": hex_rgb("#343B4D"),
    # text
    "ink": hex_rgb("#F4F5F7"),
    "muted": hex_rgb("#A3ABBD"),
    "dark": hex_rgb("#14161D"),
    # emphasis: the last move and whose turn it is; the scored lines
    "highlight": hex_rgb("#FF9F1C"),
    "accent": hex_rgb("#3FD7F2"),
    # seats (panel stripes; never used on game pieces)
    "player0": hex_rgb("#5DADEC"),
    "player1": hex_rgb("#F2836B"),
    "player2": hex_rgb("#9CCC65"),
    "player3": hex_rgb("#FFD54F"),
    "player4": hex_rgb("#BA68C8"),
}
"""The colours every game's pictures share; a game adds its pieces' own colours to its palette."""


def player_colour(seat: int) -> str:
    """The palette name of a seat's colour."""
    return f"player{seat % 5}"


def tint(colour: RGB, amount: float = 0.38) -> RGB:
    """A light tint of ``colour`` (``amount`` of the colour over white)."""
    return mix(WHITE, colour, amount)


def shade(colour: RGB, amount: float = 0.25) -> RGB:
    """A darker shade of ``colour``."""
    return mix(colour, BLACK, amount)


# --------------------------------------------------------------------------- indexed palette


class IndexedPalette:
    """A fixed 256-entry palette: named colours plus ramps for anti-aliased edges.

    ``colours`` maps names to RGB. Each ramp ``(fg, bg)`` adds ``steps`` colours between
    the two, so text in ``fg`` drawn over ``bg`` (and shapes quantised onto the palette) keep
    smooth edges; a ramp ``(fg, bg, n)`` uses ``n`` steps instead (3 is plenty for the edges
    of big shapes, leaving room for more ramps). The first colour is index 0, the background
    of :meth:`new`.
    """

    def __init__(
        self,
        colours: Mapping[str, RGB],
        ramps: Iterable[tuple[str, str] | tuple[str, str, int]] = (),
        steps: int = 5,
    ) -> None:
        self.colours: dict[str, RGB] = dict(colours)
        self._entries: list[RGB] = []
        self._index: dict[RGB, int] = {}
        self._ramps: dict[tuple[str, str], list[int]] = {}
        for rgb in self.colours.values():
            self._add(rgb)
        for ramp in ramps:
            fg, bg = ramp[0], ramp[1]
            self.add_ramp(fg, bg, ramp[2] if len(ramp) > 2 else steps)  # type: ignore[misc]
        self._seal()

    def _add(self, rgb: RGB) -> int:
        if rgb not in self._index:
            if len(self._entries) >= 256:
                raise ValueError("palette is full (256 colours)")
            self._index[rgb] = len(self._entries)
            self._entries.append(rgb)
        return self._index[rgb]

    def add_ramp(self, fg: str, bg: str, steps: int = 5) -> None:
        f, b = self.colours[fg], self.colours[bg]
        levels = [self._add(b)]
        levels += [self._add(mix(b, f, i / (steps + 1))) for i in range(1, steps + 1)]
        levels.append(self._add(f))
        self._ramps[(fg, bg)] = levels
        if hasattr(self, "flat"):  # added after construction: the palette image must follow
            self._seal()

    def _seal(self) -> None:
        flat: list[int] = []
        for rgb in self._entries:
            flat.extend(rgb)
        # unused entries repeat the background, so nothing ever maps to a stray black
        flat.extend(self._entries[0] * (256 - len(self._entries)))
        self.flat = flat
        self.image = Image.new("P", (1, 1))
        self.image.putpalette(flat)

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, name: str) -> int:
        """The index of a named colour."""
        return self._index[self.colours[name]]

    def rgb(self, name: str) -> RGB:
        return self.colours[name]

    @functools.cache  # noqa: B019 - palettes are few and live as long as the process
    def coverage_luts(self, fg: str, bg: str) -> tuple[list[int], list[int]]:
        """Lookup tables from text coverage (0-255) to (palette index, paste mask)."""
        try:
            levels = self._ramps[(fg, bg)]
        except KeyError:
            raise KeyError(f"no ramp for {fg!r} over {bg!r}; add it to the palette") from None
        top = len(levels) - 1
        index_lut, mask_lut = [], []
        for cov in range(256):
            level = round(cov * top / 255)
            index_lut.append(levels[level])
            mask_lut.append(255 if level else 0)
        return index_lut, mask_lut

    def new(self, size: tuple[int, int], colour: str | None = None) -> Image.Image:
        """A new picture of ``size`` in this palette, filled with ``colour`` (index 0)."""
        img = Image.new("P", size, self[colour] if colour else 0)
        img.putpalette(self.flat)
        return img

    def quantize(self, img: Image.Image) -> Image.Image:
        """Map an RGB picture onto this palette (nearest colour, no dithering)."""
        return img.convert("RGB").quantize(palette=self.image, dither=Image.Dither.NONE)


TEXT_RAMPS: tuple[tuple[str, str], ...] = tuple(
    (fg, bg)
    for fg in ("ink", "muted", "highlight", "accent")
    for bg in ("background", "surface", "surface_hi")
)
"""Ramps for the usual text colours on the usual surfaces; a game's palette starts from these."""


@functools.cache
def default_palette() -> IndexedPalette:
    """The kit colours with ramps for the usual text on the usual surfaces."""
    return IndexedPalette(PALETTE, TEXT_RAMPS)


# --------------------------------------------------------------------------- sprites


def supersampled(
    size: tuple[int, int],
    paint: Callable[[ImageDraw.ImageDraw, float], None],
    background: RGB | None = None,
    scale: int = 4,
) -> Image.Image:
    """Draw at ``scale`` times the size and shrink: smooth edges from Pillow's hard ones.

    ``paint(draw, scale)`` draws in the large coordinates (multiply your sizes by ``scale``).
    With ``background`` the result is RGB over that colour, else RGBA over transparency.
    """
    w, h = size
    if background is None:
        big = Image.new("RGBA", (w * scale, h * scale), (0, 0, 0, 0))
    else:
        big = Image.new("RGB", (w * scale, h * scale), background)
    paint(ImageDraw.Draw(big), scale)
    return big.reduce(scale)


def alpha_mask(img: Image.Image, threshold: int = 1) -> Image.Image:
    """A 0/255 paste mask of the pixels of an RGBA sprite whose alpha reaches ``threshold``."""
    return img.getchannel("A").point(lambda a: 255 if a >= threshold else 0)


def flatten(img: Image.Image, background: RGB) -> Image.Image:
    """An RGBA sprite composited over a solid colour, as RGB."""
    base = Image.new("RGB", img.size, background)
    base.paste(img, (0, 0), img)
    return base


# --------------------------------------------------------------------------- text


@functools.lru_cache(maxsize=4096)
def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """``fnt.getlength(text)``, cached: measuring is as slow as pasting a dozen sprites."""
    return fnt.getlength(text)


def text_length(text: str, size: int, weight: str = "regular") -> float:
    """Width in px of ``text`` in Roboto ``size``/``weight`` (cached)."""
    return text_width(text, font(size, weight))


@functools.lru_cache(maxsize=2048)
def fit_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: float, ellipsis: str = "…") -> str:
    """``text`` cut to fit ``max_width`` px, ending with an ellipsis when cut (cached)."""
    if text_width(text, fnt) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits together with the ellipsis
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ellipsis) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ellipsis


def wrap_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: float, max_lines: int = 2) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last one is cut with an ellipsis."""
    lines: list[str] = []
    current = ""
    words = text.split()
    for i, word in enumerate(words):
        candidate = f"{current} {word}" if current else word
        if fnt.getlength(candidate) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
    lines[-1:] = [fit_text(line, fnt, max_width) for line in lines[-1:]]
    return lines


@functools.lru_cache(maxsize=2048)
def _text_sprite(
    pal: IndexedPalette, text: str, size: int, weight: str, fg: str, bg: str, anchor: str
) -> tuple[Image.Image, Image.Image, tuple[int, int]] | None:
    fnt = font(size, weight)
    x0, y0, x1, y1 = fnt.getbbox(text, anchor=anchor)
    if x1 <= x0 or y1 <= y0:
        return None
    cov = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(cov).text((-x0, -y0), text, font=fnt, fill=255, anchor=anchor)
    index_lut, mask_lut = pal.coverage_luts(fg, bg)
    idx = Image.frombytes("P", cov.size, cov.point(index_lut).tobytes())
    return idx, cov.point(mask_lut), (x0, y0)


def draw_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    weight: str = "regular",
    fill: str = "ink",
    bg: str = "background",
    anchor: str = "la",
    pal: IndexedPalette | None = None,
) -> None:
    """Draw ``text`` at ``xy`` (Pillow ``anchor``) in palette colour ``fill`` over ``bg``.

    On a "P" picture the text is anti-aliased along the palette's ``(fill, bg)`` ramp, so the
    area under it should be ``bg``. On RGB pictures this is plain ``ImageDraw.text``.
    Sprites are cached: redrawing the same label costs one paste.
    """
    pal = pal or default_palette()
    if img.mode != "P":
        ImageDraw.Draw(img).text(xy, text, font=font(size, weight), fill=pal.rgb(fill), anchor=anchor)
        return
    sprite = _text_sprite(pal, text, size, weight, fill, bg, anchor)
    if sprite is None:
        return
    idx, mask, (dx, dy) = sprite
    paste_sprite(img, idx, (round(xy[0]) + dx, round(xy[1]) + dy), mask)


def rounded_box(
    img: Image.Image,
    box: tuple[float, float, float, float],
    radius: float,
    fill: str,
    *,
    outline: str | None = None,
    width: int = 0,
    under: str = "background",
    pal: IndexedPalette | None = None,
) -> None:
    """A rounded rectangle in palette colours with smooth corners, over the colour ``under``.

    The shape is cached per size, so boxes of one size cost a paste each.
    """
    pal = pal or default_palette()
    x0, y0, x1, y1 = (round(v) for v in box)
    sprite, mask = _box_sprite(pal, x1 - x0, y1 - y0, round(radius), fill, outline, width, under)
    img.paste(sprite, (x0, y0), mask)


def rounded_frame(
    img: Image.Image,
    box: tuple[float, float, float, float],
    radius: float,
    colour: str,
    width: int,
    *,
    under: str = "background",
    pal: IndexedPalette | None = None,
) -> None:
    """Only the stroke of a rounded rectangle (``width`` px inside ``box``): what is inside
    stays as it is. The stroke is smoothed against ``under``, the colour around it."""
    pal = pal or default_palette()
    x0, y0, x1, y1 = (round(v) for v in box)
    sprite, mask = _frame_sprite(pal, x1 - x0, y1 - y0, round(radius), colour, width, under)
    img.paste(sprite, (x0, y0), mask)


@functools.lru_cache(maxsize=64)
def _frame_sprite(
    pal: IndexedPalette, w: int, h: int, radius: int, colour: str, width: int, under: str
) -> tuple[Image.Image, Image.Image]:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, w * s - 1, h * s - 1), radius * s, outline=(*pal.rgb(colour), 255), width=round(width * s)
        )

    rgba = supersampled((w, h), paint)
    return pal.quantize(flatten(rgba, pal.rgb(under))), alpha_mask(rgba, threshold=24)


@functools.lru_cache(maxsize=256)
def _box_sprite(
    pal: IndexedPalette, w: int, h: int, radius: int, fill: str, outline: str | None, width: int, under: str
) -> tuple[Image.Image, Image.Image]:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, w * s - 1, h * s - 1),
            radius * s,
            fill=(*pal.rgb(fill), 255),
            outline=(*pal.rgb(outline), 255) if outline else None,
            width=round(width * s),
        )

    rgba = supersampled((w, h), paint)
    return pal.quantize(flatten(rgba, pal.rgb(under))), alpha_mask(rgba)
