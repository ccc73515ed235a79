"""MarsBot's look, shared by all its pictures: colours, the palette, text, and the view readers.

The two sides are told apart by colour AND shape, so the picture reads without colour too:
MarsBot is Okabe and Ito's orange with a robot head, the person their sky blue with a
person's head and shoulders (an orange/blue pair stays apart for every common kind of colour
blindness). Tiles have their game colours and a glyph each (ocean waves, a greenery's tree,
a city's houses, a special tile's star, the CMM's chip).

The readers take only a view (``view(state, 0)``, MARSBOT.md "Views") and accept what the
spec allows either way (a track as a position or as ``{"pos", "reached"}``, the parameters'
``maxed`` flags inside ``params`` or beside them), so a harmless change of the view does not
break the picture. What a space shows (its action, the map's spaces) is content, read from
the versions the game pinned (``view["content"]``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from engine.marsbot import content
from engine.marsbot.maps import MAP_FILES, TRACK_FILES, map_of_options
from render import kit

Tr = Callable[..., str]
View = Mapping[str, Any]
SQRT3 = math.sqrt(3.0)

SIDE_RGB: Mapping[str, kit.RGB] = {
    "marsbot": kit.hex_rgb("#E69F00"),
    "person": kit.hex_rgb("#56B4E9"),
}
"""The owners' colours (Okabe and Ito's orange and sky blue)."""

TILE_RGB: Mapping[str, kit.RGB] = {
    "ocean": kit.hex_rgb("#2C7BC9"),
    "greenery": kit.hex_rgb("#3A8A3E"),
    "city": kit.hex_rgb("#A7B1BF"),
    "special": kit.hex_rgb("#9A6A3A"),
    "cmm": kit.hex_rgb("#7E57C2"),
}
"""A placed tile's face by kind."""
TILES: tuple[str, ...] = tuple(TILE_RGB)

SPACE_RGB: Mapping[str, kit.RGB] = {
    "land": kit.hex_rgb("#7C4431"),
    "water": kit.hex_rgb("#23506F"),
}
"""An empty space: Mars's rust, or the deep blue of a space reserved for an ocean."""

ICON_RGB: Mapping[str, kit.RGB] = {
    "temp": kit.hex_rgb("#E4573D"),
    "venus": kit.hex_rgb("#E9C46A"),
    "tr": kit.hex_rgb("#F4F5F7"),
    "milestone": kit.hex_rgb("#F2C14E"),
    "award": kit.hex_rgb("#C7CED8"),
    "adv": kit.hex_rgb("#3FD7F2"),
    "spacetag": kit.hex_rgb("#101420"),
    "oxygen": kit.hex_rgb("#9FD8F5"),
    "plants": kit.hex_rgb("#6CCB5F"),
    "steel": kit.hex_rgb("#C08A4A"),
    "titanium": kit.hex_rgb("#D8D8E8"),
    "cards": kit.hex_rgb("#5FA8E8"),
    "heat": kit.hex_rgb("#F08A3C"),
    "floater": kit.hex_rgb("#E8EDF5"),
    "ocean": kit.hex_rgb("#2C7BC9"),
    "leaf": kit.hex_rgb("#9BE08A"),
    "wave": kit.hex_rgb("#BFE3FF"),
    "house": kit.hex_rgb("#3B4252"),
}
"""The icons' colours (each icon has a shape of its own too)."""

CELL_RGB: Mapping[str, kit.RGB] = {
    "ahead": kit.hex_rgb("#3A4256"),
    "passed": kit.hex_rgb("#20252F"),
    "passed_icon": kit.hex_rgb("#4E5669"),
}
"""A track space still ahead (bright), one passed (dark, its icon a grey silhouette)."""

DARK = kit.PALETTE["dark"]
WHITE = kit.WHITE
BLACK_CUBE = kit.hex_rgb("#0A0B0F")


def _palette() -> kit.IndexedPalette:
    colours: dict[str, kit.RGB] = dict(kit.PALETTE)
    colours.update({f"side_{k}": v for k, v in SIDE_RGB.items()})
    colours.update({f"tile_{k}": v for k, v in TILE_RGB.items()})
    colours.update({f"space_{k}": v for k, v in SPACE_RGB.items()})
    colours.update({f"icon_{k}": v for k, v in ICON_RGB.items()})
    colours.update({f"cell_{k}": v for k, v in CELL_RGB.items()})
    colours.update({"white": WHITE, "black_cube": BLACK_CUBE})
    ramps: list[tuple[str, str] | tuple[str, str, int]] = list(kit.TEXT_RAMPS)
    ramps += [("ink", f"space_{k}", 4) for k in SPACE_RGB]
    ramps += [("white", f"tile_{k}", 3) for k in ("ocean", "greenery", "special", "cmm")]
    ramps += [("dark", "tile_city", 3), ("dark", "icon_tr", 3), ("cell_passed", "cell_passed_icon", 2)]
    ramps += [("dark", f"side_{k}", 2) for k in SIDE_RGB]
    ramps += [(f"tile_{k}", "background", 2) for k in TILE_RGB]
    ramps += [(f"space_{k}", "background", 2) for k in SPACE_RGB]
    ramps += [(f"side_{k}", "background", 2) for k in SIDE_RGB]
    ramps += [(f"icon_{k}", "cell_ahead", 2) for k in ("temp", "venus", "milestone", "award", "adv", "tr")]
    ramps += [(f"icon_{k}", "surface", 2) for k in ("temp", "venus")] + [("icon_oxygen", "surface", 4)]
    ramps += [("cell_passed_icon", "cell_passed", 2), ("cell_ahead", "surface", 2)]
    ramps += [("cell_passed", "surface", 2), ("white", "background", 3), ("highlight", "surface", 2)]
    return kit.IndexedPalette(colours, ramps)


