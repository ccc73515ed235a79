"""Final places from scores, shared by every game's ``outcome``."""

from __future__ import annotations

from collections.abc import Sequence


def places_from_scores(
    scores: Sequence[int | float], tiebreak: Sequence[int | float] | None = None
) -> list[int]:
    """Competition ranking ("1224"): higher score is better; equal (score, tiebreak) share a place."""
    keys = [(s, tiebreak[i] if tiebreak is not None else 0) for i, s in enumerate(scores)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]
