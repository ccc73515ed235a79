"""Helpers for The Manhattan Project's engine tests: hand-made positions and random play."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from engine.core import Event, IllegalMove, Move, Rng
from engine.manhattan.edit import fresh_turn
from engine.manhattan.game import GAME
from engine.manhattan.randomplay import random_move
from engine.manhattan.scoring import total
from engine.manhattan.setup import new_seat

State = dict[str, Any]
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)
V1 = {"buildings": 1, "bombs": 1, "spaces": 1, "market": 1}
"""The project's reconstructed content: the hand-made positions below name its cards."""


def seat_row(**fields: Any) -> dict[str, Any]:
    """A player's board: nothing but what ``fields`` give (workers as ``home={"L": 2}`` etc.).
    ``buildings`` may list card ids (undamaged, empty) or full building dicts."""
    row = new_seat(0)
    row.update(fighters=0, bombers=0, home={"L": 0, "E": 0, "S": 0})
    for box in ("home", "contract", "pool"):
        if box in fields:
            row[box] = {**row[box], **fields.pop(box)}
    built = fields.pop("buildings", [])
    row["buildings"] = [
        b if isinstance(b, dict) else {"card": b, "damage": 0, "workers": None} for b in built
    ]
    row.update(fields)
    return row


def position(
    players: int = 4,
    seats: dict[int, dict[str, Any]] | None = None,
    active: int = 0,
    market: Sequence[str | None] | None = None,
    occupied: dict[str, int] | None = None,
    **top: Any,
) -> State:
    """A game in play, seat ``active`` to move at the start of its turn, turn order by seat
    number. ``seats`` maps a seat to ``seat_row`` fields (others get an empty board); ``occupied``
    puts another seat's laborer on main-board spaces ({space: seat})."""
    state = GAME.new(players, {}, 11, V1)
    state["seats"] = [seat_row(**dict((seats or {}).get(s, {}))) for s in range(players)]
    state["order"] = list(range(players))
    state["phase"] = "play"
    state["pending"] = None
    state["active"] = active
    state["turn"] = fresh_turn()
    state["spaces"] = {space: {"seat": s, "workers": ["L"]} for space, s in (occupied or {}).items()}
    if market is not None:
        state["market"] = list(market)
    state.update(top)
    return state


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply ``(seat, notation)`` moves in turn; every event on the way."""
    events: list[Event] = []
    for seat, notation in moves:
        state, happened = GAME.apply(state, seat, notation)
        events += happened
    return state, events


def refused(state: State, seat: int, notation: str) -> str:
    """The code ``apply`` refuses ``notation`` with (the test fails if it is accepted)."""
    try:
        GAME.apply(state, seat, notation)
    except IllegalMove as error:
        return error.code
    raise AssertionError(f"{notation!r} was accepted")


def legal(state: State, seat: int) -> set[str]:
    return {move.notation for move in GAME.legal_moves(state, seat)}


def points(state: State, seat: int) -> int:
    return total(state, seat)


WEIGHTS = {"done": 1, "retrieve": 2, "place": 4, "work": 5, "attack": 2, "raid": 2, "test": 2, "load": 4}
"""How often the explorer picks each kind of move when it has a choice."""
SPACE_WEIGHTS = {"build": 4, "design": 4, "factory1": 2, "factory3": 2, "uni2": 2, "uni3": 2, "uni4": 2}
"""And each main-board space: what builds up an economy, so bombs come in short games."""


def explore_move(state: State, seat: int, rnd: random.Random) -> Move:
    """A random legal move that keeps a game lively (unlike the uniform random player, whose
    turns are mostly one placement and ``done``): it builds the bombs it can, places on a random
    space, uses its buildings, and ends its turn less often, so drafts, strikes, repairs, tests
    and wins happen in short games."""
    listed = list(GAME.legal_moves(state, seat))
    kinds: dict[str, list[Move]] = {}
    for move in listed:
        kinds.setdefault(move.kind, []).append(move)
    if "bomb" in kinds:
        return rnd.choice(kinds["bomb"])
    names = sorted(kinds)
    kind = rnd.choices(names, [WEIGHTS.get(name, 1) for name in names])[0]
    if kind == "place":
        spaces = sorted({m.args[0] for m in kinds[kind]})
        space = rnd.choices(spaces, [SPACE_WEIGHTS.get(space, 1) for space in spaces])[0]
        return rnd.choice([m for m in kinds[kind] if m.args[0] == space])
    return rnd.choice(kinds[kind])


def rich(state: State) -> State:
    """``state`` (just set up) with every seat well off: money, ore, fuel, planes, engineers and
    scientists at home, two spies, three bombs in hand (taken from the bomb deck) and a damaged
    start building; so short random games build, test and load bombs, strike, repair and win."""
    state = copy.deepcopy(state)
    deck = state["bomb_deck"]
    for seat, row in enumerate(state["seats"]):
        row.update(money=30, ore=10, eu=6, pu=6, fighters=3, bombers=3, spies=2)
        row["home"].update(E=3, S=3)
        row["pool"].update(E=1, S=1)
        row["hand"] = [deck.pop(0) for _ in range(3)]
        row["buildings"] = [{"card": ["M01", "F01", "U01", "U02", "M02"][seat], "damage": 1, "workers": None}]
    state["market"] = [None if c in ("M01", "F01", "U01", "U02", "M02") else c for c in state["market"]]
    state["market"] = [c for c in state["market"] if c] + [None] * state["market"].count(None)
    while None in state["market"] and state["deck"]:
        state["market"][state["market"].index(None)] = state["deck"].pop(0)
    return state


def random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    bots: Sequence[int] = (),
    limit: int = 20000,
    uniform: bool = False,
    start: State | None = None,
) -> tuple[State, list[tuple[int, str]], list[State], list[list[Event]]]:
    """A whole game of random legal moves (the explorer's, or the engine's uniform random player
    with ``uniform``; ``bots`` seats play the bot) from ``new`` or from ``start``: final state,
    log, every state on the way and the events of each move."""
    rnd = random.Random(seed)
    rng = Rng(seed)
    state = start if start is not None else GAME.new(players, options or {}, seed)
    log: list[tuple[int, str]] = []
    states, events = [state], []
    while state["phase"] != "over":
        waiting = GAME.to_act(state)
        seat = rnd.choice(waiting)
        if seat in bots:
            move: Move = GAME.bot_move(state, seat, "normal")
        elif uniform:
            move = random_move(state, seat, rng)
        else:
            move = explore_move(state, seat, rnd)
        state, happened = GAME.apply(state, seat, move)
        log.append((seat, move.notation))
        states.append(state)
        events.append(happened)
        assert len(log) < limit, "the game does not end"
    return state, log, states, events
