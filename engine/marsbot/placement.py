"""Where MarsBot puts a tile: legal spaces, ranking, the tie-break, and the person's own spaces.

Pure and fast (a decision is a few passes over 61 spaces). A tile kind's legal spaces come in
reading order; the ranking keeps the best of them; the tie-break keeps those with the most
adjacent oceans, then the most placement-bonus icons; if several remain, the person reveals a
project card and its cost N counts through them in reading order: the ``(N - 1) mod k``-th
(N = 0 is the last one).

Kinds and rules (``rule`` of a ``place`` step):
- ``ocean``: empty ocean spaces; ``b06``: only those next to at least 2 ocean tiles.
- ``greenery``: empty land (not ocean, not reserved) next to a MarsBot tile if there is such a
  space, else any empty land; rank: most adjacent MarsBot cities, then fewest person cities.
- ``city``: empty land next to no city; rank: most adjacent greeneries (either owner);
  ``b05``: also next to at least 2 greenery/ocean tiles, rank: most of them.
- ``cmm``: empty land, not on the edge, no neighbour with a tile, an ocean space or a reserved space.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import State
from engine.marsbot.common import MARSBOT, PERSON
from engine.marsbot.content import OCEANS, OFF_MARS, Mars, Space, mars_of
from engine.marsbot.rules import audited

Tiles = Mapping[str, Mapping[str, Any]]
B05_NEEDS = 2
B06_NEEDS = 2


def _tile(tiles: Tiles, sid: str) -> str | None:
    entry = tiles.get(sid)
    return None if entry is None else str(entry["tile"])


def _count(tiles: Tiles, space: Space, test: Callable[[Mapping[str, Any]], bool]) -> int:
    return sum(1 for n in space.neighbours if n in tiles and test(tiles[n]))


def _is(kind: str, owner: str | None = None) -> Callable[[Mapping[str, Any]], bool]:
    def test(entry: Mapping[str, Any]) -> bool:
        return entry["tile"] == kind and (owner is None or entry["owner"] == owner)

    return test


def adjacent_oceans(tiles: Tiles, space: Space) -> int:
    return _count(tiles, space, _is("ocean"))


def _land(space: Space) -> bool:
    return not space.ocean and space.reserved is None


def _empty_land(mars: Mars, tiles: Tiles) -> list[Space]:
    return [mars.spaces[sid] for sid in mars.order if sid not in tiles and _land(mars.spaces[sid])]


def legal(state: State, tile: str, rule: str | None = None) -> list[str]:
    """MarsBot's legal spaces for ``tile`` (with ``rule``), in reading order."""
    return [space.id for space in _legal(mars_of(state), state["map"], tile, rule)]


def _legal(mars: Mars, tiles: Tiles, tile: str, rule: str | None) -> list[Space]:
    if tile == "ocean":
        oceans = [mars.spaces[sid] for sid in mars.order if mars.spaces[sid].ocean and sid not in tiles]
        if rule == "b06":
            return [s for s in oceans if adjacent_oceans(tiles, s) >= B06_NEEDS]
        return oceans
    land = _empty_land(mars, tiles)
    if tile == "greenery":
        own = [s for s in land if _count(tiles, s, _owned_land(MARSBOT)) > 0]
        return own or land
    if tile == "city":
        free = [s for s in land if _count(tiles, s, _is("city")) == 0]
        if rule == "b05":
            return [s for s in free if _count(tiles, s, _green_or_ocean) >= B05_NEEDS]
        return free
    if tile == "cmm":
        return [s for s in land if not s.edge and all(_clear(mars, tiles, n) for n in s.neighbours)]
    raise ValueError(f"MarsBot places no {tile} tile")


def _owned_land(owner: str) -> Callable[[Mapping[str, Any]], bool]:
    def test(entry: Mapping[str, Any]) -> bool:
        return entry["owner"] == owner and entry["tile"] != "ocean"

    return test


def _green_or_ocean(entry: Mapping[str, Any]) -> bool:
    return entry["tile"] in ("greenery", "ocean")


def _clear(mars: Mars, tiles: Tiles, sid: str) -> bool:
    space = mars.spaces[sid]
    return sid not in tiles and _land(space)


