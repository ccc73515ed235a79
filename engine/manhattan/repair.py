"""Repairs: ``place repair <worker>`` costs $5 and lets the active seat remove up to 3 damage from
its own buildings; then every other seat with damage may repair up to 3 points too, in turn
order, each its own decision out of turn, paying $2, $3 and $5 for its 1st, 2nd and 3rd point.

The queue holds the seats still to answer; a seat without damage (or, for the others, without
the $2 of a first point) is not asked. The active seat continues its turn when the queue is done.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import edit
from engine.manhattan.content import OTHER_REPAIR_COSTS, REPAIR_POINTS
from engine.manhattan.notation import REPAIR, REPAIR_NONE
from engine.manhattan.turns import playing


def damage(state: State, seat: int) -> int:
    return sum(building["damage"] for building in state["seats"][seat]["buildings"])


def rotated(state: State, first: int) -> list[int]:
    """Seats still playing in turn order, starting with ``first``."""
    order = playing(state)
    if first not in order:
        return order
    at = order.index(first)
    return order[at:] + order[:at]


def start(new: State, seat: int, events: list[Event]) -> None:
    queue = [
        s
        for s in rotated(new, seat)
        if damage(new, s) > 0 and (s == seat or new["seats"][s]["money"] >= OTHER_REPAIR_COSTS[0])
    ]
    if queue:
        new["pending"] = {"kind": "repair", "queue": queue}


def cost(state: State, seat: int, points: int) -> int:
    """What ``seat`` pays for ``points`` repairs: nothing for the active seat (it paid $5)."""
    return 0 if seat == state["active"] else sum(OTHER_REPAIR_COSTS[:points])


def repair_error(state: State, seat: int, cards: Sequence[str]) -> IllegalMove | None:
    if len(cards) > REPAIR_POINTS:
        return IllegalMove("manhattan.repair_too_many", most=REPAIR_POINTS)
    damaged = {b["card"]: b["damage"] for b in state["seats"][seat]["buildings"]}
    for card, points in Counter(cards).items():
        if damaged.get(card, 0) < points:
            return IllegalMove("manhattan.not_damaged", card=card)
    if state["seats"][seat]["money"] < cost(state, seat, len(cards)):
        return IllegalMove("manhattan.cannot_afford")
    return None


def repair(state: State, seat: int, cards: Sequence[str]) -> tuple[State, list[Event]]:
    """``repair <b> [<b> [<b>]]`` or ``repair none`` (``cards`` empty) by the seat asked now."""
    error = repair_error(state, seat, cards)
    if error is not None:
        raise error
    new = dict(state)
    events: list[Event] = []
    if cards:
        row = edit.seat(new, seat)
        paid = cost(state, seat, len(cards))
        row["money"] -= paid
        fixed = Counter(cards)
        row["buildings"] = [
            {**b, "damage": b["damage"] - fixed[b["card"]]} if fixed[b["card"]] else b
            for b in row["buildings"]
        ]
        events.append(Event("manhattan.repaired", {"seat": seat, "cards": list(cards), "paid": paid}))
    else:
        events.append(Event("manhattan.repair_passed", {"seat": seat}))
    queue = state["pending"]["queue"][1:]
    new["pending"] = {"kind": "repair", "queue": queue} if queue else None
    return new, events


def repair_moves(state: State, seat: int) -> Iterator[Move]:
    yield REPAIR_NONE
    damaged = [b["card"] for b in state["seats"][seat]["buildings"] for _ in range(b["damage"])]
    money = state["seats"][seat]["money"]
    for points in range(1, min(REPAIR_POINTS, len(damaged)) + 1):
        if money < cost(state, seat, points):
            break
        for cards in sorted(set(combinations_with_replacement(sorted(set(damaged)), points))):
            if all(damaged.count(card) >= n for card, n in Counter(cards).items()):
                yield Move(REPAIR, cards)


def drop(new: State, seat: int) -> None:
    """``seat`` resigned: it is not asked any more."""
    pending = new["pending"]
    queue = [s for s in pending["queue"] if s != seat]
    new["pending"] = {"kind": "repair", "queue": queue} if queue else None
