"""The Manhattan Project's content as data: buildings, bombs, main-board spaces, market slots.

The rulebook's pictures are missing. Version 1 of all four files is the project's reconstruction
(marked ``reconstructed``); version 2 holds the published cards and board, whose numbers come from
Boardspace.net's licensed implementation (facts only; ``docs/rules/manhattan.md``). What the text
itself states (winning scores, implosion-test values, track limits, start bonuses, repair prices)
is fact and lives here as constants. A game pins the versions it was set up with in
``state["content"]`` and reads them through ``*_of(state)``, so a newer file changes new games
only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core import State
from engine.core.data import Content, ContentError, ContentLibrary
from engine.core.schema import Boolean, ContentSchema, Integer, ListOf, Path, Record, Text

PACKAGE = "engine.manhattan"
BUILDINGS, BOMBS, SPACES, MARKET = "buildings", "bombs", "spaces", "market"
FILES: tuple[str, ...] = (BUILDINGS, BOMBS, SPACES, MARKET)

WORKER_KINDS: tuple[str, ...] = ("L", "E", "S")
"""Laborer, engineer, scientist (dělník, inženýr, vědec)."""
NEED_KINDS: tuple[str, ...] = ("any", *WORKER_KINDS)
BUILDING_KINDS: tuple[str, ...] = ("mine", "factory", "university", "reactor", "enrichment")
FUELS: tuple[str, ...] = ("uranium", "plutonium")
RESOURCES: tuple[str, ...] = ("money", "ore", "eu", "pu", "fighters", "bombers")
"""What a yield can hold besides workers: $, uranium ore (yellowcake), enriched uranium,
plutonium, fighters and bombers."""
YIELD_KEYS: tuple[str, ...] = (*RESOURCES, *WORKER_KINDS)
ACTIONS: tuple[str, ...] = ("build", "strike", "repair", "design", "spy")
AREAS: tuple[str, ...] = (
    "build",
    "factory",
    "air",
    "mine",
    "university",
    "reactor",
    "enrichment",
    "strike",
    "repair",
    "design",
    "espionage",
)

# Facts the rulebook's text states.
TARGETS: Mapping[int, int] = MappingProxyType({2: 70, 3: 60, 4: 50, 5: 45})
"""Points that win at once, by player count ("2 hráči: 70 bodů … 5 hráčů: 45 bodů")."""
TESTS: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {2: (0, 6), 3: (0, 4, 8), 4: (0, 2, 4, 6), 5: (0, 2, 4, 6, 8)}
)
"""Implosion-test cards in play by player count; a test takes the highest one left."""
LIMITS: Mapping[str, int] = MappingProxyType({"eu": 8, "pu": 8, "fighters": 10, "bombers": 10, "spies": 6})
START_MONEY = 10
START_LABORERS = 4
START_PLANES = 1
"""One fighter and one bomber on each player's tracks."""
PERMANENT_PER_KIND = 4
"""Workers of each kind in each player's colour (4 laborers in hand at the start; engineers and
scientists wait in the common supply)."""
CONTRACTORS_PER_KIND = 4
START_BONUS: tuple[Mapping[str, Any], ...] = (
    MappingProxyType({"money": 0, "worker": False}),
    MappingProxyType({"money": 2, "worker": False}),
    MappingProxyType({"money": 4, "worker": False}),
    MappingProxyType({"money": 2, "worker": True}),
    MappingProxyType({"money": 4, "worker": True}),
)
"""By position in turn order: money, and whether the player takes an engineer or a scientist."""
REPAIR_PRICE = 5
REPAIR_POINTS = 3
OTHER_REPAIR_COSTS: tuple[int, ...] = (2, 3, 5)
"""What another player pays for their 1st, 2nd and 3rd point of damage ($10 for three)."""
SPY_PRICE = 3
LOAD_POINTS = 5
MARKET_SLOTS = 7


class ManhattanContentError(ContentError):
    """A Manhattan Project content file breaks its schema; the message names file, item, field."""


