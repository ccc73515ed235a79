"""The deck as data: ``data/cards.v<N>.json`` through the shared content loader, by version.

The printed deck is unknown, so the project ships its own (marked ``"reconstructed"``).
Someone who owns the game may correct it in a new version of the file (docs/architecture.md,
"Content files"); the loader's schema and the rules below tell them exactly what is wrong
instead of letting the rules misbehave later. A game reads the deck version it was set up
with (``engine.runarch.content.deck_of``); the module constants here are the newest deck.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core.data import Content, ContentError, ContentLibrary, check_content, thaw
from engine.core.schema import ContentSchema, Integer, ListOf, Path, Record, Text
from engine.runarch.components import COLOURS, DIRECTIONS, SHAPES, colour_of, shape_of

PACKAGE = "engine.runarch"
NAME = "cards"
MIN_CARDS, MAX_CARDS = 10, 99
MAX_GOAL_COUNT = 10
MAX_ARROWS = 3
CODE = Text(
    pattern=f"[{''.join(SHAPES)}][{''.join(COLOURS)}]",
    example=f"0R (a shape {' '.join(SHAPES)}, then a colour {' '.join(COLOURS)})",
    noun="a stone code",
)
"""A stone code; the message spells out the alphabet rather than listing all 25 codes."""


class DeckError(ContentError):
    """The deck data breaks the schema; the message names the file, the card and the field."""


def _one_of_each(card: Mapping[str, Any]) -> tuple[Path, str] | None:
    pattern = card["pattern"]
    if len({colour_of(c) for c in pattern}) != len(pattern):
        return ("pattern",), "repeats a colour (a pattern has each colour once)"
    if len({shape_of(c) for c in pattern}) != len(pattern):
        return ("pattern",), "repeats a shape (a pattern has each shape once)"
    return None


SCHEMA = ContentSchema(
    items=NAME,
    label="card",
    id_format="C{:02d}",
    min_items=MIN_CARDS,
    max_items=MAX_CARDS,
    unique=("pattern",),
    item=Record(
        {
            "id": Text(pattern=r"C\d{2}", example="C07", noun="a card id"),
            "pattern": ListOf(CODE, 5, 5),
            "match": CODE,
            "goal": Record(
                {
                    "colour": Text(choices=COLOURS),
                    "colour_count": Integer(1, MAX_GOAL_COUNT),
                    "shape": Text(choices=SHAPES),
                    "shape_count": Integer(1, MAX_GOAL_COUNT),
                },
                optional=frozenset({"colour", "colour_count", "shape", "shape_count"}),
                min_fields=1,
                together=(("colour", "colour_count"), ("shape", "shape_count")),
            ),
            "arrows": ListOf(Text(choices=tuple(DIRECTIONS)), 1, MAX_ARROWS, unique=True),
        }
    ),
    rules=(_one_of_each,),
)
"""One card: ``pattern`` (five stone codes such as ``0R``, no colour or shape twice) is what is
scored; ``match`` (one stone code) files it and names the automa's stone; ``goal`` counts
cards of a colour and/or shape; ``arrows`` are the automa's directions."""


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


@dataclass(frozen=True)
class Deck:
    """One version of the deck, with the look-ups the rules make on every move."""

    version: int
    reconstructed: bool
    cards: Mapping[str, Card]
    ids: tuple[str, ...]
    patterns: Mapping[str, tuple[str, ...]]
    matches: Mapping[str, str]


def _card(item: Mapping[str, Any]) -> Card:
    return Card(item["id"], item["pattern"], item["match"], item["goal"], item["arrows"])


def build_deck(content: Content) -> Deck:
    cards = tuple(_card(item) for item in content.items)
    return Deck(
        version=content.version,
        reconstructed=content.reconstructed,
        cards=MappingProxyType({card.id: card for card in cards}),
        ids=tuple(card.id for card in cards),
        patterns=MappingProxyType({card.id: card.pattern for card in cards}),
        matches=MappingProxyType({card.id: card.match for card in cards}),
    )


LIBRARY: ContentLibrary[Deck] = ContentLibrary(PACKAGE, NAME, SCHEMA, build_deck, DeckError)
"""Every shipped version of the deck, loaded on first use."""


def deck(version: int | None = None) -> Deck:
    """The deck of ``version`` (the newest when ``None``); ``DeckError`` for an unknown one."""
    return LIBRARY.get(version)


def validate_deck(data: object, file: str = "cards.json") -> tuple[Card, ...]:
    """Check a whole deck document and return its cards in id order; ``DeckError`` if broken."""
    content = check_content(thaw(data), file, SCHEMA, error=DeckError)
    return tuple(_card(item) for item in content.items)


def load_deck_document(version: int | None = None) -> dict[str, Any]:
    """The raw JSON document of ``version`` (the newest when ``None``) as shipped."""
    name = LIBRARY.files()[LIBRARY.latest if version is None else version]
    return json.loads(LIBRARY.folder.joinpath(name).read_text(encoding="utf-8"))


_NEWEST = deck()
DECK_VERSION: int = _NEWEST.version
DECK: tuple[Card, ...] = tuple(_NEWEST.cards.values())
CARDS: Mapping[str, Card] = _NEWEST.cards
CARD_IDS: tuple[str, ...] = _NEWEST.ids
