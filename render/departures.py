"""How a removed seat left the game, as the public view of every game carries it (the pictures
label such a seat "kicked", "removed for time" or "left the server" instead of "resigned")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEPARTURES = "departures"
"""The key of a public view that says how each removed seat left: seat -> ``kicked`` (``/table kick``),
``timeout`` (removed at the time limit) or ``left`` (left the server). A seat out of the game that
is not listed resigned."""


def departure(view: Mapping[str, Any], seat: int) -> str:
    """How ``seat`` left the game, as the last part of its label's key: ``resigned`` unless the
    bot removed it (see :data:`DEPARTURES`)."""
    how = (view.get(DEPARTURES) or {}).get(seat)
    return how if how in ("kicked", "timeout", "left") else "resigned"
