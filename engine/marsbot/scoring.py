"""Final scoring: the awards' winners, then the person's total, then MarsBot's total.

MarsBot scores its TR, 5 VP per milestone, 5 VP per funded award it wins (a tie: both get 5),
1 VP per greenery, 1 VP per greenery (either owner) next to each of its cities, for its CMM tile
1 VP per neighbouring space without a tile of the person's, VP for its money by the generation
the game ended in (``content.money_vp``) and, on hard and brutal, 1 VP per played project card
whose VP are not negative. The person wins only with strictly more VP ("V případě shody vítězí
MarsBot").
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.marsbot.awards import award_values, needed, person_values, winners
from engine.marsbot.common import MARSBOT, PERSON, PERSON_SEAT, event
from engine.marsbot.content import AWARD_VP, MILESTONE_VP, mars_of, money_vp
from engine.marsbot.levels import CARD_VP, modified
from engine.marsbot.resolve import Question, Step, handler, push

ROWS: tuple[str, ...] = ("tr", "milestones", "awards", "greeneries", "cities", "cmm", "money", "cards")


def breakdown(state: State, asked: dict[str, int] | None) -> dict[str, Any]:
    """MarsBot's VP by source (``asked``: the person's award values; ``None``: awards unknown)."""
    mars, tiles = mars_of(state), state["map"]
    mine = [(sid, entry["tile"]) for sid, entry in tiles.items() if entry["owner"] == MARSBOT]
    cities = 0
    cmm = 0
    for sid, tile in mine:
        neighbours = mars.spaces[sid].neighbours
        if tile == "city":
            cities += sum(1 for n in neighbours if n in tiles and tiles[n]["tile"] == "greenery")
        elif tile == "cmm":
            cmm += sum(1 for n in neighbours if n not in tiles or tiles[n]["owner"] != PERSON)
    won = [] if asked is None else [a for a, who in winners(state, asked).items() if MARSBOT in who]
    money = money_vp(state["generation"], state["money"], bool(state["options"]["prelude"]))
    rows = {
        "tr": state["tr"],
        "milestones": MILESTONE_VP * sum(1 for owner in state["milestones"].values() if owner == MARSBOT),
        "awards": AWARD_VP * len(won),
        "greeneries": sum(1 for _, tile in mine if tile == "greenery"),
        "cities": cities,
        "cmm": cmm,
        "money": money or 0,
        "cards": sum(1 for card in state["played"] if card["vp"] != "neg") if modified(state, CARD_VP) else 0,
    }
    return {**rows, "total": sum(rows.values()), "awards_won": won}


def breakdown_event(state: State, final: dict[str, Any]) -> Event:
    """MarsBot's score by source, as the end of the game states it."""
    rows = {key: final[key] for key in ROWS}
    return event("breakdown", generation=state["generation"], total=final["total"], **rows)


@handler("scoring")
def scoring(state: State, step: Step, events: list[Event]) -> Question | None:
    state["phase"] = "scoring"
    push(state, {"do": "score_awards"}, {"do": "score_total"})
    return None


@handler("score_awards")
def score_awards(state: State, step: Step, events: list[Event]) -> Question | None:
    """Who wins each funded award (the person's values asked, Landlord known)."""
    asked = needed(list(state["awards"]))
    if asked and "values" not in step:
        return {"kind": "values", "awards": asked, "why": "scoring"}
    values = step.get("values", {})
    mine, theirs = award_values(state), person_values(state, values)
    results = {}
    for award, who in winners(state, values).items():
        results[award] = {"marsbot": mine[award], "person": theirs[award], "winners": who}
        events.append(
            event("award_result", award=award, marsbot=mine[award], person=theirs[award], winners=who)
        )
    state["award_values"] = {"asked": dict(values), "results": results}
    return None


@handler("score_total")
def score_total(state: State, step: Step, events: list[Event]) -> Question | None:
    if "total" not in step:
        return {"kind": "total"}
    asked = state["award_values"]["asked"] if state["award_values"] else {}
    final = breakdown(state, asked)
    state["final"] = final
    state["person_total"] = step["total"]
    state["winner"] = PERSON_SEAT if step["total"] > final["total"] else 1
    state["phase"] = "over"
    state["ended"] = "scored"
    events.append(breakdown_event(state, final))
    events.append(event("scored", person=step["total"], marsbot=final["total"], winner=state["winner"]))
    return None
