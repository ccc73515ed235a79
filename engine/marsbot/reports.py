"""The person's moves: what they report during their turn, their answers to MarsBot's questions,
their final greeneries. Each function checks first and raises ``IllegalMove`` before it changes
anything (``game.apply`` hands it a fresh copy in any case).

The person's tiles count for adjacency, ownership and the limits (an ocean raises the ocean
count, a greenery the oxygen, without TR for MarsBot); their rewards are their own. A production
cut moves MarsBot's matching track back; money or resources taken from MarsBot are money it loses
(at most what it has; a report that would change nothing, taking from MarsBot at 0 M€, is
refused rather than logged).
A card of the person's may give MarsBot money (Private University: "MarsBot místo dobrání karty
získá 1 €") or advance its lowest track (St. Joseph of Cupertino Mission), which then acts as
any advance does. Hoverlord and Venuphile exist only with Venus Next.
"""

from __future__ import annotations

from engine.core import Event, IllegalMove, Move, State
from engine.marsbot.common import MARSBOT, PERSON, awards_of, event, milestones_of
from engine.marsbot.content import (
    AWARD_LIMIT,
    MILESTONE_LIMIT,
    TRACK_LENGTH,
    VENUS_AWARDS,
    VENUS_MILESTONES,
    tracks_of,
)
from engine.marsbot.corporations import REQUIREMENT_MONEY, has_effect
from engine.marsbot.generations import person_final_done, person_turn
from engine.marsbot.levels import CARD_VP, modified
from engine.marsbot.notation import (
    ADVANCE,
    AWARD,
    CARD,
    CLOSEST,
    COLOURS,
    COST,
    CUT,
    DONE,
    EQUAL,
    GAIN,
    MILESTONE,
    PASS,
    PLANTS,
    RAISE,
    TAKE,
    TILE,
    TOTAL,
    UNASKED,
    VALUES,
    VP_OF_SIGN,
    YES,
    parse_values,
    split_tags,
)
from engine.marsbot.params import is_maxed, person_raise, raise_error, steps_left
from engine.marsbot.placement import person_may_place
from engine.marsbot.resolve import push
from engine.marsbot.rules import MAGNATE, counts_green
from engine.marsbot.tracks import cut as cut_track
from engine.marsbot.tracks import lowest_track


def place_tile(state: State, tile: str, space: str, events: list[Event]) -> None:
    refusal = person_may_place(state, tile, space)
    if refusal is not None:
        raise IllegalMove(refusal, tile=tile, space=space)
    state["map"][space] = {"tile": tile, "owner": PERSON}
    state["last"]["spaces"].append(space)
    events.append(event("tile", tile=tile, space=space, owner=PERSON, reason="report"))
    if tile == "ocean":
        before = state["params"]["oceans"]
        state["params"]["oceans"] = before + 1
        events.append(event("oceans", **{"from": before, "to": before + 1}))
    elif tile == "greenery" and state["phase"] == "person" and not is_maxed(state, "oxygen"):
        person_raise(state, "oxygen", 1, events)


def report(state: State, move: Move, events: list[Event]) -> None:
    """A move of the person's turn (phase ``person``, no question waiting)."""
    kind, args = move.kind, move.args
    if kind == TILE:
        place_tile(state, args[0], args[1], events)
    elif kind == RAISE:
        refusal = raise_error(state, args[0], int(args[1]))
        if refusal is not None:
            raise IllegalMove(refusal, param=args[0], steps=int(args[1]), left=steps_left(state, args[0]))
        person_raise(state, args[0], int(args[1]), events)
    elif kind == CUT:
        cut(state, args[0], int(args[1]), events)
    elif kind == TAKE:
        if state["money"] == 0:  # "loses 0 M€" would log a move that changed nothing
            raise IllegalMove("marsbot.nothing_to_take", amount=int(args[0]))
        amount = min(int(args[0]), state["money"])
        state["money"] -= amount
        events.append(event("taken", amount=amount, total=state["money"]))
    elif kind == GAIN:
        state["money"] += int(args[0])
        events.append(event("gained", amount=int(args[0]), total=state["money"]))
    elif kind == ADVANCE:
        advance_lowest(state, events)
    elif kind == MILESTONE:
        if args[0] not in milestones_of(state):
            why = "marsbot.milestone_venus" if args[0] in VENUS_MILESTONES else "marsbot.milestone_map"
            raise IllegalMove(why, milestone=args[0])
        claim(state, "milestones", args[0], MILESTONE_LIMIT, events)
    elif kind == AWARD:
        if args[0] not in awards_of(state):
            why = "marsbot.award_venus" if args[0] in VENUS_AWARDS else "marsbot.award_map"
            raise IllegalMove(why, award=args[0])
        claim(state, "awards", args[0], AWARD_LIMIT, events)
    elif kind == DONE:
        if state["passed"][MARSBOT]:
            person_turn(state, events)
        else:
            push(state, {"do": "turn"})
    elif kind == PASS:
        state["passed"][PERSON] = True
        events.append(event("passed", who=PERSON))
        push(state, {"do": "generation_end" if state["passed"][MARSBOT] else "turn"})
    else:
        raise IllegalMove("marsbot.no_question", move=kind)


