"""The Manhattan Project's look, shared by all its pictures: colours, the palette, text, look-ups.

Seats are red, blue, green, yellow and purple (MANHATTAN.md); contractors are grey. A worker's
kind is told by shape AND letter (laborer L: circle, engineer E: square, scientist S: diamond),
so it reads without colour. Resources, planes, damage and the actions are icons of their own
shape (``render.manhattan.icons``); the players' details picture carries a legend of them.

Every picture reads only a view (``view(state, None)`` for the public ones): the readers here
accept what the spec allows either way (a pile as a list or as its size, a score as a number or
as a breakdown with ``total``), so the pictures do not break on a harmless change of the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.manhattan import content
from render import kit

Tr = Callable[..., str]
View = Mapping[str, Any]

SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
"""A seat's colour by seat number (MANHATTAN.md)."""

TOKEN_RGB: Mapping[str, kit.RGB] = {
    "red": kit.hex_rgb("#D55E00"),
    "blue": kit.hex_rgb("#0072B2"),
    "green": kit.hex_rgb("#009E73"),
    "yellow": kit.hex_rgb("#F0E442"),
    "purple": kit.hex_rgb("#B0588F"),
    "grey": kit.hex_rgb("#9E9E9E"),
}
"""Worker tokens: the five seat colours and the contractors' grey. The hues are Okabe and Ito's
colour-blind-safe palette (vermillion, blue, bluish green, yellow, a darkened reddish purple for
white letters), so red and green seats stay apart for the one player in twelve who sees red and
green alike; the names keep the game's colour words."""

ICON_RGB: Mapping[str, kit.RGB] = {
    "money": kit.hex_rgb("#F2C14E"),
    "ore": kit.hex_rgb("#C9B037"),
    "eu": kit.hex_rgb("#76D051"),
    "pu": kit.hex_rgb("#35C9E0"),
    "plane": kit.hex_rgb("#CFD8DC"),
    "bomber": kit.hex_rgb("#7C8B4E"),
    "damage": kit.hex_rgb("#FF6E40"),
    "bomb": kit.hex_rgb("#37404F"),
    "eye": kit.hex_rgb("#ECEFF1"),
    "corrupt": kit.hex_rgb("#C62828"),
}
"""The icons' main colours (each icon has its own shape too)."""

KIND_RGB: Mapping[str, kit.RGB] = {
    "mine": kit.hex_rgb("#8D6E63"),
    "factory": kit.hex_rgb("#607D8B"),
    "university": kit.hex_rgb("#5C6BC0"),
    "reactor": kit.hex_rgb("#00897B"),
    "enrichment": kit.hex_rgb("#689F38"),
    "uranium": kit.hex_rgb("#558B2F"),
    "plutonium": kit.hex_rgb("#00838F"),
    "test": kit.hex_rgb("#BF360C"),
}
"""The coloured band of a building card by kind, and of a bomb card by fuel."""

NEED_RGB = kit.hex_rgb("#455A64")
"""A worker kind printed on a card or a space (a need, a yield): slate with a white letter."""
CARD_RGB = kit.hex_rgb("#ECE8DC")
"""The face of a card (a building, a bomb): light, so the icons on it stand out."""
DARK = kit.PALETTE["dark"]

SHAPES: Mapping[str, str] = {"L": "circle", "E": "square", "S": "diamond", "any": "circle"}
"""A worker kind's shape: laborer circle, engineer square, scientist diamond."""


