"""Air strikes: after ``place strike1|strike2 <worker>`` and until the seat's first ``work`` or
``done``, any number of

- ``attack <seat> fighter|bomber``: pay 1 fighter; that seat loses 1 fighter or 1 bomber (the
  attacker chooses which);
- ``raid <seat> <building>``: pay 1 bomber; a seat without fighters gets 1 damage on that
  building (no limit per building).

Seats that resigned are no targets.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import edit
from engine.manhattan.notation import ATTACK, PLANES, RAID

TRACK = {"fighter": "fighters", "bomber": "bombers"}


def _target_error(state: State, seat: int, target: int) -> IllegalMove | None:
    if not state["turn"]["strike"]:
        return IllegalMove("manhattan.no_strike")
    if not 0 <= target < state["players"] or target == seat or state["seats"][target]["resigned"]:
        return IllegalMove("manhattan.bad_target", target=target)
    return None


def attack_error(state: State, seat: int, target: int, plane: str) -> IllegalMove | None:
    error = _target_error(state, seat, target)
    if error is not None:
        return error
    if state["seats"][seat]["fighters"] < 1:
        return IllegalMove("manhattan.no_fighters")
    if state["seats"][target][TRACK[plane]] < 1:
        return IllegalMove("manhattan.no_planes", target=target, plane=plane)
    return None


def attack(state: State, seat: int, target: int, plane: str) -> tuple[State, list[Event]]:
    error = attack_error(state, seat, target, plane)
    if error is not None:
        raise error
    new = dict(state)
    edit.seat(new, seat)["fighters"] -= 1
    edit.seat(new, target)[TRACK[plane]] -= 1
    edit.turn(new)["acted"] = True
    return new, [Event("manhattan.attacked", {"seat": seat, "target": target, "kind": plane})]


def raid_error(state: State, seat: int, target: int, card: str) -> IllegalMove | None:
    error = _target_error(state, seat, target)
    if error is not None:
        return error
    if state["seats"][seat]["bombers"] < 1:
        return IllegalMove("manhattan.no_bombers")
    victim = state["seats"][target]
    if victim["fighters"] > 0:
        return IllegalMove("manhattan.has_fighters", target=target)
    if all(b["card"] != card for b in victim["buildings"]):
        return IllegalMove("manhattan.no_building", card=card)
    return None


def raid(state: State, seat: int, target: int, card: str) -> tuple[State, list[Event]]:
    error = raid_error(state, seat, target, card)
    if error is not None:
        raise error
    new = dict(state)
    edit.seat(new, seat)["bombers"] -= 1
    victim = edit.seat(new, target)
    victim["buildings"] = [
        {**b, "damage": b["damage"] + 1} if b["card"] == card else b for b in victim["buildings"]
    ]
    edit.turn(new)["acted"] = True
    return new, [Event("manhattan.raided", {"seat": seat, "target": target, "card": card})]


def strike_moves(state: State, seat: int) -> Iterator[Move]:
    if not state["turn"]["strike"]:
        return
    me = state["seats"][seat]
    for target, row in enumerate(state["seats"]):
        if target == seat or row["resigned"]:
            continue
        if me["fighters"] > 0:
            for plane in PLANES:
                if row[TRACK[plane]] > 0:
                    yield Move(ATTACK, (str(target), plane))
        if me["bombers"] > 0 and row["fighters"] == 0:
            for building in row["buildings"]:
                yield Move(RAID, (str(target), building["card"]))
