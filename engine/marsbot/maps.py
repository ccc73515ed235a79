"""The three maps MarsBot is played on (Tharsis, Hellas, Elysium) as data: spaces, neighbours,
the spaces reserved for oceans (and Noctis City), the placement bonuses and named places.

All three are the same 61-space hexagon in rows A–I; only what is printed on the spaces differs.
A game's ``options["map"]`` picks the map, and with it the content files it reads: the map's
spaces and MarsBot's board for it (``MAP_FILES``, ``TRACK_FILES``). Games stored before Hellas
and Elysium existed have no ``map`` option and are Tharsis games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core.data import Content
from engine.core.schema import Boolean, ContentSchema, Integer, Record, Text

THARSIS, HELLAS, ELYSIUM = "tharsis", "hellas", "elysium"
MAPS: tuple[str, ...] = (THARSIS, HELLAS, ELYSIUM)
MAP_FILES: Mapping[str, str] = MappingProxyType({THARSIS: "mars", HELLAS: "hellas", ELYSIUM: "elysium"})
"""Map -> the content file with its spaces (Tharsis's kept its first name, ``mars``)."""
TRACK_FILES: Mapping[str, str] = MappingProxyType(
    {THARSIS: "tracks", HELLAS: "tracks_hellas", ELYSIUM: "tracks_elysium"}
)
"""Map -> the content file with MarsBot's board for that map (one board per map, as printed)."""
BONUS_KINDS: tuple[str, ...] = ("plants", "steel", "titanium", "cards", "heat", "ocean")
"""Placement bonus icons; heat and Hellas's south-pole ocean (pay 6 M€ for an ocean) are Hellas's."""
MAP_ROWS: tuple[int, ...] = (5, 6, 7, 8, 9, 8, 7, 6, 5)
ROW_NAMES = "ABCDEFGHI"
OCEAN_SPACES = 12
"""Every map reserves 12 spaces for oceans (9 oceans are placed)."""


def map_of_options(options: Mapping[str, Any]) -> str:
    """The map a game is played on (Tharsis for games set up before the option existed)."""
    return str(options.get("map") or THARSIS)


MAP_SCHEMA = ContentSchema(
    items="spaces",
    label="space",
    min_items=sum(MAP_ROWS),
    max_items=sum(MAP_ROWS),
    unique=("id",),
    item=Record(
        {
            "id": Text(pattern=r"[A-I][1-9]", example="C4", noun="a space id"),
            "ocean": Boolean(),
            "reserved": Text(choices=("noctis_city",)),
            "bonus": Record(
                {kind: Integer(1, 3) for kind in BONUS_KINDS}, optional=frozenset(BONUS_KINDS), min_fields=1
            ),
            "name": Text(pattern=r"[a-z_]+", example="arsia_mons", noun="a place name"),
        },
        optional=frozenset({"ocean", "reserved", "bonus", "name"}),
    ),
)


@dataclass(frozen=True)
class Space:
    id: str
    row: int
    """0 = row A (top)."""
    column: int
    """0 = the leftmost space of its row."""
    x2: int
    """Doubled horizontal position (rows are centred): neighbours differ by 2 in a row, 1 across."""
    ocean: bool
    """Reserved for oceans (only oceans go there, and oceans only go there)."""
    reserved: str | None
    """Reserved for a named city (Noctis City)."""
    bonus: Mapping[str, int]
    name: str | None
    neighbours: tuple[str, ...]
    edge: bool
    """On the map's outer ring (fewer than 6 neighbours): the CMM tile may not go there."""

    @property
    def bonus_count(self) -> int:
        """Placement bonus icons (2 plants = 2): MarsBot gains 1 M€ for each."""
        return sum(self.bonus.values())


@dataclass(frozen=True)
class Mars:
    spaces: Mapping[str, Space]
    order: tuple[str, ...]
    """Reading order (left to right, top to bottom): the tie-break counts through it."""


def build_mars(content: Content, error: Callable[[str, str], Exception]) -> Mars:
    """The map of a checked content file; ``error(file, problem)`` for what the schema cannot see."""
    expected = [f"{ROW_NAMES[r]}{c + 1}" for r, width in enumerate(MAP_ROWS) for c in range(width)]
    ids = [item["id"] for item in content.items]
    if ids != expected:
        raise error(content.file, "spaces must run A1..A5, B1..B6, … I1..I5 in reading order")
    where: dict[str, tuple[int, int, int]] = {}
    for item in content.items:
        row, column = ROW_NAMES.index(item["id"][0]), int(item["id"][1:]) - 1
        where[item["id"]] = (row, column, 2 * column + (max(MAP_ROWS) - MAP_ROWS[row]))
    at = {(row, x2): sid for sid, (row, _, x2) in where.items()}
    spaces: dict[str, Space] = {}
    for item in content.items:
        row, column, x2 = where[item["id"]]
        around = (
            (row, x2 - 2),
            (row, x2 + 2),
            (row - 1, x2 - 1),
            (row - 1, x2 + 1),
            (row + 1, x2 - 1),
            (row + 1, x2 + 1),
        )
        neighbours = tuple(at[key] for key in around if key in at)
        spaces[item["id"]] = Space(
            id=item["id"],
            row=row,
            column=column,
            x2=x2,
            ocean=item.get("ocean", False),
            reserved=item.get("reserved"),
            bonus=item.get("bonus", MappingProxyType({})),
            name=item.get("name"),
            neighbours=neighbours,
            edge=len(neighbours) < 6,
        )
    if sum(1 for s in spaces.values() if s.ocean) != OCEAN_SPACES:
        raise error(content.file, f"a map has {OCEAN_SPACES} spaces reserved for oceans")
    return Mars(MappingProxyType(spaces), tuple(expected))


# ----------------------------------------------------------------- milestones and awards per map

MAP_MILESTONES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        THARSIS: ("terraformer", "mayor", "gardener", "builder", "planner"),
        HELLAS: ("diversifier", "tactician", "polar_explorer", "energizer", "rim_settler"),
        ELYSIUM: ("generalist", "specialist", "ecologist", "tycoon", "legend"),
    }
)
"""Each map's milestones, left to right on its board (Venus Next adds Hoverlord on the right)."""
MAP_AWARDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        THARSIS: ("landlord", "banker", "scientist", "thermalist", "miner"),
        HELLAS: ("cultivator", "magnate", "space_baron", "eccentric", "contractor"),
        ELYSIUM: ("celebrity", "industrialist", "desert_settler", "estate_dealer", "benefactor"),
    }
)
"""Each map's awards, left to right on its board (Venus Next adds Venuphile on the right)."""
MAP_MILESTONE_NEEDS: Mapping[str, int] = MappingProxyType(
    {
        "diversifier": 3,
        "tactician": 35,
        "polar_explorer": 3,
        "energizer": 6,
        "rim_settler": 6,
        "generalist": 2,
        "specialist": 10,
        "ecologist": 4,
        "tycoon": 15,
        "legend": 5,
    }
)
"""The Hellas and Elysium overview cards: Diversifier every track >= 3, Tactician 35 M€, Polar
Explorer 3 tiles in the bottom two rows, Energizer energy track >= 6, Rim Settler Jovian/science
track >= 6; Generalist every track >= 2, Specialist a track >= 10, Ecologist plant track >= 4,
Tycoon 15 green/blue cards played, Legend 5 events played."""
POLAR_ROWS = 2
"""Polar Explorer: the bottom two rows (H, I)."""
DESERT_ROWS = 4
"""Desert Settler: the four rows south of the equator (F–I)."""
ECCENTRIC_MONEY = 5
"""Eccentric: 5 M€ of MarsBot's count as 1 resource."""
CELEBRITY_COST = 20
"""Celebrity: played cards costing 20 M€ or more."""
BENEFACTOR_MALUS = 15
"""Benefactor: MarsBot's TR minus 15."""
