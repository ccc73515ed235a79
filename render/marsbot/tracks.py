"""MarsBot's tracks: one row per track (the seven, then Venus), spaces 0..18 with their actions.

Each space shows the icon of its action (TR as a number on a white box). What lies ahead is
bright; what the cube has passed, up to the highest space it ever reached, is dark with grey
silhouettes (those spaces will not trigger again), and a white bar closes that stretch. The
cube is a frame in MarsBot's orange around its space; the cube card's white and black cubes sit in the
corner of theirs. The two looks of the whole panel (all ahead, all passed) are drawn once per
content version and language; a picture pastes the passed stretch of each row over the bright
one and adds the cubes, so it costs a few pastes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.marsbot import content
from render import kit
from render.marsbot.icons import paint_action, paint_cube
from render.marsbot.style import CELL_RGB, PAL, Tr, Version, View, cubes, position, reached, rgba, text

PAD = 8
NUMBERS_H = 28
ROW_H = 40
LABEL_W = 104
ZERO_W = 28
TEXT_SIZE = 20
CUBE_FRAME = 4


@dataclass(frozen=True)
class TrackLayout:
    """Where the spaces of each track lie in the panel (its own coordinates)."""

    width: int
    tracks: tuple[str, ...]
    left: int
    """The start of space 0 (after the names)."""
    cell_w: float

    @property
    def height(self) -> int:
        return PAD + NUMBERS_H + len(self.tracks) * ROW_H + PAD

    def row_top(self, index: int) -> int:
        return PAD + NUMBERS_H + index * ROW_H

    def cell_x(self, pos: int) -> tuple[int, int]:
        """The left and right edges of space ``pos`` (space 0 is narrower: nothing is on it)."""
        if pos == 0:
            return self.left, self.left + ZERO_W
        x0 = self.left + ZERO_W + (pos - 1) * self.cell_w
        return round(x0), round(x0 + self.cell_w)

    def cell_box(self, index: int, pos: int) -> tuple[int, int, int, int]:
        x0, x1 = self.cell_x(pos)
        top = self.row_top(index)
        return x0 + 1, top + 2, x1 - 1, top + ROW_H - 2


@functools.lru_cache(maxsize=8)
def layout(width: int, margin: int, tracks: tuple[str, ...]) -> TrackLayout:
    left = margin + PAD + LABEL_W
    cells = width - margin - PAD - left - ZERO_W
    return TrackLayout(width, tracks, left, cells / content.TRACK_LENGTH)


def panel_size(lay: TrackLayout) -> tuple[int, int]:
    return lay.width, lay.height


# --------------------------------------------------------------------------- sprites


@functools.lru_cache(maxsize=128)
def cell_sprite(action: str, style: str, w: int, h: int) -> tuple[Image.Image, Image.Image]:
    """A space of a track: its box (``style`` "ahead" or "passed") and its action's icon."""
    fill = CELL_RGB[style]
    flat = CELL_RGB["passed_icon"] if style == "passed" else None

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), 5 * s, fill=rgba(fill))
        if action:
            size = min(w, h) * 0.46 * s
            paint_action(draw, action, w * s / 2, h * s / 2, size, flat)

    img = kit.supersampled((w, h), paint)
    return PAL.quantize(kit.flatten(img, PAL.rgb("surface"))), kit.alpha_mask(img, 40)


@functools.lru_cache(maxsize=4)
def cube_sprite(colour: str) -> tuple[Image.Image, Image.Image]:
    side = 16

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        paint_cube(draw, colour, side * s / 2, side * s / 2, (side / 2 - 1) * s)

    img = kit.supersampled((side, side), paint)
    return PAL.quantize(kit.flatten(img, CELL_RGB["ahead"])), kit.alpha_mask(img, 100)


def _draw_cell(
    img: Image.Image, lay: TrackLayout, index: int, track: content.Track, pos: int, style: str
) -> None:
    x0, y0, x1, y1 = lay.cell_box(index, pos)
    action = track.action(pos)
    pic, mask = cell_sprite(action, style, x1 - x0, y1 - y0)
    kit.paste_sprite(img, pic, (x0, y0), mask)
    if action.startswith("tr"):
        fill, bg = ("dark", "icon_tr") if style == "ahead" else ("cell_passed", "cell_passed_icon")
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        text(img, (cx, cy), action[2:], size=TEXT_SIZE, weight="black", fill=fill, bg=bg, anchor="mm")


