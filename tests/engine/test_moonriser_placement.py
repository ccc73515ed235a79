"""Phase II on hand-made positions: prices, the extra 2 red, remote placement, board symbols, Empty
space, upgrades, and the placement preview the cog shows (cost and VP), with the books' numbers.

The board is the preset ``compact-4``; fields are named from ``D5`` by steps (0 E, 1 SE, 2 SW,
3 W, 4 NW, 5 NE). No symbol lies on the fields used unless a test says so.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.moonriser.game import GAME
from engine.moonriser.placement import check_place, placements, upgrade_cost, upgrades
from engine.moonriser.production import production
from engine.moonriser.relations import colony
from engine.moonriser.scoring import scores
from tests.engine.moonriser_support import beside, position, special_tiles, step, the_board, tiles_folder

SYMBOLS = the_board().symbols
LABELS = the_board().labels


def symbol(field: str) -> str | None:
    return SYMBOLS.get(the_board().at[field])


def cost(**tokens: int) -> dict[str, int]:
    return {"blue": 0, "red": 0, "green": 0, **tokens}


def tokens_of(state: dict, seat: int = 0) -> dict[str, int]:
    return dict(state["seats"][seat]["tokens"])


def play(state: dict, *moves: str, seat: int = 0) -> tuple[dict, list]:
    events = []
    for move in moves:
        state, happened = GAME.apply(state, seat, move)
        events.extend(happened)
    return state, events


# --------------------------------------------------------------------------- the He3 harvester examples

BASE, FUSION = "D4", "D5"
HE3_A, HE3_B = step(FUSION, 0), step(FUSION, 2)
"""The plant's east and south-west neighbours: He3 harvesters turned 3 face it with radiation."""


def he3_turn(tokens: dict[str, int]) -> dict:
    assert not {symbol(f) for f in (BASE, FUSION, HE3_A, HE3_B)} - {None}
    return position(
        tiles={BASE: ("M1", 0, 0), FUSION: ("A01", 0, 0)},
        tokens=[tokens],
        hands=[["B01", "B01"]],
    )


def test_he3_harvester_costs_its_price_then_a_second_one_costs_2_red_more() -> None:
    """John pays 1 green for the He3 harvester; the second in the same turn costs 2 red + 1 green."""
    state = he3_turn({"green": 2, "red": 2})
    first = check_place(state, 0, "B01", HE3_A, 3, "hand")
    assert first.cost == cost(green=1)
    state, events = play(state, f"place B01 {HE3_A} 3 hand")
    assert tokens_of(state) == {"blue": 0, "red": 2, "green": 1, "yellow": 0}
    placed = next(e for e in events if e.code == "moonriser.placed")
    assert placed.params == {
        "seat": 0,
        "tile": "B01",
        "field": HE3_A,
        "rotation": 3,
        "source": "hand",
        "cost": cost(green=1),
    }
    second = check_place(state, 0, "B01", HE3_B, 3, "hand")
    assert second.cost == cost(green=1, red=2)
    state, _ = play(state, f"place B01 {HE3_B} 3 hand")
    assert tokens_of(state) == {"blue": 0, "red": 0, "green": 0, "yellow": 0}
    assert state["seats"][0]["hand"] == []


def test_upgrading_in_the_same_turn_costs_2_red_and_the_price_and_doubles_vp_and_bonus() -> None:
    state = he3_turn({"green": 3, "red": 4})
    state, _ = play(state, f"place B01 {HE3_A} 3 hand", f"place B01 {HE3_B} 3 hand")
    before = scores(state)[0]
    green_before = production(colony(state), 0)["green"]
    assert upgrade_cost(state, 0, HE3_A) == cost(green=1, red=2)
    state, events = play(state, f"upgrade {HE3_A}")
    assert events[0].params == {"seat": 0, "tile": "B01", "field": HE3_A, "cost": cost(green=1, red=2)}
    assert tokens_of(state) == {"blue": 0, "red": 0, "green": 0, "yellow": 0}
    after = scores(state)[0]
    assert after["tiles"] - before["tiles"] == 1  # the He3 harvester: 2 VP instead of 1
    assert after["relations"] - before["relations"] == 1  # its side of the relationship: 2 instead of 1
    assert production(colony(state), 0)["green"] - green_before == 1  # +2 green instead of +1
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"upgrade {HE3_A}")
    assert refused.value.code == "moonriser.already_upgraded"


