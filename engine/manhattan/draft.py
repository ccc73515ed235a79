"""Bomb design: ``place design E+S`` takes the whole face-up offer; the active seat picks one card
in secret, passes the rest to the next seat in turn order, and so on; the last card comes back to
the active seat (it gets two). Then players + 1 new cards are laid out if the bomb deck holds that
many; else none, and bomb design is closed for the rest of the game.

The picks go round the seats still playing, starting with the active seat, until one card is left
(with a full table that is one pick each). The cards being passed are secret: the public view
shows how many, the seat to pick sees them (``views.private``).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import edit
from engine.manhattan.notation import PICK
from engine.manhattan.repair import rotated
from engine.manhattan.turns import next_after, playing


def picks(state: State, first: int, count: int) -> list[int]:
    """``count`` pickers round the table from ``first`` (seats still playing, turn order)."""
    cycle = rotated(state, first)
    return [cycle[i % len(cycle)] for i in range(count)]


def start(new: State, seat: int, events: list[Event]) -> None:
    cards = list(new["offer"])
    new["offer"] = []
    events.append(Event("manhattan.design", {"seat": seat, "count": len(cards)}))
    new["pending"] = {"kind": "draft", "queue": picks(new, seat, len(cards) - 1), "cards": cards}
    if not new["pending"]["queue"]:
        finish(new, events)


def pick_error(state: State, seat: int, card: str) -> IllegalMove | None:
    if card not in state["pending"]["cards"]:
        return IllegalMove("manhattan.not_offered", card=card)
    return None


def pick(state: State, seat: int, card: str) -> tuple[State, list[Event]]:
    error = pick_error(state, seat, card)
    if error is not None:
        raise error
    new = dict(state)
    row = edit.seat(new, seat)
    row["hand"] = [*row["hand"], card]
    pending = state["pending"]
    cards = [c for c in pending["cards"] if c != card]
    new["pending"] = {"kind": "draft", "queue": pending["queue"][1:], "cards": cards}
    events = [
        Event("manhattan.drafted", {"seat": seat}),
        Event("manhattan.picked", {"seat": seat, "card": card}, audience=seat),
    ]
    if not new["pending"]["queue"]:
        finish(new, events)
    return new, events


def finish(new: State, events: list[Event]) -> None:
    """The last card goes to the active seat; the offer is laid out again."""
    active = new["active"]
    for card in new["pending"]["cards"]:
        row = edit.seat(new, active)
        row["hand"] = [*row["hand"], card]
        events.append(Event("manhattan.got_last", {"seat": active}))
        events.append(Event("manhattan.got_last_private", {"seat": active, "card": card}, audience=active))
    new["pending"] = None
    refill(new, events)


def refill(new: State, events: list[Event]) -> None:
    count = len(playing(new)) + 1
    if len(new["bomb_deck"]) >= count:
        new["offer"] = new["bomb_deck"][:count]
        new["bomb_deck"] = new["bomb_deck"][count:]
        events.append(Event("manhattan.offer_refilled", {"cards": list(new["offer"])}))
    else:
        events.append(Event("manhattan.design_closed", {}))


def pick_moves(state: State, seat: int) -> Iterator[Move]:
    for card in sorted(state["pending"]["cards"]):
        yield Move(PICK, (card,))


def drop(new: State, seat: int, events: list[Event]) -> None:
    """``seat`` resigned during a draft. If it designed, the cards still passed round go to the
    bottom of the bomb deck and the offer is laid out again; else the picks go on without it."""
    pending = new["pending"]
    if seat == new["active"]:
        new["bomb_deck"] = [*new["bomb_deck"], *pending["cards"]]
        new["pending"] = None
        refill(new, events)
        return
    queue = pending["queue"]
    head = queue[0]
    if head == seat:
        head = next_after(new, seat)
    count = len(pending["cards"]) - 1
    new["pending"] = {"kind": "draft", "queue": picks(new, head, count), "cards": pending["cards"]}
