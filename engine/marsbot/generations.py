"""Turns and generations: MarsBot's turn, passing, the research phase, the end of a generation,
the final greeneries and the way into scoring.

The person starts generation 1; from generation 2 the first player alternates. Each MarsBot turn
takes the top card of its action deck (none left: it passes). Once the person has passed, MarsBot
plays its remaining cards one turn after another and then passes too. When both have passed: if
oxygen, temperature and oceans are all at their targets, the final greeneries follow (in the last
generation's turn order); else a new generation begins, or MarsBot wins when that would be the
20th (18th with Prelude). Hard and brutal: MarsBot's first turn of a generation begins with the
milestone purchase.
"""

from __future__ import annotations

from engine.core import Event, Rng, State
from engine.marsbot.common import MARSBOT, PERSON, event, gain_money, track_ids
from engine.marsbot.content import (
    LAST_GENERATION,
    LAST_GENERATION_PRELUDE,
    tracks_of,
)
from engine.marsbot.corporations import EARTH_BONUS, EARTH_MONEY, draft_priority, has_effect
from engine.marsbot.levels import BUY_MILESTONE, FOUR_CARDS, modified
from engine.marsbot.resolve import Question, Step, handler, push
from engine.marsbot.rules import audited
from engine.marsbot.scoring import breakdown, breakdown_event
from engine.marsbot.setup import PROJECT, build_action_deck, project_cards
from engine.marsbot.views import maxed

DRAFT_ROUNDS = 4


@handler("start_actions")
def start_actions(state: State, step: Step, events: list[Event]) -> Question | None:
    """The action phase begins with the first player."""
    if state["first"] == MARSBOT:
        push(state, {"do": "turn"})
    else:
        person_turn(state, events)
    return None


def person_turn(state: State, events: list[Event]) -> None:
    state["phase"] = "person"
    events.append(event("turn", who=PERSON))


@handler("turn")
def marsbot_turn(state: State, step: Step, events: list[Event]) -> Question | None:
    state["phase"] = "marsbot"
    if not state["action_deck"]:
        state["passed"][MARSBOT] = True
        events.append(event("passed", who=MARSBOT))
        push(state, {"do": "turn_end"})
        return None
    events.append(event("turn", who=MARSBOT))
    state["turns"] += 1
    buys = modified(state, BUY_MILESTONE) and state["turns"] == 1
    first = [{"do": "milestone", "mode": "buy"}] if buys else []
    push(state, *first, {"do": "draw"}, {"do": "turn_end"})
    return None


@handler("draw")
def draw(state: State, step: Step, events: list[Event]) -> Question | None:
    card = state["action_deck"].pop(0)
    if card == PROJECT:
        push(state, {"do": "card", "why": "action"})
    else:
        push(state, {"do": "bonus", "card": card})
    return None


@handler("turn_end")
def turn_end(state: State, step: Step, events: list[Event]) -> Question | None:
    """After MarsBot's turn: the person's turn, or MarsBot's next card once the person passed."""
    if not state["passed"][PERSON]:
        person_turn(state, events)
    elif state["passed"][MARSBOT]:
        push(state, {"do": "generation_end"})
    else:
        push(state, {"do": "turn"})
    return None


@handler("generation_end")
def generation_end(state: State, step: Step, events: list[Event]) -> Question | None:
    if all(flag for name, flag in maxed(state).items() if name != "venus"):
        push(state, {"do": "final_start"})
        return None
    last = LAST_GENERATION_PRELUDE if state["options"]["prelude"] else LAST_GENERATION
    state["generation"] += 1
    if state["generation"] >= last:
        state["phase"] = "over"
        state["ended"] = "generation_limit"
        state["winner"] = 1
        events.append(event("lost_generation", generation=state["generation"]))
        events.append(breakdown_event(state, breakdown(state, None)))  # no awards, no money's VP
        return None
    state["first"] = PERSON if state["first"] == MARSBOT else MARSBOT
    state["passed"] = {PERSON: False, MARSBOT: False}
    state["turns"] = 0
    rng = Rng(state["rng"])
    build_action_deck(state, rng, events)
    state["research"] = research(state, rng)
    state["rng"] = rng.state
    params = {"generation": state["generation"], "first": state["first"], "cards": project_cards(state)}
    if state["research"] is not None:
        params["draft_positions"] = dict(state["research"])
    events.append(event("generation", **params))
    push(state, {"do": "nursery"}, {"do": "start_actions"})
    return None


