"""MarsBot's board picture (``board_png``): the header, the Tharsis map and MarsBot's tracks.

The picture reads only the view (``view(state, 0)``, MARSBOT.md "Views"): ``generation``,
``tr``, ``money``, ``params`` (+ ``maxed``), ``map``, ``last.spaces``, ``tracks``, ``reached``,
``cubes``, ``options.venus`` and ``content``. From top to bottom: the generation, MarsBot's TR
and money and the global parameters; the map with both sides' tiles and the latest placement
ringed; MarsBot's tracks. It is 800 px wide and at most 1.5 times as tall, so a phone's 400 px
preview shows it whole with every text at least 10 px tall. The parts that depend only on the
content and the language (the empty map, both looks of the tracks, the header's box and
icons) are drawn once; a picture copies them and pastes what changed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.marsbot import content
from render import kit
from render.marsbot.icons import paint_owner, paint_param
from render.marsbot.map import draw_tiles, empty_map, geometry, map_image
from render.marsbot.style import (
    LIMITS,
    PAL,
    PARAMS,
    Tr,
    Version,
    View,
    lang,
    last_spaces,
    map_files,
    maxed,
    param,
    signed,
    text,
    tiles,
    track_ids,
    venus_on,
)
from render.marsbot.tracks import TrackLayout, draw_tracks, layout, tracks_image

WIDTH = 800
MARGIN = 12
HEADER_Y = 12
HEADER_H = 96
MAP_R = 46
GAP = 6


def _key(view: View) -> tuple[Version, Version, tuple[str, ...]]:
    mars, tracks = map_files(view)
    return mars, tracks, track_ids(view)


@functools.lru_cache(maxsize=16)
def _layout(tracks: tuple[str, ...], mars_version: Version) -> dict[str, object]:
    map_y = HEADER_Y + HEADER_H + GAP
    geo = geometry(mars_version, MAP_R, WIDTH)
    tracks_y = map_y + geo.size[1] + GAP
    lay = layout(WIDTH, MARGIN, tracks)
    return {
        "map_y": map_y,
        "geo": geo,
        "tracks_y": tracks_y,
        "tracks": lay,
        "size": (WIDTH, tracks_y + lay.height + MARGIN),
    }


def picture_size(view: View) -> tuple[int, int]:
    """The board picture's size for ``view`` (what a benchmark's blank baseline uses)."""
    mars_version, _, tracks = _key(view)
    return _layout(tracks, mars_version)["size"]  # type: ignore[return-value]


# --------------------------------------------------------------------------- the header


@functools.lru_cache(maxsize=16)
def icon_sprite(name: str, size: int) -> tuple[Image.Image, Image.Image]:
    """A header icon on the header's surface: a parameter, or MarsBot's badge ("marsbot")."""
    side = 2 * size + 4

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        if name == "marsbot":
            paint_owner(draw, "marsbot", c, c, size * 0.8 * s)
        else:
            paint_param(draw, name, c, c, size * s)

    img = kit.supersampled((side, side), paint)
    return PAL.quantize(kit.flatten(img, PAL.rgb("surface"))), kit.alpha_mask(img, 60)


def _paste(img: Image.Image, sprite: tuple[Image.Image, Image.Image], x: float, y: float) -> None:
    pic, mask = sprite
    kit.paste_sprite(img, pic, (round(x - pic.width / 2), round(y - pic.height / 2)), mask)


def param_text(view: View, name: str, tr: Tr) -> str:
    value = param(view, name)
    if name == "oceans":
        return tr("render.marsbot.oceans", value=value, limit=LIMITS["oceans"])
    return tr(f"render.marsbot.{name}", value=signed(value))


def header_params(view: View) -> tuple[str, ...]:
    return PARAMS if venus_on(view) else PARAMS[:3]


def draw_header(img: Image.Image, view: View, tr: Tr) -> None:
    """Generation, MarsBot's TR and money, then the global parameters (a reached target is
    written in the accent colour with a tick)."""
    line1 = HEADER_Y + 26
    line2 = HEADER_Y + HEADER_H - 26
    generation = tr("render.marsbot.generation", generation=int(view.get("generation") or 1))
    text(img, (MARGIN + 16, line1), generation, size=24, weight="bold", fill="ink", bg="surface", anchor="lm")
    right = WIDTH - MARGIN - 16
    money = tr("render.marsbot.money", money=int(view.get("money") or 0))
    text(img, (right, line1), money, size=24, weight="bold", fill="highlight", bg="surface", anchor="rm")
    right -= round(kit.text_length(money, 24, "bold")) + 24
    rating = tr("render.marsbot.tr", tr=int(view.get("tr") or content.START_TR))
    text(img, (right, line1), rating, size=24, weight="bold", fill="ink", bg="surface", anchor="rm")
    right -= round(kit.text_length(rating, 24, "bold")) + 22
    _paste(img, icon_sprite("marsbot", 14), right, line1)
    shown = header_params(view)
    slot = (WIDTH - 2 * MARGIN) / len(shown)
    for i, name in enumerate(shown):
        x = MARGIN + 16 + i * slot
        if name == "oxygen":  # the chemical symbol says it better than any drawing
            text(
                img,
                (x + 14, line2),
                "O₂",
                size=22,
                weight="black",
                fill="icon_oxygen",
                bg="surface",
                anchor="mm",
            )
        else:
            _paste(img, icon_sprite(name, 14), x + 14, line2)
        value = param_text(view, name, tr)
        done = maxed(view, name)
        fill = "accent" if done else "ink"
        text(img, (x + 36, line2), value, size=24, weight="bold", fill=fill, bg="surface", anchor="lm")
        if done:
            end = x + 36 + kit.text_length(value, 24, "bold") + 8
            _tick(img, end, line2)


@functools.lru_cache(maxsize=1)
def _tick_sprite() -> tuple[Image.Image, Image.Image]:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.line(
            [(2 * s, 10 * s), (7 * s, 15 * s), (16 * s, 4 * s)],
            fill=(*PAL.rgb("accent"), 255),
            width=round(3.4 * s),
            joint="curve",
        )

    img = kit.supersampled((18, 18), paint)
    return PAL.quantize(kit.flatten(img, PAL.rgb("surface"))), kit.alpha_mask(img, 80)


def _tick(img: Image.Image, x: float, y: float) -> None:
    pic, mask = _tick_sprite()
    kit.paste_sprite(img, pic, (round(x), round(y - pic.height / 2)), mask)


# --------------------------------------------------------------------------- the picture


@functools.lru_cache(maxsize=16)
def _base(mars_version: Version, tracks: tuple[str, ...], language: str, noctis: str) -> Image.Image:
    """Background, the header's box and the empty map (the tracks are pasted per picture)."""
    lay = _layout(tracks, mars_version)
    img = PAL.new(lay["size"])  # type: ignore[arg-type]
    kit.rounded_box(img, (MARGIN, HEADER_Y, WIDTH - MARGIN, HEADER_Y + HEADER_H), 12, "surface", pal=PAL)
    img.paste(empty_map(mars_version, MAP_R, WIDTH, language, noctis), (0, lay["map_y"]))  # type: ignore[arg-type]
    return img


