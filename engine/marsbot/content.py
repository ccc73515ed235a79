"""MarsBot's content as data: its Tharsis tracks, the Tharsis map, bonus cards, corporations.

The tracks and the map are facts of the published game and go into data as printed; what the
seed's pictures carried and its text lacks (B03's effect, the Venus track, the corporations'
names) is marked ``reconstructed`` (``docs/rules/marsbot.md`` says why). What the text itself
states (the money-to-VP tables, the global parameters' bonuses, milestones and awards on
Tharsis) is fact and lives here as constants. A game pins the versions it was set up with in
``state["content"]`` and reads them through ``*_of(state)``, so a correction shipped later
changes new games only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core import State
from engine.core.data import Content, ContentError, ContentLibrary
from engine.core.schema import Boolean, ContentSchema, Integer, ListOf, Path, Record, Text
from engine.marsbot.maps import (
    BONUS_KINDS,
    MAP_AWARDS,
    MAP_FILES,
    MAP_MILESTONE_NEEDS,
    MAP_MILESTONES,
    MAP_ROWS,
    MAP_SCHEMA,
    MAPS,
    ROW_NAMES,
    TRACK_FILES,
    Mars,
    Space,
    build_mars,
    map_of_options,
)

PACKAGE = "engine.marsbot"
TRACKS, MARS, BONUS, CORPORATIONS = "tracks", "mars", "bonus", "corporations"
FIRST_FILES: tuple[str, ...] = (TRACKS, MARS, BONUS, CORPORATIONS)
"""The files every stored game pinned; games set up later also pin the other maps' files."""
FILES: tuple[str, ...] = (
    *FIRST_FILES,
    *(f for f in MAP_FILES.values() if f != MARS),
    *(f for f in TRACK_FILES.values() if f != TRACKS),
)
__all__ = ["BONUS_KINDS", "MAPS", "MAP_ROWS", "ROW_NAMES", "Mars", "Space"]

TRACK_IDS: tuple[str, ...] = ("building", "space", "event", "science", "energy", "earth", "plant")
"""The seven tracks of the Tharsis board, top to bottom (a tie "higher on the board" is earlier)."""
VENUS_TRACK = "venus"
TRACK_LENGTH = 18
"""Each of the seven tracks runs from space 0 (the start) to space 18."""
VENUS_LENGTHS: tuple[int, ...] = (TRACK_LENGTH, 12)
"""The Venus track: 18 spaces in version 1 (reconstructed), the reference's 12 from version 2."""
ACTIONS: tuple[str, ...] = (
    "",
    "ocean",
    "greenery",
    "city",
    "temp",
    "temp2",
    "venus",
    "venus2",
    "tr2",
    "tr3",
    "tr4",
    "tr5",
    "tr6",
    "tr7",
    "tr8",
    "milestone",
    "award",
    "adv",
    "space",
    "floater",
    "floater2",
    "microbe",
)
"""``floater``/``floater2``: 1 or 2 floaters for MarsBot, ``microbe``: a step of the track microbe
tags move (the Venus strip of version 2, as the reference's ``tag_microbe``)."""
TAGS: tuple[str, ...] = (
    "building",
    "space",
    "event",
    "science",
    "power",
    "jovian",
    "earth",
    "city",
    "plant",
    "animal",
    "microbe",
    "venus",
    "wild",
)
"""Tags a project card can show; ``wild`` only with Prelude, ``venus`` only with Venus Next."""
CUTS: tuple[str, ...] = ("steel", "titanium", "megacredits", "energy", "heat", "plants")
"""Productions the person can cut; each moves one MarsBot track back."""

