"""What the complex game and the solo mode add to a view, and what they must keep hidden.

The public part never holds a hand card, a secret goal, a setup hand or choice, an offer card's
id or pattern (only its match area), a future token minimum or the deck order. Every value is a
fresh copy, so a caller may change a view without touching the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import State
from engine.runarch.archives import ARCHIVES, filed_total
from engine.runarch.automa import AUTOMA_SEAT, automa_lines, difficulty
from engine.runarch.cards import Deck
from engine.runarch.content import conditions_of, deck_of
from engine.runarch.tokens import abilities


def plain_copy(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts and scalars)."""
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    return value


def card_dicts(deck: Deck, ids: Sequence[str]) -> list[dict[str, Any]]:
    return [deck.cards[card].as_dict() for card in ids]


def public_pending(state: State) -> list[dict[str, Any]]:
    """Pending decisions by kind (and bet token): the source is already public on its token."""
    return [
        {"kind": "bet", "token": item["token"]} if item["kind"] == "bet" else {"kind": item["kind"]}
        for item in state.get("pending", ())
    ]


def complex_public(state: State, minimums: Sequence[int]) -> dict[str, Any]:
    """Goals, offer match areas, archives, tokens, bets, and the secrets once the game is over."""
    solo = state["solo"]
    deck = deck_of(state)
    tokens = conditions_of(state).by_id
    secrets = [deck.cards[s].as_dict() if s is not None and state["over"] else None for s in state["secret"]]
    return {
        "setup_done": [
            choice is not None or (solo and seat == AUTOMA_SEAT)
            for seat, choice in enumerate(state["setup_choice"])
        ],
        "goals": card_dicts(deck, state["goals"]),
        "offer": [deck.matches[card] for card in state["offer"]],
        "archives": [
            {name: card_dicts(deck, seat_archives[name]) for name in ARCHIVES}
            for seat_archives in state["archives"]
        ],
        "minimums": list(minimums),
        "abilities": [abilities(state, seat) for seat in range(len(minimums))],
        "handed": list(state["handed"]),
        "conditions": [
            {
                "id": c["id"],
                "counts": dict(tokens[c["id"]].counts),
                "bet": c["bet"],
                "taken_by": c["taken_by"],
            }
            for c in state["conditions"]
        ],
        "track": plain_copy(state["track"]),
        "bets": plain_copy(state["bets"]),
        "filed": [
            len(state["scored"][seat])
            if solo and seat == AUTOMA_SEAT
            else filed_total(state["archives"][seat])
            for seat in range(len(minimums))
        ],
        "secrets": secrets,
    }


def automa_public(state: State) -> dict[str, Any]:
    """The automa's strength, its lines now, and what it did on its last turn."""
    record = state["automa"]
    last = None
    if record is not None:
        last = dict(record)
        last["card"] = None if record["card"] is None else deck_of(state).cards[record["card"]].as_dict()
        last["moved"] = None if record["moved"] is None else list(record["moved"])
    level = difficulty(state)
    return {
        "seat": AUTOMA_SEAT,
        "difficulty": state["difficulty"],
        "minimum": level.minimum,
        "bonus": level.bonus,
        "lines": list(automa_lines(state)),
        "last": last,
    }


def seat_private(state: State, seat: int) -> dict[str, Any]:
    """``seat``'s own secrets: its hand and, in the complex game, its setup and secret goal."""
    deck = deck_of(state)
    private: dict[str, Any] = {"seat": seat, "hand": card_dicts(deck, state["hands"][seat])}
    if state["variant"] == "complex":
        secret = state["secret"][seat]
        choice = state["setup_choice"][seat]
        private["secret"] = None if secret is None else deck.cards[secret].as_dict()
        private["setup_hand"] = card_dicts(deck, state["setup_hands"][seat])
        private["setup_choice"] = None if choice is None else list(choice)
    return private
