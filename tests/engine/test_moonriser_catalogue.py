"""Moonriser's tile catalogue (engine/moonriser/data/tiles.v1.json): the box as the rulebooks
describe it, every relationship able to form, prices that match what a tile gives, every design
placeable on a real board, and a broken file refused with a sentence naming the tile and field.

The designs are the project's reconstruction (docs/rules/moonriser-tiles.md); these tests pin
the properties the rules and the balance rely on, not the individual numbers.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng
from engine.moonriser import content
from engine.moonriser.board import Board, board, random_layout
from engine.moonriser.content import RELATIONS, TILE_LIBRARY, TOKENS, MoonriserContentError, Tile
from engine.moonriser.hexes import Hex, neighbour, rotated

FILE = Path(content.__file__).parent / "data" / "tiles.v1.json"
TILES = content.tiles(1)
DESIGNS: tuple[Tile, ...] = tuple(TILES[i] for i in TILES.ids)
SPECIAL = ("extra_action", "planning_discount", "swap", "trade_advantage")
WEIGHT = {"extra_action": 2.0, "planning_discount": 1.5, "swap": 1.0, "trade_advantage": 1.0}
"""What a special bonus is worth in tokens, for the balance rule (docs/rules/moonriser-tiles.md)."""


def copies(predicate: Callable[[Tile], bool]) -> int:
    """Physical tiles in the box whose design satisfies ``predicate``."""
    return sum(t.count for t in DESIGNS if predicate(t))


def halves(kind: str, half: str) -> int:
    """Symbols of ``kind``/``half`` printed on all the tiles of the box."""
    return sum(t.count for t in DESIGNS for e in t.edges if (e.kind, e.half) == (kind, half))


def other(half: str) -> str:
    return "b" if half == "a" else "a"


# --------------------------------------------------------------------------- the box


def test_the_box_holds_121_tiles_four_main_bases_then_basic_and_advanced() -> None:
    assert copies(lambda t: True) == 121
    bases = TILES.of_kind("base")
    assert sorted(t.number for t in bases) == [1, 2, 3, 4]
    for base in bases:
        assert (base.id, base.count, base.value) == (f"M{base.number}", 1, 0)
        assert not any(base.price.values()) and not base.empty
        produced = {b.colour: b.amount for b in base.bonuses if b.effect == "produce" and b.condition is None}
        assert produced == {"blue": 1, "green": 1}, "the upgrade costs 1+1, 2+2, … imply +1 blue +1 green"
    assert len(TILES.box("basic")) == 69
    assert len(TILES.box("advanced")) == 48


def test_ids_are_unique_and_run_in_order_by_kind() -> None:
    raw = [item["id"] for item in json.loads(FILE.read_text(encoding="utf-8"))["tiles"]]
    assert len(raw) == len(set(raw))
    for kind, letter in (("basic", "B"), ("advanced", "A")):
        ids = [t.id for t in TILES.of_kind(kind)]
        assert ids == [f"{letter}{n:02d}" for n in range(1, len(ids) + 1)]


def test_names_are_given_in_both_languages_and_unique_in_each() -> None:
    for language in ("en", "cs"):
        names = [t.name[language].strip() for t in DESIGNS]
        assert all(names), f"a tile has no {language} name"
        repeated = [n for n, k in Counter(names).items() if k > 1]
        assert not repeated, f"two designs share the {language} name {repeated}"


def test_the_rulebooks_example_tiles_are_as_the_books_describe_them() -> None:
    harvester, plant, lab = TILES["B01"], TILES["A01"], TILES["A02"]
    assert harvester.name == {"en": "He3 harvester", "cs": "He3 harvester"}
    assert dict(harvester.price) == {"blue": 0, "red": 0, "green": 1}  # "John has to pay one green token"
    assert [(e.kind, e.half) for e in harvester.edges] == [("radiation", "a")] * 2  # "two symbols"
    assert harvester.empty, "He3 harvester needs space for harvesting"
    assert plant.kind == "advanced" and len(plant.edges) == 3  # "Fusion power plant has three symbols"
    assert lab.kind == "advanced" and [(e.kind, e.half) for e in lab.edges] == [("energy", "a")] * 2
    assert [(b.effect, b.colour, b.condition, b.then) for b in lab.bonuses] == [
        ("produce", "blue", None, None),
        ("produce", "green", "energy", "radiation"),
    ]


def test_values_and_prices_are_in_range_for_their_kind() -> None:
    ranges = {"basic": (1, 3), "advanced": (3, 6)}
    for tile in DESIGNS:
        if tile.is_base:
            continue
        low, high = ranges[tile.kind]
        assert low <= tile.value <= high, f"{tile.id} is worth {tile.value}"
        assert low <= sum(tile.price.values()) <= high, f"{tile.id} costs {dict(tile.price)}"


def test_a_price_roughly_matches_the_value_and_what_the_tile_gives() -> None:
    """Price in tokens ≈ value + production per turn (half for a conditional one, which needs a
    partner) + the worth of a special bonus, within 1.5: no tile is a bargain or a dud."""
    for tile in DESIGNS:
        if tile.is_base:
            continue
        worth = float(tile.value)
        for bonus in tile.bonuses:
            if bonus.effect == "produce":
                worth += bonus.amount * (0.5 if bonus.condition else 1.0)
            else:
                worth += WEIGHT[bonus.effect]
        assert abs(sum(tile.price.values()) - worth) <= 1.5, (
            f"{tile.id}: price {dict(tile.price)}, worth {worth}"
        )


def test_the_starting_tokens_and_the_main_base_can_pay_for_most_basic_tiles() -> None:
    """A seat starts with 3 green + 1 blue and its Main base makes 1 blue + 1 green a turn, so
    most Basic tiles must cost green alone, at most 2; red, which only tiles make, is never
    needed for the cheapest ones; and every colour has a Basic tile making it without a partner."""
    cheap = copies(
        lambda t: t.kind == "basic" and t.price["green"] <= 2 and sum(t.price.values()) == t.price["green"]
    )
    assert cheap * 3 >= len(TILES.box("basic")) * 2
    assert copies(lambda t: t.kind == "basic" and dict(t.price) == {"blue": 0, "red": 0, "green": 1}) >= 15
    for colour in TOKENS:
        makers = [
            t.id
            for t in TILES.of_kind("basic")
            if any(b.effect == "produce" and b.colour == colour and b.condition is None for b in t.bonuses)
        ]
        assert makers, f"no Basic tile produces {colour} on its own"
    assert (
        copies(lambda t: t.kind == "basic" and t.price["red"] > 0) < copies(lambda t: t.kind == "basic") / 4
    )


# --------------------------------------------------------------------------- relationships and neighbourhoods


@pytest.mark.parametrize("kind", RELATIONS)
def test_every_relationship_has_both_halves_in_sensible_numbers(kind: str) -> None:
    a, b = halves(kind, "a"), halves(kind, "b")
    assert a >= 8 and b >= 8, f"{kind}: {a} half a and {b} half b in the box"
    assert max(a, b) <= 2 * min(a, b), f"{kind}: {a} half a against {b} half b"


def test_each_colour_sits_in_corners_of_enough_tiles_for_neighbourhoods_to_form() -> None:
    for colour in TOKENS:
        tiles = copies(lambda t, colour=colour: colour in t.corners.values())
        assert tiles >= 30, f"only {tiles} tiles have a {colour} corner"
    assert copies(lambda t: bool(t.corners)) * 3 >= 121 * 2


def test_every_condition_names_a_relationship_of_its_tile_that_can_form() -> None:
    for tile in DESIGNS:
        for bonus in tile.bonuses:
            if bonus.condition is None:
                continue
            own = [e.half for e in tile.edges if e.kind == bonus.condition]
            assert own, f"{tile.id}'s condition names {bonus.condition}, which it does not carry"
            assert any(halves(bonus.condition, other(h)) for h in own), f"{tile.id}: no partner in the box"


def test_a_complex_condition_has_partners_that_also_form_its_second_relationship() -> None:
    complex_ones = 0
    for tile in DESIGNS:
        for bonus in tile.bonuses:
            if bonus.then is None:
                continue
            complex_ones += tile.count
            partner_halves = {other(e.half) for e in tile.edges if e.kind == bonus.condition}
            partners = [
                t.id
                for t in DESIGNS
                if any(e.kind == bonus.condition and e.half in partner_halves for e in t.edges)
                and any(e.kind == bonus.then and halves(bonus.then, other(e.half)) for e in t.edges)
            ]
            assert partners, f"{tile.id}: no {bonus.condition} partner can also form {bonus.then}"
            assert all(TILES[p].kind != "base" for p in partners)
    assert 4 <= complex_ones <= 12, "complex conditions are rare, as on the Energy lab"


def test_the_special_bonuses_appear_a_few_times_mostly_on_advanced_tiles() -> None:
    for effect in SPECIAL:
        basic = copies(lambda t, e=effect: t.kind == "basic" and any(b.effect == e for b in t.bonuses))
        advanced = copies(lambda t, e=effect: t.kind == "advanced" and any(b.effect == e for b in t.bonuses))
        assert 3 <= basic + advanced <= 10, f"{effect} is on {basic + advanced} tiles"
        assert advanced >= basic, f"{effect} is mostly a Basic bonus"
    swaps = {b.colour for t in DESIGNS for b in t.bonuses if b.effect == "swap"}
    assert swaps == set(TOKENS), "the 1:2 trade exists for every colour"
    assert any(t.empty for t in TILES.of_kind("advanced")) and any(t.empty for t in TILES.of_kind("basic"))


# --------------------------------------------------------------------------- placement on a real board


def fits(tile: Tile, field: Hex, rotation: int, where: Board) -> bool:
    """Could ``tile`` lie on ``field`` of an empty board turned by ``rotation``? Every Empty-space
    edge must point at a board field; a Main base only goes on a field without a symbol."""
    if field not in where or (tile.is_base and field in where.symbols):
        return False
    return all(neighbour(field, rotated(edge, rotation)) in where for edge in tile.empty)


def fresh_boards() -> Iterator[Board]:
    """Two-player boards (4 pieces): the presets and a few random ones, as setup makes them."""
    pieces = content.pieces(1)
    for name in ("compact-2", "wide-2"):
        yield board([[p, rot, list(at)] for p, rot, at in content.layouts(1)[name]], pieces)
    for seed in range(6):
        yield board([[p, rot, list(at)] for p, rot, at in random_layout(4, pieces, Rng(seed))], pieces)


@pytest.mark.parametrize("tile_id", TILES.ids)
def test_every_design_can_be_placed_on_a_fresh_two_player_board(tile_id: str) -> None:
    tile = TILES[tile_id]
    for where in fresh_boards():
        spots = [(f, r) for f in where.order for r in range(6) if fits(tile, f, r, where)]
        assert spots, f"{tile_id} fits nowhere on the board {where.layout}"
        if tile.empty:  # the check has teeth: at the board's rim some turns are refused
            assert len(spots) < 6 * len(where.order)


# --------------------------------------------------------------------------- broken files


def broken(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> str:
    """The message loading a copy of the catalogue with ``change`` applied gives."""
    document = json.loads(FILE.read_text(encoding="utf-8"))
    change({t["id"]: t for t in document["tiles"]})
    (tmp_path / "tiles.v1.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    with TILE_LIBRARY.reading(tmp_path), pytest.raises(MoonriserContentError) as caught:
        content.tiles(1)
    return str(caught.value)


def test_a_tile_whose_empty_space_points_at_a_relationship_symbol_is_refused(tmp_path: Path) -> None:
    def change(tiles: dict[str, Any]) -> None:
        tiles["B01"]["empty"] = [0]

    assert broken(tmp_path, change) == (
        f"{tmp_path}/tiles.v1.json, tile B01, field empty: "
        "points at an edge that carries a Bonus-relationship symbol"
    )


def test_a_main_base_with_a_value_is_refused(tmp_path: Path) -> None:
    def change(tiles: dict[str, Any]) -> None:
        tiles["M3"]["value"] = 2

    assert broken(tmp_path, change).startswith(f"{tmp_path}/tiles.v1.json, tile M3, field value: must be 0")


def test_a_relationship_half_without_its_partner_anywhere_is_refused(tmp_path: Path) -> None:
    def change(tiles: dict[str, Any]) -> None:
        for tile in tiles.values():
            for edge in tile.get("edges", []):
                if edge["kind"] == "robotics":
                    edge["half"] = "b"

    assert broken(tmp_path, change) == (
        f"{tmp_path}/tiles.v1.json, tile B13, field edges[1]: "
        "carries half b of robotics, but no tile carries half a: it never forms"
    )


def test_a_complex_condition_no_partner_can_meet_is_refused(tmp_path: Path) -> None:
    def change(tiles: dict[str, Any]) -> None:
        tiles["A05"]["bonuses"][1]["condition"]["then"] = "energy"

    assert broken(tmp_path, change) == (
        f"{tmp_path}/tiles.v1.json, tile A05, field bonuses[2].condition: "
        "needs a samples partner that also carries energy; no tile does"
    )


def test_two_main_bases_with_one_number_are_refused(tmp_path: Path) -> None:
    def change(tiles: dict[str, Any]) -> None:
        tiles["M2"]["number"] = 1

    assert broken(tmp_path, change) == (
        f"{tmp_path}/tiles.v1.json, tile M2, field number: is the same as on Main base M1"
    )