PAL = _palette()


def text(img: Any, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    """Text on a palette picture (``kit.draw_text`` with this palette)."""
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


def lang(tr: Tr) -> str:
    """The language ``tr`` speaks (``bot.i18n.Tr.lang``), English for a bare callable."""
    return str(getattr(tr, "lang", "en"))


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners (Tharsis's rows run left to right)."""
    return [
        (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]


def rgba(colour: kit.RGB, alpha: int = 255) -> tuple[int, int, int, int]:
    return (*colour, alpha)


# --------------------------------------------------------------------------- view readers


Version = tuple[str, int | None]
"""A content file of the game's map or board and the version the game pinned (``None``: newest)."""


def versions(view: View) -> Mapping[str, int]:
    return view.get("content") or {}


def map_files(view: View) -> tuple[Version, Version]:
    """The game's map and MarsBot's board for it, each as (content file, pinned version)."""
    name = map_of_options(view.get("options") or {})
    found = versions(view)
    mars, tracks = MAP_FILES[name], TRACK_FILES[name]
    return (mars, found.get(mars)), (tracks, found.get(tracks))


def venus_on(view: View) -> bool:
    """Whether the game is played with Venus Next (its track and parameter are shown)."""
    return bool((view.get("options") or {}).get("venus")) or content.VENUS_TRACK in (view.get("tracks") or {})


def track_ids(view: View) -> tuple[str, ...]:
    """The tracks shown, top to bottom: the seven, then Venus when it is played."""
    return (*content.TRACK_IDS, content.VENUS_TRACK) if venus_on(view) else content.TRACK_IDS


def _number(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def position(view: View, track: str) -> int:
    """Where MarsBot's cube stands on ``track`` (0 = the start)."""
    value = (view.get("tracks") or {}).get(track, 0)
    if isinstance(value, Mapping):
        value = value.get("pos", value.get("position", 0))
    return max(0, min(content.TRACK_LENGTH, _number(value)))


def reached(view: View, track: str) -> int:
    """The highest space the cube has reached on ``track`` (never below its position)."""
    value = (view.get("reached") or {}).get(track)
    if value is None:
        entry = (view.get("tracks") or {}).get(track)
        value = entry.get("reached") if isinstance(entry, Mapping) else None
    return max(position(view, track), min(content.TRACK_LENGTH, _number(value)))


def cubes(view: View, colour: str) -> dict[str, set[int]]:
    """The cube card's cubes of ``colour`` ("white" or "black") still on the tracks: track -> spaces."""
    found = (view.get("cubes") or {}).get(colour) or {}
    return {str(track): {_number(p) for p in spaces or ()} for track, spaces in found.items()}


PARAMS: tuple[str, ...] = ("temperature", "oxygen", "oceans", "venus")
LIMITS: Mapping[str, int] = {
    "temperature": content.TEMPERATURE[1],
    "oxygen": content.OXYGEN[1],
    "oceans": content.OCEANS,
    "venus": content.VENUS[1],
}
"""Each global parameter's target (a fact of the game; the view's ``maxed`` flags win)."""
STARTS: Mapping[str, int] = {"temperature": content.TEMPERATURE[0], "oxygen": 0, "oceans": 0, "venus": 0}


def param(view: View, name: str) -> int:
    return _number((view.get("params") or {}).get(name), STARTS[name])


def maxed(view: View, name: str) -> bool:
    """Whether a global parameter has reached its target."""
    params = view.get("params") or {}
    flags = params.get("maxed") if isinstance(params.get("maxed"), Mapping) else view.get("maxed")
    if isinstance(flags, Mapping) and name in flags:
        return bool(flags[name])
    return param(view, name) >= LIMITS[name]


def tiles(view: View) -> dict[str, tuple[str, str | None]]:
    """The placed tiles: space -> (kind, owner); unknown kinds are drawn as special tiles."""
    out: dict[str, tuple[str, str | None]] = {}
    for space, placed in (view.get("map") or {}).items():
        if isinstance(placed, Mapping):
            kind, owner = placed.get("tile"), placed.get("owner")
        else:
            kind, owner = placed, None
        kind = str(kind) if kind in TILE_RGB else "special"
        out[str(space)] = (kind, str(owner) if owner in SIDE_RGB else None)
    return out


def last_spaces(view: View) -> list[str]:
    """The spaces of the latest placement(s), to be highlighted."""
    last = view.get("last") or {}
    return [str(s) for s in (last.get("spaces") or ())] if isinstance(last, Mapping) else []


def signed(value: int) -> str:
    """A number with a real minus sign (−12, not -12)."""
    return f"−{-value}" if value < 0 else str(value)
