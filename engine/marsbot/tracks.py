"""MarsBot's tracks: a tag advances one, a space's action triggers once, the person's cuts.

Advancing a track by 1: at its end (18) it is a failed action. Otherwise the cube moves on; a
space beyond the highest ever reached triggers its action (and the cube card's cube there: from rules
version 2 a white cube's project card replaces the space's temperature step); a space
reached before does nothing ("tyto akce se znovu neaktivují"). C09 gains 2 M€ whenever the Earth
track rises, re-reached spaces included. A wild tag advances the lowest of the seven tracks (the
higher one on the board on a tie); a Venus tag without Venus Next is ignored.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.marsbot.common import event, failed, gain_money, tag_track
from engine.marsbot.content import TRACK_IDS, tracks_of
from engine.marsbot.corporations import EARTH_BONUS, EARTH_MONEY, has_effect, on_tag
from engine.marsbot.resolve import Question, Step, handler, push
from engine.marsbot.rules import audited

WILD = "wild"


def lowest_track(state: State) -> str:
    """The wild tag's track: the lowest of the seven, the higher on the board on a tie."""
    return min(TRACK_IDS, key=lambda t: (state["tracks"][t], TRACK_IDS.index(t)))


@handler("tag")
def tag(state: State, step: Step, events: list[Event]) -> Question | None:
    name = step["tag"]
    track = lowest_track(state) if name == WILD else tag_track(state, name)
    events.append(event("tag_ignored", tag=name) if track is None else event("tag", tag=name, track=track))
    on_tag(state, name, events)
    if track is not None:
        push(state, {"do": "advance", "track": track})
    return None


@handler("advance")
def advance(state: State, step: Step, events: list[Event]) -> Question | None:
    track = step["track"]
    pos = state["tracks"][track]
    if pos >= tracks_of(state)[track].length:
        events.append(event("track_end", track=track))
        failed(state, events, "track_end")
        return None
    state["tracks"][track] = pos + 1
    events.append(event("track", track=track, **{"from": pos, "to": pos + 1}))
    if track == "earth" and has_effect(state, EARTH_MONEY):
        gain_money(state, events, EARTH_BONUS, "corporation")
    if pos + 1 <= state["reached"][track]:
        events.append(event("no_trigger", track=track, to=pos + 1))
        return None
    state["reached"][track] = pos + 1
    follow: list[Step] = []
    action = tracks_of(state)[track].action(pos + 1)
    white = pos + 1 in state["cubes"]["white"].get(track, [])
    instead = action if white and action and audited(state) else None
    if action and instead is None:
        follow.append({"do": "action", "action": action, "track": track, "space": pos + 1})
    for colour in ("white", "black"):
        if pos + 1 in state["cubes"][colour].get(track, []):
            cube: Step = {"do": "cube", "colour": colour, "track": track, "space": pos + 1}
            if colour == "white" and instead is not None:
                cube["instead"] = instead
            follow.append(cube)
    push(state, *follow)
    return None


def cut(state: State, track: str, steps: int, resource: str, events: list[Event]) -> None:
    """The person cut MarsBot's production: its track moves back (never below 0); the spaces it
    leaves were reached, so they will not trigger again."""
    pos = state["tracks"][track]
    to = max(0, pos - steps)
    state["tracks"][track] = to
    events.append(event("cut", resource=resource, track=track, **{"from": pos, "to": to}))
