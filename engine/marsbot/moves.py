"""The moves the person may make now, for ``legal_moves`` and random play.

Exact, and lazy where large: a ``values`` answer ranges over every combination of values
(0–999 each). The ``card`` answer is the exception: ``apply`` accepts any well-formed card (up to
4 tags from the allowed list, cost 0–99), and ``legal_moves`` lists a representative part of
it: no tags or a single tag, each cost 0–45, with and without a requirement, each VP sign.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.core import Move, State
from engine.marsbot.common import PERSON, awards_of, milestones_of, track_ids
from engine.marsbot.content import (
    AWARD_LIMIT,
    MILESTONE_LIMIT,
    OFF_MARS,
    TAGS,
    TRACK_LENGTH,
    mars_of,
    tracks_of,
)
from engine.marsbot.notation import (
    ADVANCE,
    AWARD,
    CLOSEST,
    COLOURS,
    COST,
    CUT,
    DONE_MOVE,
    EQUAL,
    GAIN,
    MAX_COST,
    MAX_GAIN,
    MAX_TAKE,
    MAX_TOTAL,
    MAX_VALUE,
    MILESTONE,
    NO,
    PARAMS,
    PASS_MOVE,
    PLANTS,
    RAISE,
    TAKE,
    TILE,
    TILES,
    TOTAL,
    UNASKED,
    VALUES,
    VP_OF_SIGN,
    VP_SIGNS,
    YES,
    card_move,
)
from engine.marsbot.params import steps_left
from engine.marsbot.placement import person_final_spaces, person_may_place, person_spaces
from engine.marsbot.reports import card_facts
from engine.marsbot.tracks import lowest_track

CARD_COSTS = range(46)


def allowed_tags(state: State) -> list[str]:
    return [tag for tag in TAGS if tag != "wild" or state["options"]["prelude"]]


def card_moves(state: State) -> Iterator[Move]:
    coloured = "colour" in card_facts(state)
    for tags in [[], *([tag] for tag in allowed_tags(state))]:
        colours: tuple[str | None, ...] = (
            (None,) if not coloured else (UNASKED,) if "event" in tags else COLOURS
        )
        for cost in CARD_COSTS:
            for req in (False, True):
                for sign in VP_SIGNS:
                    for colour in colours:
                        yield card_move(tags, cost, req, VP_OF_SIGN[sign], colour)


def answer_moves(state: State) -> Iterator[Move]:
    question = state["question"]
    kind = question["kind"]
    if kind == "card":
        yield from card_moves(state)
    elif kind == COST:
        yield from (Move(COST, (str(n),)) for n in range(MAX_COST + 1))
    elif kind == PLANTS:
        yield from (Move(PLANTS, (YES,)), Move(PLANTS, (NO,)))
    elif kind == CLOSEST:
        yield from (Move(CLOSEST, (m,)) for m in [*question["milestones"], EQUAL])
    elif kind == VALUES:
        awards = question["awards"]
        for numbers in itertools.product(range(MAX_VALUE + 1), repeat=len(awards)):
            yield Move(VALUES, tuple(f"{a}={n}" for a, n in zip(awards, numbers, strict=True)))
    elif kind == TOTAL:
        yield from (Move(TOTAL, (str(n),)) for n in range(MAX_TOTAL + 1))


def report_moves(state: State) -> Iterator[Move]:
    for tile in TILES:
        yield from (Move(TILE, (tile, space)) for space in person_spaces(state, tile))
    for param in ("temperature", "oxygen", *(("venus",) if state["options"]["venus"] else ())):
        yield from (Move(RAISE, (param, str(n))) for n in range(1, steps_left(state, param) + 1))
    board = tracks_of(state)
    for track in track_ids(state):
        resource = board[track].cut
        if resource is not None:
            yield from (Move(CUT, (resource, str(n))) for n in range(1, state["tracks"][track] + 1))
    if state["money"] > 0:  # taking from MarsBot at 0 M€ would change nothing
        yield from (Move(TAKE, (str(n),)) for n in range(1, MAX_TAKE + 1))
    yield from (Move(GAIN, (str(n),)) for n in range(1, MAX_GAIN + 1))
    if state["tracks"][lowest_track(state)] < TRACK_LENGTH:
        yield Move(ADVANCE)
    if len(state["milestones"]) < MILESTONE_LIMIT:
        yield from (Move(MILESTONE, (m,)) for m in milestones_of(state) if m not in state["milestones"])
    if len(state["awards"]) < AWARD_LIMIT:
        yield from (Move(AWARD, (a,)) for a in awards_of(state) if a not in state["awards"])
    yield DONE_MOVE
    yield PASS_MOVE


def final_moves(state: State) -> Iterator[Move]:
    if state["finals"][PERSON]:
        return
    yield from (Move(TILE, ("greenery", space)) for space in person_final_spaces(state))
    yield DONE_MOVE


def legal_moves(state: State) -> Iterator[Move]:
    if state["phase"] == "over":
        return iter(())
    if state["question"] is not None:
        return answer_moves(state)
    if state["phase"] == "final":
        return final_moves(state)
    return report_moves(state)


def report_kinds(state: State) -> set[str]:
    """The kinds ``report_moves`` yields, each decided by the first move of it found (a tile: the
    first free space, not every space of every tile)."""
    mars = mars_of(state)
    spaces = (*mars.order, *OFF_MARS)
    kinds = {GAIN, DONE_MOVE.kind, PASS_MOVE.kind}
    if any(person_may_place(state, tile, sid) is None for tile in TILES for sid in spaces):
        kinds.add(TILE)
    params = PARAMS if state["options"]["venus"] else PARAMS[:2]
    if any(steps_left(state, param) > 0 for param in params):
        kinds.add(RAISE)
    board = tracks_of(state)
    if any(board[t].cut is not None and state["tracks"][t] > 0 for t in track_ids(state)):
        kinds.add(CUT)
    if state["money"] > 0:
        kinds.add(TAKE)
    if state["tracks"][lowest_track(state)] < TRACK_LENGTH:
        kinds.add(ADVANCE)
    if len(state["milestones"]) < MILESTONE_LIMIT and set(milestones_of(state)) - set(state["milestones"]):
        kinds.add(MILESTONE)
    if len(state["awards"]) < AWARD_LIMIT and set(awards_of(state)) - set(state["awards"]):
        kinds.add(AWARD)
    return kinds


def move_kinds(state: State) -> frozenset[str]:
    """The kinds of the moves ``legal_moves`` lists now, without listing them: the board's
    buttons need only which kinds exist (issue 28: listing every tile space per button set
    cost 3–4 ms a move). Equal to ``{m.kind for m in legal_moves(state)}`` (a property test)."""
    if state["phase"] == "over":
        return frozenset()
    if state["question"] is not None:
        return frozenset({state["question"]["kind"]})
    if state["phase"] == "final":
        if state["finals"][PERSON]:
            return frozenset()
        return frozenset({DONE_MOVE.kind, *((TILE,) if person_final_spaces(state) else ())})
    return frozenset(report_kinds(state))
