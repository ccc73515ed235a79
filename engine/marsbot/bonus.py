"""MarsBot's bonus cards B01–B08, B16 and the corporations' B23 and B25.

A card with a cascade does only its first step that can be done ("proveďte pouze první krok,
který lze provést"); a bonus card that can do nothing is no failed action. A card not removed goes
to the bonus discard pile, except B16, B23 and B25, which join the action deck every generation.
"""

from __future__ import annotations

from engine.core import Event, Rng, State
from engine.marsbot.awards import HELP_TRACKS, closeness, leads, needed, qualifies
from engine.marsbot.common import BONUS_MONEY, awards_of, event, gain_money, venus
from engine.marsbot.content import (
    AWARD_HELP_PRICE,
    OVERACHIEVEMENT_AWARD_GENERATION,
    TEMPERATURE,
    TRACK_LENGTH,
    bonus_of,
    tracks_of,
)
from engine.marsbot.params import farthest, is_maxed
from engine.marsbot.placement import best, legal
from engine.marsbot.resolve import Question, Step, handler, push
from engine.marsbot.rules import MAGNATE, counts_green
from engine.marsbot.setup import GOVERNMENT, draw_bonus

LOBBYIST_TEMPERATURES = (-24, -20, 0, TEMPERATURE[1])
"""B06 a: the temperature's bonus values and its target."""
LOBBYIST_OXYGEN = (8, 14)
"""B06 b: oxygen's bonus value and its target."""
B02_VENUS_MONEY = 2


@handler("bonus")
def bonus(state: State, step: Step, events: list[Event]) -> Question | None:
    card = step["card"]
    if not step.get("shown"):
        step["shown"] = True
        events.append(event("bonus", card=card))
    return EFFECTS[bonus_of(state)[card].effect](state, step, events)


@handler("bonus_end")
def bonus_end(state: State, step: Step, events: list[Event]) -> Question | None:
    card = step["card"]
    if step["remove"]:
        state["removed"].append(card)
        events.append(event("bonus_removed", card=card))
    elif card != GOVERNMENT and bonus_of(state)[card].corporation is None:
        state["bonus_discard"].append(card)
        events.append(event("bonus_discarded", card=card))
    return None


def _end(card: str, remove: bool) -> Step:
    return {"do": "bonus_end", "card": card, "remove": remove}


def meteor_shower(state: State, step: Step, events: list[Event]) -> Question | None:
    """B01: the person discards 5 plants; 3 or more discarded (or cancelled) -> removed."""
    if "plants" not in step:
        events.append(event("discard_plants"))
        return {"kind": "plants"}
    push(state, _end(step["card"], bool(step["plants"])))
    return None


def invasive_species(state: State, step: Step, events: list[Event]) -> Question | None:
    """B02: the person discards an animal or microbe; 5 M€ (with Venus: 2 M€ and a floater)."""
    events.append(event("discard_animal"))
    if venus(state):
        gain_money(state, events, B02_VENUS_MONEY, "bonus")
        state["floaters"] += 1
        events.append(event("floater", total=state["floaters"]))
    else:
        gain_money(state, events, BONUS_MONEY, "bonus")
    push(state, _end(step["card"], False))
    return None


def research(state: State, step: Step, events: list[Event]) -> Question | None:
    """B03 (reconstructed): a. the science track advances; b. 5 M€."""
    if state["tracks"]["science"] < TRACK_LENGTH:
        push(state, {"do": "advance", "track": "science"}, _end(step["card"], False))
    else:
        gain_money(state, events, BONUS_MONEY, "bonus")
        push(state, _end(step["card"], False))
    return None


def research_card(state: State, step: Step, events: list[Event]) -> Question | None:
    """B03 as published (version 2, the reference's resolution): the top project card of the
    person's deck is revealed and resolved for MarsBot."""
    push(state, {"do": "card", "why": "b03"}, _end(step["card"], False))
    return None


def rapid_sprouting(state: State, step: Step, events: list[Event]) -> Question | None:
    """B23 (C02; C01 in content 2): MarsBot places a greenery; no legal space: nothing (a bonus
    card never fails)."""
    greenery: Step = {"do": "place", "tile": "greenery", "reason": "b23", "failure": None}
    push(state, greenery, _end(step["card"], False))
    return None


def do_it_right(state: State, step: Step, events: list[Event]) -> Question | None:
    """B25 (C05): MarsBot's science track advances (at its end: nothing)."""
    steps: list[Step] = []
    if state["tracks"]["science"] < TRACK_LENGTH:
        steps.append({"do": "advance", "track": "science"})
    push(state, *steps, _end(step["card"], False))
    return None


def overachievement(state: State, step: Step, events: list[Event]) -> Question | None:
    """B04: a. a milestone (removed); b. from generation 6 an award (removed); c. 5 M€."""
    if qualifies(state):
        push(state, {"do": "milestone", "mode": "b04"}, _end(step["card"], True))
    elif state["generation"] >= OVERACHIEVEMENT_AWARD_GENERATION:
        push(state, {"do": "award", "mode": "b04"})
    else:
        gain_money(state, events, BONUS_MONEY, "bonus")
        push(state, _end(step["card"], False))
    return None


def expedited_construction(state: State, step: Step, events: list[Event]) -> Question | None:
    """B05: a city next to at least 2 greenery/ocean tiles (removed); else no effect."""
    if legal(state, "city", "b05"):
        push(state, {"do": "place", "tile": "city", "rule": "b05", "reason": "b05"}, _end(step["card"], True))
    else:
        events.append(event("no_effect", card=step["card"]))
        push(state, _end(step["card"], False))
    return None


def _close_below(value: int, targets: tuple[int, ...], step_size: int) -> bool:
    return any(0 < target - value <= 2 * step_size for target in targets)


