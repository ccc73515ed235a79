"""Milestones and awards on Tharsis: MarsBot's values, which it qualifies for, which it funds.

MarsBot's values (the Tharsis overview card): Terraformer its TR (35), Mayor its cities (3),
Gardener its greeneries (3), Builder its building track (8), Planner its lowest of the seven
tracks (4); Landlord its tiles on Mars (the CMM too, oceans never: nobody owns them), Banker
building + event tracks, Scientist the science track, Thermalist energy + 5, Miner space + 5; the
easy level takes 5 off each award value. With Venus Next the card adds Hoverlord ("Jako
obvykle": 7 floaters) and Venuphile (the Venus track), both right of Tharsis's five. The person's
Landlord value is their tiles on the map; the others are asked.

Hellas and Elysium (their overview cards; "as usual" counts MarsBot's tiles and played cards):
Diversifier every track >= 3, Tactician 35 M€, Polar Explorer 3 tiles in the bottom two rows,
Energizer energy track >= 6, Rim Settler Jovian/science track >= 6; Cultivator its greeneries,
Magnate its played green cards (rules version 4 asks each card's colour; before, every non-event card),
Space Baron the science track, Eccentric its M€ / 5, Contractor the building track. Generalist
every track >= 2, Specialist a track >= 10, Ecologist plant track >= 4, Tycoon 15 non-event
cards played, Legend 5 events played; Celebrity its played cards costing 20 M€ or more,
Industrialist energy + 5, Desert Settler its tiles in the bottom four rows, Estate Dealer its
tiles next to an ocean, Benefactor its TR - 15. The person's tile awards (Cultivator, Desert
Settler, Estate Dealer) are counted on the map; the rest are asked.
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
    mars_of,
)
from engine.marsbot.levels import AWARDS_5, modified
from engine.marsbot.maps import (
    BENEFACTOR_MALUS,
    CELEBRITY_COST,
    DESERT_ROWS,
    ECCENTRIC_MONEY,
    MAP_ROWS,
    POLAR_ROWS,
)
from engine.marsbot.rules import MAGNATE, counts_green

LANDLORD = "landlord"
TILE_AWARDS: tuple[str, ...] = (LANDLORD, "cultivator", "desert_settler", "estate_dealer")
"""Awards the bot counts for the person too: their tiles are on the map."""
ASKED_AWARDS: tuple[str, ...] = tuple(a for a in ALL_AWARDS if a not in TILE_AWARDS)
"""Awards whose value for the person the bot must ask (it knows their tiles)."""
HELP_TRACKS: Mapping[str, tuple[str, ...]] = {
    "banker": ("building", "event"),
    "scientist": ("science",),
    "thermalist": ("energy",),
    "miner": ("space",),
    "venuphile": (VENUS_TRACK,),
    "space_baron": ("science",),
    "contractor": ("building",),
    "industrialist": ("energy",),
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


def tiles_where(state: State, owner: str, where: str) -> int:
    """``owner``'s tiles (oceans are nobody's) in the bottom rows (``polar``: 2, ``desert``: 4)
    or next to an ocean tile (``coast``)."""
    spaces, tiles = mars_of(state).spaces, state["map"]
    bottom = len(MAP_ROWS) - (POLAR_ROWS if where == "polar" else DESERT_ROWS)

    def counts(sid: str) -> bool:
        if sid not in spaces:
            return False
        if where == "coast":
            return any(tiles.get(n, {}).get("tile") == "ocean" for n in spaces[sid].neighbours)
        return spaces[sid].row >= bottom

    mine = (sid for sid, entry in tiles.items() if entry["owner"] == owner and entry["tile"] != "ocean")
    return sum(1 for sid in mine if counts(sid))


def played(state: State, kind: str) -> int:
    """MarsBot's played project cards: ``events``, ``others`` (green and blue), ``green`` or
    ``costly`` (20+)."""
    cards = state["played"]
    if kind == "events":
        return sum(1 for card in cards if "event" in card["tags"])
    if kind == "others":
        return sum(1 for card in cards if "event" not in card["tags"])
    if kind == "green":
        return sum(1 for card in cards if "event" not in card["tags"] and card.get("colour") == "green")
    return sum(1 for card in cards if card["cost"] >= CELEBRITY_COST)


def milestone_values(state: State) -> dict[str, int]:
    tracks = state["tracks"]
    lowest = min(tracks[t] for t in TRACK_IDS)
    values = {
        "terraformer": state["tr"],
        "mayor": tiles_of(state, MARSBOT, "city"),
        "gardener": tiles_of(state, MARSBOT, "greenery"),
        "builder": tracks["building"],
        "planner": lowest,
        "diversifier": lowest,
        "tactician": state["money"],
        "polar_explorer": tiles_where(state, MARSBOT, "polar"),
        "energizer": tracks["energy"],
        "rim_settler": tracks["science"],
        "generalist": lowest,
        "specialist": max(tracks[t] for t in TRACK_IDS),
        "ecologist": tracks["plant"],
        "tycoon": played(state, "others"),
        "legend": played(state, "events"),
    }
    if venus(state):
        values["hoverlord"] = state["floaters"]
    used = milestones_of(state)
    return {m: v for m, v in values.items() if m in used}


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
        "cultivator": tiles_of(state, MARSBOT, "greenery"),
        MAGNATE: played(state, "green" if counts_green(state) else "others"),
        "space_baron": tracks["science"],
        "eccentric": state["money"] // ECCENTRIC_MONEY,
        "contractor": tracks["building"],
        "celebrity": played(state, "costly"),
        "industrialist": tracks["energy"] + AWARD_TRACK_BONUS["industrialist"],
        "desert_settler": tiles_where(state, MARSBOT, "desert"),
        "estate_dealer": tiles_where(state, MARSBOT, "coast"),
        "benefactor": state["tr"] - BENEFACTOR_MALUS,
    }
    if venus(state):
        values["venuphile"] = tracks[VENUS_TRACK]
    used = awards_of(state)
    values = {a: v for a, v in values.items() if a in used}
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
    """The person's values: their tiles for the tile awards, the answers for the rest."""
    counted = {
        LANDLORD: tiles_of(state, PERSON),
        "cultivator": tiles_of(state, PERSON, "greenery"),
        "desert_settler": tiles_where(state, PERSON, "desert"),
        "estate_dealer": tiles_where(state, PERSON, "coast"),
    }
    used = awards_of(state)
    return {**{a: v for a, v in counted.items() if a in used}, **asked}


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
