"""Setting a game up, and the start bonus of the fourth and fifth players.

The six start buildings are shuffled into market slots 1–6, the other 44 shuffled into the deck,
whose top card fills slot 7. The bomb deck is shuffled and players + 1 bombs are laid out. A
random first player starts; play goes on by seat number. By turn position the players get $0,
$2, $4, $2 + an engineer or a scientist, $4 + an engineer or a scientist: the last two choose
(``bonus E|S``, both at once) before the first turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, IllegalMove, Rng, State
from engine.manhattan import edit
from engine.manhattan.content import (
    CONTRACTORS_PER_KIND,
    MARKET_SLOTS,
    PERMANENT_PER_KIND,
    START_BONUS,
    START_LABORERS,
    START_MONEY,
    START_PLANES,
    TESTS,
    WORKER_KINDS,
    bombs,
    buildings,
    pin,
)
from engine.manhattan.turns import start_turn

GAME_KEY = "manhattan"


def new_seat(money: int) -> dict[str, Any]:
    """A player's board at the start: $10 (+ bonus), 4 laborers, one fighter and one bomber."""
    return {
        "money": money,
        "ore": 0,
        "eu": 0,
        "pu": 0,
        "fighters": START_PLANES,
        "bombers": START_PLANES,
        "spies": 0,
        "home": {"L": START_LABORERS, "E": 0, "S": 0},
        "contract": dict.fromkeys(WORKER_KINDS, 0),
        "pool": {"L": PERMANENT_PER_KIND - START_LABORERS, "E": PERMANENT_PER_KIND, "S": PERMANENT_PER_KIND},
        "buildings": [],
        "bombs": [],
        "hand": [],
        "test": None,
        "resigned": False,
    }


def new_state(
    players: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None
) -> State:
    versions = pin(content)
    rng = Rng(seed)
    cards = buildings(versions["buildings"])
    starts = [card.id for card in cards.values() if card.start]
    deck = [card.id for card in cards.values() if not card.start]
    rng.shuffle(starts)
    rng.shuffle(deck)
    market: list[str | None] = list(starts[: MARKET_SLOTS - 1])
    market += [None] * (MARKET_SLOTS - 1 - len(market))
    market.append(deck.pop(0) if deck else None)
    bomb_deck = list(bombs(versions["bombs"]))
    rng.shuffle(bomb_deck)
    offer, bomb_deck = bomb_deck[: players + 1], bomb_deck[players + 1 :]
    first = rng.below(players)
    order = [(first + k) % players for k in range(players)]
    seats: list[dict[str, Any]] = [{} for _ in range(players)]
    for position, seat in enumerate(order):
        seats[seat] = new_seat(START_MONEY + START_BONUS[position]["money"])
    choosing = [seat for position, seat in enumerate(order) if START_BONUS[position]["worker"]]
    state: State = {
        "game": GAME_KEY,
        "players": players,
        "options": dict(options),
        "content": versions,
        "rng": rng.state,
        "order": order,
        "phase": "bonus" if choosing else "play",
        "active": None,
        "pending": {"kind": "bonus", "queue": choosing} if choosing else None,
        "turn": None,
        "spaces": {},
        "build": [],
        "market": market,
        "deck": deck,
        "corruption": 0,
        "offer": offer,
        "bomb_deck": bomb_deck,
        "tests": sorted(TESTS[players], reverse=True),
        "contractors": dict.fromkeys(WORKER_KINDS, CONTRACTORS_PER_KIND),
        "seats": seats,
        "winner": None,
        "round": 1,
        "last": None,
    }
    if not choosing:
        start_turn(state, order[0])
    return state


def bonus(state: State, seat: int, kind: str) -> tuple[State, list[Event]]:
    """``bonus E|S``: a start-bonus worker in the player's colour; play starts once both chose."""
    pending = state["pending"]
    if pending is None or seat not in pending["queue"]:
        raise IllegalMove("core.not_your_turn")
    new = dict(state)
    row = edit.seat(new, seat)
    row["pool"][kind] -= 1
    row["home"][kind] += 1
    queue = [s for s in pending["queue"] if s != seat]
    new["pending"] = {"kind": "bonus", "queue": queue} if queue else None
    events = [Event("manhattan.bonus", {"seat": seat, "kind": kind})]
    if not queue:
        new["phase"] = "play"
        start_turn(new, first_playing(new))
    return new, events


def first_playing(state: State) -> int:
    return next(s for s in state["order"] if not state["seats"][s]["resigned"])
