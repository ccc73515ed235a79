"""Every card of every content version shows its whole need, cost, yields and bomb values, within
the card: the published cards (v2) as clearly as the reconstruction (v1)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest

from engine.manhattan import content
from render.manhattan import cards as C
from render.manhattan import hand as H

VERSIONS = content.BUILDING_LIBRARY.versions()
BUILDINGS = [pytest.param(v, b, id=f"v{v}-{b.id}") for v in VERSIONS for b in content.buildings(v).values()]
BOMBS = [pytest.param(v, b, id=f"v{v}-{b.id}") for v in VERSIONS for b in content.bombs(v).values()]


def amounts(items: Sequence[C.Item]) -> Counter[tuple[str, int]]:
    """The (icon, number) pairs a row shows: a number followed by its icon."""
    found: Counter[tuple[str, int]] = Counter()
    for (kind, value), (next_kind, icon) in itertools.pairwise(items):
        if kind == "n" and next_kind in ("i", "w"):
            found[(icon, int(value))] += 1
    return found


@pytest.mark.parametrize(("version", "card"), BUILDINGS)
def test_a_building_card_shows_its_need_cost_and_every_yield(version: int, card: content.Building) -> None:
    rows = C.building_rows(card)
    assert len(rows.rows) <= 2, "the card has room for the need and two rows"
    room = C.BUILDING_W - 2 * C.PAD
    assert all(C.row_width(row) <= room for row in [rows.need, *rows.rows]), card.id
    need_kind = "any" if card.need.kind == "any" else "w"
    assert [kind for kind, _ in rows.need] == [need_kind] * card.need.count
    shown = sum((amounts(row) for row in rows.rows), Counter())
    wanted: Counter[tuple[str, int]] = Counter((k, v) for k, v in card.cost.items() if v)
    if card.eu_instead:
        wanted[("eu", 1)] += 1
    for output in card.outputs:
        wanted.update(output.items())
    assert shown == wanted, f"v{version} {card.id}"
    choices = sum(row[0] == ("t", "/") for row in rows.rows)
    assert choices == len(card.outputs) - 1


@pytest.mark.parametrize(("version", "bomb"), BOMBS)
def test_a_bomb_card_shows_its_workers_fuel_loading_and_points(version: int, bomb: content.Bomb) -> None:
    rows = dict(H.value_rows(bomb))
    workers = amounts(rows["render.manhattan.bomb_workers"])
    assert workers == Counter({(k, n): 1 for k, n in bomb.workers.items() if n}), f"v{version} {bomb.id}"
    assert amounts(rows["render.manhattan.bomb_fuel"]) == Counter({(bomb.fuel_track, bomb.amount): 1})
    assert (("money", bomb.load)) in amounts(rows["render.manhattan.bomb_load"])
    points = [int(v) for kind, v in next(r for k, r in rows.items() if "points" in k) if kind == "n"]
    assert points == ([bomb.value, bomb.tested] if bomb.fuel == "plutonium" else [bomb.value])
    width = max(C.row_width(items, H.NUMBER, H.ICON_R) for items in rows.values())
    assert width < H.CARD_W / 2, "the values leave room for the line's label"


def test_the_published_reactor_burning_enriched_uranium_shows_it() -> None:
    card = content.buildings(2)["R03"]
    shown = sum((amounts(row) for row in C.building_rows(card).rows), Counter())
    assert shown == Counter({("eu", 1): 1, ("pu", 2): 1})
