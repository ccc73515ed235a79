"""What the bot player may know: a state rebuilt from ``GAME.view(state, seat)`` alone.

The bot reads the game only through its seat's view (the public table, its own bomb hand and,
while it picks, the cards passed to it), then rebuilds a complete state from that so it can try
moves with the rules themselves. What the view hides is filled in the same way whatever the
truth is: the building deck and the bomb deck hold the cards nobody has seen yet in id order,
the other seats' hands and the draft cards not passed to it are taken from those unseen bombs,
and the generator is 0. So the bot cannot peek even by mistake, and scrambling what it may not
see cannot change its move.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.manhattan.content import bombs_of, buildings_of

SEAT_FIELDS = ("money", "ore", "eu", "pu", "fighters", "bombers", "spies", "resigned")


def _unseen_buildings(view: dict[str, Any]) -> list[str]:
    seen = {slot["card"] for slot in view["market"] if slot["card"] is not None}
    for row in view["seats"]:
        seen.update(b["card"] for b in row["buildings"])
    return sorted(card for card in buildings_of(view) if card not in seen)


def _unseen_bombs(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Bombs nobody showed (in hands, the draft or the deck), and the tested ones (in the deck)."""
    seen = set(view["offer"]) | set(view["hand"]) | set(view.get("draft") or ())
    tested = []
    for row in view["seats"]:
        seen.update(b["card"] for b in row["bombs"])
        if row["test"] is not None:
            tested.append(row["test"]["bomb"])
    return sorted(card for card in bombs_of(view) if card not in seen and card not in tested), tested


def _seat(row: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    return {
        **{key: row[key] for key in SEAT_FIELDS},
        "home": dict(row["home"]),
        "contract": dict(row["contract"]),
        "pool": dict(row["pool"]),
        "buildings": [
            {"card": b["card"], "damage": b["damage"], "workers": b["workers"]} for b in row["buildings"]
        ],
        "bombs": [
            {"card": b["card"], "loaded": b["loaded"], "workers": list(b["workers"])} for b in row["bombs"]
        ],
        "hand": hand,
        "test": row["test"],
    }


def known_state(view: dict[str, Any]) -> State:
    """A complete state holding only what ``view`` (one seat's, ``GAME.view(state, seat)``) shows."""
    seat = view["seat"]
    unseen, tested = _unseen_bombs(view)
    seats = []
    for row in view["seats"]:
        if row["seat"] == seat:
            hand = list(view["hand"])
        else:
            hand, unseen = unseen[: row["hand_count"]], unseen[row["hand_count"] :]
        seats.append(_seat(row, hand))
    pending = view["pending"]
    if pending is not None:
        pending = {"kind": pending["kind"], "queue": list(pending["queue"])}
        if pending["kind"] == "draft":
            count = view["pending"]["cards"]
            mine = view.get("draft")
            if mine is None:
                mine, unseen = unseen[:count], unseen[count:]
            pending["cards"] = list(mine)
    unseen_buildings = _unseen_buildings(view)
    return {
        "game": view["game"],
        "players": view["players"],
        "options": dict(view["options"]),
        "content": dict(view["content"]),
        "rng": 0,
        "order": list(view["order"]),
        "phase": view["phase"],
        "active": view["active"],
        "pending": pending,
        "turn": view["turn"],
        "spaces": view["spaces"],
        "build": view["build"],
        "market": [slot["card"] for slot in view["market"]],
        "deck": unseen_buildings[: view["deck"]],
        "corruption": view["corruption"],
        "offer": list(view["offer"]),
        "bomb_deck": (unseen + tested)[: view["bomb_deck"]],
        "tests": list(view["tests"]),
        "contractors": dict(view["contractors"]),
        "seats": seats,
        "winner": view["winner"],
        "round": view["round"],
        "last": view["last"],
    }
