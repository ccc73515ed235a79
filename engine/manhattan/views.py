"""What a seat may see: the whole public table plus, for a seat, its bomb hand and draft cards.

The public view never holds a card of a bomb hand, of the cards passed round in a draft, of the
bomb deck or the building deck (only how many), nor the random generator. It carries what the
picture, the cog and the bot need so that none of them re-implements a rule: market prices,
every main-board space with its occupant and whether the active seat may place there now, each
seat's points by source, the target. Every value is a fresh copy.

Public keys: ``players options content round phase active order to_act winner target``;
``pending`` ({kind, queue[, cards: how many]} or None); ``turn`` (main, placed, spy, spied,
strike, acted, worked, bombs); ``spaces`` ({space: {seat, workers}}) and ``build`` ([{seat,
workers}]); ``spaces_info`` (per space: id, area, free, legal, seat, workers, needs, cost, gains,
others, corruption, action); ``market`` (per slot: slot, card, price, engineer_free, corruption,
takes_corruption); ``deck`` and ``bomb_deck`` (sizes); ``corruption``; ``offer``; ``tests``;
``contractors``; ``seats`` (per seat: seat, colour, money, ore, eu, pu, fighters, bombers, spies,
resigned, home, contract, pool, supply, buildings [card, kind, damage, workers], bombs [card,
fuel, loaded, workers, points], test, hand_count); ``scores`` (per seat: bombs, test, loaded,
total); ``last`` (the previous turn: seat, retrieved, spaces, buildings, bombs). ``Game.view``
adds ``outcome``; a seat's view adds ``seat``, ``hand`` and ``draft`` (its cards while it picks).
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.manhattan.content import bombs_of, buildings_of, spaces_of
from engine.manhattan.market import market_view
from engine.manhattan.scoring import breakdown, target, total
from engine.manhattan.spaces import place_moves
from engine.manhattan.turns import summary

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
SEAT_PLAIN = ("money", "ore", "eu", "pu", "fighters", "bombers", "spies", "resigned")


def plain_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    return value


def _seat(state: State, seat: int) -> dict[str, Any]:
    row = state["seats"][seat]
    cards, bombs = buildings_of(state), bombs_of(state)
    tested = row["test"] is not None
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        **{key: row[key] for key in SEAT_PLAIN},
        "home": dict(row["home"]),
        "contract": dict(row["contract"]),
        "pool": dict(row["pool"]),
        "supply": sum(row["home"].values()) + sum(row["contract"].values()),
        "buildings": [
            {
                "card": b["card"],
                "kind": cards[b["card"]].kind,
                "damage": b["damage"],
                "workers": plain_copy(b["workers"]),
            }
            for b in row["buildings"]
        ],
        "bombs": [
            {
                "card": b["card"],
                "fuel": bombs[b["card"]].fuel,
                "loaded": b["loaded"],
                "workers": list(b["workers"]),
                "points": bombs[b["card"]].points(tested),
            }
            for b in row["bombs"]
        ],
        "test": plain_copy(row["test"]),
        "hand_count": len(row["hand"]),
    }


def _pending(state: State) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    shown: dict[str, Any] = {"kind": pending["kind"], "queue": list(pending["queue"])}
    if "cards" in pending:
        shown["cards"] = len(pending["cards"])
    return shown


def legal_spaces(state: State) -> set[str]:
    """Spaces the active seat may place on right now (none while someone else must answer)."""
    active = state["active"]
    if state["phase"] != "play" or active is None or state["pending"] is not None:
        return set()
    return {move.args[0] for move in place_moves(state, active)}


def spaces_info(state: State) -> list[dict[str, Any]]:
    legal = legal_spaces(state)
    info = []
    for space in spaces_of(state):
        entry = state["spaces"].get(space.id)
        info.append(
            {
                "id": space.id,
                "area": space.area,
                "free": space.unlimited or entry is None,
                "legal": space.id in legal,
                "seat": None if entry is None else entry["seat"],
                "workers": [] if entry is None else list(entry["workers"]),
                "needs": [list(kinds) for kinds in space.needs],
                "cost": {k: v for k, v in space.cost.items() if v},
                "gains": [dict(option) for option in space.gains],
                "others": dict(space.others),
                "corruption": space.corruption,
                "action": space.action,
            }
        )
    return info


def public(state: State, to_act: list[int]) -> dict[str, Any]:
    return {
        "game": "manhattan",
        "players": state["players"],
        "options": dict(state["options"]),
        "content": dict(state["content"]),
        "round": state["round"],
        "phase": state["phase"],
        "active": state["active"],
        "order": list(state["order"]),
        "to_act": list(to_act),
        "winner": state["winner"],
        "target": target(state),
        "pending": _pending(state),
        "turn": plain_copy(state["turn"]),
        "spaces": plain_copy(state["spaces"]),
        "build": plain_copy(state["build"]),
        "spaces_info": spaces_info(state),
        "market": market_view(state),
        "deck": len(state["deck"]),
        "corruption": state["corruption"],
        "offer": list(state["offer"]),
        "bomb_deck": len(state["bomb_deck"]),
        "tests": list(state["tests"]),
        "contractors": dict(state["contractors"]),
        "seats": [_seat(state, seat) for seat in range(state["players"])],
        "scores": [breakdown(state, seat) for seat in range(state["players"])],
        "last": last_turn(state),
    }


def last_turn(state: State) -> dict[str, Any] | None:
    """The turn the picture frames: the one that won, when a seat reached the target (the game
    stops in the middle of it, so ``state["last"]`` still holds the previous player's)."""
    winner, turn = state["winner"], state["turn"]
    if (
        state["phase"] == "over"
        and winner is not None
        and turn is not None
        and total(state, winner) >= target(state)
    ):
        return summary(turn, winner)
    return plain_copy(state["last"])


def private(state: State, seat: int) -> dict[str, Any]:
    pending = state["pending"]
    picking = pending is not None and pending["kind"] == "draft" and pending["queue"][:1] == [seat]
    return {
        "seat": seat,
        "hand": list(state["seats"][seat]["hand"]),
        "draft": list(pending["cards"]) if picking else None,
    }
