"""Setting a game up and building MarsBot's action deck for a generation.

The bonus deck is B01–B08 shuffled (B06 left out with Venus, B05 kept: there are no Colonies
here); B16 is never in the bonus deck: with Venus it is shuffled into the action deck every
generation. The action deck is ``P`` (a physical project card: the top card of the person's
project deck) three times (four on brutal, three more with Prelude in generation 1) plus the top
bonus card, shuffled. The corporation is set up last: its money, cubes and plants, then its
starting tags resolved like a played card's (the step loop runs them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, Rng, State
from engine.marsbot.common import event, track_ids
from engine.marsbot.content import (
    PRELUDE_EXTRA_CARDS,
    PROJECT_CARDS,
    PROJECT_CARDS_BRUTAL,
    START_TR,
    bonus_cards,
    corporations,
    pin,
)
from engine.marsbot.levels import FOUR_CARDS, modified, stored_options
from engine.marsbot.rules import FIRST, RULES, split

GAME_KEY = "marsbot"
PROJECT = "P"
"""A project card in the action deck: the person reveals it when MarsBot draws it."""
GOVERNMENT = "B16"
CORPORATIONS_OFFERED: tuple[str, ...] = ("C01", "C02", "C03", "C05", "C09", "CX1", "CX2")
"""Every corporation any content version has; "random" draws among those the game's content has
(so a game set up with version 1, which lacks C01 and C05, draws as it always did)."""
CORPORATION_CHOICES: tuple[str, ...] = ("none", "random", *CORPORATIONS_OFFERED)
"""What a game's options may name (a stored game's too: CX1 is version 2's)."""
NEW_GAME_CORPORATIONS: tuple[str, ...] = (
    "none",
    "random",
    *(c for c in CORPORATIONS_OFFERED if c in corporations()),
)
"""What a new game may be set up with: the corporations of the newest content (version 3 reads
CX1's card as C01, so CX1 is offered no more)."""


def bonus_deck_ids(options: Mapping[str, Any], content: Mapping[str, int]) -> list[str]:
    """The bonus cards this game shuffles into its bonus deck, by id."""
    cards = bonus_cards(content["bonus"])
    venus = bool(options["venus"])
    return [
        card.id
        for card in cards.values()
        if card.needs is None and card.corporation is None and not (card.without == "venus" and venus)
    ]


def draw_bonus(state: State, rng: Rng, events: list[Event]) -> str | None:
    """The top bonus card; an empty deck is first refilled with the shuffled discard (removed
    cards stay out). ``None`` when both are empty."""
    if not state["bonus_deck"] and state["bonus_discard"]:
        deck = list(state["bonus_discard"])
        rng.shuffle(deck)
        state["bonus_deck"], state["bonus_discard"] = deck, []
        events.append(event("bonus_reshuffled", size=len(deck)))
    if not state["bonus_deck"]:
        return None
    return str(state["bonus_deck"].pop(0))


def project_cards(state: State) -> int:
    """How many project cards MarsBot's action deck gets this generation."""
    count = PROJECT_CARDS_BRUTAL if modified(state, FOUR_CARDS) else PROJECT_CARDS
    if state["options"]["prelude"] and state["generation"] == 1:
        count += PRELUDE_EXTRA_CARDS
    return count


def build_action_deck(state: State, rng: Rng, events: list[Event]) -> None:
    """MarsBot's action deck for the generation that begins: its project cards, one bonus card
    and, with Venus, B16 (unless a corporation removed it), shuffled."""
    deck = [PROJECT] * project_cards(state)
    drawn = draw_bonus(state, rng, events)
    if drawn is not None:
        deck.append(drawn)
    if state["options"]["venus"] and GOVERNMENT not in state["removed"]:
        deck.append(GOVERNMENT)
    own = corporation_card(state)
    if own is not None:
        deck.append(own)
    rng.shuffle(deck)
    state["action_deck"] = deck


def corporation_card(state: State) -> str | None:
    """The bonus card MarsBot's corporation adds before every action phase (content 3: C02 B23, C05 B25)."""
    corp = state["corporation"]
    if corp is None:
        return None
    found = corporations(state["content"]["corporations"])[corp]
    return found.bonus if "bonus_card" in found.effects else None


def new_state(options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None) -> State:
    """Generation 1 before the corporation's set-up (``corporations.set_up`` does that)."""
    files, rules = split(content)
    versions = pin(files)
    if rules != FIRST:  # a game stored before the key existed must replay to the state it stored
        versions[RULES] = rules
    rng = Rng(seed)
    corporation = options["corporation"]
    if corporation == "random":
        known = corporations(versions["corporations"])
        corporation = rng.choice([c for c in CORPORATIONS_OFFERED if c in known])
    elif corporation == "none":
        corporation = None
    if corporation is not None and corporation not in corporations(versions["corporations"]):
        raise ValueError(f"no corporation {corporation} in this content")
    bonus_deck = bonus_deck_ids(options, versions)
    rng.shuffle(bonus_deck)
    state: State = {
        "game": GAME_KEY,
        "options": stored_options(options),
        "content": versions,
        "rng": rng.state,
        "generation": 1,
        "first": "person",
        "phase": "marsbot",
        "passed": {"person": False, "marsbot": False},
        "question": None,
        "todo": [],
        "tracks": {},
        "reached": {},
        "tr": START_TR,
        "money": 0,
        "floaters": 0,
        "corp_plants": 0,
        "corporation": corporation,
        "cubes": {"white": {}, "black": {}},
        "params": {"temperature": -30, "oxygen": 0, "oceans": 0, "venus": 0},
        "map": {},
        "milestones": {},
        "awards": {},
        "action_deck": [],
        "bonus_deck": bonus_deck,
        "bonus_discard": [],
        "removed": [],
        "played": [],
        "turns": 0,
        "finals": {"person": False, "marsbot": False},
        "research": None,
        "last": {"spaces": []},
        "final": None,
        "award_values": None,
        "person_total": None,
        "winner": None,
        "ended": None,
    }
    state["tracks"] = dict.fromkeys(track_ids(state), 0)
    state["reached"] = dict.fromkeys(track_ids(state), 0)
    return state


def deal_first_deck(state: State, events: list[Event]) -> None:
    """Generation 1's action deck (after the corporation removed what it removes)."""
    rng = Rng(state["rng"])
    build_action_deck(state, rng, events)
    state["rng"] = rng.state
