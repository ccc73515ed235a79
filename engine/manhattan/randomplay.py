"""A random legal player, for benchmarks, property tests and the easy placeholder bot.

It picks a kind of move uniformly among those legal now, then one move of that kind uniformly:
listing every move and picking one would mostly place workers on buildings (they have the most
ways), and almost never end a turn or strike.
"""

from __future__ import annotations

from engine.core import Move, Rng, State


def random_move(state: State, seat: int, rng: Rng) -> Move:
    """A uniformly chosen kind, then a uniformly chosen move of it (``seat`` must be awaited)."""
    from engine.manhattan.game import GAME

    listed = list(GAME.legal_moves(state, seat))
    kinds = sorted({m.kind for m in listed})
    kind = rng.choice(kinds)
    return rng.choice([m for m in listed if m.kind == kind])
