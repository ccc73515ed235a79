"""The difficulty levels as the rulebook's modifications, and a level of the person's own choice.

*„Základní úroveň obtížnosti hry je střední. Pomocí následujících úprav ji lze měnit. Můžete si
obtížnost také nastavit individuálně tím, že zvolíte jen některé z navrhovaných úprav."* Each
level is a set of the modifications the difficulty page lists; ``custom`` plays the ones the
person chose (option ``modifications``: their ids joined by ``+`` in the order below, or "" for
none, which plays as medium). The rules ask ``modified(state, id)``, never the level's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.core import State

NO_ADV, FAILED_3, AWARDS_5 = "no_adv", "failed_3", "awards_5"
CARD_VP, BUY_MILESTONE, FOUR_CARDS = "card_vp", "buy_milestone", "four_cards"
MODIFICATIONS: tuple[str, ...] = (NO_ADV, FAILED_3, AWARDS_5, CARD_VP, BUY_MILESTONE, FOUR_CARDS)
"""Easy: ignore "advance this track again", 3 M€ for a failed action, MarsBot's award values −5.
Hard: 1 VP per played card without negative VP, a milestone bought for 8 M€. Brutal: 4 project cards."""
CUSTOM = "custom"
OPTION = "modifications"
BY_LEVEL: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "easy": (NO_ADV, FAILED_3, AWARDS_5),
        "medium": (),
        "hard": (CARD_VP, BUY_MILESTONE),
        "brutal": (CARD_VP, BUY_MILESTONE, FOUR_CARDS),
    }
)
SEPARATOR = "+"


def parse(text: str) -> tuple[str, ...]:
    """The modifications a ``modifications`` option names, in the rulebook's order; a ValueError
    names an unknown one."""
    chosen = {part.strip() for part in text.split(SEPARATOR) if part.strip()}
    unknown = sorted(chosen - set(MODIFICATIONS))
    if unknown:
        known = ", ".join(MODIFICATIONS)
        raise ValueError(f"no difficulty modification {', '.join(unknown)} (known: {known})")
    return tuple(m for m in MODIFICATIONS if m in chosen)


def notation(chosen: tuple[str, ...] | list[str]) -> str:
    """The option's value for ``chosen`` (canonical: the rulebook's order, each once)."""
    return SEPARATOR.join(m for m in MODIFICATIONS if m in set(chosen))


def of_options(options: Mapping[str, Any]) -> tuple[str, ...]:
    level = str(options.get("difficulty", "medium"))
    if level == CUSTOM:
        return parse(str(options.get(OPTION, "")))
    return BY_LEVEL[level]


def stored_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a game keeps: ``modifications`` only with the custom level, in its canonical
    form, so a game stored before the option existed replays to the options it stored."""
    kept = {key: value for key, value in options.items() if key != OPTION}
    if options.get("difficulty") == CUSTOM:
        kept[OPTION] = notation(parse(str(options.get(OPTION, ""))))
    return kept


def modified(state: State, modification: str) -> bool:
    """Whether this game plays ``modification``."""
    return modification in of_options(state["options"])
