"""A player's rating over their rated games as a small line chart (``render_rating_chart``).

The y axis gets 3-5 round ticks chosen from the data (a flat or one-game series is padded so
the scale never collapses), the x axis the game numbers, and the last value is spelled out
next to a dot. The plot (grid, the area under the line, the line, the dots and the min/max
labels) is drawn in RGB at 4x and mapped onto the palette in one go, so the line keeps
smooth edges; the labels around it are the kit's palette text sprites.

Every sentence comes from the ``render.chart`` catalog keys through ``tr``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit

Tr = Callable[..., str]


@dataclass(frozen=True, slots=True)
class ChartPicture:
    """The displayed rating after each rated game (oldest first) and, optionally, before the first."""

    title: str
    points: Sequence[float]
    start: float | None = None


# --------------------------------------------------------------------------- layout

WIDTH = 600
HEIGHT = 260
SIZE_PX = (WIDTH, HEIGHT)
PLOT_LEFT = 62
PLOT_TOP = 62
PLOT_RIGHT = 536
PLOT_BOTTOM = 196
"""The plot box; values map into it with :attr:`Axes.y`, games with :attr:`Axes.x`."""
ROOM = (PLOT_LEFT - 12, PLOT_TOP - 20, PLOT_RIGHT + 10, PLOT_BOTTOM + 12)
"""The part of the picture drawn in RGB: the plot plus room for its dots and labels."""
HEADROOM = 0.12
"""Share of the tick range left free above the top tick and below the bottom tick."""
MIN_SPAN = 10.0
"""A series spanning less than this is padded to it: a flat line sits mid-chart."""
MAX_TICKS = 5
MAX_X_TICKS = 6
SCALE = 4
LABEL_SIZE = 13
DOT_R = 5


def series(chart: ChartPicture) -> list[float]:
    """The values drawn, oldest first: ``start`` (if given) then the points; non-finite ones dropped."""
    values = [] if chart.start is None else [chart.start]
    values += chart.points
    return [float(v) for v in values if math.isfinite(v)]


def nice_ticks(low: float, high: float) -> list[float]:
    """3-5 evenly spaced round values around the data: whole steps of 1, 2, 2.5 or 5 times a
    power of ten, so every label is a whole number."""
    if high - low < MIN_SPAN:
        mid = (low + high) / 2
        low, high = mid - MIN_SPAN / 2, mid + MIN_SPAN / 2
    power = 10 ** math.floor(math.log10((high - low) / MAX_TICKS))
    steps = [power * m for m in (1, 2, 2.5, 5, 10, 20, 25, 50) if (power * m) % 1 == 0]
    for step in steps:
        lo, hi = math.floor(low / step) * step, math.ceil(high / step) * step
        count = round((hi - lo) / step) + 1
        if count <= MAX_TICKS:
            break
    while count < 3:  # one step covers the data: widen evenly so the line sits mid-chart
        if count % 2:
            lo -= step
        else:
            hi += step
        count += 1
    return [lo + i * step for i in range(count)]


def game_ticks(first: int, last: int) -> list[int]:
    """A few game numbers to label: round multiples, and the first game when far from them."""
    span = max(last - first, 1)
    step = 1
    for step in (m * 10**p for p in range(7) for m in (1, 2, 5)):
        if span / step <= MAX_X_TICKS - 1:
            break
    ticks = [g for g in range(math.ceil(first / step) * step, last + 1, step)]
    if not ticks or ticks[0] - first > step / 2:
        ticks.insert(0, first)
    return ticks


@dataclass(frozen=True, slots=True)
class Axes:
    """Where games and values land on the picture."""

    first_game: int
    last_game: int
    ticks: tuple[float, ...]

    @property
    def low(self) -> float:
        return self.ticks[0] - HEADROOM * (self.ticks[-1] - self.ticks[0])

    @property
    def high(self) -> float:
        return self.ticks[-1] + HEADROOM * (self.ticks[-1] - self.ticks[0])

    def x(self, game: float) -> float:
        """The x of a game number; the last game is at the plot's right edge."""
        span = max(self.last_game - self.first_game, 1)
        return PLOT_RIGHT - (PLOT_RIGHT - PLOT_LEFT) * (self.last_game - game) / span

    def y(self, value: float) -> float:
        """The y of a value: bigger values are higher up (smaller y)."""
        return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * (value - self.low) / (self.high - self.low)


def axes_for(chart: ChartPicture) -> Axes:
    """The axes of ``chart``: game 0 is the ``start`` rating, game 1 the first rated game."""
    values = series(chart) or [0.0]
    first = 0 if chart.start is not None and math.isfinite(chart.start) else 1
    return Axes(first, first + len(values) - 1, tuple(nice_ticks(min(values), max(values))))


def value_label(value: float) -> str:
    """A rating as it is shown: a whole number (never "-0")."""
    return str(round(value) or 0)


# --------------------------------------------------------------------------- palette

GRID: kit.RGB = kit.mix(kit.PALETTE["background"], kit.PALETTE["surface_hi"], 0.9)
AREA: kit.RGB = kit.mix(kit.PALETTE["background"], kit.PALETTE["accent"], 0.13)


def _palette() -> kit.IndexedPalette:
    colours = dict(kit.PALETTE)
    colours["grid"] = GRID
    colours["area"] = AREA
    ramps: list[tuple[str, str] | tuple[str, str, int]] = list(kit.TEXT_RAMPS)
    ramps += [
        ("accent", "background", 6),
        ("accent", "area", 6),
        ("area", "background", 3),
        ("grid", "background", 2),
        ("grid", "area", 2),
        ("highlight", "background", 4),
        ("highlight", "accent", 3),
        ("muted", "area", 4),
        ("background", "accent", 3),
        ("background", "area", 2),
    ]
    return kit.IndexedPalette(colours, ramps)


