"""MarsBot claims milestones and funds awards (free as an action, for 8 M€ on hard/brutal).

Milestone: an unclaimed one MarsBot meets; several -> the person names the one they also meet
or are closest to (question ``closest``; "equal" -> the leftmost). None, or 3 claimed: a failed
action. Award: the unfunded one where MarsBot leads the person by most (leftmost on a tie); it
leads in none, or 3 are funded: a failed action. The person's values for the awards in question
are asked first (question ``values``), except Landlord: their tiles are on the map.
Hard and brutal: at the start of MarsBot's first turn of a generation, with at least 8 M€, it
buys a milestone when it meets enough unclaimed ones (3 with none claimed, 2 with one, 1 with two).
"""

from __future__ import annotations

from engine.core import Event, State
from engine.marsbot.awards import award_to_fund, needed, qualifies, unfunded
from engine.marsbot.common import BONUS_MONEY, MARSBOT, event, failed, gain_money, pay
from engine.marsbot.content import HARD_MILESTONE_NEEDS, HARD_MILESTONE_PRICE
from engine.marsbot.notation import EQUAL
from engine.marsbot.resolve import Question, Step, handler, push


def may_buy(state: State) -> bool:
    """The hard level's purchase at the start of MarsBot's first turn of a generation."""
    need = HARD_MILESTONE_NEEDS.get(len(state["milestones"]))
    return need is not None and state["money"] >= HARD_MILESTONE_PRICE and len(qualifies(state)) >= need


@handler("milestone")
def milestone(state: State, step: Step, events: list[Event]) -> Question | None:
    """``mode``: ``action`` (a track space: fails if impossible), ``b04`` (checked before),
    ``buy`` (hard/brutal: only if ``may_buy``)."""
    mode = step["mode"]
    if mode == "buy" and "closest" not in step and not may_buy(state):
        return None
    options = qualifies(state)
    if not options:
        if mode == "action":
            failed(state, events, "no_milestone")
        return None
    if len(options) == 1:
        chosen = options[0]
    elif "closest" not in step:
        return {"kind": "closest", "milestones": options}
    else:
        chosen = options[0] if step["closest"] == EQUAL else step["closest"]
    state["milestones"][chosen] = MARSBOT
    events.append(event("milestone", milestone=chosen, owner=MARSBOT))
    if mode == "buy":
        pay(state, events, HARD_MILESTONE_PRICE, "milestone")
    return None


@handler("award")
def award(state: State, step: Step, events: list[Event]) -> Question | None:
    """``mode``: ``action`` (fails if impossible) or ``b04`` (B04 b: funded -> the card is
    removed; else B04 c: 5 M€ and the card is discarded)."""
    mode = step["mode"]
    options = unfunded(state)
    asked = needed(options)
    if options and asked and "values" not in step:
        return {"kind": "values", "awards": asked, "why": "fund"}
    chosen = award_to_fund(state, step.get("values", {})) if options else None
    if chosen is not None:
        state["awards"][chosen] = MARSBOT
        events.append(event("award", award=chosen, owner=MARSBOT))
    if mode == "action":
        if chosen is None:
            failed(state, events, "no_award")
        return None
    if chosen is None:
        gain_money(state, events, BONUS_MONEY, "bonus")
    push(state, {"do": "bonus_end", "card": "B04", "remove": chosen is not None})
    return None
