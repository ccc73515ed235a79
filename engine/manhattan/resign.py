"""Leaving the game (``resign``, or the bot removing an absent player).

The seat's workers go back (its own home, contractors to the common supply, other seats' workers
on its buildings to their owners), its bomb hand goes to the bottom of the bomb deck, and it
leaves turn order, the start bonus, drafts and repairs. Its board stays as it is: its points
still show, but nobody may spy on it or strike it. If it designed the bombs being drafted, the
cards still passed round go to the bottom of the bomb deck. With one seat left (always with two
players) the game is over and that seat wins.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.manhattan import draft, edit, repair
from engine.manhattan.setup import first_playing
from engine.manhattan.turns import end_turn, over, playing, start_turn
from engine.manhattan.workers import retrieve_workers


def resign(state: State, seat: int) -> tuple[State, list[Event]]:
    new = dict(state)
    events = [Event("manhattan.resigned", {"seat": seat})]
    row = edit.seat(new, seat)
    row["resigned"] = True
    new["bomb_deck"] = [*new["bomb_deck"], *row["hand"]]
    row["hand"] = []
    retrieve_workers(new, seat, leaving=True)
    left = playing(new)
    if len(left) <= 1:
        new["winner"] = left[0] if left else None
        over(new)
        return new, events
    pending = new["pending"]
    if new["phase"] == "bonus":
        queue = [s for s in pending["queue"] if s != seat]
        new["pending"] = {"kind": "bonus", "queue": queue} if queue else None
        if not queue:
            new["phase"] = "play"
            start_turn(new, first_playing(new))
        return new, events
    if pending is not None and pending["kind"] == "draft":
        draft.drop(new, seat, events)
    elif pending is not None and pending["kind"] == "repair":
        repair.drop(new, seat)
    if new["active"] == seat:
        new["pending"] = None
        end_turn(new, seat, events)
    return new, events
