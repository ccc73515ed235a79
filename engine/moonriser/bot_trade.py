"""The bot player's Phase III and last trades: keep the hand limit, turn a surplus into what the
next turn needs, and turn everything into yellow VP tokens when no turn is left to build in.

Needs for the next turn: blue for the Main base's next upgrade (while it still pays) and for
planning, green for building, red for a further development action. A colour held beyond its
need by at least a trade's price is the surplus; the 1:2 trade symbol is used before a 4:1.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.moonriser.bot_value import Economy, tile_worth
from engine.moonriser.content import TOKENS, TileSet
from engine.moonriser.notation import CONVERT_MOVE, DISCARD, END_MOVE, SELL, SELL_COUNT, SWAP, TRADE
from engine.moonriser.trading import (
    HAND_LIMIT,
    STANDARD_RATE,
    convert_allowed,
    convertible,
    rate,
    swaps_left,
)

GREEN_NEED = 3
RED_NEED = 2
"""Red for one further development action next turn."""
EXTRA_ACTIONS = 3
RICH = 12
"""Blue and green beyond their needs for which the bot wants red for one more action."""


def worst(tileset: TileSet, hand: list[str], econ: Economy) -> list[str]:
    """The hand, least worth first (ties by id, so the choice is stable)."""
    return sorted(hand, key=lambda t: (tile_worth(tileset[t], econ), t))


def needs(econ: Economy, upgrade_pays: bool) -> dict[str, int]:
    """Tokens the next turn wants before anything is traded away: red for one further action,
    and for up to three more when blue and green pile up (actions, not tokens, are then short)."""
    level = econ.base_level if upgrade_pays else 0
    blue, green = level + 1, level + GREEN_NEED
    rich = max(0, econ.tokens["blue"] - blue) + max(0, econ.tokens["green"] - green)
    return {"blue": blue, "green": green, "red": RED_NEED * (1 + min(EXTRA_ACTIONS, rich // RICH))}


def last_trades(state: State, seat: int, tileset: TileSet, econ: Economy) -> Move:
    """Everything into yellow: all at once (``convert``) where the end allows it, else the
    cheapest colour first, then 4 tiles for one more."""
    if convert_allowed(state, seat) and convertible(state, seat)["yellow"]:
        return CONVERT_MOVE
    tokens = state["seats"][seat]["tokens"]
    hand = state["seats"][seat]["hand"]
    rates = {c: rate(state, seat, c) for c in TOKENS}
    for colour in sorted(TOKENS, key=lambda c: (rates[c], TOKENS.index(c))):
        if tokens[colour] >= rates[colour]:
            return Move(TRADE, (colour, "yellow"))
    if len(hand) >= SELL_COUNT:
        return Move(SELL, (*sorted(worst(tileset, hand, econ)[:SELL_COUNT]), "yellow"))
    return END_MOVE


def trade_move(state: State, seat: int, tileset: TileSet, econ: Economy, upgrade_pays: bool) -> Move:
    """The bot's next Phase III (or final) move."""
    row = state["seats"][seat]
    hand, tokens = row["hand"], row["tokens"]
    if state["phase"] == "trade" and len(hand) > HAND_LIMIT:
        return Move(DISCARD, (worst(tileset, hand, econ)[0],))
    final = state["phase"] == "final" or state["ending"] or state["round"] >= state["options"]["max_rounds"]
    if final:
        return last_trades(state, seat, tileset, econ)
    want = needs(econ, upgrade_pays)
    short = [c for c in ("green", "red", "blue") if tokens[c] < want[c]]
    spare = {c: tokens[c] - want[c] for c in TOKENS}
    swaps = swaps_left(state, seat)
    for colour in short:
        if swaps[colour]:
            give = max((c for c in TOKENS if c != colour), key=lambda c: (spare[c], -TOKENS.index(c)))
            if spare[give] >= 2:
                return Move(SWAP, (colour, give))
            junk = [t for t in worst(tileset, hand, econ) if tile_worth(tileset[t], econ) < 0][:2]
            if len(junk) == 2:
                return Move(SWAP, (colour, *sorted(junk)))
        for give in sorted(TOKENS, key=lambda c: (-spare[c], TOKENS.index(c))):
            if give != colour and spare[give] >= rate(state, seat, give):
                return Move(TRADE, (give, colour))
    for give in TOKENS:  # a trade advantage beats the 4:1 of the last trades
        price = rate(state, seat, give)
        if price < STANDARD_RATE and spare[give] >= price + 2:
            return Move(TRADE, (give, "yellow"))
    return END_MOVE
