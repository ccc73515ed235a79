"""Phase III production and the standing bonuses of a seat's tiles.

A tile's ``produce`` bonus gives ``amount`` tokens, times N when it has a condition (N = how
often the condition holds, ``relations.fulfilled``), times its factor (a Main base's level, 2
when upgraded). The bonus goes to the owner of the tile that carries it, whoever owns the
partner. A Productive neighbourhood of three tiles of one owner adds one token of its colour to
that owner; one of mixed owners produces nothing.
"""

from __future__ import annotations

from engine.moonriser.content import TOKENS
from engine.moonriser.hexes import Hex
from engine.moonriser.relations import Colony, fulfilled, hood_at, hoods

Tokens = dict[str, int]


def nothing() -> Tokens:
    return dict.fromkeys(TOKENS, 0)


def tile_output(tiles: Colony, at: Hex) -> Tokens:
    """What the tile ``at`` produces by its own bonuses (neighbourhoods not included)."""
    out = nothing()
    one = tiles[at]
    for bonus in one.tile.bonuses:
        if bonus.effect != "produce" or bonus.colour is None:
            continue
        times = 1 if bonus.condition is None else fulfilled(tiles, at, bonus.condition, bonus.then)
        out[bonus.colour] += bonus.amount * times * one.factor
    return out


def production(tiles: Colony, seat: int) -> Tokens:
    """Everything ``seat`` produces in its Phase III now."""
    out = nothing()
    for at, one in tiles.items():
        if one.owner != seat:
            continue
        for colour, amount in tile_output(tiles, at).items():
            out[colour] += amount
    for colour, fields in hoods(tiles):
        if colour in out and all(tiles[f].owner == seat for f in fields):
            out[colour] += 1
    return out


def hood_tokens(tiles: Colony, at: Hex, seat: int) -> Tokens:
    """Tokens from the neighbourhoods that touch ``at`` and are all ``seat``'s (for a preview)."""
    out = nothing()
    for corner in tiles[at].shape.corners:
        found = hood_at(tiles, at, corner)
        if found is not None and all(tiles[f].owner == seat for f in found[1]):
            out[found[0]] += 1
    return out


def effect_total(tiles: Colony, seat: int, effect: str, colour: str | None = None) -> int:
    """How many times ``seat``'s tiles grant ``effect`` (of ``colour``): an upgraded tile twice."""
    total = 0
    for one in tiles.values():
        if one.owner != seat:
            continue
        for bonus in one.tile.bonuses:
            if bonus.effect == effect and (colour is None or bonus.colour == colour):
                total += one.factor
    return total
