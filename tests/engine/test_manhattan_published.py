"""Content version 2 is the published game: every card checked one by one against the published
numbers, every number the Czech rulebook's text gives pinned, and v1 games replaying unchanged.

The tables below were typed from Boardspace.net's licensed implementation (ddyer0/boardspace.net,
``manhattan/ManhattanChip.java``: the start buildings, building03–building50, bomb00–bomb29 with
their cost and benefit; ``PlayerBoard.java``: what each cost and benefit means;
``ManhattanBoard.java``: the main-board cells and ``buildingCost``), in the cards' own shorthand
rather than the data file's shape, so a slip in either shows up here. Numbers only, no code.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from engine.core import Move, Rng
from engine.manhattan import content
from engine.manhattan.game import GAME
from engine.manhattan.randomplay import random_move
from tests.engine.manhattan_support import V1, seat_row

V2 = {"buildings": 2, "bombs": 2, "spaces": 2, "market": 2}
BUILDINGS = content.buildings(2)
BOMBS = content.bombs(2)
SPACES = {space.id: space for space in content.spaces(2)}

# project id: (published card, "need [+ cost] -> yield [| other yield]"); "2ore/1eu" is a
# reactor's "2 uranium ore or 1 enriched uranium" price; a leading * marks a start building.
PUBLISHED_BUILDINGS: dict[str, tuple[int, str]] = {
    "F01": (1, "*1any -> 1fighters | 2money"),
    "F02": (2, "*1any -> 1bombers | 2money"),
    "F03": (3, "1any -> 1fighters | 1bombers"),
    "F04": (4, "2any -> 1fighters+2money"),
    "F05": (5, "2any -> 1bombers+2money"),
    "F06": (6, "1E -> 5money"),
    "F07": (7, "1E -> 2fighters | 2bombers"),
    "F08": (8, "2E -> 2fighters+2bombers"),
    "F09": (9, "2E -> 3fighters+3money"),
    "F10": (10, "2E -> 3bombers+3money"),
    "M01": (11, "*1any -> 1ore"),
    "M02": (12, "*2any -> 2ore"),
    "M03": (13, "3any -> 3ore"),
    "M04": (14, "2any -> 3ore"),
    "M05": (15, "3any -> 4ore"),
    "M06": (16, "1E -> 2ore"),
    "M07": (17, "1E -> 3ore"),
    "M08": (18, "2E -> 3ore"),
    "M09": (19, "2E -> 4ore"),
    "M10": (20, "3E -> 6ore"),
    "U01": (21, "*1any -> 1S"),
    "U02": (22, "*1any -> 1E"),
    "U03": (23, "1any -> 1S | 1E"),
    "U04": (24, "2any -> 2E | 1S"),
    "U05": (25, "2any -> 2S | 1E"),
    "U06": (26, "1E -> 4L"),
    "U07": (27, "2any -> 3E"),
    "U08": (28, "1E -> 3E"),
    "U09": (29, "1S -> 2S"),
    "U10": (30, "1S -> 3S"),
    "E01": (31, "2S + 5ore + 2money -> 2eu"),
    "E02": (32, "2S + 6ore + 7money -> 3eu"),
    "E03": (33, "1S + 3ore + 1money -> 1eu"),
    "E04": (34, "1S + 2ore + 2money -> 1eu"),
    "E05": (35, "1S + 1ore + 3money -> 1eu"),
    "E06": (36, "2S + 4ore + 3money -> 2eu"),
    "E07": (37, "1S + 4ore + 4money -> 2eu"),
    "E08": (38, "2S + 3ore + 4money -> 2eu"),
    "E09": (39, "1S + 3ore + 5money -> 2eu"),
    "E10": (40, "2S + 2ore + 5money -> 2eu"),
    "R01": (41, "1S + 1ore -> 1pu"),
    "R02": (42, "1S + 2ore/1eu -> 1pu"),
    "R03": (43, "1S + 1eu -> 2pu"),
    "R04": (44, "2S + 3ore -> 2pu"),
    "R05": (45, "2S + 4ore/1eu -> 2pu"),
    "R06": (46, "1S + 5ore -> 2pu"),
    "R07": (47, "2S + 3ore/1eu -> 2pu"),
    "R08": (48, "2S + 6ore -> 3pu"),
    "R09": (49, "2S + 7ore/1eu -> 3pu"),
    "R10": (50, "3S + 8ore -> 4pu"),
}

# project id: (published bomb, engineers, scientists, fuel, value, tested value, loading $)
PUBLISHED_BOMBS: dict[str, tuple[int, int, int, int, int, int, int]] = {
    "B01": (0, 0, 1, 3, 9, 9, 1),
    "B02": (1, 0, 1, 3, 10, 10, 1),
    "B03": (2, 0, 1, 3, 11, 11, 1),
    "B04": (3, 1, 1, 3, 12, 12, 1),
    "B05": (4, 1, 1, 4, 13, 13, 1),
    "B06": (5, 1, 1, 4, 14, 14, 2),
    "B07": (6, 2, 1, 4, 15, 15, 2),
    "B08": (7, 2, 1, 4, 16, 16, 2),
    "B09": (8, 2, 1, 5, 18, 18, 2),
    "B10": (9, 2, 1, 5, 20, 20, 3),
    "B11": (10, 2, 1, 5, 22, 22, 3),
    "B12": (11, 2, 2, 5, 24, 24, 3),
    "B13": (12, 2, 2, 6, 26, 26, 3),
    "B14": (13, 2, 2, 6, 28, 28, 4),
    "B15": (14, 2, 2, 6, 30, 30, 5),
    "B16": (15, 1, 1, 4, 8, 13, 2),
    "B17": (16, 1, 1, 4, 8, 14, 2),
    "B18": (17, 2, 1, 4, 9, 15, 2),
    "B19": (18, 2, 2, 5, 11, 19, 3),
    "B20": (19, 2, 2, 6, 11, 20, 3),
    "B21": (20, 2, 1, 4, 9, 16, 2),
    "B22": (21, 2, 1, 5, 10, 17, 2),
    "B23": (22, 2, 1, 5, 10, 18, 3),
    "B24": (23, 2, 2, 6, 12, 22, 4),
    "B25": (24, 3, 2, 6, 12, 24, 4),
    "B26": (25, 3, 2, 6, 13, 26, 5),
    "B27": (26, 3, 2, 7, 14, 28, 6),
    "B28": (27, 3, 2, 7, 16, 30, 7),
    "B29": (28, 4, 2, 7, 18, 32, 8),
    "B30": (29, 4, 2, 7, 20, 34, 9),
}
URANIUM_BOMBS = range(15)
"""bomb00–bomb14 burn enriched uranium (their value does not change with a test)."""


def _amounts(text: str) -> dict[str, int]:
    found = {key: int(n) for n, key in re.findall(r"(\d+)([A-Za-z]+)", text)}
    assert "+".join(f"{n}{k}" for k, n in found.items()) == text.replace(" ", ""), text
    return found


def _card(text: str) -> dict[str, object]:
    """``"*2S + 5ore + 2money -> 2eu | 1E"`` as need, cost, eu_instead, outputs, start."""
    start = text.startswith("*")
    left, right = text.lstrip("*").split(" -> ")
    need, *costs = left.split(" + ")
    count, kind = re.fullmatch(r"(\d)(any|E|S)", need).groups()  # type: ignore[union-attr]
    cost = {"money": 0, "ore": 0, "eu": 0}
    eu_instead = False
    for part in costs:
        if "/" in part:
            ore, eu = part.split("/")
            assert eu == "1eu", part
            cost.update(_amounts(ore))
            eu_instead = True
        else:
            cost.update(_amounts(part))
    return {
        "need": (kind, int(count)),
        "cost": cost,
        "eu_instead": eu_instead,
        "outputs": [_amounts(option.replace(" ", "")) for option in right.split(" | ")],
        "start": start,
    }


def test_the_tables_cover_every_published_card_once() -> None:
    assert sorted(n for n, _ in PUBLISHED_BUILDINGS.values()) == list(range(1, 51))
    assert sorted(row[0] for row in PUBLISHED_BOMBS.values()) == list(range(30))
    assert set(PUBLISHED_BUILDINGS) == set(BUILDINGS) and set(PUBLISHED_BOMBS) == set(BOMBS)


@pytest.mark.parametrize("card_id", PUBLISHED_BUILDINGS, ids=str)
def test_each_building_is_the_published_card(card_id: str) -> None:
    number, text = PUBLISHED_BUILDINGS[card_id]
    want = _card(text)
    card = BUILDINGS[card_id]
    got = {
        "need": (card.need.kind, card.need.count),
        "cost": dict(card.cost),
        "eu_instead": card.eu_instead,
        "outputs": [dict(output) for output in card.outputs],
        "start": card.start,
    }
    assert got == want, f"{card_id} is published card building{number:02d}: {text}"


@pytest.mark.parametrize("bomb_id", PUBLISHED_BOMBS, ids=str)
def test_each_bomb_is_the_published_card(bomb_id: str) -> None:
    number, engineers, scientists, fuel, value, tested, load = PUBLISHED_BOMBS[bomb_id]
    bomb = BOMBS[bomb_id]
    assert bomb.fuel == ("uranium" if number in URANIUM_BOMBS else "plutonium")
    assert dict(bomb.workers) == {"E": engineers, "S": scientists}
    assert (bomb.amount, bomb.value, bomb.tested, bomb.load) == (fuel, value, tested, load)


def test_the_published_bombs_are_smaller_than_the_reconstruction() -> None:
    uranium = [b.value for b in BOMBS.values() if b.fuel == "uranium"]
    assert (min(uranium), max(uranium)) == (9, 30)
    assert round(sum(uranium) / len(uranium), 1) == 17.9  # the reconstruction's: 28.1
    assert [b.tested - b.value for b in BOMBS.values() if b.fuel == "plutonium"][:3] == [5, 6, 6]


def test_market_slot_prices_as_published() -> None:
    # ManhattanBoard.buildingCost; the rulebook: "$2 … $20", an engineer builds from $2 and $3 free
    assert [slot.price for slot in content.market(2)] == [2, 3, 5, 7, 10, 14, 20]
    assert [slot.engineer_free for slot in content.market(2)] == [True, True] + [False] * 5
    assert [slot.corruption for slot in content.market(2)] == [False] * 4 + [True] * 3


def test_main_board_as_published() -> None:
    def space(space_id: str) -> tuple[object, ...]:
        found = SPACES[space_id]
        cost = {k: v for k, v in found.cost.items() if v}
        return found.needs, cost, [dict(g) for g in found.gains], dict(found.others), found.corruption

    assert space("factory1") == ((("any",),), {"ore": 3}, [{"money": 5}], {}, True)
    assert space("factory2") == ((("any",),), {}, [{"money": 5}], {"money": 2}, True)
    assert space("factory3") == ((("E",), ("S",)), {}, [{"money": 3}], {}, True)
    assert space("mine1") == ((("any",),), {"money": 5}, [{"ore": 4}], {}, False)
    assert space("mine2") == ((("any",),), {}, [{"ore": 3}], {"ore": 1}, False)
    assert space("mine3") == ((("E",),), {}, [{"ore": 2}], {}, False)
    assert space("air1")[2] == [{"fighters": 2}] and space("air2")[2] == [{"bombers": 2}]
    assert space("reactor") == ((("S",),), {"ore": 2}, [{"pu": 1}], {}, False)
    assert space("enrich") == ((("S",),), {"ore": 2, "money": 3}, [{"eu": 1}], {}, False)
    assert space("uni4") == ((("any",),), {"money": 3}, [{"E": 1}, {"S": 1}], {}, False)
    assert SPACES["repair"].cost["money"] == 5 and SPACES["spy"].cost["money"] == 3
    # only the yields of five spaces differ from the reconstruction
    old = {s.id: s for s in content.spaces(1)}
    assert sorted(k for k in SPACES if SPACES[k] != old[k]) == [
        "factory1",
        "factory2",
        "factory3",
        "mine1",
        "mine3",
    ]


# ------------------------------------------------------------------ the rulebook's numbers


def test_yellows_uranium_bomb() -> None:
    # "Musí na tento projekt přidělit 2 vědce a 2 inženýry … zaplatit 5 obohacených uranů …
    # nyní má 24 vítězných bodů"; loading it costs $3
    (bomb,) = [b for b in BOMBS.values() if b.fuel == "uranium" and b.value == 24]
    assert (dict(bomb.workers), bomb.amount, bomb.load) == ({"E": 2, "S": 2}, 5, 3)


def test_greens_plutonium_bomb() -> None:
    # "(2 vědce a 3 inženýry) a posune … plutonia o 6 políček dolů … pouze 12 bodů …
    # by mu vynesla 24 bodů"
    matching = [
        b for b in BOMBS.values() if dict(b.workers) == {"E": 3, "S": 2} and b.amount == 6 and b.value == 12
    ]
    assert [b.tested for b in matching] == [24]


def test_the_two_engineer_factories() -> None:
    # "nemá 2 vyžadované inženýry … továrnu, která mu umožní vyrobit 3 bombardéry … a $3";
    # espionage: "své 4 inženýry ve svých 2 továrnách, čímž získá 3 bombardéry, 3 stíhače a $6"
    two_engineers = {
        c.id: c.outputs for c in BUILDINGS.values() if c.kind == "factory" and c.need == content.Need("E", 2)
    }
    assert ({"bombers": 3, "money": 3},) in two_engineers.values()
    assert ({"fighters": 3, "money": 3},) in two_engineers.values()


def test_the_one_worker_mine_making_two_ore() -> None:
    # "posledního inženýra (smluvního) do dolu červeného hráče, čímž vyrobí 2 uranové rudy"
    assert any(
        c.need.count == 1 and c.outputs == ({"ore": 2},) for c in BUILDINGS.values() if c.kind == "mine"
    )


def test_the_two_worker_universities() -> None:
    # "umístí 2 dělníky na svou univerzitu, která vyrobí 2 inženýry";
    # "své 2 poslední dělníky do univerzity modrého, což mu umožní získat 2 vědce"
    universities = [
        c for c in BUILDINGS.values() if c.kind == "university" and c.need == content.Need("any", 2)
    ]
    assert any({"E": 2} in c.outputs for c in universities)
    assert any({"S": 2} in c.outputs for c in universities)


def test_the_enrichment_plants_of_the_examples() -> None:
    # "své 2 nové vědce do obohacovacího závodu modrého … vyrobit 3 obohacené urany";
    # "Umístí tam své vědce, zaplatí cenu a nyní může vyrobit 2 jednotky obohaceného uranu"
    plants = [c for c in BUILDINGS.values() if c.kind == "enrichment"]
    assert any(c.need == content.Need("S", 2) and c.outputs == ({"eu": 3},) for c in plants)
    assert any(c.need == content.Need("S", 1) and c.outputs == ({"eu": 2},) for c in plants)
    assert all(c.cost["money"] and c.cost["ore"] for c in plants)  # "zaplatíte … peníze a uranovou rudu"


def test_the_start_factory_making_a_fighter_or_two_dollars() -> None:
    # "Například tato továrna může vyprodukovat 1 stíhač nebo $2." (a start building, red back)
    assert any(c.start and c.outputs == ({"fighters": 1}, {"money": 2}) for c in BUILDINGS.values())
    assert sum(c.start for c in BUILDINGS.values()) == 6


def test_reactors_that_take_enriched_uranium_instead_of_ore() -> None:
    # "musíte si vybrat, zda zaplatíte zobrazenou uranovou rudu nebo místo ní jeden obohacený uran"
    assert [c.id for c in BUILDINGS.values() if c.eu_instead] == ["R02", "R05", "R07", "R09"]
    assert all(c.kind == "reactor" for c in BUILDINGS.values() if c.cost["eu"])


# ------------------------------------------------------------------ playing the published cards


def _working(card: str, **fields: object) -> dict[str, object]:
    state = GAME.new(2, {}, 5, V2)
    state["phase"], state["pending"], state["active"] = "play", None, 0
    state["order"] = [0, 1]
    state["seats"][0] = seat_row(buildings=[card], **fields)
    return state


def test_a_reactor_that_burns_enriched_uranium() -> None:
    state = _working("R03", home={"S": 1}, eu=1, ore=5)
    moves = [m.notation for m in GAME.legal_moves(state, 0) if m.notation.startswith("work")]
    assert moves == ["work R03 S"]
    after, _ = GAME.apply(state, 0, "work R03 S")
    row = after["seats"][0]
    assert (row["eu"], row["ore"], row["pu"]) == (0, 5, 2)
    assert not [m for m in GAME.legal_moves(_working("R03", home={"S": 1}, ore=5), 0) if m.kind == "work"]


def test_one_uranium_or_two_ore() -> None:
    state = _working("R02", home={"S": 1}, eu=1, ore=2)
    assert sorted(m.notation for m in GAME.legal_moves(state, 0) if m.kind == "work") == [
        "work R02 S",
        "work R02 S eu",
    ]
    by_ore = GAME.apply(state, 0, "work R02 S")[0]["seats"][0]
    by_eu = GAME.apply(state, 0, "work R02 S eu")[0]["seats"][0]
    assert (by_ore["ore"], by_ore["eu"], by_ore["pu"]) == (0, 1, 1)
    assert (by_eu["ore"], by_eu["eu"], by_eu["pu"]) == (2, 0, 1)


def test_two_any_workers_make_three_engineers_and_a_factory_pays_planes_and_money() -> None:
    state = _working("U07", home={"L": 2})
    row = GAME.apply(state, 0, "work U07 L+L")[0]["seats"][0]
    assert row["home"]["E"] + row["contract"]["E"] == 3
    state = _working("F09", home={"E": 2}, money=0)
    row = GAME.apply(state, 0, "work F09 E+E")[0]["seats"][0]
    assert (row["fighters"], row["money"]) == (3, 3)


def test_a_one_scientist_uranium_bomb_is_built_by_its_scientist_alone() -> None:
    state = _working("M01", home={"S": 1}, eu=3, hand=["B01"])
    builds = [m.notation for m in GAME.legal_moves(state, 0) if m.kind == "bomb"]
    assert builds and all("E" not in m.split()[-1] for m in builds)
    after, _ = GAME.apply(state, 0, builds[0])
    assert after["seats"][0]["eu"] == 0 and GAME.points(after, 0) == 9


# ------------------------------------------------------------------ versions


# (seed, players): moves played and the digests of the final state and of the move list, recorded
# on main before content v2 existed: a stored v1 game replays exactly.
V1_GAMES = {
    (1, 2): (167, "e96bb233cf763fa3", "1d4c26a6dfd4501f"),
    (2, 3): (241, "14b2f72b5a1eef58", "8231692153b5c211"),
    (3, 4): (340, "1f61810d9d9e446a", "dbbc248b20fc7221"),
    (4, 5): (386, "a726ecf8e3279fe6", "5c8852b89771aa35"),
}


LATER_CHOICE = re.compile(r"block|c[1-9]")
"""The choices moves gained after these games were recorded (only blocking a space, contractors):
left out of their random play, so it draws the moves it drew then."""


def _recorded_move(state: dict[str, object], seat: int, rng: Rng) -> Move:
    """``random_move`` as it was when ``V1_GAMES`` were recorded."""
    listed = [m for m in GAME.legal_moves(state, seat) if not (m.args and LATER_CHOICE.fullmatch(m.args[-1]))]
    kind = rng.choice(sorted({m.kind for m in listed}))
    return rng.choice([m for m in listed if m.kind == kind])


def _random_game(
    seed: int, players: int, versions: dict[str, int] | None, *, recorded: bool = False
) -> tuple[dict[str, object], list[str]]:
    state = GAME.new(players, {}, seed, versions)
    rng, moves = Rng(seed + 1000), []
    while GAME.outcome(state) is None and len(moves) < 3000:
        seat = GAME.to_act(state)[0]
        move = (_recorded_move if recorded else random_move)(state, seat, rng)
        state, _ = GAME.apply(state, seat, move)
        moves.append(move.notation)
    return state, moves


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("seed", "players"), V1_GAMES, ids=str)
def test_a_v1_game_replays_unchanged(seed: int, players: int) -> None:
    state, moves = _random_game(seed, players, V1, recorded=True)
    assert state["content"] == V1
    got = (len(moves), _digest(json.dumps(state, sort_keys=True, default=str)), _digest("\n".join(moves)))
    assert got == V1_GAMES[(seed, players)]


def test_new_tables_get_the_published_cards() -> None:
    assert content.newest() == V2
    state = GAME.new(3, {}, 7)
    assert state["content"] == V2
    assert {card for card in state["market"][:6]} == {c.id for c in BUILDINGS.values() if c.start}
    state, _ = _random_game(2, 3, None)
    assert state["content"] == V2 and GAME.outcome(state) is not None