def research(state: State, rng: Rng) -> dict[str, object] | None:
    """The draft variant's random choices for MarsBot: which card (1 = the top one) of the pile in
    front of it to set aside in each of the 4 rounds, and which of its 4 to discard (none on
    brutal: MarsBot keeps all 4).

    A corporation with a draft priority (C01: the highest cost) sets aside by that priority, so
    no picks are drawn (``priority`` names it); the discard's number is where the person starts
    counting past the cards the priority spares (the reference discards the first card its
    priority does not protect, in a random order, and none when it protects all four)."""
    if not state["options"]["draft"]:
        return None
    keeps = modified(state, FOUR_CARDS)
    priority = draft_priority(state)
    if priority is not None:
        return {"priority": priority, "picks": [], "discard": None if keeps else rng.below(DRAFT_ROUNDS) + 1}
    picks = [rng.below(DRAFT_ROUNDS - r) + 1 for r in range(DRAFT_ROUNDS)]
    return {"picks": picks, "discard": None if keeps else rng.below(DRAFT_ROUNDS) + 1}


# ----------------------------------------------------------------- the final greeneries


@handler("final_start")
def final_start(state: State, step: Step, events: list[Event]) -> Question | None:
    state["phase"] = "final"
    state["finals"] = {PERSON: False, MARSBOT: False}
    events.append(event("final", first=state["first"]))
    if state["first"] == MARSBOT:
        push(state, {"do": "final_marsbot"})
    else:
        events.append(event("turn", who=PERSON))
    return None


@handler("final_marsbot")
def final_marsbot(state: State, step: Step, events: list[Event]) -> Question | None:
    """One greenery for each track whose next space shows a greenery."""
    state["finals"][MARSBOT] = True
    board = tracks_of(state)
    steps: list[Step] = [
        {"do": "final_greenery", "track": track}
        for track in track_ids(state)
        if state["tracks"][track] < board[track].length
        and board[track].action(state["tracks"][track] + 1) == "greenery"
    ]
    if not steps:
        events.append(event("final_none"))
    if not state["finals"][PERSON]:
        steps.append({"do": "final_person"})
    push(state, *steps)
    return None


@handler("final_person")
def final_person(state: State, step: Step, events: list[Event]) -> Question | None:
    events.append(event("turn", who=PERSON))
    return None


@handler("final_greenery")
def final_greenery(state: State, step: Step, events: list[Event]) -> Question | None:
    track = step["track"]
    pos = state["tracks"][track] + 1
    state["tracks"][track] = pos
    state["reached"][track] = max(state["reached"][track], pos)
    events.append(event("final_greenery", track=track, space=pos))
    if track == "earth" and audited(state) and has_effect(state, EARTH_MONEY):
        gain_money(state, events, EARTH_BONUS, "corporation")  # C09: "Kdykoli se zvýší … stupnici Země"
    push(state, {"do": "place", "tile": "greenery", "reason": "final", "final": True, "failure": None})
    return None


def person_final_done(state: State, events: list[Event]) -> None:
    """The person's ``done`` in the final phase: MarsBot's greeneries if still due, then scoring."""
    state["finals"][PERSON] = True
    if not state["finals"][MARSBOT]:
        push(state, {"do": "final_marsbot"}, {"do": "scoring"})
    else:
        push(state, {"do": "scoring"})
