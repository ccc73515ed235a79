"""Which versions of its content files a RunArch game plays with.

``new`` pins the newest version of each file in the state (``state["content"]``); every rule
then reads the deck and the condition tokens through the state, so a corrected file shipped
later (a new version beside the old one) changes new games only, never the replay of a game
stored before. A state saved before versions existed played version 1 of both files.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.core import State
from engine.runarch import cards, conditions
from engine.runarch.cards import Deck
from engine.runarch.conditions import ConditionSet

FILES: tuple[str, ...] = (cards.NAME, conditions.NAME)
BASELINE: Mapping[str, int] = MappingProxyType(dict.fromkeys(FILES, 1))
"""What a state without a ``content`` mark was set up with: everything before versions was v1."""


def newest() -> dict[str, int]:
    return {cards.NAME: cards.LIBRARY.latest, conditions.NAME: conditions.LIBRARY.latest}


def pin(given: Mapping[str, int] | None) -> dict[str, int]:
    """The versions a new game uses: ``given`` (a record's, a replay's) or the newest of each.

    Raises ``ValueError`` (a ``ContentError``) for an unknown file or a version not shipped."""
    if given is None:
        return newest()
    unknown = set(given) - set(FILES)
    if unknown or set(given) != set(FILES):
        raise ValueError(f"RunArch content is {', '.join(FILES)}, not {', '.join(sorted(given))}")
    cards.deck(given[cards.NAME])
    conditions.conditions(given[conditions.NAME])
    return {name: given[name] for name in FILES}


def versions_of(state: State) -> Mapping[str, int]:
    return state.get("content") or BASELINE


def deck_of(state: State) -> Deck:
    """The deck this game was set up with."""
    return cards.deck((state.get("content") or BASELINE)[cards.NAME])


def conditions_of(state: State) -> ConditionSet:
    """The condition tokens this game was set up with."""
    return conditions.conditions((state.get("content") or BASELINE)[conditions.NAME])