def cut(state: State, resource: str, steps: int, events: list[Event]) -> None:
    track = next(t.id for t in tracks_of(state).values() if t.cut == resource)
    position = state["tracks"][track]
    if position == 0:
        raise IllegalMove("marsbot.nothing_to_cut", resource=resource, track=track)
    if steps > position:
        raise IllegalMove("marsbot.cut_too_much", resource=resource, track=track, position=position)
    cut_track(state, track, steps, resource, events)


def advance_lowest(state: State, events: list[Event]) -> None:
    """St. Joseph of Cupertino Mission: "zvyšte jeho stav na stupnici, kde je aktuálně stav
    nejnižší (v případě shody na té nejvýše)" — the wild tag's track; its space acts as usual."""
    track = lowest_track(state)
    if state["tracks"][track] >= TRACK_LENGTH:
        raise IllegalMove("marsbot.tracks_at_end")
    events.append(event("advanced", track=track))
    push(state, {"do": "advance", "track": track})


def claim(state: State, what: str, name: str, limit: int, events: list[Event]) -> None:
    """The person claims a milestone or funds an award."""
    single = what[:-1]
    if name in state[what]:
        raise IllegalMove(f"marsbot.{single}_taken", **{single: name})
    if len(state[what]) >= limit:
        raise IllegalMove(f"marsbot.{what}_full", **{single: name})
    state[what][name] = PERSON
    events.append(event(single, **{single: name, "owner": PERSON}))


def final_move(state: State, move: Move, events: list[Event]) -> None:
    """The final greeneries: ``tile greenery X`` any number of times, then ``done``."""
    if state["finals"][PERSON]:
        raise IllegalMove("marsbot.final_done")
    if move.kind == DONE:
        person_final_done(state, events)
    elif move.kind == TILE and move.args[0] == "greenery":
        place_tile(state, "greenery", move.args[1], events)
    else:
        raise IllegalMove("marsbot.final_only_greenery", move=move.kind)


def card_facts(state: State) -> frozenset[str]:
    """Which of a revealed card's requirement (``req``), VP (``vp``) and colour (``colour``) this
    game uses, so the card form asks only those: the requirement for its money (C05; C03 in
    content 2), the VP for the hard level's card VP, the colour of a card that is no event where
    Magnate counts green cards (Hellas, rules version 4); its tags and cost are always asked. An
    unused one may be answered ``-`` (the colour left out)."""
    used = {"req"} if has_effect(state, REQUIREMENT_MONEY) else set()
    if counts_green(state) and MAGNATE in awards_of(state):
        used.add("colour")
    return frozenset(used | ({"vp"} if modified(state, CARD_VP) else set()))


def card_colour(tags: list[str], given: str) -> str | None:
    """The colour of a revealed card where it is asked: ``None`` for an event (red), else the
    answer, which must name one."""
    if "event" in tags:
        return None
    if given not in COLOURS:
        raise IllegalMove("marsbot.card_needs_colour")
    return given


def answer(state: State, move: Move, events: list[Event]) -> None:
    """Store the answer into the waiting step, after checking it fits the question."""
    question = state["question"]
    step = state["todo"][0]
    kind, args = move.kind, move.args
    if kind != question["kind"]:
        raise IllegalMove("marsbot.answer_first", question=question["kind"], move=kind)
    if kind == CARD:
        tags = split_tags(args[0])
        if "wild" in tags and not state["options"]["prelude"]:
            raise IllegalMove("marsbot.no_wild")
        used = card_facts(state)
        for fact, given in (("req", args[2]), ("vp", args[3])):
            if given == UNASKED and fact in used:
                raise IllegalMove(f"marsbot.card_needs_{fact}")
        step["card"] = {
            "tags": tags,
            "cost": int(args[1]),
            "req": None if args[2] == UNASKED else args[2] == "req",
            "vp": VP_OF_SIGN.get(args[3]),
        }
        if "colour" in used:  # only then: a stored game's card keeps the shape it had
            step["card"]["colour"] = card_colour(tags, args[4] if len(args) > 4 else UNASKED)
    elif kind == COST:
        step["cost"] = int(args[0])
    elif kind == PLANTS:
        step["plants"] = args[0] == YES
    elif kind == CLOSEST:
        if args[0] != EQUAL and args[0] not in question["milestones"]:
            raise IllegalMove(
                "marsbot.not_a_choice", milestone=args[0], choices=", ".join(question["milestones"])
            )
        step["closest"] = args[0]
    elif kind == VALUES:
        values = parse_values(args)
        if list(values) != list(question["awards"]):
            raise IllegalMove("marsbot.values_mismatch", awards=", ".join(question["awards"]))
        step["values"] = values
    elif kind == TOTAL:
        step["total"] = int(args[0])
    state["question"] = None
