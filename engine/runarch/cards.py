"""The deck as data: load ``data/cards.json`` once and refuse it loudly if it is malformed.

The printed deck is unknown, so the project ships its own (marked ``"reconstructed"``).
Someone who owns the game may edit the JSON; validation here (and in the deck test)
tells them exactly what is wrong instead of letting the rules misbehave later.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine.runarch.components import CODE_SET, COLOURS, DIRECTIONS, SHAPES, colour_of, shape_of

CARD_ID = re.compile(r"C\d{2}")
CARD_KEYS = frozenset({"id", "pattern", "match", "goal", "arrows"})
TOP_KEYS = frozenset({"version", "reconstructed", "note", "cards"})
GOAL_KEYS = frozenset({"colour", "colour_count", "shape", "shape_count"})
MIN_CARDS, MAX_CARDS = 10, 99
MAX_GOAL_COUNT = 10
MAX_ARROWS = 3


class DeckError(ValueError):
    """The deck data breaks the schema; the message names the card and the problem."""


@dataclass(frozen=True)
class Card:
    """One card. ``pattern`` is what is scored; the rest serves the complex game and the automa."""

    id: str
    pattern: tuple[str, ...]
    match: str
    goal: Mapping[str, Any]
    arrows: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """A fresh JSON-able dict (callers may keep or change it without touching the deck)."""
        return {
            "id": self.id,
            "pattern": list(self.pattern),
            "match": self.match,
            "goal": dict(self.goal),
            "arrows": list(self.arrows),
        }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_goal(card_id: str, goal: object) -> dict[str, Any]:
    if not isinstance(goal, dict):
        raise DeckError(f"{card_id}: goal must be an object")
    if not goal or set(goal) - GOAL_KEYS:
        raise DeckError(f"{card_id}: goal keys must be a non-empty subset of {sorted(GOAL_KEYS)}")
    for part, values in (("colour", COLOURS), ("shape", SHAPES)):
        count_key = f"{part}_count"
        if (part in goal) != (count_key in goal):
            raise DeckError(f"{card_id}: goal needs both {part!r} and {count_key!r}, or neither")
        if part in goal:
            if goal[part] not in values:
                raise DeckError(f"{card_id}: goal {part} {goal[part]!r} is not one of {list(values)}")
            count = goal[count_key]
            if not _is_int(count) or not 1 <= count <= MAX_GOAL_COUNT:
                raise DeckError(f"{card_id}: goal {count_key} must be an integer 1..{MAX_GOAL_COUNT}")
    return dict(goal)


def _validate_card(index: int, raw: object) -> Card:
    expected_id = f"C{index + 1:02d}"
    if not isinstance(raw, dict) or set(raw) != CARD_KEYS:
        raise DeckError(f"card #{index + 1}: must be an object with exactly the keys {sorted(CARD_KEYS)}")
    card_id = raw["id"]
    if card_id != expected_id:
        raise DeckError(f"card #{index + 1}: id must be {expected_id!r} (ids run C01, C02, ... in order)")
    pattern = raw["pattern"]
    if not isinstance(pattern, list) or len(pattern) != 5 or any(code not in CODE_SET for code in pattern):
        raise DeckError(f"{card_id}: pattern must be a list of 5 stone codes such as '0R' or '5Y'")
    if len({colour_of(c) for c in pattern}) != 5 or len({shape_of(c) for c in pattern}) != 5:
        raise DeckError(f"{card_id}: pattern repeats a colour or a shape")
    if raw["match"] not in CODE_SET:
        raise DeckError(f"{card_id}: match must be one stone code such as '0R'")
    goal = _validate_goal(card_id, raw["goal"])
    arrows = raw["arrows"]
    if (
        not isinstance(arrows, list)
        or not 1 <= len(arrows) <= MAX_ARROWS
        or any(a not in DIRECTIONS for a in arrows)
        or len(set(arrows)) != len(arrows)
    ):
        directions = ", ".join(DIRECTIONS)
        raise DeckError(f"{card_id}: arrows must be 1..{MAX_ARROWS} different directions of {directions}")
    return Card(card_id, tuple(pattern), raw["match"], MappingProxyType(goal), tuple(arrows))


def validate_deck(data: object) -> tuple[Card, ...]:
    """Check the whole deck document and return its cards in id order; ``DeckError`` if broken."""
    if not isinstance(data, dict) or set(data) != TOP_KEYS:
        raise DeckError(f"the deck must be an object with exactly the keys {sorted(TOP_KEYS)}")
    if not _is_int(data["version"]) or data["version"] < 1:
        raise DeckError("version must be a positive integer")
    if not isinstance(data["reconstructed"], bool) or not isinstance(data["note"], str):
        raise DeckError("reconstructed must be true/false and note a string")
    raw_cards = data["cards"]
    if not isinstance(raw_cards, list) or not MIN_CARDS <= len(raw_cards) <= MAX_CARDS:
        raise DeckError(f"cards must be a list of {MIN_CARDS}..{MAX_CARDS} cards")
    cards = tuple(_validate_card(i, raw) for i, raw in enumerate(raw_cards))
    seen: dict[tuple[str, ...], str] = {}
    for card in cards:
        if card.pattern in seen:
            raise DeckError(f"{card.id}: same pattern as {seen[card.pattern]}")
        seen[card.pattern] = card.id
    return cards


def load_deck_document() -> dict[str, Any]:
    """The raw JSON document shipped with the package."""
    text = resources.files("engine.runarch").joinpath("data", "cards.json").read_text(encoding="utf-8")
    return json.loads(text)


_DOCUMENT = load_deck_document()
DECK_VERSION: int = _DOCUMENT["version"]
DECK: tuple[Card, ...] = validate_deck(_DOCUMENT)
CARDS: Mapping[str, Card] = MappingProxyType({card.id: card for card in DECK})
CARD_IDS: tuple[str, ...] = tuple(card.id for card in DECK)
