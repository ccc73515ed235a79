"""Milestones and awards on Tharsis: MarsBot's values, which it qualifies for, which it funds.

MarsBot's values (the Tharsis overview card): Terraformer its TR (35), Mayor its cities (3),
Gardener its greeneries (3), Builder its building track (8), Planner its lowest of the seven
tracks (4); Landlord its tiles on Mars (the CMM too, oceans never: nobody owns them), Banker
building + event tracks, Scientist the science track, Thermalist energy + 5, Miner space + 5; the
easy level takes 5 off each award value. With Venus Next the card adds Hoverlord ("Jako
obvykle": 7 floaters) and Venuphile (the Venus track), both right of Tharsis's five. The person's
Landlord value is their tiles on the map; the others are asked.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import State
from engine.marsbot.common import MARSBOT, PERSON, awards_of, milestones_of, venus
from engine.marsbot.content import (
    ALL_AWARDS,
    AWARD_LIMIT,
    AWARD_TRACK_BONUS,
    EASY_AWARD_MALUS,
    MILESTONE_LIMIT,
    MILESTONE_NEEDS,
    TRACK_IDS,
    VENUS_TRACK,
)
from engine.marsbot.levels import AWARDS_5, modified

LANDLORD = "landlord"
ASKED_AWARDS: tuple[str, ...] = tuple(a for a in ALL_AWARDS if a != LANDLORD)
"""Awards whose value for the person the bot must ask (it knows their tiles)."""
HELP_TRACKS: Mapping[str, tuple[str, ...]] = {
    "banker": ("building", "event"),
    "scientist": ("science",),
    "thermalist": ("energy",),
    "miner": ("space",),
    "venuphile": (VENUS_TRACK,),
}
"""B08's helper actions that advance a track (Landlord's is a greenery; Venuphile's is the
project's, as the others': its value's track)."""


def tiles_of(state: State, owner: str, tile: str | None = None) -> int:
    """``owner``'s tiles on Mars (``tile``: of that kind); oceans are nobody's."""
    return sum(
        1
        for entry in state["map"].values()
        if entry["owner"] == owner and entry["tile"] != "ocean" and (tile is None or entry["tile"] == tile)
    )


def milestone_values(state: State) -> dict[str, int]:
    tracks = state["tracks"]
    values = {
        "terraformer": state["tr"],
        "mayor": tiles_of(state, MARSBOT, "city"),
        "gardener": tiles_of(state, MARSBOT, "greenery"),
        "builder": tracks["building"],
        "planner": min(tracks[t] for t in TRACK_IDS),
    }
    if venus(state):
        values["hoverlord"] = state["floaters"]
    return values


def qualifies(state: State) -> list[str]:
    """Unclaimed milestones MarsBot meets, left to right (none once 3 are claimed)."""
    if len(state["milestones"]) >= MILESTONE_LIMIT:
        return []
    values = milestone_values(state)
    return [
        m for m in milestones_of(state) if m not in state["milestones"] and values[m] >= MILESTONE_NEEDS[m]
    ]


def meets(state: State) -> list[str]:
    """Every milestone MarsBot meets, claimed or not (for the hard level's count)."""
    values = milestone_values(state)
    return [m for m in milestones_of(state) if values[m] >= MILESTONE_NEEDS[m]]


def award_values(state: State) -> dict[str, int]:
    tracks = state["tracks"]
    values = {
        "landlord": tiles_of(state, MARSBOT),
        "banker": tracks["building"] + tracks["event"],
        "scientist": tracks["science"],
        "thermalist": tracks["energy"] + AWARD_TRACK_BONUS["thermalist"],
        "miner": tracks["space"] + AWARD_TRACK_BONUS["miner"],
    }
    if venus(state):
        values["venuphile"] = tracks[VENUS_TRACK]
    if modified(state, AWARDS_5):
        values = {award: value - EASY_AWARD_MALUS for award, value in values.items()}
    return values


def unfunded(state: State) -> list[str]:
    """Awards MarsBot could still fund (none once 3 are funded), left to right."""
    if len(state["awards"]) >= AWARD_LIMIT:
        return []
    return [a for a in awards_of(state) if a not in state["awards"]]


def needed(awards: list[str]) -> list[str]:
    """Which of ``awards`` need the person's value asked, in board order."""
    return [a for a in ASKED_AWARDS if a in awards]


def person_values(state: State, asked: Mapping[str, int]) -> dict[str, int]:
    """The person's values: their tiles for Landlord, the answers for the rest."""
    return {LANDLORD: tiles_of(state, PERSON), **asked}


def leads(state: State, awards: list[str], asked: Mapping[str, int]) -> dict[str, int]:
    """MarsBot's lead over the person in each of ``awards`` (negative: the person leads)."""
    mine, theirs = award_values(state), person_values(state, asked)
    return {a: mine[a] - theirs[a] for a in awards}


def award_to_fund(state: State, asked: Mapping[str, int]) -> str | None:
    """The unfunded award where MarsBot leads by most (leftmost on a tie); ``None``: it leads in none."""
    lead = leads(state, unfunded(state), asked)
    best = max(lead.values(), default=0)
    if best <= 0:
        return None
    return next(a for a in awards_of(state) if lead.get(a) == best)


def closeness(lead: int) -> tuple[int, int]:
    """B08's order: awards the person leads or ties, by the smallest margin, then those MarsBot
    leads, by its smallest lead."""
    return (0, -lead) if lead <= 0 else (1, lead)


def winners(state: State, asked: Mapping[str, int]) -> dict[str, list[str]]:
    """Funded award -> who gets its 5 VP (both on a tie)."""
    lead = leads(state, list(state["awards"]), asked)
    return {
        award: [PERSON, MARSBOT] if lead[award] == 0 else [MARSBOT] if lead[award] > 0 else [PERSON]
        for award in awards_of(state)
        if award in lead
    }
