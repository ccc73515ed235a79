"""What the person sees: everything but the generator and the order of MarsBot's decks.

The person is the only reader, yet the action deck's order (which of MarsBot's turns will ask
for a project card) and the bonus deck's order stay hidden, as the face-down decks are at the
table: the view gives their sizes only. Everything the picture and the cog need is here, so
neither re-implements a rule.

Keys: ``game options content generation first phase passed question to_act`` ·
``tracks`` ({track: {pos, reached, ahead: [[pos, action], ...]}}: ``ahead`` lists the spaces
beyond the highest reached one that still hold an action, so they will trigger) · ``tr money
floaters corp_plants corporation cubes`` · ``params`` ({temperature, oxygen, oceans, venus}) and
``maxed`` (the same keys -> bool) · ``map`` ({space: {tile, owner}}) · ``milestones`` ({id:
owner}), ``milestone_values`` (MarsBot's), ``qualifies`` (unclaimed ones MarsBot meets) ·
``awards`` ({id: funder}), ``award_values`` (MarsBot's), ``person_landlord`` · ``action_deck``
({size, empty}), ``bonus_deck`` ({size}), ``bonus_discard``, ``removed`` · ``played`` (count) ·
``last`` ({spaces}) · ``research`` (the draft positions of this generation, or None) · ``finals``
· ``final`` (MarsBot's score breakdown once scored), ``award_results``, ``person_total``,
``winner`` (0 person, 1 MarsBot), ``ended`` · ``legal`` ({tile: [spaces]} the person may report
now; empty while a question waits).
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.marsbot.awards import award_values, milestone_values, qualifies, tiles_of
from engine.marsbot.common import PERSON, plain_copy, track_ids
from engine.marsbot.content import OCEANS, OXYGEN, TEMPERATURE, VENUS, tracks_of
from engine.marsbot.notation import TILES
from engine.marsbot.placement import person_final_spaces, person_spaces


def maxed(state: State) -> dict[str, bool]:
    params = state["params"]
    return {
        "temperature": params["temperature"] >= TEMPERATURE[1],
        "oxygen": params["oxygen"] >= OXYGEN[1],
        "oceans": params["oceans"] >= OCEANS,
        "venus": params["venus"] >= VENUS[1],
    }


def _tracks(state: State) -> dict[str, Any]:
    board = tracks_of(state)
    shown: dict[str, Any] = {}
    for track in track_ids(state):
        pos, reached = state["tracks"][track], state["reached"][track]
        ahead = [
            [p, board[track].action(p)]
            for p in range(max(pos, reached) + 1, board[track].length + 1)
            if board[track].action(p)
        ]
        shown[track] = {"pos": pos, "reached": reached, "ahead": ahead}
    return shown


def _legal(state: State) -> dict[str, list[str]]:
    if state["question"] is not None or state["phase"] not in ("person", "final"):
        return {}
    if state["phase"] == "final":
        return {} if state["finals"]["person"] else {"greenery": person_final_spaces(state)}
    return {tile: person_spaces(state, tile) for tile in TILES}


def public(state: State, to_act: list[int]) -> dict[str, Any]:
    return {
        "game": "marsbot",
        "options": dict(state["options"]),
        "content": dict(state["content"]),
        "generation": state["generation"],
        "first": state["first"],
        "phase": state["phase"],
        "passed": dict(state["passed"]),
        "question": plain_copy(state["question"]),
        "to_act": list(to_act),
        "tracks": _tracks(state),
        "tr": state["tr"],
        "money": state["money"],
        "floaters": state["floaters"],
        "corp_plants": state["corp_plants"],
        "corporation": state["corporation"],
        "cubes": plain_copy(state["cubes"]),
        "params": dict(state["params"]),
        "maxed": maxed(state),
        "map": plain_copy(state["map"]),
        "milestones": dict(state["milestones"]),
        "milestone_values": milestone_values(state),
        "qualifies": qualifies(state),
        "awards": dict(state["awards"]),
        "award_values": award_values(state),
        "person_landlord": tiles_of(state, PERSON),
        "action_deck": {"size": len(state["action_deck"]), "empty": not state["action_deck"]},
        "bonus_deck": {"size": len(state["bonus_deck"])},
        "bonus_discard": list(state["bonus_discard"]),
        "removed": list(state["removed"]),
        "played": len(state["played"]),
        "last": plain_copy(state["last"]),
        "research": plain_copy(state["research"]),
        "finals": dict(state["finals"]),
        "final": plain_copy(state["final"]),
        "award_results": plain_copy(state["award_values"]),
        "person_total": state["person_total"],
        "winner": state["winner"],
        "ended": state["ended"],
        "legal": _legal(state),
    }