_YIELD = Record({key: Integer(1, 10) for key in YIELD_KEYS}, optional=frozenset(YIELD_KEYS), min_fields=1)
COST_KEYS: tuple[str, ...] = ("money", "ore", "eu")
"""What a card or a space can cost: $, uranium ore, enriched uranium (a published reactor burns 1)."""
FUEL_NAMES: Mapping[str, str] = MappingProxyType({"ore": "uranium ore", "eu": "enriched uranium"})
_COST = Record(
    {"money": Integer(1, 20), "ore": Integer(1, 10), "eu": Integer(1, 8)}, optional=frozenset(COST_KEYS)
)
_NAME = Record({"en": Text(), "cs": Text()})


# --------------------------------------------------------------------------- buildings


def _building_rules(item: Mapping[str, Any]) -> tuple[Path, str] | None:
    kind = item["kind"]
    prefix = {"mine": "M", "factory": "F", "university": "U", "reactor": "R", "enrichment": "E"}[kind]
    if not item["id"].startswith(prefix):
        return ("id",), f"must start with {prefix} for a {kind}"
    wanted = {
        "mine": {"ore"},
        "factory": {"money", "fighters", "bombers"},
        "university": set(WORKER_KINDS),
        "reactor": {"pu"},
        "enrichment": {"eu"},
    }[kind]
    for index, output in enumerate(item["outputs"]):
        extra = set(output) - wanted
        if extra:
            return ("outputs", index), f"a {kind} cannot yield {', '.join(sorted(extra))}"
    if item.get("eu_instead") and (kind != "reactor" or "ore" not in item.get("cost", {})):
        return ("eu_instead",), "belongs to reactors that cost ore"
    fuel = {"reactor": ("ore", "eu"), "enrichment": ("ore",)}.get(kind, ())
    if fuel and not any(key in item.get("cost", {}) for key in fuel):
        return ("cost",), f"a {kind} must cost {' or '.join(FUEL_NAMES[key] for key in fuel)}"
    return None


BUILDING_SCHEMA = ContentSchema(
    items=BUILDINGS,
    label="building",
    min_items=50,
    max_items=50,
    rules=(_building_rules,),
    item=Record(
        {
            "id": Text(pattern=r"[MFURE](0[1-9]|10)", example="M03", noun="a building id"),
            "kind": Text(choices=BUILDING_KINDS),
            "start": Boolean(),
            "name": _NAME,
            "need": Record({"kind": Text(choices=("any", "E", "S")), "count": Integer(1, 3)}),
            "cost": _COST,
            "eu_instead": Boolean(),
            "outputs": ListOf(_YIELD, 1, 2),
        },
        optional=frozenset({"start", "cost", "eu_instead"}),
    ),
)


@dataclass(frozen=True)
class Need:
    """Workers a building takes: exactly ``count``, all of ``kind`` ("any" = any mix)."""

    kind: str
    count: int


@dataclass(frozen=True)
class Building:
    id: str
    kind: str
    start: bool
    name: Mapping[str, str]
    need: Need
    cost: Mapping[str, int]
    eu_instead: bool
    """A reactor whose ore may be paid with one enriched uranium instead."""
    outputs: tuple[Mapping[str, int], ...]
    """One yield, or two the player chooses between (the card's "/")."""


def _cost(item: Mapping[str, Any]) -> Mapping[str, int]:
    """Every cost key, 0 where the card or space asks for none."""
    given = item.get("cost", {})
    return MappingProxyType({key: given.get(key, 0) for key in COST_KEYS})


def _build_buildings(content: Content) -> Mapping[str, Building]:
    starts = [item["id"] for item in content.items if item.get("start")]
    if len(starts) != 6:
        raise ManhattanContentError(content.file, f"needs 6 start buildings, not {len(starts)}")
    for kind in BUILDING_KINDS:
        count = sum(1 for item in content.items if item["kind"] == kind)
        if count != 10:
            raise ManhattanContentError(content.file, f"needs 10 buildings of kind {kind}, not {count}")
    return MappingProxyType(
        {
            item["id"]: Building(
                id=item["id"],
                kind=item["kind"],
                start=item.get("start", False),
                name=item["name"],
                need=Need(item["need"]["kind"], item["need"]["count"]),
                cost=_cost(item),
                eu_instead=item.get("eu_instead", False),
                outputs=tuple(item["outputs"]),
            )
            for item in content.items
        }
    )


# --------------------------------------------------------------------------- bombs


