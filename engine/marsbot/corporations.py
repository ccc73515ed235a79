"""MarsBot's corporations: set-up and the effects that fire while it plays (by effect, not number).

Content version 3 (``corporations.v3.json``) numbers them as the rulebook's page does: C01
Megaproject holdings: +4 M€ for a card costing 20 M€ or more, drafts the card with the highest
cost (rules version 3, ``draft_priority``). C02 Sprouting consortium: B23 joins the action deck.
C03 Thermal grid: cubes on its tracks; reaching a white cube resolves the top project card for
MarsBot (question ``card`` why ``white_cube``; from rules version 2 instead of the space's
temperature step, ``instead``), a black cube raises the temperature by 1; a used cube leaves the
board. C05 Permit office: B06 and B16 leave the game; +2 M€ for a card with a requirement; B25
joins the action deck. C09 Earth liaison: 25 M€; +2 M€ whenever the Earth track rises. CX2 Green
nursery: 2 plants and a starting plant tag (resolved like a played tag: a plant on the card, the
plant track advances); a plant for every plant, microbe or animal tag; before each action phase,
5 plants -> the plant track advances. Version 2 had C01 with B23, the cubes on C02, the
requirement on C03, B25 alone on C05 and the 4 M€ card unnumbered (CX1); its games keep it.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.marsbot.common import event, gain_money
from engine.marsbot.content import CORPORATIONS, corporations_of
from engine.marsbot.resolve import Question, Step, append, handler, push
from engine.marsbot.rules import drafts_by_priority

WHITE_CUBES, BLACK_CUBES = "white_cubes", "black_cubes"
REQUIREMENT_MONEY, NO_LOBBYISTS = "requirement_money", "no_lobbyists"
EARTH_MONEY, START_MONEY = "earth_money", "start_money"
EXPENSIVE_MONEY, PLANT_STORE = "expensive_money", "plant_store"
REQUIREMENT_BONUS = 2
EXPENSIVE_COST, EXPENSIVE_BONUS = 20, 4
EARTH_BONUS = 2
PLANT_TAGS = frozenset({"plant", "microbe", "animal"})
PLANTS_PER_ADVANCE = 5
LOBBYISTS: tuple[str, ...] = ("B06", "B16")
HIGHEST_COST = "cost"
DRAFT_PRIORITIES: dict[str, str] = {"C01": HIGHEST_COST}
"""The corporations' draft priorities the rulebook's text shows: C01 „Nejvyšší náklady" (the
reference's ``mostExpensive``, Credicor's). By number, as the rulebook prints it: content 3's C01
is the card that shows it; a content-2 game's C01 (the B23 card) keeps it, as rules version 3
shipped. A game's rules version decides whether it applies."""


def has_effect(state: State, effect: str) -> bool:
    corp = state["corporation"]
    return corp is not None and effect in corporations_of(state)[corp].effects


def draft_priority(state: State) -> str | None:
    """How MarsBot picks its cards in the draft variant: its corporation's priority, or None
    (a random card, as the rulebook's base procedure says)."""
    corp = state["corporation"]
    if corp is None or not drafts_by_priority(state):
        return None
    return DRAFT_PRIORITIES.get(corp)


def set_up(state: State, events: list[Event]) -> None:
    """The corporation's set-up; its starting tags go on the to-do list (resolved like a card's)."""
    corp_id = state["corporation"]
    if corp_id is None:
        return
    corp = corporations_of(state)[corp_id]
    # The content version travels with the event: content 3 renumbered the cards, so the sentence
    # names this game's card, not the newest content's.
    events.append(event("corporation", corporation=corp_id, content=state["content"][CORPORATIONS]))
    if START_MONEY in corp.effects:
        gain_money(state, events, corp.money, "corporation")
    if WHITE_CUBES in corp.effects:
        state["cubes"]["white"] = {track: list(spaces) for track, spaces in corp.white.items()}
    if BLACK_CUBES in corp.effects:
        state["cubes"]["black"] = {track: list(spaces) for track, spaces in corp.black.items()}
    if NO_LOBBYISTS in corp.effects:
        for card in LOBBYISTS:
            if card in state["bonus_deck"]:
                state["bonus_deck"].remove(card)
            if _in_game(state, card):
                state["removed"].append(card)
                events.append(event("bonus_removed", card=card))
    if PLANT_STORE in corp.effects:
        state["corp_plants"] = corp.plants
    append(state, *({"do": "tag", "tag": tag} for tag in corp.start_tags))


def _in_game(state: State, card: str) -> bool:
    """Whether ``card`` would take part in this game (B06 without Venus, B16 with it)."""
    return (card == "B06") != bool(state["options"]["venus"])


def on_tag(state: State, tag: str, events: list[Event]) -> None:
    """CX2: a plant on the card for each plant, microbe or animal tag resolved."""
    if tag in PLANT_TAGS and has_effect(state, PLANT_STORE):
        state["corp_plants"] += 1
        events.append(event("corp_plants", total=state["corp_plants"]))


def card_money(state: State, card: dict[str, Any], events: list[Event]) -> None:
    """The requirement and the 20 M€ money after a project card is resolved."""
    if card["req"] and has_effect(state, REQUIREMENT_MONEY):
        gain_money(state, events, REQUIREMENT_BONUS, "corporation")
    if card["cost"] >= EXPENSIVE_COST and has_effect(state, EXPENSIVE_MONEY):
        gain_money(state, events, EXPENSIVE_BONUS, "corporation")


@handler("cube")
def cube(state: State, step: Step, events: list[Event]) -> Question | None:
    """The cube card (C03): a cube on the space reached is used (and leaves the board)."""
    colour, track, space = step["colour"], step["track"], step["space"]
    spaces = state["cubes"][colour].get(track, [])
    if space not in spaces:
        return None
    spaces.remove(space)
    if not spaces:
        del state["cubes"][colour][track]
    instead = step.get("instead")
    extra = {} if instead is None else {"instead": instead}
    events.append(event("cube", track=track, space=space, colour=colour, **extra))
    if colour == "white":
        push(state, {"do": "card", "why": "white_cube"})
    else:
        push(state, {"do": "action", "action": "temp", "track": track, "space": space})
    return None


@handler("nursery")
def nursery(state: State, step: Step, events: list[Event]) -> Question | None:
    """CX2 before the action phase: 5 plants off the card advance the plant track."""
    if has_effect(state, PLANT_STORE) and state["corp_plants"] >= PLANTS_PER_ADVANCE:
        state["corp_plants"] -= PLANTS_PER_ADVANCE
        events.append(event("corp_plants", total=state["corp_plants"]))
        push(state, {"do": "advance", "track": "plant"})
    return None