# ----------------------------------------------------------------- facts the seed's text states
START_TR = 20
FAILED_ACTION = 5
"""A failed action gives 5 M€ ("jen obdrží 5 €"); 3 M€ on the easy level."""
FAILED_ACTION_EASY = 3
OCEAN_ADJACENCY_MONEY = 2
"""MarsBot's tile next to an ocean: 2 M€ per ocean; each other placement bonus icon: 1 M€."""
HEAT_BONUS_MONEY = 2
"""Temperature -24 and -20 °C: 2 M€ instead of heat production."""
TEMPERATURE = (-30, 8, 2)
"""Lowest, target, step (°C)."""
TEMPERATURE_MONEY_BONUS = (-24, -20)
TEMPERATURE_OCEAN_BONUS = 0
OXYGEN = (0, 14)
OXYGEN_TEMPERATURE_BONUS = 8
OCEANS = 9
OFF_MARS: tuple[str, ...] = ("PHOBOS", "GANYMEDE")
"""The published Tharsis board's two city spaces off the map (Phobos Space Haven, Ganymede
Colony): only the person's cards put a city there. Such a city is a tile in play (Landlord)
with no neighbours on Mars."""
VENUS = (0, 30, 2)
VENUS_CARD_BONUS = 8
VENUS_TR_BONUS = 16
MILESTONE_LIMIT = 3
AWARD_LIMIT = 3
MILESTONE_VP = 5
AWARD_VP = 5
"""First place in an award; as in a two-player game, second place scores nothing."""
HARD_MILESTONE_PRICE = 8
HARD_MILESTONE_NEEDS: Mapping[int, int] = MappingProxyType({0: 3, 1: 2, 2: 1})
"""Hard level: milestones already claimed -> how many MarsBot must qualify for to buy one."""
EASY_AWARD_MALUS = 5
AWARD_HELP_PRICE = 5
"""B08: MarsBot pays 5 M€ when it helps itself in an award (and needs that much to try)."""
OVERACHIEVEMENT_AWARD_GENERATION = 6
LAST_GENERATION = 20
LAST_GENERATION_PRELUDE = 18
"""The game is lost when this generation would begin ("Dospěje-li hra do 20. generace")."""
PRELUDE_EXTRA_CARDS = 3
PROJECT_CARDS = 3
PROJECT_CARDS_BRUTAL = 4
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard", "brutal")

MILESTONES: tuple[str, ...] = MAP_MILESTONES["tharsis"]
"""Tharsis milestones, left to right on the board."""
AWARDS: tuple[str, ...] = MAP_AWARDS["tharsis"]
"""Tharsis awards, left to right on the board."""
VENUS_MILESTONES: tuple[str, ...] = ("hoverlord",)
"""Venus Next's milestone ("král Plošin"), used only with Venus; right of Tharsis's five."""
VENUS_AWARDS: tuple[str, ...] = ("venuphile",)
"""Venus Next's award ("expert na Venuši"), used only with Venus; right of Tharsis's five."""
ALL_MILESTONES: tuple[str, ...] = (*(m for ms in MAP_MILESTONES.values() for m in ms), *VENUS_MILESTONES)
ALL_AWARDS: tuple[str, ...] = (*(a for aw in MAP_AWARDS.values() for a in aw), *VENUS_AWARDS)
MILESTONE_NEEDS: Mapping[str, int] = MappingProxyType(
    {
        "terraformer": 35,
        "mayor": 3,
        "gardener": 3,
        "builder": 8,
        "planner": 4,
        "hoverlord": 7,
        **MAP_MILESTONE_NEEDS,
    }
)
"""MarsBot qualifies with 35 TR, 3 cities, 3 greeneries, building track >= 8, every track >= 4
and (Venus Next, "Jako obvykle") 7 floaters."""
AWARD_TRACK_BONUS: Mapping[str, int] = MappingProxyType({"thermalist": 5, "miner": 5, "industrialist": 5})
"""Thermalist: energy track + 5; Miner: space track + 5 (the Tharsis overview card); Elysium's
Industrialist: energy track + 5."""


