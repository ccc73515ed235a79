"""Phase II, development: place a tile or upgrade one (any number of actions), then ``done``,
which produces (Phase III starts with production).

Pricing and legality live in ``placement``; this module changes the state. A placement takes
the tile from the hand or the supply (the supply closes up and refills at once), applies the
field's symbol, pays, puts black tokens on its Empty-space fields, and sets the game ending when
no free field is left.
"""

from __future__ import annotations

from engine.core import Event, IllegalMove, State
from engine.moonriser import edit
from engine.moonriser.content import tiles_of
from engine.moonriser.placement import check_place, check_upgrade, free_labels
from engine.moonriser.production import production
from engine.moonriser.relations import colony
from engine.moonriser.rounds import supply_take


def place(
    state: State, seat: int, tile: str, label: str, rotation: int, source: str
) -> tuple[State, list[Event]]:
    found = check_place(state, seat, tile, label, rotation, source)
    new = dict(state)
    events: list[Event] = []
    if source == "supply":
        supply_take(new, state["supply"].index(tile), events)
    row = edit.seat(new, seat)
    if source == "hand":
        hand = list(row["hand"])
        hand.remove(tile)
        row["hand"] = hand
    turn = edit.turn(new)
    if found.symbol is not None:
        for colour, amount in found.gain.items():
            row["tokens"][colour] += amount
        if found.symbol == "action":
            turn["free"] = turn["free"] + 1
        events.insert(0, Event("moonriser.symbol", {"seat": seat, "symbol": found.symbol, "field": label}))
    edit.pay(row["tokens"], found.cost)
    turn["actions"] += 1
    turn["placed"] = [*turn["placed"], label]
    new["tiles"] = {
        **state["tiles"],
        label: {"tile": tile, "owner": seat, "rot": rotation, "upgraded": False, "level": 1},
    }
    if found.empty:
        new["empty"] = [*state["empty"], *(f for f in found.empty if f not in state["empty"])]
    events.insert(
        0,
        Event(
            "moonriser.placed",
            {
                "seat": seat,
                "tile": tile,
                "field": label,
                "rotation": rotation,
                "source": source,
                "cost": found.cost,
            },
        ),
    )
    if not new["ending"] and not free_labels(new):
        new["ending"] = True
        events.append(Event("moonriser.game_ending", {"seat": seat, "reason": "board_full"}))
    return new, events


def upgrade(state: State, seat: int, label: str) -> tuple[State, list[Event]]:
    cost, _ = check_upgrade(state, seat, label)
    new = dict(state)
    row = edit.seat(new, seat)
    edit.pay(row["tokens"], cost)
    entry = dict(state["tiles"][label])
    if tiles_of(state)[entry["tile"]].is_base:
        entry["level"] = entry.get("level", 1) + 1
    else:
        entry["upgraded"] = True
    new["tiles"] = {**state["tiles"], label: entry}
    turn = edit.turn(new)
    turn["actions"] += 1
    turn["upgraded"] = [*turn["upgraded"], label]
    return new, [
        Event("moonriser.upgraded", {"seat": seat, "tile": entry["tile"], "field": label, "cost": cost})
    ]


def done(state: State, seat: int) -> tuple[State, list[Event]]:
    """The end of development: the seat's tiles produce, and the trade phase begins."""
    if state["phase"] != "develop":
        raise IllegalMove("moonriser.not_now", move="done", phase=state["phase"])
    made = production(colony(state), seat)
    new = dict(state)
    row = edit.seat(new, seat)
    for colour, amount in made.items():
        row["tokens"][colour] += amount
    edit.turn(new)["produced"] = dict(made)
    new["phase"] = "trade"
    return new, [Event("moonriser.produced", {"seat": seat, **made})]
