"""A map space as a person finds it on the printed board, which has no coordinates: its row and
its place in the row counted from the left, then its name or what is printed on it ("row D, 1st
space — Pavonis Mons: 2 plants, 1 titanium"; "row E, 4th space — ocean space")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.labels import space_name
from engine.marsbot.content import OFF_MARS, mars_of

ORDINALS = 9
"""A row of the map holds at most 9 spaces."""


def place_name(name: str) -> str:
    """A named place as printed: the map's volcanoes and Noctis City keep their Latin names in
    every edition ("pavonis_mons" -> "Pavonis Mons")."""
    return name.replace("_", " ").title()


def _printed(tr: Tr, place: Mapping[str, Any]) -> str:
    """What the space shows: its name, its placement bonus, whether it is an ocean space."""
    bonus = place.get("bonus") or {}
    gains = ", ".join(tr(f"marsbot.bonus.{kind}", count=count) for kind, count in bonus.items())
    name = place.get("name") or place.get("reserved")
    if name:
        named = place_name(str(name))
        return tr("marsbot.place.named_bonus", name=named, bonus=gains) if gains else named
    shown = [gains] if gains else []
    if place.get("ocean"):
        shown.append(tr("marsbot.place.ocean_space"))
    return ", ".join(shown)


def place_words(tr: Tr, space: str, place: Mapping[str, Any] | None = None) -> str:
    """``space`` by its row and place in the row, with what ``place`` (``Space`` facts: name,
    reserved, bonus, ocean) says is printed on it; a space off Mars by its moon."""
    if space in OFF_MARS or len(space) < 2 or not space[1:].isdigit():
        return space_name(tr, space)
    number = int(space[1:])
    ordinal = tr(f"marsbot.place.ordinal.{number}") if 1 <= number <= ORDINALS else str(number)
    where = tr("marsbot.place.where", row=space[0], ordinal=ordinal)
    printed = _printed(tr, place or {})
    return tr("marsbot.place.with", where=where, printed=printed) if printed else where


def by_row(tr: Tr, spaces: list[str]) -> str:
    """Several spaces row by row, each by its place in the row: "row A, spaces 1, 4, 5; row B,
    space 6" (a list of tied spaces, short, with no coordinate the printed board lacks)."""
    rows: dict[str, list[str]] = {}
    for space in spaces:
        rows.setdefault(space[0], []).append(space[1:])
    return "; ".join(
        tr("marsbot.place.row_spaces", row=row, numbers=", ".join(numbers), count=len(numbers))
        for row, numbers in rows.items()
    )


def space_facts(view: Mapping[str, Any], space: str) -> dict[str, Any]:
    """What the map of ``view``'s content prints on ``space`` (empty off Mars or unknown)."""
    try:
        found = mars_of(view).spaces.get(space)  # type: ignore[arg-type]
    except (KeyError, TypeError):
        return {}
    if found is None:
        return {}
    return {"name": found.name, "reserved": found.reserved, "bonus": dict(found.bonus), "ocean": found.ocean}