def money_vp(generation: int, money: int, prelude: bool) -> int | None:
    """MarsBot's VP for its money by the generation the game ended in; ``None``: MarsBot wins.

    Base game: up to generation 12 one VP per 8 M€, 13: per 7 … 19: per 1, 20: MarsBot wins;
    with Prelude the same table is two generations earlier (≤10: per 8 … 18: wins)."""
    last = LAST_GENERATION_PRELUDE if prelude else LAST_GENERATION
    if generation >= last:
        return None
    per = max(1, min(8, last - generation))
    return money // per


class MarsBotContentError(ContentError):
    """A MarsBot content file breaks its schema; the message names file, item and field."""


_NAME = Record({"en": Text(), "cs": Text()})

# ----------------------------------------------------------------- tracks


def _track_rules(item: Mapping[str, Any]) -> tuple[Path, str] | None:
    if item["spaces"][-1] == "" or not item["spaces"][-1].startswith("tr"):
        return ("spaces", len(item["spaces"]) - 1), "the last space of a track raises TR"
    allowed = VENUS_LENGTHS if item["id"] == VENUS_TRACK else (TRACK_LENGTH,)
    if len(item["spaces"]) not in allowed:
        return ("spaces",), f"this track has {' or '.join(map(str, allowed))} spaces"
    if item.get("venus_only") and item["id"] != VENUS_TRACK:
        return ("venus_only",), "only the Venus track is used with Venus Next alone"
    return None


TRACK_SCHEMA = ContentSchema(
    items=TRACKS,
    label="track",
    min_items=len(TRACK_IDS),
    max_items=len(TRACK_IDS) + 1,
    unique=("id",),
    rules=(_track_rules,),
    item=Record(
        {
            "id": Text(choices=(*TRACK_IDS, VENUS_TRACK)),
            "tags": ListOf(Text(choices=TAGS), 1, 3, unique=True),
            "cut": Text(choices=CUTS),
            "spaces": ListOf(Text(choices=ACTIONS, allow_empty=True), min(VENUS_LENGTHS), TRACK_LENGTH),
            "venus_only": Boolean(),
            "reconstructed": Boolean(),
        },
        optional=frozenset({"cut", "venus_only", "reconstructed"}),
    ),
)


@dataclass(frozen=True)
class Track:
    id: str
    tags: tuple[str, ...]
    cut: str | None
    """The person's production cut that moves this track back (``None``: none does)."""
    spaces: tuple[str, ...]
    """The action on spaces 1..length (``spaces[n - 1]``; "" = nothing)."""
    venus_only: bool

    @property
    def length(self) -> int:
        """The last space (18; the Venus strip of version 2: 12)."""
        return len(self.spaces)

    def action(self, position: int) -> str:
        """The action printed on ``position`` (0 = the start, nothing)."""
        return self.spaces[position - 1] if 1 <= position <= self.length else ""


def _build_mars(content: Content) -> Mars:
    return build_mars(content, MarsBotContentError)


def _build_tracks(content: Content) -> Mapping[str, Track]:
    ids = [item["id"] for item in content.items]
    if tuple(i for i in ids if i != VENUS_TRACK) != TRACK_IDS:
        raise MarsBotContentError(content.file, f"needs the tracks {', '.join(TRACK_IDS)} in this order")
    tagged = [tag for item in content.items for tag in item["tags"]]
    if len(tagged) != len(set(tagged)):
        raise MarsBotContentError(content.file, "a tag moves one track only")
    return MappingProxyType(
        {
            item["id"]: Track(
                item["id"],
                tuple(item["tags"]),
                item.get("cut"),
                tuple(item["spaces"]),
                item.get("venus_only", False),
            )
            for item in content.items
        }
    )


# ----------------------------------------------------------------- bonus cards