@functools.lru_cache(maxsize=16)
def panel(version: Version, lay: TrackLayout, style: str, lang: str, names: tuple[str, ...]) -> Image.Image:
    """The panel with every space in ``style``, the track names and the space numbers."""
    img = PAL.new(panel_size(lay), "background")
    kit.rounded_box(
        img,
        (lay.left - LABEL_W - PAD, 0, lay.width - (lay.left - LABEL_W - PAD), lay.height),
        12,
        "surface",
        pal=PAL,
    )
    tracks = content.tracks(version[1], version[0])
    for pos in range(content.TRACK_LENGTH + 1):
        x0, x1 = lay.cell_x(pos)
        text(
            img,
            ((x0 + x1) / 2, PAD + NUMBERS_H / 2),
            str(pos),
            size=TEXT_SIZE,
            fill="muted",
            bg="surface",
            anchor="mm",
        )
    for index, track_id in enumerate(lay.tracks):
        top = lay.row_top(index)
        text(
            img,
            (lay.left - LABEL_W, top + ROW_H / 2),
            names[index],
            size=TEXT_SIZE,
            weight="medium",
            fill="ink",
            bg="surface",
            anchor="lm",
        )
        for pos in range(tracks[track_id].length + 1):  # the Venus strip may be shorter
            _draw_cell(img, lay, index, tracks[track_id], pos, style)
    return img


def track_names(lay: TrackLayout, tr: Tr) -> tuple[str, ...]:
    return tuple(tr(f"render.marsbot.track_{t}") for t in lay.tracks)


# --------------------------------------------------------------------------- a position


def draw_tracks(img: Image.Image, view: View, version: Version, lay: TrackLayout, tr: Tr, top: int) -> None:
    """The panel of ``view`` at height ``top`` of ``img``."""
    lang = str(getattr(tr, "lang", "en"))
    names = track_names(lay, tr)
    bright = panel(version, lay, "ahead", lang, names)
    img.paste(bright, (0, top))
    passed = panel(version, lay, "passed", lang, names)
    for index, track in enumerate(lay.tracks):
        high = reached(view, track)
        _, x1 = lay.cell_x(high)
        row = lay.row_top(index)
        img.paste(passed.crop((lay.left, row, x1, row + ROW_H)), (lay.left, top + row))
    draw_markers(img, view, lay, top)


def draw_markers(img: Image.Image, view: View, lay: TrackLayout, top: int) -> None:
    """The end of the passed stretch, MarsBot's cube and the cube card's cubes."""
    white, black = cubes(view, "white"), cubes(view, "black")
    for index, track in enumerate(lay.tracks):
        row = top + lay.row_top(index)
        _, x1 = lay.cell_x(reached(view, track))
        kit.rounded_box(img, (x1 - 2, row + 1, x1 + 2, row + ROW_H - 1), 1, "white", under="surface", pal=PAL)
        x0, y0, x1, y1 = lay.cell_box(index, position(view, track))
        kit.rounded_frame(
            img,
            (x0 - 2, top + y0 - 2, x1 + 2, top + y1 + 2),
            7,
            "side_marsbot",
            CUBE_FRAME,
            under="surface",
            pal=PAL,
        )
        for colour, where in (("white", white), ("black", black)):
            for pos in sorted(where.get(track, ())):
                if 1 <= pos <= content.TRACK_LENGTH:
                    _, cy0, cx1, _ = lay.cell_box(index, pos)
                    pic, mask = cube_sprite(colour)
                    kit.paste_sprite(img, pic, (cx1 - pic.width + 3, top + cy0 - 3), mask)


def tracks_image(view: View, version: Version, lay: TrackLayout, tr: Tr) -> Image.Image:
    img = PAL.new(panel_size(lay), "background")
    draw_tracks(img, view, version, lay, tr, 0)
    return img
