"""The Manhattan Project's content, every shipped version (1: the project's reconstruction, 2: the
published cards): the counts the rulebook gives, sensible ranges, the rulebook's worked examples,
and that every card can actually be used in a game. Version 2's card-by-card check against the
published numbers is in ``test_manhattan_published.py``."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from engine.manhattan import content
from engine.manhattan.content import (
    CONTRACTORS_PER_KIND,
    LIMITS,
    PERMANENT_PER_KIND,
    TARGETS,
    TESTS,
    ManhattanContentError,
)

VERSIONS = content.BUILDING_LIBRARY.versions()
WORKERS_OF_A_KIND = PERMANENT_PER_KIND + CONTRACTORS_PER_KIND
ALL_BUILDINGS = [b for v in VERSIONS for b in content.buildings(v).values()]
ALL_BOMBS = [b for v in VERSIONS for b in content.bombs(v).values()]
by_version = pytest.mark.parametrize("version", VERSIONS, ids=lambda v: f"v{v}")


def test_every_file_ships_the_same_versions() -> None:
    assert VERSIONS == (1, 2)
    for library in content.LIBRARIES.values():
        assert library.versions() == VERSIONS


@by_version
def test_fifty_buildings_ten_of_each_kind_six_start_buildings(version: int) -> None:
    BUILDINGS = content.buildings(version)
    assert len(BUILDINGS) == 50
    for kind in content.BUILDING_KINDS:
        assert sum(b.kind == kind for b in BUILDINGS.values()) == 10
    starts = [b for b in BUILDINGS.values() if b.start]
    assert len(starts) == 6
    # the start buildings fill the market's six left slots; they are the cheap, simple kinds
    assert {b.kind for b in starts} <= {"mine", "factory", "university"}


@by_version
def test_thirty_bombs_of_both_fuels_with_the_rulebooks_examples(version: int) -> None:
    BOMBS = content.bombs(version)
    assert len(BOMBS) == 30
    uranium = [b for b in BOMBS.values() if b.fuel == "uranium"]
    plutonium = [b for b in BOMBS.values() if b.fuel == "plutonium"]
    assert len(uranium) == len(plutonium) == 15
    # Yellow's uranium bomb: 2 scientists + 2 engineers, 5 enriched uranium, 24 points, loading $3
    assert any(
        b.workers == {"E": 2, "S": 2} and b.amount == 5 and b.value == 24 and b.load == 3 for b in uranium
    )
    # Green's plutonium bomb: 2 scientists + 3 engineers, 6 plutonium, 12 points, 24 after a test
    assert any(
        b.workers == {"E": 3, "S": 2} and b.amount == 6 and (b.value, b.tested) == (12, 24) for b in plutonium
    )


@pytest.mark.parametrize("bomb", ALL_BOMBS, ids=lambda b: b.id)
def test_every_bomb_can_be_built_and_scores(bomb: content.Bomb) -> None:
    assert 1 <= bomb.amount <= LIMITS[bomb.fuel_track]
    for kind, count in bomb.workers.items():
        assert count <= WORKERS_OF_A_KIND, f"{bomb.id} needs more {kind} than the game has"
    assert bomb.workers["S"] >= 1  # the smallest published bombs take one scientist alone
    assert 0 < bomb.value <= bomb.tested
    # a bomb is worth a real share of the shortest race, never the whole of it
    assert bomb.tested + content.LOAD_POINTS < TARGETS[5]
    assert 1 <= bomb.load <= 10


@by_version
def test_bigger_bombs_are_worth_more_per_fuel_track(version: int) -> None:
    BOMBS = content.bombs(version)
    for fuel in content.FUELS:
        by_amount: dict[int, list[int]] = {}
        for bomb in BOMBS.values():
            if bomb.fuel == fuel:
                by_amount.setdefault(bomb.amount, []).append(bomb.tested)
        amounts = sorted(by_amount)
        for low, high in itertools.pairwise(amounts):
            assert max(by_amount[low]) < min(by_amount[high]) + 4, (fuel, low, high)


@pytest.mark.parametrize("building", ALL_BUILDINGS, ids=lambda b: b.id)
def test_every_building_can_be_staffed_and_yields_within_limits(building: content.Building) -> None:
    assert 1 <= building.need.count <= 3
    if building.need.kind != "any":
        assert building.need.count <= WORKERS_OF_A_KIND
    for output in building.outputs:
        for key, amount in output.items():
            assert amount <= LIMITS.get(key, 10)
    if building.kind in ("reactor", "enrichment"):
        produced = max(o.get("pu", 0) + o.get("eu", 0) for o in building.outputs)
        fuel = building.cost["ore"] + 2 * building.cost["eu"]
        assert fuel >= produced - 1, "fuel should cost ore (or enriched uranium)"
    assert building.name["en"] and building.name["cs"]


@by_version
def test_the_main_board_spaces_the_rulebook_names(version: int) -> None:
    SPACES = {space.id: space for space in content.spaces(version)}
    assert SPACES["build"].unlimited and SPACES["build"].action == "build"
    assert SPACES["mine1"].cost["money"] == 5  # "Levé políčko vyžaduje zaplatit $5"
    assert SPACES["mine2"].gains == ({"ore": 3},) and SPACES["mine2"].others == {"ore": 1}
    assert SPACES["mine3"].needs == (("E",),)
    assert SPACES["factory1"].cost["ore"] == 3 and SPACES["factory2"].others == {"money": 2}
    assert SPACES["factory3"].needs == (("E",), ("S",))
    assert all(SPACES[f"factory{i}"].corruption for i in (1, 2, 3))
    assert SPACES["air1"].gains == ({"fighters": 2},) and SPACES["air2"].gains == ({"bombers": 2},)
    assert [SPACES[f"uni{i}"].gains for i in (1, 2, 3)] == [({"L": 3},), ({"E": 1},), ({"S": 1},)]
    assert SPACES["uni4"].cost["money"] == 3 and SPACES["uni4"].gains == ({"E": 1}, {"S": 1})
    assert SPACES["reactor"].needs == (("S",),) and SPACES["reactor"].cost["ore"] == 2
    assert SPACES["enrich"].cost == {"money": 3, "ore": 2, "eu": 0} and SPACES["enrich"].gains == ({"eu": 1},)
    assert SPACES["design"].needs == (("E", "S"),)
    assert SPACES["repair"].cost["money"] == 5 and SPACES["spy"].cost["money"] == 3
    assert sum(s.action == "strike" for s in SPACES.values()) == 2


@by_version
def test_market_slots_and_the_facts_of_the_text(version: int) -> None:
    slots = content.market(version)
    assert slots[0].price == 2 and slots[-1].price == 20
    assert [s.engineer_free for s in slots] == [True, True, False, False, False, False, False]
    assert [s.corruption for s in slots] == [False] * 4 + [True] * 3
    assert slots[0].takes_corruption
    assert dict(TARGETS) == {2: 70, 3: 60, 4: 50, 5: 45}
    assert TESTS[2] == (0, 6) and TESTS[3] == (0, 4, 8) and TESTS[5] == (0, 2, 4, 6, 8)


def test_a_broken_file_names_the_item_and_the_field(tmp_path: Path) -> None:
    source = Path(content.__file__).parent / "data" / "bombs.v1.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["bombs"][3]["tested"] = 1
    (tmp_path / "bombs.v1.json").write_text(json.dumps(data), encoding="utf-8")
    with content.BOMB_LIBRARY.reading(tmp_path), pytest.raises(ManhattanContentError) as caught:
        content.bombs(1)
    assert "B04" in str(caught.value) and "tested" in str(caught.value)
