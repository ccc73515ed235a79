"""What a move costs and earns, in the engine's own figures, for labels and previews.

The engine prices placements and upgrades (``engine.moonriser.placement``) and holds each seat's
trade rates; this module only picks out what one label needs, so no rule is computed twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.moonriser.placement import Placement, check_place, placements, upgrades
from engine.moonriser.trading import SWAP_PRICE, rates

State = Mapping[str, Any]


def field_costs(state: State, seat: int, tile: str, source: str) -> dict[str, dict[str, int]]:
    """Each field where ``tile`` (from ``source``) can go now, with its price (the same for
    every rotation), in board order."""
    costs: dict[str, dict[str, int]] = {}
    for found in placements(dict(state), seat, tile):
        if found.source == source:
            costs.setdefault(found.field, found.cost)
    return costs


def rotation_vps(state: State, seat: int, tile: str, field: str, source: str) -> dict[int, int]:
    """Each legal rotation of ``tile`` on ``field`` with the VP it earns now."""
    return {
        p.rotation: p.vp
        for p in placements(dict(state), seat, tile)
        if p.field == field and p.source == source
    }


def placement(state: State, seat: int, notation: str) -> Placement:
    """The priced placement of a ``place`` notation; ``IllegalMove`` when the rules refuse it."""
    _, tile, field, rotation, source = notation.split()
    return check_place(dict(state), seat, tile, field, int(rotation), source)


def upgrade_costs(state: State, seat: int) -> dict[str, dict[str, int]]:
    """Each of the seat's tiles it can upgrade now, with the price."""
    return {u["field"]: u["cost"] for u in upgrades(dict(state), seat)}


def trade_terms(state: State, seat: int, notation: str) -> tuple[dict[str, int], dict[str, int], int]:
    """What a ``trade`` (of any times) or ``swap`` gives and gets: (tokens paid, tokens got,
    tiles paid)."""
    kind, *args = notation.split()
    if kind == "trade":
        give, get, *times = args
        count = int(times[0]) if times else 1
        return {give: rates(dict(state), seat)[give] * count}, {get: count}, 0
    colour, *given = args
    if len(given) == 1:
        return {given[0]: SWAP_PRICE}, {colour: 1}, 0
    return {}, {colour: 1}, len(given)
