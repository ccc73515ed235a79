"""Moonriser's public tile pictures: the common supply laid out face up (``render_supply``) and
one tile, wherever it is (``render_tile``), as the same cards as the hand picture (name, value,
price, every bonus and condition, the symbols on its edges and corners).

Sized for a phone: one column of cards ``WIDTH`` px wide, so a picture shown 400 px wide keeps
its sentences readable (``render.moonriser.cards``, drawn once and pasted).
"""

from __future__ import annotations

from render.moonriser.cards import WIDTH, card_image, stack
from render.moonriser.style import Tr, View

__all__ = ["WIDTH", "render_supply", "render_tile"]


def render_supply(view: View, tr: Tr) -> bytes:
    """The common supply, leftmost first (the tile that leaves at the end of the round) and
    numbered as it lies."""
    version = (view.get("content") or {}).get("tiles")
    supply = list(view.get("supply") or ())
    cards = [(card_image(version, t, tr, None), str(i)) for i, t in enumerate(supply, 1)]
    return stack(tr("render.moonriser.supply_title", count=len(supply)), cards)


def render_tile(
    view: View | None, tile: str, tr: Tr, where: str, *, version: int | None = None, field: str | None = None
) -> bytes:
    """One tile's card, titled with where it is (``where``); a tile on the board (``view``'s
    tiles at ``field``, else at a field named ``where``) is drawn as it lies: owner's colour,
    rotation, upgrade."""
    version = version if version is not None else ((view or {}).get("content") or {}).get("tiles")
    lies = field if field is not None else where
    placed = next(
        (t for f, t in ((view or {}).get("tiles") or {}).items() if f == lies and t.get("tile") == tile),
        None,
    )
    return stack(where, [(card_image(version, tile, tr, placed), "")])
