"""Turns, rounds, the common supply and the end of the game.

The seat with the lowest Main base number starts; then play goes clockwise (the next seat
number), skipping seats that resigned. A round ends when the last seat of that order ends its
turn: the supply's leftmost tile is discarded, the others move left and a new Basic tile fills
the right. The game ends after a placement leaves no free field (that seat finishes its turn,
then the others make their last trades together), after round ``max_rounds`` the same way, or
when one seat is left.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.moonriser import edit
from engine.moonriser.content import tiles_of
from engine.moonriser.planning import draw_tiles, drawable


def playing(state: State) -> list[int]:
    """Seats still in the game, in play order."""
    return [s for s in state["order"] if not state["seats"][s]["resigned"]]


def base_number(state: State, seat: int) -> int:
    return tiles_of(state)[state["seats"][seat]["base"]].number


def next_base(state: State) -> int | None:
    """The seat that places its Main base next: the highest base number still to place."""
    placed = {entry["owner"] for entry in state["tiles"].values()}
    waiting = [s for s in range(state["players"]) if s not in placed and not state["seats"][s]["resigned"]]
    return max(waiting, key=lambda s: base_number(state, s), default=None)


def play_order(state: State) -> list[int]:
    """All seats from the lowest Main base number, then clockwise."""
    n = state["players"]
    first = min(range(n), key=lambda s: base_number(state, s))
    return [(first + k) % n for k in range(n)]


def fresh_turn() -> dict[str, object]:
    return {"actions": 0, "free": 1, "swaps": {}, "placed": [], "upgraded": [], "produced": None}


def start_turn(new: State, seat: int) -> None:
    """Hand the turn to ``seat`` (``new`` is a copy): planning, or straight to development when
    it has no blue token or nothing is left to draw."""
    new["active"] = seat
    new["turn"] = fresh_turn()
    can_plan = new["seats"][seat]["tokens"]["blue"] > 0 and drawable(new)
    new["phase"] = "plan" if can_plan else "develop"


def supply_take(new: State, index: int, events: list[Event]) -> None:
    """Take the supply tile at ``index``: those to its right move left, a new one fills the right."""
    supply = list(new["supply"])
    del supply[index]
    refill = draw_tiles(new, "basic", 1, events)
    supply.extend(refill)
    new["supply"] = supply
    for tile in refill:
        events.append(Event("moonriser.supply_refilled", {"tile": tile}))


def _round_end(new: State, events: list[Event]) -> None:
    supply = list(new["supply"])
    dropped = supply.pop(0) if supply else None
    new["supply"] = supply
    if dropped is not None:
        discards = dict(new["discards"])
        discards["basic"] = [*discards["basic"], dropped]
        new["discards"] = discards
    added = draw_tiles(new, "basic", 1, events)
    new["supply"] = [*new["supply"], *added]
    events.append(
        Event(
            "moonriser.round_ended",
            {"round": new["round"], "dropped": dropped, "added": added[0] if added else None},
        )
    )
    new["round"] += 1


def _exhausted(state: State) -> bool:
    """No tile is left anywhere a seat could ever place one from."""
    return (
        not drawable(state)
        and not state["supply"]
        and not any(row["hand"] or row["drawn"] for row in state["seats"])
    )


def end_turn(new: State, seat: int, events: list[Event]) -> None:
    """``seat``'s turn is over (``new`` is a copy): the next seat's turn, the round's end, or the
    game's end."""
    turn = new.get("turn") or {}
    new["last"] = {
        "seat": seat,
        "fields": list(turn.get("placed", [])),
        "upgraded": list(turn.get("upgraded", [])),
    }
    events.append(Event("moonriser.turn_ended", {"seat": seat}))
    if new["ending"]:
        finish(new, seat, "board_full", events)
        return
    order = playing(new)
    later = [s for s in new["order"][new["order"].index(seat) + 1 :] if s in order]
    if later:
        start_turn(new, later[0])
        return
    if new["round"] >= new["options"]["max_rounds"]:
        finish(new, seat, "max_rounds", events)
        return
    if _exhausted(new):
        finish(new, seat, "no_tiles", events)
        return
    _round_end(new, events)
    start_turn(new, order[0])


def finish(new: State, seat: int | None, reason: str, events: list[Event]) -> None:
    """The end of the game: the others (still playing) make their last trades, then it is over."""
    new["ending"] = True
    new["last_round"] = new["round"]
    new["active"] = None
    new["turn"] = {**fresh_turn(), "produced": None}
    seats = list(new["seats"])
    for s, row in enumerate(seats):
        done = row["resigned"] or s == seat
        if row["final_done"] != done:
            seats[s] = {**row, "final_done": done}
    new["seats"] = seats
    if reason != "board_full":  # announced already by the placement that filled the board
        events.append(Event("moonriser.game_ending", {"seat": seat, "reason": reason}))
    if all(row["final_done"] for row in seats):
        over(new, events)
    else:
        new["phase"] = "final"


def over(new: State, events: list[Event]) -> None:
    new["phase"] = "over"
    new["active"] = None
    events.append(Event("moonriser.game_over", {"round": new["round"]}))


def final_end(new: State, seat: int, events: list[Event]) -> None:
    """``end`` in the last trades: this seat is done; the game is over when all are."""
    edit.seat(new, seat)["final_done"] = True
    events.append(Event("moonriser.turn_ended", {"seat": seat}))
    if all(row["final_done"] for row in new["seats"]):
        over(new, events)