def board_image(view: View, names: Sequence[str], tr: Tr) -> Image.Image:
    """The picture :func:`board_png` encodes, as a palette image (a replay encodes many)."""

    mars_version, tracks_version, tracks = _key(view)
    lay = _layout(tracks, mars_version)
    img = _base(mars_version, tracks, lang(tr), tr("render.marsbot.noctis")).copy()
    draw_tiles(img, lay["geo"], tiles(view), last_spaces(view), (0, lay["map_y"]))  # type: ignore[arg-type]
    draw_tracks(img, view, tracks_version, lay["tracks"], tr, lay["tracks_y"])  # type: ignore[arg-type]
    draw_header(img, view, tr)
    return img


def board_png(view: View, tr: Tr) -> bytes:
    """MarsBot's board of ``view`` as PNG bytes: 800 px wide, read at 400 px on a phone."""
    return kit.encode_png(board_image(view, (), tr))


def render_board(view: View, names: Sequence[str], tr: Tr) -> bytes:
    """:func:`board_png` with the table service's signature (``GameAdapter.render_board``)."""
    return board_png(view, tr)


def map_png(view: View, tr: Tr) -> bytes:
    """The game's map alone (``/marsbot board map``), as wide as the board."""
    mars_version, _, _ = _key(view)
    return kit.encode_png(map_image(mars_version, MAP_R, WIDTH, tr, tiles(view), last_spaces(view)))


def map_size(view: View) -> tuple[int, int]:
    """The size of :func:`map_png`'s picture."""
    return geometry(_key(view)[0], MAP_R, WIDTH).size


def tracks_size(view: View) -> tuple[int, int]:
    """The size of :func:`tracks_png`'s picture."""
    return WIDTH, layout(WIDTH, MARGIN, _key(view)[2]).height


def tracks_png(view: View, tr: Tr) -> bytes:
    """MarsBot's tracks alone, as wide as the board."""
    _, tracks_version, tracks = _key(view)
    lay: TrackLayout = layout(WIDTH, MARGIN, tracks)
    return kit.encode_png(tracks_image(view, tracks_version, lay, tr))