BONUS_EFFECTS: tuple[str, ...] = (
    "meteor_shower",
    "invasive_species",
    "research",
    "overachievement",
    "expedited_construction",
    "lobbyists",
    "central_brain",
    "corporate_competition",
    "government",
    "research_card",
    "rapid_sprouting",
    "do_it_right",
)
"""``research`` is version 1's reconstructed B03; ``research_card`` the published one (version 2)."""
CORPORATION_ID = r"C(0[1-9]|[1-4][0-9]|X[0-9])"
BONUS_SCHEMA = ContentSchema(
    items="cards",
    label="bonus card",
    unique=("id", "effect"),
    item=Record(
        {
            "id": Text(pattern=r"B\d{2}", example="B03", noun="a bonus card id"),
            "effect": Text(choices=BONUS_EFFECTS),
            "name": _NAME,
            "text": _NAME,
            "with": Text(choices=("venus",)),
            "without": Text(choices=("venus", "colonies")),
            "corporation": Text(pattern=CORPORATION_ID, example="C01", noun="a corporation id"),
            "reconstructed": Boolean(),
        },
        optional=frozenset({"with", "without", "corporation", "reconstructed"}),
    ),
)


@dataclass(frozen=True)
class BonusCard:
    id: str
    effect: str
    name: Mapping[str, str]
    text: Mapping[str, str]
    needs: str | None
    """An expansion the card is used with only (B16: Venus; it joins the action deck each generation)."""
    without: str | None
    """An expansion the card is left out with (B06 without Venus; B05 without Colonies)."""
    reconstructed: bool
    corporation: str | None = None
    """The corporation that brings the card (B23: C02, C01 in version 2); never in the bonus deck."""


def _build_bonus(content: Content) -> Mapping[str, BonusCard]:
    return MappingProxyType(
        {
            item["id"]: BonusCard(
                item["id"],
                item["effect"],
                item["name"],
                item["text"],
                item.get("with"),
                item.get("without"),
                content.reconstructed or content.is_reconstructed(item["id"]),
                item.get("corporation"),
            )
            for item in content.items
        }
    )


# ----------------------------------------------------------------- corporations

CORPORATION_EFFECTS: tuple[str, ...] = (
    "white_cubes",
    "black_cubes",
    "requirement_money",
    "no_lobbyists",
    "earth_money",
    "start_money",
    "expensive_money",
    "plant_store",
    "bonus_card",
)
_CUBES = Record(
    {track: ListOf(Integer(1, TRACK_LENGTH), 1, 6, unique=True) for track in TRACK_IDS},
    optional=frozenset(TRACK_IDS),
    min_fields=1,
)
CORPORATION_SCHEMA = ContentSchema(
    items="corporations",
    label="corporation",
    unique=("id",),
    item=Record(
        {
            "id": Text(pattern=CORPORATION_ID, example="C02", noun="a corporation id"),
            "name": _NAME,
            "text": _NAME,
            "effects": ListOf(Text(choices=CORPORATION_EFFECTS), 1, 3, unique=True),
            "white": _CUBES,
            "black": _CUBES,
            "money": Integer(1, 60),
            "start_tags": ListOf(Text(choices=TAGS), 1, 3),
            "plants": Integer(1, 10),
            "bonus": Text(pattern=r"B\d{2}", example="B23", noun="a bonus card id"),
            "reconstructed": Boolean(),
        },
        optional=frozenset({"white", "black", "money", "start_tags", "plants", "bonus", "reconstructed"}),
    ),
)


@dataclass(frozen=True)
class Corporation:
    id: str
    name: Mapping[str, str]
    text: Mapping[str, str]
    effects: frozenset[str]
    white: Mapping[str, tuple[int, ...]]
    """Track -> spaces with a white cube (reaching one: resolve the top project card instead)."""
    black: Mapping[str, tuple[int, ...]]
    """Track -> spaces with a black cube (reaching one: +1 temperature)."""
    money: int
    start_tags: tuple[str, ...]
    plants: int
    reconstructed: bool
    bonus: str | None = None
    """``bonus_card``: the bonus card added to MarsBot's action deck before every action phase."""


