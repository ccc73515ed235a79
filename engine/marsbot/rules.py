"""Which version of MarsBot's rules a game plays, kept beside its content versions.

A correction of how the engine reads the rulebook changes what a stored game's moves lead to, so
it ships as a new rules version: a game set up before it replays with the old reading. The
version rides in ``state["content"]`` under ``rules`` (the key a stored game, a replay and a
record already pass back to ``new``); a game stored before the key existed plays version 1.

Version 2 (issue 26, the rulebook audit):
- the cube card's (C02 in content 2, C03 from 3) white cube resolves a project card *instead of*
  the temperature step of its space („vyhodnoťte za MarsBota horní kartu projektu z balíčku
  (namísto zvýšení teploty)");
- C09's 2 M€ come also when a final greenery moves the Earth cube („Kdykoli se zvýší MarsBotův
  stav na stupnici Země");
- the person's tiles follow the base game (Mohole Area on an ocean space, Artificial Lake's ocean
  on land) and only a city goes on Noctis City's reserved space.

Version 3 (issue 26, the corporations' draft priority): in the draft variant C01 takes the card
with the highest cost („Priorita draftu": „Nejvyšší náklady") instead of a random one, and its
post-draft discard spares its most expensive cards (``generations.research``). Content version 3
makes C01 the card that prints that priority (the 4 M€ card); a content-2 game's C01 keeps it.

Version 4 (issue 33, Hellas's Magnate): „Magnate: As usual (most green cards in played pile)" —
where Magnate is played, a revealed card that is no event is asked its colour, green (automated)
or blue (active), and Magnate counts MarsBot's green cards alone; B08's Magnate helper reveals
cards until a green one. Before, every non-event card counted (blue too).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import State

RULES = "rules"
FIRST = 1
LATEST = 4
AUDIT = 2
"""The version with the rulebook audit's corrections (see the module's text)."""
DRAFT_PRIORITY = 3
"""The version in which a corporation's draft priority replaces MarsBot's random draft."""
GREEN_MAGNATE = 4
"""The version in which Magnate counts green cards alone, each revealed card asked its colour."""
MAGNATE = "magnate"


def split(given: Mapping[str, int] | None) -> tuple[dict[str, int] | None, int]:
    """(the content files' versions, the rules version) of what ``new`` was given: a new game
    (``None``) plays the latest rules, a stored one what it names (1 when it names none)."""
    if given is None:
        return None, LATEST
    files = {name: version for name, version in given.items() if name != RULES}
    version = int(given.get(RULES, FIRST))
    if not FIRST <= version <= LATEST:
        raise ValueError(f"MarsBot has no rules version {version} (1 to {LATEST})")
    return files, version


def version(state: State) -> int:
    return int(state["content"].get(RULES, FIRST))


def audited(state: State) -> bool:
    """Whether this game plays the rulebook audit's corrections (version 2 on)."""
    return version(state) >= AUDIT


def drafts_by_priority(state: State) -> bool:
    """Whether a corporation's draft priority applies in this game (version 3 on)."""
    return version(state) >= DRAFT_PRIORITY


def counts_green(state: State) -> bool:
    """Whether Magnate counts MarsBot's green cards alone in this game (version 4 on)."""
    return version(state) >= GREEN_MAGNATE
