"""Setting a game up: the board, the Main bases placed in order, the first "keep 3 of 5".

``new`` joins players + 2 board pieces (or takes a preset), deals the four Main bases at random,
shuffles the Basic and Advanced piles, gives every seat 3 green and 1 blue token, and lays out a
common supply of players + 2 Basic tiles. The seats place their bases from the highest base
number down (public, one at a time); then each gets 5 Basic tiles („Hráči vyloží své Základny …
Každý hráč dostane 5 základních hracích dílků") and all choose their 3 at once, privately; the
lowest base number starts. Rules edition 1 (games stored before it) dealt the 5 tiles before
the bases, then the supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, IllegalMove, Rng, State
from engine.moonriser.board import random_layout
from engine.moonriser.content import layouts, pieces, pin, rules_of, tiles
from engine.moonriser.placement import base_fields
from engine.moonriser.relations import board_of
from engine.moonriser.rounds import next_base, play_order, start_turn

SETUP_DRAW = 5
SETUP_KEEP = 3
START_TOKENS = {"blue": 1, "red": 0, "green": 3, "yellow": 0}


def new_state(
    players: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None
) -> State:
    versions = pin(content)
    rng = Rng(seed)
    tileset = tiles(versions["tiles"])
    piece_set = pieces(versions["pieces"])
    if options["board"] == "random":
        layout = random_layout(players + 2, piece_set, rng)
    else:
        layout = layouts(versions["layouts"])[f"{options['board']}-{players}"]
    bases = [t.id for t in tileset.of_kind("base")]
    rng.shuffle(bases)
    basic, advanced = tileset.box("basic"), tileset.box("advanced")
    rng.shuffle(basic)
    rng.shuffle(advanced)
    deal_first = rules_of({"content": versions}) < 2
    supply = [] if deal_first else [basic.pop() for _ in range(players + 2) if basic]
    seats = []
    for seat in range(players):
        drawn = [basic.pop() for _ in range(SETUP_DRAW) if basic] if deal_first else []
        seats.append(
            {
                "base": bases[seat],
                "tokens": dict(START_TOKENS),
                "hand": [],
                "drawn": drawn,
                "draws_left": 0,
                "keep": min(SETUP_KEEP, len(drawn)),
                "resigned": False,
                "final_done": False,
            }
        )
    if deal_first:
        supply = [basic.pop() for _ in range(players + 2) if basic]
    state: State = {
        "game": "moonriser",
        "players": players,
        "options": dict(options),
        "content": versions,
        "rng": rng.state,
        "layout": [[p, rot, [at[0], at[1]]] for p, rot, at in layout],
        "round": 1,
        "phase": "base",
        "active": None,
        "order": [],
        "ending": False,
        "last_round": None,
        "tiles": {},
        "empty": [],
        "supply": supply,
        "piles": {"basic": basic, "advanced": advanced},
        "discards": {"basic": [], "advanced": []},
        "seats": seats,
        "turn": None,
        "last": None,
    }
    state["order"] = play_order(state)
    state["active"] = next_base(state)
    return state


def place_base(state: State, seat: int, label: str) -> tuple[State, list[Event]]:
    """``base <field>``: the seat's Main base on a free symbol-free field of a piece without one."""
    if label not in board_of(state).at:
        raise IllegalMove("moonriser.bad_field", field=label)
    if label not in base_fields(state):
        raise IllegalMove("moonriser.bad_base_field", field=label)
    new = dict(state)
    base = state["seats"][seat]["base"]
    new["tiles"] = {
        **state["tiles"],
        label: {"tile": base, "owner": seat, "rot": 0, "upgraded": False, "level": 1},
    }
    new["active"] = next_base(new)
    events = [Event("moonriser.base_placed", {"seat": seat, "tile": base, "field": label})]
    if new["active"] is None:
        after_bases(new)
    return new, events


def after_bases(new: State) -> None:
    """All bases are down: each seat still playing gets its 5 Basic tiles (edition 2; edition 1
    dealt them at the start) and everyone chooses (or play starts if nobody has any)."""
    if rules_of(new) >= 2:
        deal(new)
    new["phase"] = "setup_keep"
    after_setup_keep(new)


def deal(new: State) -> None:
    """5 Basic tiles from the pile to every seat still playing, in seat order (``new`` is a copy)."""
    pile = list(new["piles"]["basic"])
    seats = []
    for row in new["seats"]:
        if row["resigned"]:
            seats.append(row)
            continue
        drawn = [pile.pop() for _ in range(SETUP_DRAW) if pile]
        seats.append({**row, "drawn": drawn, "keep": min(SETUP_KEEP, len(drawn))})
    new["seats"] = seats
    new["piles"] = {**new["piles"], "basic": pile}


def keepers(state: State) -> list[int]:
    """Seats that still owe their first ``keep``."""
    return [s for s, row in enumerate(state["seats"]) if row["drawn"] and not row["resigned"]]


def after_setup_keep(new: State) -> None:
    if not keepers(new):
        first = next(s for s in new["order"] if not new["seats"][s]["resigned"])
        start_turn(new, first)