def test_main_base_upgrades_cost_1_and_1_then_2_and_2_then_3_and_3() -> None:
    state = position(tiles={BASE: ("M2", 0, 0)}, tokens=[{"blue": 20, "green": 20, "red": 10}])
    prices = []
    for _ in range(3):
        state["turn"]["actions"] = 0  # each in a turn of its own: no extra red
        paid = upgrade_cost(state, 0, BASE)
        prices.append(paid)
        state, _ = play(state, f"upgrade {BASE}")
    assert prices == [cost(blue=1, green=1), cost(blue=2, green=2), cost(blue=3, green=3)]
    assert state["tiles"][BASE]["level"] == 4
    assert production(colony(state), 0) == {"blue": 4, "red": 0, "green": 4}
    assert tokens_of(state) == {"blue": 14, "red": 10, "green": 14, "yellow": 0}


def test_a_second_main_base_upgrade_in_a_turn_also_costs_2_red() -> None:
    state = position(tiles={BASE: ("M2", 0, 0)}, tokens=[{"blue": 5, "green": 5, "red": 2}])
    state, _ = play(state, f"upgrade {BASE}")
    assert upgrade_cost(state, 0, BASE) == cost(blue=2, green=2, red=2)


def test_a_seat_cannot_upgrade_another_seats_tile_or_pay_what_it_lacks() -> None:
    state = position(tiles={BASE: ("M1", 0, 0), FUSION: ("A01", 1, 0)}, tokens=[{"green": 9, "blue": 9}])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"upgrade {FUSION}")
    assert refused.value.code == "moonriser.not_your_tile"
    state = position(tiles={BASE: ("M1", 0, 0), FUSION: ("A01", 0, 0)}, tokens=[{"green": 1, "blue": 1}])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"upgrade {FUSION}")
    assert refused.value.code == "moonriser.cannot_afford"
    assert refused.value.params == cost(green=2, blue=1)


# --------------------------------------------------------------------------- remote placement


@pytest.mark.parametrize(("steps", "extra"), [(1, 0), (2, 2), (3, 4)])
def test_remote_placement_costs_2_red_per_field_between_it_and_the_colony(steps: int, extra: int) -> None:
    """A Fusion power plant (2 green + 1 blue) next to the base, two and three fields away."""
    field = step(BASE, *([0] * steps))
    assert symbol(field) is None
    state = position(
        tiles={BASE: ("M1", 0, 0)}, tokens=[{"green": 2, "blue": 1, "red": extra}], hands=[["A01"]]
    )
    assert check_place(state, 0, "A01", field, 0, "hand").cost == cost(green=2, blue=1, red=extra)
    state, _ = play(state, f"place A01 {field} 0 hand")
    assert tokens_of(state) == {"blue": 0, "red": 0, "green": 0, "yellow": 0}
    if extra:
        poorer = position(
            tiles={BASE: ("M1", 0, 0)}, tokens=[{"green": 2, "blue": 1, "red": extra - 1}], hands=[["A01"]]
        )
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(poorer, 0, f"place A01 {field} 0 hand")
        assert refused.value.code == "moonriser.cannot_afford"


def test_distance_counts_to_the_nearest_own_tile_not_to_others_tiles() -> None:
    far = step(BASE, 0, 0, 0)
    state = position(
        tiles={BASE: ("M1", 0, 0), step(far, 0): ("A02", 1, 0)},
        tokens=[{"green": 2, "blue": 1, "red": 4}],
        hands=[["A01"]],
    )
    assert check_place(state, 0, "A01", far, 0, "hand").cost == cost(green=2, blue=1, red=4)
    state["tiles"][step(far, 0)]["owner"] = 0
    assert check_place(state, 0, "A01", far, 0, "hand").cost == cost(green=2, blue=1)


# --------------------------------------------------------------------------- board symbols


def near(symbol_name: str) -> tuple[str, str]:
    """A symbol field and a free neighbour of it to put the base on."""
    for at, name in SYMBOLS.items():
        if name != symbol_name:
            continue
        for edge in range(6):
            base = beside(LABELS[at], edge)
            if base is not None and symbol(base) is None:
                return LABELS[at], base
    raise AssertionError(symbol_name)


