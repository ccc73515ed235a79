"""Moonriser tiles v2 (issue #27): Productive neighbourhoods a player can plan for.

Version 2 keeps every v1 design and redraws the corners (one theme colour in three adjacent
corners per tile) and gives the advanced Fusion power plant its Empty space; new games play it,
stored games keep v1. A few seeded 4-player games of normal bots form at least 3 neighbourhoods
a game on average (``python -m bench.moonriser_neighbourhoods`` plays 50), and the bot turns a
tile so its colour meets its own tile's with the third field still free.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from statistics import mean

import pytest

from bench.moonriser_neighbourhoods import TARGET, main, measure
from engine.moonriser.bot import bot_move
from engine.moonriser.bot_value import OPEN_CORNER, potential
from engine.moonriser.content import TILE_LIBRARY, newest, tiles
from engine.moonriser.game import GAME
from engine.moonriser.hexes import corner_fields, neighbour
from engine.moonriser.placement import Context
from engine.moonriser.relations import turned
from tests.engine.moonriser_support import V1, hex_of, label, position
from tests.engine.test_moonriser_catalogue import fits, fresh_boards

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "moonriser_tiles_v2.py"
KEPT = ("kind", "count", "number", "name", "value", "price", "edges", "bonuses")


def test_new_games_play_v2_and_a_game_set_up_with_v1_keeps_v1() -> None:
    assert newest()["tiles"] == 2
    assert GAME.new(4, {}, 3)["content"]["tiles"] == 2
    old = GAME.new(4, {}, 3, V1)
    assert old["content"]["tiles"] == 1
    assert tiles(1)["A01"].empty == () and tiles(1)["B03"].corners == {2: "green", 3: "green"}


def test_v2_keeps_the_box_and_every_v1_design_but_corners_and_the_fusion_plants_empty_space() -> None:
    one, two = TILE_LIBRARY.content(1), TILE_LIBRARY.content(2)
    assert two.ids == one.ids and two.reconstructed
    boxed = {kind: sum(t.count for t in tiles(2).of_kind(kind)) for kind in ("base", "basic", "advanced")}
    assert boxed == {"base": 4, "basic": 69, "advanced": 48}
    for old, new in zip(one.items, two.items, strict=True):
        assert {k: old.get(k) for k in KEPT} == {k: new.get(k) for k in KEPT}, old["id"]
        if old["id"] != "A01":
            assert old.get("empty") == new.get("empty"), old["id"]


def test_every_v2_tile_but_the_bases_shows_one_colour_in_three_adjacent_corners() -> None:
    for tile in tiles(2).tiles.values():
        if tile.is_base:
            assert not tile.corners
            continue
        assert len(set(tile.corners.values())) == 1, tile.id
        assert len(tile.corners) == 3, tile.id
        assert any({c, (c + 1) % 6, (c + 2) % 6} == set(tile.corners) for c in range(6)), tile.id


def test_the_advanced_fusion_power_plant_needs_an_empty_space_in_v2() -> None:
    """„pokročilá fúzní elektrárna zabere více místa než běžné budovy" (the Czech rulebook)."""
    plant = tiles(2)["A01"]
    assert plant.name["en"] == "Fusion power plant" and plant.kind == "advanced"
    assert len(plant.empty) == 1
    assert not set(plant.empty) & {e.edge for e in plant.edges}
    for where in fresh_boards():
        spots = [(f, r) for f in where.order for r in range(6) if fits(plant, f, r, where)]
        assert spots and len(spots) < 6 * len(where.order), where.layout


def test_the_shipped_v2_file_is_what_the_committed_script_writes() -> None:
    spec = importlib.util.spec_from_file_location("moonriser_tiles_v2", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shipped = (ROOT / "engine" / "moonriser" / "data" / "tiles.v2.json").read_text(encoding="utf-8")
    assert script.text(script.document()) == shipped


def test_four_player_games_of_normal_bots_form_at_least_3_neighbourhoods_a_game_with_v2() -> None:
    """Four seeded games per version (the bench plays 50); v1's corners give half as many or fewer."""
    two, one = measure(2, 4), measure(1, 4)
    assert mean(f.hoods for f in two) >= TARGET
    assert all(f.hoods >= 1 for f in two)
    assert mean(f.hoods for f in two) >= 2 * mean(f.hoods for f in one)


def test_the_neighbourhoods_bench_prints_both_versions(capsys: pytest.CaptureFixture[str]) -> None:
    """Run as the README says (``python -m bench.moonriser_neighbourhoods``), with one game each."""
    assert main(["--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "tiles v1: 1 games · neighbourhoods" in out and "tiles v2: 1 games · neighbourhoods" in out
    assert "relationships" in out and "target >= 3 a game: ok" in out


# --------------------------------------------------------------------------- the bot plans them

MINE = "D5"
EAST = label(neighbour(hex_of(MINE), 0))
"""The Warehouse (no symbols, v2: green corners 0–2) lies on ``MINE``, upgraded; ``EAST`` is beside it.
With green only, the bot can place another Warehouse beside its colony but upgrade nothing."""


def _warehouses() -> dict:
    state = position(
        tiles={"D4": ("M1", 0, 0), MINE: ("B19", 0, 0, True)},
        tokens=[{"green": 9}],
        hands=[["B19"]],
        supply=[],
    )
    state["content"] = {**state["content"], "tiles": 2}
    return state


def test_the_bot_values_a_corner_that_meets_its_own_tiles_colour_beside_a_free_field() -> None:
    state = _warehouses()
    ctx = Context(state, 0)
    warehouse, at = tiles(2)["B19"], hex_of(EAST)
    (_, _), (_, _), (third, _) = corner_fields(hex_of(MINE), 0)
    assert ctx.is_free(third)
    # Turned 0 its green corner 2 meets the Warehouse's green corner 0; turned 3 nothing meets.
    assert turned(warehouse, 0).corners.get(2) == "green" and 2 not in turned(warehouse, 3).corners
    assert potential(ctx, warehouse, at, 0, ()) - potential(ctx, warehouse, at, 3, ()) == OPEN_CORNER


def test_the_bot_turns_its_tile_so_a_neighbourhood_can_form() -> None:
    state = _warehouses()
    move = bot_move(state, 0, "normal")
    assert move.kind == "place"
    tile, field, rotation, _ = move.args
    ctx = Context(state, 0)
    shape = turned(tiles(2)[tile], int(rotation))
    at = hex_of(field)
    meets = [
        corner
        for corner, colour in shape.corners.items()
        for there, theirs in corner_fields(at, corner)[1:]
        if (one := ctx.tiles.get(there)) is not None and one.shape.corners.get(theirs) == colour
    ]
    assert meets, f"{move.notation} leaves no corner meeting the Warehouse's green"
