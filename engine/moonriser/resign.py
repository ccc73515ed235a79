"""Leaving the game (``resign``, or the bot removing an absent player).

With two players the game is over at once. With three or four it goes on without the seat: its
tiles stay on the board (their relationships and neighbourhoods still count for the others), its
drawn tiles are discarded, its turn (if it was playing) ends, and it takes the last place.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.moonriser import edit
from engine.moonriser.planning import discard_tiles
from engine.moonriser.rounds import end_turn, next_base, over, playing
from engine.moonriser.setup import after_bases, after_setup_keep

TURN_PHASES = frozenset({"plan", "draw", "keep", "develop", "trade"})


def resign(state: State, seat: int) -> tuple[State, list[Event]]:
    new = dict(state)
    events = [Event("moonriser.resigned", {"seat": seat})]
    row = edit.seat(new, seat)
    drawn = row["drawn"]
    row.update(resigned=True, final_done=True, drawn=[], draws_left=0, keep=0)
    discard_tiles(new, drawn)
    phase = state["phase"]
    if len(playing(new)) <= 1:
        over(new, events)
    elif phase == "base" and state["active"] == seat:
        new["active"] = next_base(new)
        if new["active"] is None:
            after_bases(new)
    elif phase == "setup_keep":
        after_setup_keep(new)
    elif phase == "final":
        if all(r["final_done"] for r in new["seats"]):
            over(new, events)
    elif phase in TURN_PHASES and state["active"] == seat:
        end_turn(new, seat, events)
    return new, events
