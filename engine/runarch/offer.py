"""The complex game's public offer: refilling a hand after a filing, ``draw`` and ``take``.

Only the offer cards' match areas are public. A player with the diagonal token chooses where
the replacement comes from; everyone else gets the deck's top card at once, unseen.
"""

from __future__ import annotations

from engine.core import Event, IllegalMove, Move, State
from engine.runarch.content import deck_of
from engine.runarch.notation import DRAW_MOVE, TAKE_MOVES
from engine.runarch.tokens import abilities


def refill(new: State, seat: int) -> None:
    """Refill the hand: a draw decision with the diagonal token and an offer, else from the deck."""
    if new["offer"] and abilities(new, seat)["diagonal"]:
        new["pending"] = [*new["pending"], {"kind": "draw"}]
    elif new["deck"]:
        draw_into_hand(new, seat)


def draw_into_hand(new: State, seat: int) -> None:
    """Move the deck's top card into ``seat``'s hand (``new`` is the caller's copy)."""
    deck = list(new["deck"])
    hands = list(new["hands"])
    hands[seat] = [*hands[seat], deck.pop()]  # face down: no event names it
    new["deck"], new["hands"] = deck, hands


def draw(state: State, seat: int) -> tuple[State, list[Event]]:
    """Resolve the draw decision from the deck (the card stays hidden)."""
    if not state["deck"]:
        raise IllegalMove("runarch.deck_empty")
    new = dict(state)
    draw_into_hand(new, seat)
    new["pending"] = state["pending"][1:]
    new["ply"] = state["ply"] + 1
    return new, [Event("runarch.drew", {"seat": seat})]


def take(state: State, seat: int, position_text: str) -> tuple[State, list[Event]]:
    """Resolve the draw decision from the offer; the gap is refilled from the deck at once."""
    position = int(position_text)
    offer = list(state["offer"])
    if not 1 <= position <= len(offer):
        raise IllegalMove("runarch.offer_empty", position=position)
    card = offer[position - 1]
    new = dict(state)
    if state["deck"]:
        deck = list(state["deck"])
        offer[position - 1] = deck.pop()
        new["deck"] = deck
    else:
        del offer[position - 1]
    hands = list(state["hands"])
    hands[seat] = [*hands[seat], card]
    new.update(offer=offer, hands=hands, pending=state["pending"][1:], ply=state["ply"] + 1)
    return new, [
        Event(
            "runarch.took_offer", {"seat": seat, "position": position, "match": deck_of(state).matches[card]}
        )
    ]


def draw_moves(state: State) -> list[Move]:
    """The moves of a pending draw decision: the deck if it has a card, every offer position."""
    return ([DRAW_MOVE] if state["deck"] else []) + list(TAKE_MOVES[: len(state["offer"])])