def _palette() -> kit.IndexedPalette:
    colours: dict[str, kit.RGB] = dict(kit.PALETTE)
    colours.update(TOKEN_RGB)
    colours.update({f"icon_{k}": v for k, v in ICON_RGB.items()})
    colours.update({f"kind_{k}": v for k, v in KIND_RGB.items()})
    colours.update({"card": CARD_RGB, "white": kit.WHITE, "slot": kit.hex_rgb("#6B7489"), "need": NEED_RGB})
    ramps: list[tuple[str, str] | tuple[str, str, int]] = list(kit.TEXT_RAMPS)
    ramps += [("dark", "card", 4), ("white", "card", 2), ("muted", "card", 2)]
    ramps += [("white", f"kind_{k}", 3) for k in KIND_RGB]
    ramps += [(c, bg, 2) for c in TOKEN_RGB for bg in ("surface", "card")]
    ramps += [("white", c, 2) for c in TOKEN_RGB if c != "yellow"] + [
        ("dark", "yellow", 2),
        ("dark", "grey", 2),
    ]
    ramps += [(f"icon_{k}", bg, 2) for k in ICON_RGB for bg in ("surface", "card")]
    ramps += [("dark", f"icon_{k}", 2) for k in ("money", "ore", "eu", "pu", "damage", "eye")]
    ramps += [("dark", "surface", 2), ("dark", "card", 2), ("slot", "surface", 2), ("slot", "surface_hi", 2)]
    ramps += [("highlight", "card", 2), ("dark", "highlight", 3), ("white", "icon_corrupt", 2)]
    ramps += [("surface", "background", 2), ("surface_hi", "surface", 2), ("card", "surface", 2)]
    ramps += [("card", "surface_hi", 2), ("white", "icon_bomb", 2), ("need", "card", 2), ("white", "need", 2)]
    return kit.IndexedPalette(colours, ramps)


PAL = _palette()


def text(img: Any, xy: tuple[float, float], value: str, **kwargs: Any) -> None:
    """Text on a palette picture (``kit.draw_text`` with this palette)."""
    kit.draw_text(img, xy, value, pal=PAL, **kwargs)


def lang(tr: Tr) -> str:
    """The language ``tr`` speaks (``bot.i18n.Tr.lang``), English for a bare callable."""
    return str(getattr(tr, "lang", "en"))


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_name(names: Sequence[str], seat: int, tr: Tr) -> str:
    """The seat's display name without glyphs Roboto lacks, or "Player N"."""
    raw = names[seat] if seat < len(names) else ""
    return kit.drawable(str(raw).strip()) or tr("render.manhattan.seat", number=seat + 1)


def ink_on(rgb: kit.RGB) -> kit.RGB:
    """Dark text on light colours, white text on dark ones."""
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return DARK if lum > 150 else kit.WHITE


# --------------------------------------------------------------------------- view readers


def size(value: Any) -> int:
    """A pile given as its cards or as its size."""
    if isinstance(value, list | tuple):
        return len(value)
    return int(value or 0)


def versions(view: View) -> Mapping[str, int]:
    return view.get("content") or {}


def buildings(view: View) -> Mapping[str, content.Building]:
    return content.buildings(versions(view).get(content.BUILDINGS))


def bombs(view: View | None = None, version: int | None = None) -> Mapping[str, content.Bomb]:
    if view is not None and version is None:
        version = versions(view).get(content.BOMBS)
    return content.bombs(version)


def spaces(view: View) -> tuple[content.Space, ...]:
    return content.spaces(versions(view).get(content.SPACES))


def slots(view: View) -> tuple[content.Slot, ...]:
    return content.market(versions(view).get(content.MARKET))


def player_count(view: View) -> int:
    return int(view.get("players") or len(view.get("seats") or ()) or 2)


def totals(view: View) -> list[int]:
    """Every seat's points (``scores``: numbers, or breakdowns with a ``total``)."""
    out = []
    for value in view.get("scores") or ():
        out.append(int(value.get("total", 0)) if isinstance(value, Mapping) else int(value or 0))
    return out


def target(view: View) -> int:
    return int(view.get("target") or content.TARGETS.get(player_count(view), 0))


def card_id(entry: Any) -> str | None:
    """A market slot or a built card: an id, ``None``, or a mapping with ``card``/``id``."""
    if entry is None or isinstance(entry, str):
        return entry
    if isinstance(entry, Mapping):
        found = entry.get("card") or entry.get("id")
        return str(found) if found else None
    return None


def last_of(view: View) -> Mapping[str, Any]:
    return view.get("last") or {}


def building_name(building: content.Building, tr: Tr) -> str:
    return kit.drawable(building.name.get(lang(tr)) or building.name.get("en") or building.id)


def bomb_name(bomb: content.Bomb, tr: Tr) -> str:
    return kit.drawable(bomb.name.get(lang(tr)) or bomb.name.get("en") or bomb.id)
