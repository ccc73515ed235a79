"""Bets of the complex game: the tokens that earn them, placing them, and the final reckoning.

Six condition tokens (exact archive counts) and four score-track tokens each carry one bet
token, gold or silver. Earning one makes a placement decision pending at once; a token with
no target left returns to the box. Bets and goals are only valued when the game ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.core import Event, Rng, State
from engine.runarch.archives import ARCHIVES, LIMITS, counts, filed_matches
from engine.runarch.components import colour_of, shape_of
from engine.runarch.conditions import DRAWN, ConditionSet
from engine.runarch.content import conditions_of, deck_of
from engine.runarch.notation import GOAL

SIDES: tuple[str, ...] = ("gold", "silver")
BET_VALUES = MappingProxyType({"gold": (8, 4), "silver": (5, 2)})
"""(gained if won, deducted if lost) per token side; fixed by the rules decisions."""
SECRET_VALUE = 6
"""A met secret goal pays this and a missed one costs nothing."""
TRACK_RANGES: tuple[tuple[int, int], ...] = ((51, 75), (76, 100))
TRACK_PER_RANGE = 2
TRACK_PREFIX = "track:"


def draw_conditions(rng: Rng, tokens: ConditionSet) -> list[dict[str, Any]]:
    """Six condition tokens (in id order), each with a random bet side up."""
    ids = list(tokens.ids)
    rng.shuffle(ids)
    return [{"id": cid, "bet": rng.choice(SIDES), "taken_by": None} for cid in sorted(ids[:DRAWN])]


def draw_track(rng: Rng) -> list[dict[str, Any]]:
    """Two bet tokens on different scores in each track range, by score, random sides up."""
    track = []
    for low, high in TRACK_RANGES:
        spaces = list(range(low, high + 1))
        rng.shuffle(spaces)
        track.extend(
            {"score": score, "bet": rng.choice(SIDES), "taken_by": None} for score in spaces[:TRACK_PER_RANGE]
        )
    return sorted(track, key=lambda token: token["score"])


def earn(new: State, seat: int) -> list[Event]:
    """Give ``seat`` the bet of every condition its archives now meet and every track token its
    score has reached, queueing a placement for each (``new`` is the caller's copy)."""
    events: list[Event] = []
    pending = list(new["pending"])
    sizes = counts(new["archives"][seat])
    conditions = [dict(c) for c in new["conditions"]]
    known = conditions_of(new).by_id
    for condition in conditions:
        if condition["taken_by"] is None and known[condition["id"]].met_by(sizes):
            events.append(_take(condition, condition["id"], seat, pending))
    track = [dict(t) for t in new["track"]]
    for token in track:
        if token["taken_by"] is None and new["scores"][seat] >= token["score"]:
            events.append(_take(token, f"{TRACK_PREFIX}{token['score']}", seat, pending))
    if events:
        new["conditions"], new["track"], new["pending"] = conditions, track, pending
    return events


def _take(token: dict[str, Any], source: str, seat: int, pending: list[dict[str, Any]]) -> Event:
    side = token["bet"]
    token["bet"], token["taken_by"] = None, seat
    pending.append({"kind": "bet", "token": side, "source": source})
    return Event("runarch.bet_earned", {"seat": seat, "token": side, "source": source})


def targets(state: State, seat: int) -> list[str]:
    """Every target ``seat`` may still bet on (``"left 3"``, ``"goal C12"``), in display order.

    An archive takes its final count, from what it holds now to its limit; one bet per archive
    and one per public goal.
    """
    placed = {(bet["on"], bet.get("goal")) for bet in state["bets"][seat]}
    archives = state["archives"][seat]
    found = [
        f"{name} {n}"
        for name in ARCHIVES
        if (name, None) not in placed
        for n in range(len(archives[name]), LIMITS[name] + 1)
    ]
    found.extend(f"{GOAL} {goal}" for goal in state["goals"] if (GOAL, goal) not in placed)
    return found


def has_target(state: State, seat: int) -> bool:
    """Cheaper than ``targets``: is there anywhere left for a bet token to go?"""
    placed = {(bet["on"], bet.get("goal")) for bet in state["bets"][seat]}
    if any((name, None) not in placed for name in ARCHIVES):
        return True
    return any((GOAL, goal) not in placed for goal in state["goals"])


def place(new: State, seat: int, target: Sequence[str]) -> Event:
    """Record the pending bet on ``target`` (already checked against ``targets``)."""
    pending = list(new["pending"])
    token = pending.pop(0)["token"]
    on, value = target
    bet = (
        {"token": token, "on": GOAL, "goal": value}
        if on == GOAL
        else {"token": token, "on": on, "count": int(value)}
    )
    bets = list(new["bets"])
    bets[seat] = [*bets[seat], bet]
    new["bets"], new["pending"] = bets, pending
    return Event("runarch.bet_placed", {"seat": seat, "token": token, "target": f"{on} {value}"})


def discard_stranded(new: State, seat: int) -> list[Event]:
    """Return to the box every pending bet at the head of the queue that has no target left."""
    events = []
    while new["pending"] and new["pending"][0]["kind"] == "bet" and not has_target(new, seat):
        token = new["pending"][0]["token"]
        new["pending"] = new["pending"][1:]
        events.append(Event("runarch.bet_discarded", {"seat": seat, "token": token}))
    return events


def goal_met(goal: Mapping[str, Any], matches: Sequence[str]) -> bool:
    """At least ``colour_count`` cards of the colour and ``shape_count`` of the shape (where given)."""
    if "colour" in goal and sum(colour_of(m) == goal["colour"] for m in matches) < goal["colour_count"]:
        return False
    return not ("shape" in goal and sum(shape_of(m) == goal["shape"] for m in matches) < goal["shape_count"])


def reckon(state: State, seat: int) -> tuple[int, int, int]:
    """(points of bets won, points of bets lost, secret goal) of ``seat`` at the end; the lost
    points are a positive amount to deduct."""
    archives = state["archives"][seat]
    deck = deck_of(state)
    matches = filed_matches(archives, deck.matches)
    won = lost = 0
    for bet in state["bets"][seat]:
        if bet["on"] == GOAL:
            hit = goal_met(deck.cards[bet["goal"]].goal, matches)
        else:
            hit = len(archives[bet["on"]]) == bet["count"]
        gain, loss = BET_VALUES[bet["token"]]
        if hit:
            won += gain
        else:
            lost += loss
    secret = state["secret"][seat]
    bonus = SECRET_VALUE if secret is not None and goal_met(deck.cards[secret].goal, matches) else 0
    return won, lost, bonus
