"""Filing in the complex game: which of a player's three archives accepts a scored card.

Filing goes by the card's match area (one colour and one shape). Left: every card shares one
colour, or every card shares one shape. Middle: no shape twice. Right: no colour twice.
A card that fits none of the three cannot be scored at all, so the rules ask here first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.runarch.cards import deck
from engine.runarch.components import colour_of, shape_of

ARCHIVES: tuple[str, ...] = ("left", "middle", "right")
"""The archives in display order (also the order ``scoring_options`` lists them)."""

LIMITS = MappingProxyType({"left": 12, "middle": 5, "right": 5})
"""Most cards an archive can hold: the bounds of a bet on its final count."""

FILED_TO_END = 10
"""Filing a 10th card (the automa: scoring its 10th) finishes the round and the game."""

Archives = Mapping[str, Sequence[str]]
Matches = Mapping[str, str]
"""Match area (stone code) of every card of the game's deck (``deck_of(state).matches``); the
functions below take the newest deck's when given none."""


def empty_archives() -> dict[str, list[str]]:
    return {name: [] for name in ARCHIVES}


def accepts(archive: str, filed: Sequence[str], card: str, matches: Matches | None = None) -> bool:
    """True if ``card`` may join ``filed`` (card ids) in ``archive`` under that archive's rule."""
    known = deck().matches if matches is None else matches
    match = known[card]
    if archive == "left":
        colour, shape = colour_of(match), shape_of(match)
        same_colour = all(colour_of(known[c]) == colour for c in filed)
        return same_colour or all(shape_of(known[c]) == shape for c in filed)
    if archive == "middle":
        return all(shape_of(known[c]) != shape_of(match) for c in filed)
    return all(colour_of(known[c]) != colour_of(match) for c in filed)


def fitting_archives(archives: Archives, card: str, matches: Matches | None = None) -> list[str]:
    """The archives that would accept ``card`` now, in display order (empty: it cannot be scored)."""
    known = deck().matches if matches is None else matches
    return [name for name in ARCHIVES if accepts(name, archives[name], card, known)]


def file_card(archives: Archives, archive: str, card: str) -> dict[str, list[str]]:
    """A new archives mapping with ``card`` filed in ``archive`` (the given one is left alone)."""
    filed = {name: list(cards) for name, cards in archives.items()}
    filed[archive].append(card)
    return filed


def counts(archives: Archives) -> dict[str, int]:
    return {name: len(archives[name]) for name in ARCHIVES}


def filed_total(archives: Archives) -> int:
    return sum(len(archives[name]) for name in ARCHIVES)


def filed_matches(archives: Archives, matches: Matches) -> list[str]:
    """Match areas of every filed card (what goals count)."""
    return [matches[card] for name in ARCHIVES for card in archives[name]]
