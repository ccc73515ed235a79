"""What a move would cost and earn, for labels and previews: the engine applies it to a copy.

Nothing here knows a rule: the difference of the seat's tokens and score before and after
``apply`` is the price paid (board symbols and surcharges included) and the VP it earns now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import IllegalMove
from engine.moonriser.game import GAME

TOKENS = ("blue", "red", "green", "yellow")


@dataclass(frozen=True)
class Quote:
    paid: Mapping[str, int]
    """Tokens the move takes (positive numbers)."""
    gained: Mapping[str, int]
    """Tokens the move gives (a board symbol's +1)."""
    vp: int
    """The change of the seat's score as it stands now."""
    production: Mapping[str, int]
    """The change of what the seat's colony produces each turn."""


def quote(state: Mapping[str, Any], seat: int, notation: str) -> Quote | None:
    """The quote of a move, or ``None`` if the engine refuses it."""
    try:
        after, _ = GAME.apply(dict(state), seat, notation)
    except IllegalMove:
        return None
    before_view, after_view = GAME.view(dict(state), seat), GAME.view(after, seat)
    mine, theirs = before_view["seats"][seat]["tokens"], after_view["seats"][seat]["tokens"]
    paid = {c: mine.get(c, 0) - theirs.get(c, 0) for c in TOKENS if mine.get(c, 0) > theirs.get(c, 0)}
    gained = {c: theirs.get(c, 0) - mine.get(c, 0) for c in TOKENS if theirs.get(c, 0) > mine.get(c, 0)}
    vp = after_view["scores"][seat]["total"] - before_view["scores"][seat]["total"]
    made, makes = before_view["production"][seat], after_view["production"][seat]
    production = {c: makes.get(c, 0) - made.get(c, 0) for c in ("blue", "red", "green")}
    return Quote(paid, gained, vp, production)