def test_minus_green_is_taken_before_the_price_so_the_seat_needs_one_more_green() -> None:
    field, base = near("green_minus")
    state = position(tiles={base: ("M1", 0, 0)}, tokens=[{"green": 2, "blue": 1}], hands=[["A01"]])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"place A01 {field} 0 hand")
    assert refused.value.code == "moonriser.cannot_afford"
    assert all(p.field != field for p in placements(state, 0, "A01"))
    state["seats"][0]["tokens"]["green"] = 3
    found = check_place(state, 0, "A01", field, 0, "hand")
    assert (found.symbol, found.gain, found.cost) == ("green_minus", {"green": -1}, cost(green=2, blue=1))
    state, events = play(state, f"place A01 {field} 0 hand")
    assert tokens_of(state)["green"] == 0
    assert [e.code for e in events][:2] == ["moonriser.placed", "moonriser.symbol"]
    assert events[1].params == {"seat": 0, "symbol": "green_minus", "field": field}


@pytest.mark.parametrize(
    ("name", "colour"), [("green_plus", "green"), ("blue_plus", "blue"), ("red_plus", "red")]
)
def test_plus_symbols_give_their_token_before_the_price_is_paid(name: str, colour: str) -> None:
    """A Fusion power plant (2 green + 1 blue) becomes affordable with one token short."""
    field, base = near(name)
    have = {"green": 2, "blue": 1, "red": 0}
    if colour != "red":
        have[colour] -= 1
    state = position(tiles={base: ("M1", 0, 0)}, tokens=[have], hands=[["A01"]])
    state, _ = play(state, f"place A01 {field} 0 hand")
    assert tokens_of(state) == {"blue": 0, "red": 1 if colour == "red" else 0, "green": 0, "yellow": 0}


def test_vp_symbol_gives_a_yellow_token_counted_in_the_preview() -> None:
    field, base = near("vp")
    state = position(tiles={base: ("M1", 0, 0)}, tokens=[{"green": 2, "blue": 1}], hands=[["A01"]])
    found = check_place(state, 0, "A01", field, 0, "hand")
    assert found.vp == 3 + 1
    state, _ = play(state, f"place A01 {field} 0 hand")
    assert tokens_of(state)["yellow"] == 1
    assert scores(state)[0]["total"] == 4


def test_action_symbol_makes_the_next_development_action_free_of_the_2_red() -> None:
    field, base = near("action")
    other = next(
        n for e in range(6) if (n := beside(base, e)) is not None and n != field and symbol(n) is None
    )
    state = position(
        tiles={base: ("M1", 0, 0)}, tokens=[{"green": 9, "blue": 9, "red": 3}], hands=[["A01", "A02"]]
    )
    state, _ = play(state, f"place A01 {field} 0 hand")
    assert check_place(state, 0, "A02", other, 0, "hand").cost == cost(green=1, blue=1, red=1)
    state, _ = play(state, f"place A02 {other} 0 hand")
    assert upgrade_cost(state, 0, field) == cost(green=2, blue=1, red=2)


def test_a_main_base_goes_only_on_a_field_without_symbol_and_not_beside_another_base_on_its_piece() -> None:
    state = GAME.new(2, {"board": "compact"}, 3)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, None)
    symbol_field = next(name for name, f in view["fields"].items() if f["symbol"])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, seat, f"base {symbol_field}")
    assert refused.value.code == "moonriser.bad_base_field"
    plain = next(name for name, f in view["fields"].items() if not f["symbol"])
    state, _ = GAME.apply(state, seat, f"base {plain}")
    piece = view["fields"][plain]["piece"]
    same_piece = [
        n for n, f in view["fields"].items() if f["piece"] == piece and not f["symbol"] and n != plain
    ]
    nxt = GAME.to_act(state)[0]
    assert same_piece
    for name in same_piece:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, nxt, f"base {name}")
        assert refused.value.code == "moonriser.bad_base_field"


# --------------------------------------------------------------------------- empty space