def _bomb_rules(item: Mapping[str, Any]) -> tuple[Path, str] | None:
    if item["fuel"] == "uranium" and item["tested"] != item["value"]:
        return ("tested",), "must equal value on a uranium bomb (only plutonium bombs gain from a test)"
    if item["fuel"] == "plutonium" and item["tested"] <= item["value"]:
        return ("tested",), "must be more than value on a plutonium bomb"
    limit = LIMITS["eu" if item["fuel"] == "uranium" else "pu"]
    if item["amount"] > limit:
        return ("amount",), f"cannot exceed the fuel track's {limit}"
    return None


BOMB_SCHEMA = ContentSchema(
    items=BOMBS,
    label="bomb",
    id_format="B{:02d}",
    min_items=30,
    max_items=30,
    rules=(_bomb_rules,),
    item=Record(
        {
            "id": Text(pattern=r"B\d{2}", example="B07", noun="a bomb id"),
            "fuel": Text(choices=FUELS),
            "name": _NAME,
            "workers": Record({"E": Integer(0, 4), "S": Integer(0, 4)}),
            "amount": Integer(1, 8),
            "load": Integer(0, 10),
            "value": Integer(1, 60),
            "tested": Integer(1, 60),
        }
    ),
)


@dataclass(frozen=True)
class Bomb:
    id: str
    fuel: str
    name: Mapping[str, str]
    workers: Mapping[str, int]
    """Engineers and scientists from the personal supply that go on the card."""
    amount: int
    load: int
    """Money to load it onto a bomber."""
    value: int
    tested: int
    """A plutonium bomb's points once its owner has made an implosion test (uranium: ``value``)."""

    @property
    def fuel_track(self) -> str:
        return "eu" if self.fuel == "uranium" else "pu"

    def points(self, tested: bool) -> int:
        return self.tested if tested else self.value


def _build_bombs(content: Content) -> Mapping[str, Bomb]:
    return MappingProxyType(
        {
            item["id"]: Bomb(
                id=item["id"],
                fuel=item["fuel"],
                name=item["name"],
                workers=item["workers"],
                amount=item["amount"],
                load=item["load"],
                value=item["value"],
                tested=item["tested"],
            )
            for item in content.items
        }
    )


# --------------------------------------------------------------------------- main-board spaces


def _space_rules(item: Mapping[str, Any]) -> tuple[Path, str] | None:
    if ("action" in item) == ("gains" in item):
        return ("gains",), "a space either yields something or has an action, not both or neither"
    if item.get("unlimited") and item.get("action") != "build":
        return ("unlimited",), "only the build space takes any number of workers"
    return None


SPACE_SCHEMA = ContentSchema(
    items=SPACES,
    label="space",
    min_items=10,
    rules=(_space_rules,),
    unique=("id",),
    item=Record(
        {
            "id": Text(pattern=r"[a-z]+[0-9]?", example="mine2", noun="a space id"),
            "area": Text(choices=AREAS),
            "needs": ListOf(ListOf(Text(choices=NEED_KINDS), 1, 2), 1, 2),
            "gains": ListOf(_YIELD, 1, 2),
            "cost": _COST,
            "others": _YIELD,
            "corruption": Boolean(),
            "action": Text(choices=ACTIONS),
            "unlimited": Boolean(),
        },
        optional=frozenset({"gains", "cost", "others", "corruption", "action", "unlimited"}),
    ),
)


@dataclass(frozen=True)
class Space:
    id: str
    area: str
    needs: tuple[tuple[str, ...], ...]
    """Alternatives ("/" on the board); each is the kinds of the workers placed together."""
    gains: tuple[Mapping[str, int], ...]
    cost: Mapping[str, int]
    others: Mapping[str, int]
    """What every other player receives (the round-arrow group yield)."""
    corruption: bool
    action: str | None
    unlimited: bool


def _build_spaces(content: Content) -> tuple[Space, ...]:
    return tuple(
        Space(
            id=item["id"],
            area=item["area"],
            needs=tuple(tuple(alternative) for alternative in item["needs"]),
            gains=tuple(item.get("gains", ())),
            cost=_cost(item),
            others=item.get("others", MappingProxyType({})),
            corruption=item.get("corruption", False),
            action=item.get("action"),
            unlimited=item.get("unlimited", False),
        )
        for item in content.items
    )