def _rank(tiles: Tiles, space: Space, tile: str, rule: str | None) -> tuple[int, ...]:
    """Bigger is better."""
    if tile == "greenery":
        return (_count(tiles, space, _is("city", MARSBOT)), -_count(tiles, space, _is("city", PERSON)))
    if tile == "city" and rule == "b05":
        return (_count(tiles, space, _green_or_ocean),)
    if tile == "city":
        return (_count(tiles, space, _is("greenery")),)
    return ()


def best(state: State, tile: str, rule: str | None = None) -> tuple[list[str], list[str], str | None]:
    """(the best spaces by the ranking, those still tied after the tie-break's first two rules,
    the rule that decided: ``oceans``, ``bonuses``, or ``None`` when the ranking alone did or
    several remain), in reading order. Empty lists when MarsBot cannot place the tile."""
    mars, tiles = mars_of(state), state["map"]
    spaces = _legal(mars, tiles, tile, rule)
    if not spaces:
        return [], [], None
    ranks = {s.id: _rank(tiles, s, tile, rule) for s in spaces}
    top = max(ranks.values())
    spaces = [s for s in spaces if ranks[s.id] == top]
    ranked = [s.id for s in spaces]
    decided: str | None = None
    for name, key in (("oceans", lambda s: adjacent_oceans(tiles, s)), ("bonuses", lambda s: s.bonus_count)):
        if len(spaces) == 1:
            break
        most = max(key(s) for s in spaces)
        kept = [s for s in spaces if key(s) == most]
        if len(kept) < len(spaces):
            decided = name if len(kept) == 1 else None
        spaces = kept
    return ranked, [s.id for s in spaces], decided


def counted(tied: list[str], cost: int) -> str:
    """The space the card's cost counts to, cyclically in reading order (0 counts to the last)."""
    return tied[(cost - 1) % len(tied)]


def rewards(state: State, sid: str) -> tuple[int, int]:
    """MarsBot's M€ for a tile on ``sid``: (from adjacent oceans, from bonus icons)."""
    mars = mars_of(state)
    space = mars.spaces[sid]
    return 2 * adjacent_oceans(state["map"], space), space.bonus_count


# ----------------------------------------------------------------- the person's tiles


def person_may_place(state: State, tile: str, sid: str) -> str | None:
    """Why the person's reported ``tile`` cannot be on ``sid`` (a refusal key), or ``None``.

    The person's own placement rules are theirs; the bot checks only what the map makes
    impossible: a taken space, a tenth ocean, a tile the base game never allows there (rules
    version 2, ``_as_usual``; version 1: an ocean off an ocean space or land on one, and only a
    city or a special tile on Noctis City's space); off Mars (Phobos, Ganymede) only a city."""
    if sid in OFF_MARS:
        if tile != "city":
            return "marsbot.off_mars_city"
        return "marsbot.space_taken" if sid in state["map"] else None
    mars = mars_of(state)
    space = mars.spaces.get(sid)
    if space is None:
        return "marsbot.no_such_space"
    if sid in state["map"]:
        return "marsbot.space_taken"
    if tile == "ocean" and state["params"]["oceans"] >= OCEANS:
        return "marsbot.oceans_maxed"
    if audited(state):
        return _as_usual(space, tile)
    if tile == "ocean":
        return None if space.ocean else "marsbot.not_ocean_space"
    if space.ocean:
        return "marsbot.ocean_space"
    if space.reserved is not None and tile not in ("city", "special"):
        return "marsbot.reserved_space"
    return None


def _as_usual(space: Space, tile: str) -> str | None:
    """Rules version 2: *„Ve svém tahu postupujte jako obvykle."* What the base game allows may
    be reported: an ocean on land (Artificial Lake), a special tile on an ocean space (Mohole
    Area); Noctis City's reserved space takes only a city (the base game keeps it for Noctis
    City), and a greenery or a city never goes on an ocean space."""
    if space.reserved is not None:
        return None if tile == "city" else "marsbot.reserved_space"
    if space.ocean and tile in ("greenery", "city"):
        return "marsbot.ocean_space"
    return None


def person_spaces(state: State, tile: str) -> list[str]:
    """Where the person may report ``tile``, in reading order, then the spaces off Mars."""
    mars = mars_of(state)
    return [sid for sid in (*mars.order, *OFF_MARS) if person_may_place(state, tile, sid) is None]


def person_final_spaces(state: State) -> list[str]:
    """Where the person may put a final greenery (land, not reserved, empty)."""
    return [s.id for s in _empty_land(mars_of(state), state["map"])]