def test_empty_space_must_be_a_field_without_a_tile_and_gets_a_black_token() -> None:
    """The He3 harvester turned 0 needs the field north-west of it empty."""
    field = step(FUSION, 0)
    room = step(field, 4)
    state = position(
        tiles={BASE: ("M1", 0, 0), FUSION: ("A01", 0, 0), room: ("A02", 1, 0)},
        tokens=[{"green": 1}],
        hands=[["B01"]],
    )
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"place B01 {field} 0 hand")
    assert refused.value.code == "moonriser.no_room"
    del state["tiles"][room]
    state, _ = play(state, f"place B01 {field} 0 hand")
    assert state["empty"] == [room]
    assert GAME.view(state, None)["empty"] == [room]
    state["seats"][0]["hand"] = ["A02"]
    state["seats"][0]["tokens"].update(green=5, blue=5, red=5)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"place A02 {room} 0 hand")
    assert refused.value.code == "moonriser.field_blocked"


def test_two_tiles_may_share_one_empty_space() -> None:
    room = step(FUSION, 4)
    first, second = step(room, 1), step(room, 0)
    state = position(tiles={BASE: ("M1", 0, 0)}, tokens=[{"green": 2, "red": 2}], hands=[["B01", "B01"]])
    state["empty"] = [room]
    # first = room's south-east neighbour: its north-west edge (4) must be free -> rotation 0.
    state, _ = play(state, f"place B01 {first} 0 hand")
    # second = room's east neighbour: its west edge (3) must be free -> rotation 5 (4 + 5 = 3 mod 6).
    state, _ = play(state, f"place B01 {second} 5 hand")
    assert state["empty"] == [room]


def test_empty_space_off_the_board_is_refused() -> None:
    board = the_board()
    edge_field = next(
        LABELS[at]
        for at in board.order
        if symbol(LABELS[at]) is None and beside(LABELS[at], 4) is None and beside(LABELS[at], 0) is not None
    )
    state = position(tiles={step(edge_field, 0): ("M1", 0, 0)}, tokens=[{"green": 1}], hands=[["B01"]])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"place B01 {edge_field} 0 hand")
    assert refused.value.code == "moonriser.no_room"
    assert all(p.rotation != 0 for p in placements(state, 0, "B01") if p.field == edge_field)


# --------------------------------------------------------------------------- the preview


def test_placements_list_cost_and_vp_for_the_cog() -> None:
    state = he3_turn({"green": 1, "blue": 1})
    found = [p for p in placements(state, 0, "B01") if p.field == HE3_A]
    by_rotation = {p.rotation: p for p in found}
    # Turned 3 or 1 its radiation half faces the plant: value 1 + own side 1 + the plant's side 1.
    assert by_rotation[3].vp == 3 and by_rotation[1].vp == 3
    assert by_rotation[0].vp == 1
    assert {p.cost["green"] for p in found} == {1}
    assert by_rotation[3].as_dict()["empty"] == [step(HE3_A, 1)]
    slow = [p for p in placements(state, 0, "B01", productive=True) if p.field == HE3_A and p.rotation == 3]
    assert slow[0].production == {"blue": 0, "red": 0, "green": 2}  # the He3 and the plant, +1 each
    listed = {m.notation for m in GAME.legal_moves(state, 0) if m.kind == "place"}
    assert listed == {p.notation for p in placements(state, 0)}
    assert [u["field"] for u in upgrades(state, 0)] == [BASE]


def test_nothing_is_placed_outside_the_development_phase() -> None:
    state = he3_turn({"green": 1})
    state["phase"] = "trade"
    assert placements(state, 0) == [] and upgrades(state, 0) == []
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"place B01 {HE3_A} 3 hand")
    assert refused.value.code == "moonriser.not_now"


def test_extra_action_tile_saves_the_2_red_every_turn() -> None:
    with tiles_folder(special_tiles()):
        state = position(
            tiles={BASE: ("M1", 0, 0), FUSION: ("B06", 0, 0)},
            tokens=[{"green": 9, "blue": 9, "red": 2 + 1 + 2}],
            hands=[["A02", "A02", "A02"]],
        )
        first, second, third = step(FUSION, 0), step(FUSION, 1), step(FUSION, 5)
        state, _ = play(state, f"place A02 {first} 0 hand", f"place A02 {second} 0 hand")
        assert tokens_of(state)["red"] == 3  # each paid its own 1 red, no extra
        assert check_place(state, 0, "A02", third, 0, "hand").cost == cost(green=1, blue=1, red=1 + 2)
        state["tiles"][FUSION]["upgraded"] = True
        assert check_place(state, 0, "A02", third, 0, "hand").cost == cost(green=1, blue=1, red=1)