PAL = _palette()


def text(img: Image.Image, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


# --------------------------------------------------------------------------- plot


def _thinned(xs: list[float], ys: list[float]) -> list[tuple[float, float]]:
    """At most about two points per pixel column: each column keeps its lowest and highest."""
    if len(xs) <= 2 * (PLOT_RIGHT - PLOT_LEFT):
        return list(zip(xs, ys, strict=True))
    columns: dict[int, list[tuple[float, float]]] = {}
    for x, y in zip(xs, ys, strict=True):
        columns.setdefault(round(x), []).append((x, y))
    out: list[tuple[float, float]] = []
    for column in columns.values():
        keep = sorted({min(column, key=lambda p: p[1]), max(column, key=lambda p: p[1])})
        out += keep
    return out


def _extreme_label(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, above: bool, s: int) -> None:
    """A small muted value beside the highest (above it) or lowest (below it) point.

    Every other point of the line is below the highest and above the lowest, so a label
    entirely above or below its point never crosses the line."""
    fnt = kit.font(LABEL_SIZE * s)
    half = kit.text_width(label, fnt) / s / 2
    cx = min(max(x, PLOT_LEFT + half), PLOT_RIGHT - half)
    cy = y - DOT_R if above else y + DOT_R
    draw.text((cx * s, cy * s), label, font=fnt, fill=PAL.rgb("muted"), anchor="md" if above else "ma")


def _plot(values: list[float], axes: Axes, tr: Tr) -> Image.Image:
    """The plot box in palette colours: grid, area, line, min/max marks and the last dot."""
    ox, oy = ROOM[0], ROOM[1]
    xs = [axes.x(axes.first_game + i) - ox for i in range(len(values))]
    ys = [axes.y(v) - oy for v in values]
    points = _thinned(xs, ys)
    width = 3.0 if len(values) <= 100 else 2.0
    low, high = values.index(min(values)), values.index(max(values))
    marks = [] if values[low] == values[high] or len(values) < 3 else [(high, True), (low, False)]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        k = round(s)
        big = [(x * s, y * s) for x, y in points]
        if len(big) > 1:
            floor = (PLOT_BOTTOM - oy) * s
            draw.polygon([(big[0][0], floor), *big, (big[-1][0], floor)], fill=AREA)
        for tick in axes.ticks:  # over the area, so the grid can be read under the line too
            y = (axes.y(tick) - oy) * s
            draw.line(((PLOT_LEFT - ox) * s, y, (PLOT_RIGHT - ox) * s, y), fill=GRID, width=k)
        if len(big) > 1:
            draw.line(big, fill=PAL.rgb("accent"), width=round(width * s), joint="curve")
        for index, above in marks:
            if index == len(values) - 1:
                continue  # the last point has its own dot and label
            x, y = xs[index], ys[index]
            r = 3.5 * s
            draw.ellipse((x * s - r, y * s - r, x * s + r, y * s + r), fill=PAL.rgb("muted"))
            key = "render.chart.max" if above else "render.chart.min"
            _extreme_label(draw, x, y, tr(key, value=value_label(values[index])), above, k)
        x, y = xs[-1] * s, ys[-1] * s
        r = (DOT_R + 2) * s
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PAL.rgb("background"))
        r = DOT_R * s
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PAL.rgb("highlight"))

    size = (ROOM[2] - ROOM[0], ROOM[3] - ROOM[1])
    return PAL.quantize(kit.supersampled(size, paint, background=PAL.rgb("background"), scale=SCALE))


def _labels(img: Image.Image, values: list[float], axes: Axes, tr: Tr) -> None:
    """Tick labels on both axes, the axis name and the last value beside its dot."""
    for tick in axes.ticks:
        label = value_label(tick)
        text(img, (PLOT_LEFT - 14, axes.y(tick)), label, size=LABEL_SIZE, fill="muted", anchor="rm")
    for game in game_ticks(axes.first_game, axes.last_game):
        x = axes.x(game)
        text(img, (x, PLOT_BOTTOM + 22), str(game), size=LABEL_SIZE, fill="muted", anchor="mm")
    axis = kit.fit_text(tr("render.chart.games"), kit.font(LABEL_SIZE), PLOT_RIGHT - PLOT_LEFT)
    text(img, ((PLOT_LEFT + PLOT_RIGHT) / 2, HEIGHT - 16), axis, size=LABEL_SIZE, fill="muted", anchor="mm")
    last = value_label(values[-1])
    x = min(PLOT_RIGHT + DOT_R + 8, WIDTH - 4 - kit.text_length(last, 16, "bold"))
    y = min(max(axes.y(values[-1]), 12), HEIGHT - 12)
    text(img, (x, y), last, size=16, weight="bold", fill="highlight", anchor="lm")


def render_rating_chart(chart: ChartPicture, tr: Tr) -> bytes:
    """The chart as PNG bytes (:data:`SIZE_PX`); a note instead of a line when there is no game."""
    img = PAL.new(SIZE_PX)
    values = series(chart)
    if values:
        axes = axes_for(chart)
        img.paste(_plot(values, axes, tr), ROOM[:2])
        _labels(img, values, axes, tr)
    else:
        message = kit.fit_text(tr("render.chart.empty"), kit.font(18), WIDTH - 40)
        text(img, (WIDTH / 2, HEIGHT / 2), message, size=18, fill="muted", anchor="mm")
    title = kit.fit_text(" ".join(chart.title.split()), kit.font(20, "bold"), WIDTH - 40)
    text(img, (20, 14), title, size=20, weight="bold", fill="ink", anchor="la")
    return kit.encode_png(img)