def lobbyists(state: State, step: Step, events: list[Event]) -> Question | None:
    """B06: a. temperature 1–2 steps below a bonus or its target: +2 steps; b. oxygen 1–2 steps
    below 8 % or 14 %: a greenery and one more oxygen step; c. an empty ocean space next to 2+
    oceans: an ocean there (a.–c. remove the card); d. +1 to the farthest main parameter."""
    card = step["card"]
    params = state["params"]
    if not is_maxed(state, "temperature") and _close_below(params["temperature"], LOBBYIST_TEMPERATURES, 2):
        push(
            state,
            {"do": "param", "param": "temperature"},
            {"do": "param", "param": "temperature", "optional": True},
            _end(card, True),
        )
    elif (
        not is_maxed(state, "oxygen")
        and _close_below(params["oxygen"], LOBBYIST_OXYGEN, 1)
        and legal(state, "greenery")
    ):
        push(
            state,
            {"do": "place", "tile": "greenery", "reason": "b06"},
            {"do": "param", "param": "oxygen", "optional": True},
            _end(card, True),
        )
    elif not is_maxed(state, "oceans") and legal(state, "ocean", "b06"):
        push(state, {"do": "place", "tile": "ocean", "rule": "b06", "reason": "b06"}, _end(card, True))
    else:
        push(state, *raise_farthest(state, plain=False, reason="b06"), _end(card, False))
    return None


def raise_farthest(state: State, plain: bool, reason: str) -> list[Step]:
    """+1 to the main parameter with most steps left (nothing when all are at their targets)."""
    param = farthest(state)
    if param is None:
        return []
    if param == "oceans":
        return [{"do": "place", "tile": "ocean", "reason": reason, "plain": plain, "failure": None}]
    return [{"do": "param", "param": param, "plain": plain}]


def central_brain(state: State, step: Step, events: list[Event]) -> Question | None:
    """B07: the CMM tile; if it fits nowhere, the top project card is resolved for MarsBot."""
    if legal(state, "cmm"):
        push(
            state, {"do": "place", "tile": "cmm", "reason": "b07", "failure": None}, _end(step["card"], True)
        )
    else:
        push(state, {"do": "card", "why": "cmm"}, _end(step["card"], True))
    return None


def corporate_competition(state: State, step: Step, events: list[Event]) -> Question | None:
    """B08: with 5 M€, help itself in the closest funded award it can (and pay 5 M€); else the
    next bonus card is resolved and both are discarded."""
    board = awards_of(state)
    card, funded = step["card"], [a for a in board if a in state["awards"]]
    if state["money"] >= AWARD_HELP_PRICE and funded:
        asked = needed(funded)
        if asked and "values" not in step:
            return {"kind": "values", "awards": asked, "why": "help"}
        lead = leads(state, funded, step.get("values", {}))
        for award in sorted(funded, key=lambda a: (closeness(lead[a]), board.index(a))):
            helper = _helper(state, award)
            if helper is not None:
                events.append(event("help", award=award))
                push(
                    state, helper, {"do": "pay", "amount": AWARD_HELP_PRICE, "why": "b08"}, _end(card, False)
                )
                return None
    rng = Rng(state["rng"])
    following = draw_bonus(state, rng, events)
    state["rng"] = rng.state
    if following is None:
        push(state, _end(card, False))
    else:
        events.append(event("next_bonus", card=following))
        push(state, {"do": "bonus", "card": following}, _end(card, False))
    return None


GREENERY_HELP: tuple[str, ...] = ("landlord", "cultivator", "desert_settler", "estate_dealer")
BENEFACTOR_HELP_TR = 2
REVEAL_HELP = {"magnate": "not_event", "celebrity": "costly"}


def _helper(state: State, award: str) -> Step | None:
    """B08's helper action for ``award``, or ``None`` when it cannot be done (Hellas's and
    Elysium's as the reference's B09/B10: a greenery for the tile awards, +2 TR for Benefactor;
    Magnate and Celebrity reveal project cards until one fits and resolve it; Eccentric has none)."""
    if award in GREENERY_HELP:
        ranked, _, _ = best(state, "greenery")
        return {"do": "place", "tile": "greenery", "reason": "b08"} if ranked else None
    if award == "benefactor":
        return {"do": "gain_tr", "amount": BENEFACTOR_HELP_TR}
    if award in REVEAL_HELP:
        fits = "green" if award == MAGNATE and counts_green(state) else REVEAL_HELP[award]
        return {"do": "card", "why": "b08", "fits": fits}
    if award not in HELP_TRACKS:
        return None
    tracks = HELP_TRACKS[award]
    track = min(tracks, key=lambda t: (state["tracks"][t], tracks.index(t)))
    at_end = state["tracks"][track] >= tracks_of(state)[track].length
    return None if at_end else {"do": "advance", "track": track}


def government(state: State, step: Step, events: list[Event]) -> Question | None:
    """B16: an even generation or Venus at 30 % -> +1 to the farthest main parameter; else Venus
    +1. MarsBot gets no M€ and no TR from it."""
    if state["generation"] % 2 == 0 or is_maxed(state, "venus"):
        steps = raise_farthest(state, plain=True, reason="b16")
    else:
        steps = [{"do": "param", "param": "venus", "plain": True}]
    push(state, *steps, _end(step["card"], False))
    return None


EFFECTS = {
    "meteor_shower": meteor_shower,
    "invasive_species": invasive_species,
    "research": research,
    "overachievement": overachievement,
    "expedited_construction": expedited_construction,
    "lobbyists": lobbyists,
    "central_brain": central_brain,
    "corporate_competition": corporate_competition,
    "government": government,
    "research_card": research_card,
    "rapid_sprouting": rapid_sprouting,
    "do_it_right": do_it_right,
}
