"""The construction market and the corruption pile.

``place build <worker> <slot>``: the building in that slot (1 = the $2 slot on the left) goes to
the builder, who pays the slot's price; an engineer builds from slots 1–2 for free. The cards to
its right move left and the deck's top card fills the $20 slot (none once the deck is empty).
Building from slots 5–7 puts $1 on the corruption pile; building from slot 1 takes the whole
pile, which cannot pay for that building (it is taken after paying).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event, State
from engine.manhattan.content import market_of
from engine.manhattan.notation import kind_of


def price(state: State, slot: int, tokens: Sequence[str]) -> int:
    """What building from ``slot`` (1-based) costs with these workers."""
    info = market_of(state)[slot - 1]
    if info.engineer_free and any(kind_of(token) == "E" for token in tokens):
        return 0
    return info.price


def card_at(state: State, slot: int) -> str | None:
    market = state["market"]
    return market[slot - 1] if 1 <= slot <= len(market) else None


def build(
    new: State, row: dict[str, Any], seat: int, slot: int, tokens: Sequence[str], events: list[Event]
) -> None:
    """Build from ``slot`` (checked: a card is there and the seat can pay); ``new`` and ``row`` are copies."""
    info = market_of(new)[slot - 1]
    card = new["market"][slot - 1]
    cost = price(new, slot, tokens)
    row["money"] -= cost
    taken = 0
    if info.takes_corruption:
        taken = new["corruption"]
        row["money"] += taken
        new["corruption"] = 0
    if info.corruption:
        new["corruption"] += 1
    row["buildings"] = [*row["buildings"], {"card": card, "damage": 0, "workers": None}]
    market = [c for i, c in enumerate(new["market"]) if i != slot - 1 and c is not None]
    refill = None
    if new["deck"]:
        refill = new["deck"][0]
        new["deck"] = new["deck"][1:]
        market.append(refill)
    new["market"] = market + [None] * (len(new["market"]) - len(market))
    events.append(
        Event(
            "manhattan.built",
            {"seat": seat, "card": card, "slot": slot, "price": cost, "corruption_taken": taken},
        )
    )
    if refill is not None:
        events.append(Event("manhattan.market_refilled", {"card": refill}))


def market_view(state: State) -> list[dict[str, Any]]:
    """The seven slots left to right, with their cards and prices, for the picture and the cog."""
    return [
        {
            "slot": index + 1,
            "card": card,
            "price": info.price,
            "engineer_free": info.engineer_free,
            "corruption": info.corruption,
            "takes_corruption": info.takes_corruption,
        }
        for index, (card, info) in enumerate(zip(state["market"], market_of(state), strict=True))
    ]