# --------------------------------------------------------------------------- market


SLOT_SCHEMA = ContentSchema(
    items="slots",
    label="slot",
    id_format="slot{}",
    min_items=MARKET_SLOTS,
    max_items=MARKET_SLOTS,
    item=Record(
        {
            "id": Text(pattern=r"slot[1-7]", example="slot3", noun="a slot id"),
            "price": Integer(1, 30),
            "engineer_free": Boolean(),
            "corruption": Boolean(),
            "takes_corruption": Boolean(),
        },
        optional=frozenset({"engineer_free", "corruption", "takes_corruption"}),
    ),
)


@dataclass(frozen=True)
class Slot:
    price: int
    engineer_free: bool
    corruption: bool
    """Building from this slot puts $1 on the corruption pile."""
    takes_corruption: bool
    """Building from this slot takes the whole pile (it cannot pay for that building)."""


def _build_market(content: Content) -> tuple[Slot, ...]:
    prices = [item["price"] for item in content.items]
    if prices != sorted(prices):
        raise ManhattanContentError(content.file, "slot prices must rise from left to right")
    return tuple(
        Slot(
            item["price"],
            item.get("engineer_free", False),
            item.get("corruption", False),
            item.get("takes_corruption", False),
        )
        for item in content.items
    )


# --------------------------------------------------------------------------- libraries

BUILDING_LIBRARY: ContentLibrary[Mapping[str, Building]] = ContentLibrary(
    PACKAGE, BUILDINGS, BUILDING_SCHEMA, _build_buildings, ManhattanContentError
)
BOMB_LIBRARY: ContentLibrary[Mapping[str, Bomb]] = ContentLibrary(
    PACKAGE, BOMBS, BOMB_SCHEMA, _build_bombs, ManhattanContentError
)
SPACE_LIBRARY: ContentLibrary[tuple[Space, ...]] = ContentLibrary(
    PACKAGE, SPACES, SPACE_SCHEMA, _build_spaces, ManhattanContentError
)
MARKET_LIBRARY: ContentLibrary[tuple[Slot, ...]] = ContentLibrary(
    PACKAGE, MARKET, SLOT_SCHEMA, _build_market, ManhattanContentError
)
LIBRARIES: Mapping[str, ContentLibrary[Any]] = MappingProxyType(
    {BUILDINGS: BUILDING_LIBRARY, BOMBS: BOMB_LIBRARY, SPACES: SPACE_LIBRARY, MARKET: MARKET_LIBRARY}
)


def newest() -> dict[str, int]:
    return {name: library.latest for name, library in LIBRARIES.items()}


def pin(given: Mapping[str, int] | None) -> dict[str, int]:
    """The versions a new game uses: ``given`` (a record's, a replay's) or the newest of each."""
    if given is None:
        return newest()
    if set(given) != set(FILES):
        wanted, got = ", ".join(FILES), ", ".join(sorted(given))
        raise ManhattanContentError("engine/manhattan/data", f"content is {wanted}, not {got}")
    for name, version in given.items():
        LIBRARIES[name].get(version)
    return {name: given[name] for name in FILES}


def buildings(version: int | None = None) -> Mapping[str, Building]:
    return BUILDING_LIBRARY.get(version)


def bombs(version: int | None = None) -> Mapping[str, Bomb]:
    return BOMB_LIBRARY.get(version)


def spaces(version: int | None = None) -> tuple[Space, ...]:
    return SPACE_LIBRARY.get(version)


def market(version: int | None = None) -> tuple[Slot, ...]:
    return MARKET_LIBRARY.get(version)


def buildings_of(state: State) -> Mapping[str, Building]:
    return BUILDING_LIBRARY.get(state["content"][BUILDINGS])


def bombs_of(state: State) -> Mapping[str, Bomb]:
    return BOMB_LIBRARY.get(state["content"][BOMBS])


def spaces_of(state: State) -> tuple[Space, ...]:
    return SPACE_LIBRARY.get(state["content"][SPACES])


def space_of(state: State, space_id: str) -> Space | None:
    return next((space for space in spaces_of(state) if space.id == space_id), None)


def market_of(state: State) -> tuple[Slot, ...]:
    return MARKET_LIBRARY.get(state["content"][MARKET])
