"""Moonriser's content as data: tiles, board pieces and preset boards, by version.

The rulebooks' pictures are missing, so every file is the project's reconstruction (marked
``reconstructed``; the rules decisions behind them are in ``docs/rules/moonriser.md``). A game
pins the versions it was set up with in ``state["content"]`` and reads its tiles through
``tiles_of(state)``, so a corrected file shipped later changes new games only.

Tiles are *designs* with a ``count`` (the box holds several He3 harvesters); piles, hands and
the board hold design ids, because two copies of a design are interchangeable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core import State
from engine.core.data import Content, ContentError, ContentLibrary
from engine.core.schema import ContentSchema, Integer, ListOf, Path, Record, Text, field_name

PACKAGE = "engine.moonriser"
TILES, PIECES, LAYOUTS = "tiles", "pieces", "layouts"
FILES: tuple[str, ...] = (TILES, PIECES, LAYOUTS)

TOKENS: tuple[str, ...] = ("blue", "red", "green")
"""The token colours a tile costs and produces (yellow tokens are victory points, bought by trade)."""
KINDS: tuple[str, ...] = ("base", "basic", "advanced")
HALVES: tuple[str, ...] = ("a", "b")
"""The two halves of a Bonus relationship (the book's black and white symbol); ``a`` meets ``b``."""
RELATIONS: tuple[str, ...] = ("radiation", "energy", "robotics", "samples", "ore", "water")
"""Kinds of Bonus relationship. The book names He3 harvester–Fusion power plant (radiation),
Energy lab–Fusion power plant (energy), Robot factory–probes (robotics), probes–Scientific centre
(samples) and mines–Metal refinery (ore); ``water`` (Water refinery–Metal refinery) is the
project's own: the book's example of that pair is a Productive neighbourhood."""
EFFECTS: tuple[str, ...] = ("produce", "extra_action", "planning_discount", "swap", "trade_advantage")
SYMBOLS: tuple[str, ...] = ("green_minus", "green_plus", "vp", "action", "blue_plus", "red_plus")
"""Board symbols: −1 green, +1 green, +1 VP, one extra development action this turn, +1 blue, +1 red."""
MAX_VALUE = 6
MAX_PRICE = 6


class MoonriserContentError(ContentError):
    """A Moonriser content file breaks its schema; the message names the file, item and field."""


# --------------------------------------------------------------------------- tiles

_SIDE = Integer(0, 5)
_CONDITION = Record(
    {"kind": Text(choices=RELATIONS), "then": Text(choices=RELATIONS)}, optional=frozenset({"then"})
)
_BONUS = Record(
    {
        "effect": Text(choices=EFFECTS),
        "colour": Text(choices=TOKENS),
        "amount": Integer(1, 4),
        "condition": _CONDITION,
    },
    optional=frozenset({"colour", "amount", "condition"}),
)


def _tile_rules(item: Mapping[str, Any]) -> tuple[Path, str] | None:
    """Checks across one tile's fields that the schema's nodes cannot state."""
    kind = item["kind"]
    if (kind == "base") != ("number" in item):
        return ("number",), "belongs to Main bases (kind base) and to them only"
    if kind == "base" and item["value"] != 0:
        return ("value",), "must be 0 for a Main base (the book: every tile except the Main base has a value)"
    if kind != "base" and item["value"] < 1:
        return ("value",), "must be from 1 to 6"
    if kind != "base" and not any(item["price"].values()):
        return ("price",), "must cost at least one token"
    edges = [e["edge"] for e in item.get("edges", ())]
    if len(set(edges)) != len(edges):
        return ("edges",), "puts two symbols on one edge"
    corners = [c["corner"] for c in item.get("corners", ())]
    if len(set(corners)) != len(corners):
        return ("corners",), "puts two colours in one corner"
    if set(edges) & set(item.get("empty", ())):
        return ("empty",), "points at an edge that carries a Bonus-relationship symbol"
    own = {e["kind"] for e in item.get("edges", ())}
    for index, bonus in enumerate(item.get("bonuses", ())):
        effect = bonus["effect"]
        needs_colour = effect in ("produce", "swap", "trade_advantage")
        if needs_colour != ("colour" in bonus):
            return ("bonuses", index, "colour"), f"is {'needed' if needs_colour else 'not used'} by {effect}"
        if (effect == "produce") != ("amount" in bonus):
            return ("bonuses", index, "amount"), "belongs to produce and to it only"
        if "condition" in bonus and effect != "produce":
            return ("bonuses", index, "condition"), "only a production has a condition"
        if "condition" in bonus and bonus["condition"]["kind"] not in own:
            return ("bonuses", index, "condition"), "names a relationship the tile has no symbol of"
    return None


TILE_SCHEMA = ContentSchema(
    items=TILES,
    label="tile",
    min_items=4,
    rules=(_tile_rules,),
    item=Record(
        {
            "id": Text(pattern=r"M[1-4]|B\d{2}|A\d{2}", example="B07", noun="a tile id"),
            "kind": Text(choices=KINDS),
            "count": Integer(1, 12),
            "number": Integer(1, 4),
            "name": Record({"en": Text(), "cs": Text()}),
            "value": Integer(0, MAX_VALUE),
            "price": Record({c: Integer(0, MAX_PRICE) for c in TOKENS}, optional=frozenset(TOKENS)),
            "edges": ListOf(
                Record({"edge": _SIDE, "kind": Text(choices=RELATIONS), "half": Text(choices=HALVES)}), 0, 6
            ),
            "corners": ListOf(Record({"corner": _SIDE, "colour": Text(choices=TOKENS)}), 0, 6),
            "empty": ListOf(_SIDE, 0, 3, unique=True),
            "bonuses": ListOf(_BONUS, 0, 3),
        },
        optional=frozenset({"number", "edges", "corners", "empty", "bonuses"}),
    ),
)


@dataclass(frozen=True)
class Edge:
    edge: int
    kind: str
    half: str


@dataclass(frozen=True)
class Bonus:
    effect: str
    colour: str | None = None
    amount: int = 0
    condition: str | None = None
    """The relationship kind this tile must form (simple condition)."""
    then: str | None = None
    """Complex condition: the partner must also form this relationship with another tile."""


@dataclass(frozen=True)
class Tile:
    """One tile design, drawn in rotation 0 (see ``engine.moonriser.hexes``)."""

    id: str
    kind: str
    count: int
    name: Mapping[str, str]
    value: int
    price: Mapping[str, int]
    edges: tuple[Edge, ...]
    corners: Mapping[int, str]
    empty: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    number: int = 0
    """A Main base's number (1–4), which sets the placing and playing order."""

    @property
    def is_base(self) -> bool:
        return self.kind == "base"


def _tile(item: Mapping[str, Any]) -> Tile:
    bonuses = tuple(
        Bonus(
            b["effect"],
            b.get("colour"),
            b.get("amount", 0),
            b["condition"]["kind"] if "condition" in b else None,
            b["condition"].get("then") if "condition" in b else None,
        )
        for b in item.get("bonuses", ())
    )
    return Tile(
        id=item["id"],
        kind=item["kind"],
        count=item["count"],
        name=item["name"],
        value=item["value"],
        price=MappingProxyType({c: item["price"].get(c, 0) for c in TOKENS}),
        edges=tuple(Edge(e["edge"], e["kind"], e["half"]) for e in item.get("edges", ())),
        corners=MappingProxyType({c["corner"]: c["colour"] for c in item.get("corners", ())}),
        empty=tuple(item.get("empty", ())),
        bonuses=bonuses,
        number=item.get("number", 0),
    )


@dataclass(frozen=True)
class TileSet:
    """One version of the tiles, with the look-ups the rules make on every move."""

    version: int
    tiles: Mapping[str, Tile]
    ids: tuple[str, ...]

    def __getitem__(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    def of_kind(self, kind: str) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles.values() if t.kind == kind)

    def box(self, kind: str) -> list[str]:
        """Every physical tile of ``kind``, as design ids (a design once per copy), in id order."""
        return [t.id for t in self.of_kind(kind) for _ in range(t.count)]


def _deck_problem(items: tuple[Mapping[str, Any], ...]) -> tuple[str, Path, str] | None:
    """Checks across the whole file that no single tile can show: a Bonus-relationship half
    whose partner half no tile carries could never form, nor a condition on it ever be met;
    a complex condition needs a partner that can also form its ``then`` relationship; and each
    Main base number is dealt once."""
    halves = {(e["kind"], e["half"]) for item in items for e in item.get("edges", ())}
    other = {"a": "b", "b": "a"}
    numbers: dict[int, str] = {}
    for item in items:
        if "number" in item:
            if item["number"] in numbers:
                return item["id"], ("number",), f"is the same as on Main base {numbers[item['number']]}"
            numbers[item["number"]] = item["id"]
        for index, edge in enumerate(item.get("edges", ())):
            kind, half = edge["kind"], edge["half"]
            if (kind, other[half]) not in halves:
                problem = (
                    f"carries half {half} of {kind}, but no tile carries half {other[half]}: it never forms"
                )
                return item["id"], ("edges", index), problem
        for index, bonus in enumerate(item.get("bonuses", ())):
            condition = bonus.get("condition")
            if condition is None or "then" not in condition:
                continue
            kind = condition["kind"]
            partners = {other[e["half"]] for e in item.get("edges", ()) if e["kind"] == kind}
            if not any(
                any(e["kind"] == kind and e["half"] in partners for e in tile.get("edges", ()))
                and any(e["kind"] == condition["then"] for e in tile.get("edges", ()))
                for tile in items
            ):
                problem = f"needs a {kind} partner that also carries {condition['then']}; no tile does"
                return item["id"], ("bonuses", index, "condition"), problem
    return None


def _build_tiles(content: Content) -> TileSet:
    found = _deck_problem(content.items)
    if found is not None:
        tile_id, path, problem = found
        raise MoonriserContentError(content.file, problem, item=f"tile {tile_id}", field=field_name(path))
    tiles = tuple(_tile(item) for item in content.items)
    return TileSet(content.version, MappingProxyType({t.id: t for t in tiles}), tuple(t.id for t in tiles))


# --------------------------------------------------------------------------- pieces and layouts

_AXIAL = ListOf(Integer(-20, 20), 2, 2)
PIECE_SCHEMA = ContentSchema(
    items=PIECES,
    label="piece",
    id_format="P{}",
    min_items=6,
    max_items=6,
    item=Record(
        {
            "id": Text(pattern=r"P[1-6]", example="P3", noun="a piece id"),
            "fields": ListOf(
                Record({"at": _AXIAL, "symbol": Text(choices=SYMBOLS)}, optional=frozenset({"symbol"})),
                4,
                30,
            ),
        }
    ),
)


@dataclass(frozen=True)
class Piece:
    """One board piece in its own coordinates: its fields and the symbol printed on some."""

    id: str
    fields: tuple[tuple[int, int], ...]
    symbols: Mapping[tuple[int, int], str]


def _build_pieces(content: Content) -> Mapping[str, Piece]:
    pieces = {}
    for item in content.items:
        fields = tuple((f["at"][0], f["at"][1]) for f in item["fields"])
        symbols = {(f["at"][0], f["at"][1]): f["symbol"] for f in item["fields"] if "symbol" in f}
        pieces[item["id"]] = Piece(item["id"], fields, MappingProxyType(symbols))
    return MappingProxyType(pieces)


LAYOUT_SCHEMA = ContentSchema(
    items=LAYOUTS,
    label="layout",
    min_items=1,
    item=Record(
        {
            "id": Text(pattern=r"[a-z]+-[2-4]", example="compact-3", noun="a layout id (name-players)"),
            "pieces": ListOf(
                Record({"piece": Text(pattern=r"P[1-6]"), "rotation": Integer(0, 5), "at": _AXIAL}), 4, 6
            ),
        }
    ),
)


def _build_layouts(content: Content) -> Mapping[str, tuple[tuple[str, int, tuple[int, int]], ...]]:
    return MappingProxyType(
        {
            item["id"]: tuple((p["piece"], p["rotation"], (p["at"][0], p["at"][1])) for p in item["pieces"])
            for item in content.items
        }
    )


TILE_LIBRARY: ContentLibrary[TileSet] = ContentLibrary(
    PACKAGE, TILES, TILE_SCHEMA, _build_tiles, MoonriserContentError
)
PIECE_LIBRARY: ContentLibrary[Mapping[str, Piece]] = ContentLibrary(
    PACKAGE, PIECES, PIECE_SCHEMA, _build_pieces, MoonriserContentError
)
LAYOUT_LIBRARY: ContentLibrary[Mapping[str, Any]] = ContentLibrary(
    PACKAGE, LAYOUTS, LAYOUT_SCHEMA, _build_layouts, MoonriserContentError
)
LIBRARIES: Mapping[str, ContentLibrary[Any]] = MappingProxyType(
    {TILES: TILE_LIBRARY, PIECES: PIECE_LIBRARY, LAYOUTS: LAYOUT_LIBRARY}
)


RULES = "rules"
"""The edition of the rules' reading, kept with the content versions (see ``rules_of``)."""
RULES_FIRST, RULES_NEWEST = 1, 2
"""Edition 1: as played until issue 27. Edition 2: the bases go down before the 5 tiles are
dealt; remote placement counts only fields of the board; the last trades buy VP only."""


def newest() -> dict[str, int]:
    return {**{name: library.latest for name, library in LIBRARIES.items()}, RULES: RULES_NEWEST}


def pin(given: Mapping[str, int] | None) -> dict[str, int]:
    """The versions a new game uses: ``given`` (a record's, a replay's) or the newest of each.

    ``given`` without ``rules`` is a game stored before rule editions: it keeps edition 1 (left
    out, so its state replays to exactly what was stored). Raises ``MoonriserContentError`` for
    an unknown file or a version not shipped."""
    if given is None:
        return newest()
    files = {name: version for name, version in given.items() if name != RULES}
    if set(files) != set(FILES):
        wanted, got = ", ".join(FILES), ", ".join(sorted(files))
        raise MoonriserContentError("engine/moonriser/data", f"content is {wanted}, not {got}")
    for name, version in files.items():
        LIBRARIES[name].get(version)
    pinned = {name: files[name] for name in FILES}
    if RULES in given:
        if not RULES_FIRST <= given[RULES] <= RULES_NEWEST:
            problem = f"rules edition {given[RULES]} is not shipped (1 to {RULES_NEWEST})"
            raise MoonriserContentError("engine/moonriser/data", problem)
        pinned[RULES] = given[RULES]
    return pinned


def rules_of(state: State) -> int:
    """The rules edition a game plays (1 for games stored before editions existed)."""
    return int(state["content"].get(RULES, RULES_FIRST))


def tiles_of(state: State) -> TileSet:
    return TILE_LIBRARY.get(state["content"][TILES])


def pieces_of(state: State) -> Mapping[str, Piece]:
    return PIECE_LIBRARY.get(state["content"][PIECES])


def tiles(version: int | None = None) -> TileSet:
    return TILE_LIBRARY.get(version)


def pieces(version: int | None = None) -> Mapping[str, Piece]:
    return PIECE_LIBRARY.get(version)


def layouts(version: int | None = None) -> Mapping[str, Any]:
    return LAYOUT_LIBRARY.get(version)
