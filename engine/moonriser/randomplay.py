"""A random legal player, for benchmarks and for measuring the bot against chance.

Listing every legal move and picking one is no way to play Moonriser at random: keeping 10 of 30
drawn tiles has millions of choices (``legal_moves`` is lazy for that reason). This player picks
a kind of move uniformly among those allowed now, then one move of that kind uniformly, drawing
the tiles of a ``keep`` or a ``sell`` directly instead of listing their combinations.
"""

from __future__ import annotations

from itertools import islice

from engine.core import Move, Rng, State
from engine.moonriser import trading
from engine.moonriser.game import GAME
from engine.moonriser.notation import END_MOVE, KEEP, SELL, SELL_COUNT

LISTED = 2000
"""Moves of one decision looked at when the kind is neither ``keep`` nor ``sell``."""


def random_move(state: State, seat: int, rng: Rng) -> Move:
    """A uniformly chosen kind, then a uniformly chosen move of it (``seat`` must be awaited)."""
    row = state["seats"][seat]
    if state["phase"] in ("setup_keep", "keep"):
        drawn = list(row["drawn"])
        rng.shuffle(drawn)
        return Move(KEEP, tuple(sorted(drawn[: min(row["keep"], len(drawn))])))
    if state["phase"] in ("trade", "final"):
        listed = [
            *([END_MOVE] if trading.end_allowed(state, seat) else []),
            *(trading.discard_moves(row["hand"]) if state["phase"] == "trade" else []),
            *trading.trade_moves(state, seat),
            *(trading.swap_moves(state, seat) if state["phase"] == "trade" else []),
        ]
        selling = len(row["hand"]) >= SELL_COUNT
    else:
        listed = list(islice(GAME.legal_moves(state, seat), LISTED))
        selling = False
    kinds = sorted({m.kind for m in listed} | ({SELL} if selling else set()))
    kind = rng.choice(kinds)
    if kind == SELL:
        hand = list(row["hand"])
        rng.shuffle(hand)
        return Move(SELL, (*sorted(hand[:SELL_COUNT]), rng.choice(trading.gets(state))))
    return rng.choice([m for m in listed if m.kind == kind])