def _build_corporations(content: Content) -> Mapping[str, Corporation]:
    return MappingProxyType(
        {
            item["id"]: Corporation(
                item["id"],
                item["name"],
                item["text"],
                frozenset(item["effects"]),
                item.get("white", MappingProxyType({})),
                item.get("black", MappingProxyType({})),
                item.get("money", 0),
                tuple(item.get("start_tags", ())),
                item.get("plants", 0),
                content.reconstructed or content.is_reconstructed(item["id"]),
                item.get("bonus"),
            )
            for item in content.items
        }
    )


# ----------------------------------------------------------------- libraries

TRACK_LIBRARIES: Mapping[str, ContentLibrary[Mapping[str, Track]]] = MappingProxyType(
    {
        name: ContentLibrary(PACKAGE, name, TRACK_SCHEMA, _build_tracks, MarsBotContentError)
        for name in TRACK_FILES.values()
    }
)
MAP_LIBRARIES: Mapping[str, ContentLibrary[Mars]] = MappingProxyType(
    {
        name: ContentLibrary(PACKAGE, name, MAP_SCHEMA, _build_mars, MarsBotContentError)
        for name in MAP_FILES.values()
    }
)
TRACK_LIBRARY = TRACK_LIBRARIES[TRACKS]
MARS_LIBRARY = MAP_LIBRARIES[MARS]
BONUS_LIBRARY: ContentLibrary[Mapping[str, BonusCard]] = ContentLibrary(
    PACKAGE, BONUS, BONUS_SCHEMA, _build_bonus, MarsBotContentError
)
CORPORATION_LIBRARY: ContentLibrary[Mapping[str, Corporation]] = ContentLibrary(
    PACKAGE, CORPORATIONS, CORPORATION_SCHEMA, _build_corporations, MarsBotContentError
)
LIBRARIES: Mapping[str, ContentLibrary[Any]] = MappingProxyType(
    {**TRACK_LIBRARIES, **MAP_LIBRARIES, BONUS: BONUS_LIBRARY, CORPORATIONS: CORPORATION_LIBRARY}
)


def newest() -> dict[str, int]:
    return {name: library.latest for name, library in LIBRARIES.items()}


def pin(given: Mapping[str, int] | None) -> dict[str, int]:
    """The versions a new game uses: ``given`` (a record's, a replay's) or the newest of each."""
    if given is None:
        return newest()
    if not set(FIRST_FILES) <= set(given) <= set(FILES):
        wanted, got = ", ".join(FILES), ", ".join(sorted(given))
        raise MarsBotContentError("engine/marsbot/data", f"content is {wanted}, not {got}")
    for name, version in given.items():
        LIBRARIES[name].get(version)
    return {name: given[name] for name in FILES if name in given}


def tracks(version: int | None = None, name: str = TRACKS) -> Mapping[str, Track]:
    """MarsBot's board in content file ``name`` (Tharsis's unless told)."""
    return TRACK_LIBRARIES[name].get(version)


def mars(version: int | None = None, name: str = MARS) -> Mars:
    """The map in content file ``name`` (Tharsis unless told)."""
    return MAP_LIBRARIES[name].get(version)


def bonus_cards(version: int | None = None) -> Mapping[str, BonusCard]:
    return BONUS_LIBRARY.get(version)


def corporations(version: int | None = None) -> Mapping[str, Corporation]:
    return CORPORATION_LIBRARY.get(version)


def map_name(state: State) -> str:
    """The map the game is played on: tharsis, hellas or elysium."""
    return map_of_options(state["options"])


def tracks_of(state: State) -> Mapping[str, Track]:
    """MarsBot's board for the game's map, in the version the game pinned."""
    name = TRACK_FILES[map_name(state)]
    return tracks(state["content"][name], name)


def mars_of(state: State) -> Mars:
    """The game's map, in the version the game pinned."""
    name = MAP_FILES[map_name(state)]
    return mars(state["content"][name], name)


def bonus_of(state: State) -> Mapping[str, BonusCard]:
    return bonus_cards(state["content"][BONUS])


def corporations_of(state: State) -> Mapping[str, Corporation]:
    return corporations(state["content"][CORPORATIONS])
