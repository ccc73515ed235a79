"""The rulebook's worked examples, with their numbers, on hand-made positions.

Where an example names a card the reconstructed catalogue has one with the same numbers (the
factory making 3 bombers and $3, the uranium bomb worth 24, the plutonium bomb worth 12/24...);
where it does not (Blue's mine making 1 ore) the test uses the catalogue's card and its numbers.
Colours by seat: red 0, blue 1, green 2, yellow 3, purple 4.
"""

from __future__ import annotations

from engine.manhattan.content import TARGETS
from engine.manhattan.game import GAME
from tests.engine.manhattan_support import (
    BLUE,
    GREEN,
    PURPLE,
    RED,
    YELLOW,
    legal,
    play,
    points,
    position,
    refused,
)

# --------------------------------------------------------------------------- main board


def test_greens_placement_in_the_yellow_mine_area() -> None:
    """Both money-making factory spaces are taken; the mine's left space costs $5, the middle one
    is free and gives 3 ore (every other player 1), the right one takes engineers only."""
    state = position(
        4,
        {GREEN: {"home": {"L": 1}, "money": 7, "ore": 1}, RED: {"ore": 2}},
        active=GREEN,
        occupied={"factory1": RED, "factory2": BLUE},
    )
    moves = legal(state, GREEN)
    assert not any(m.startswith(("place factory1", "place factory2")) for m in moves)
    assert refused(state, GREEN, "place factory2 L") == "manhattan.space_taken"
    assert refused(state, GREEN, "place mine3 L") == "manhattan.wrong_workers"
    assert {"place mine1 L", "place mine2 L"} <= moves and "place mine3 L" not in moves

    left, _ = play(state, (GREEN, "place mine1 L"))
    assert left["seats"][GREEN]["money"] == 2 and left["seats"][GREEN]["ore"] == 6

    middle, events = play(state, (GREEN, "place mine2 L"))
    assert middle["seats"][GREEN]["money"] == 7 and middle["seats"][GREEN]["ore"] == 4
    assert [middle["seats"][s]["ore"] for s in (RED, BLUE, YELLOW)] == [3, 1, 1]
    assert middle["spaces"]["mine2"] == {"seat": GREEN, "workers": ["L"]}
    codes = [e.code for e in events]
    assert codes == ["manhattan.placed", "manhattan.others_gained"]
    assert events[0].params["got"] == {"ore": 3} and events[0].params["paid"] == {}

    engineer = position(4, {GREEN: {"home": {"E": 1}}}, active=GREEN)
    after, _ = play(engineer, (GREEN, "place mine3 E"))
    assert after["seats"][GREEN]["ore"] == 4


def test_purples_middle_mine_space_and_a_taken_space() -> None:
    state = position(5, {PURPLE: {"home": {"L": 2}}, RED: {"home": {"L": 1}}}, active=PURPLE)
    after, _ = play(state, (PURPLE, "place mine2 L"))
    assert after["seats"][PURPLE]["ore"] == 3
    assert all(after["seats"][s]["ore"] == 1 for s in (RED, BLUE, GREEN, YELLOW))
    after, _ = play(after, (PURPLE, "done"))
    assert GAME.to_act(after) == [RED]
    assert refused(after, RED, "place mine2 L") == "manhattan.space_taken"
    assert "place mine2 L" not in legal(after, RED) and "place mine1 L" not in legal(after, RED)


def test_one_main_board_placement_per_turn_and_only_before_buildings() -> None:
    state = position(2, {RED: {"home": {"L": 3}, "buildings": ["M01"]}})
    placed, _ = play(state, (RED, "place mine2 L"))
    assert refused(placed, RED, "place uni1 L") == "manhattan.main_done"
    worked, _ = play(state, (RED, "work M01 L"))
    assert refused(worked, RED, "place mine2 L") == "manhattan.main_too_late"
    assert not any(m.startswith("place") for m in legal(worked, RED))


def test_factory_university_and_air_spaces() -> None:
    state = position(3, {RED: {"home": {"L": 1, "E": 1}, "ore": 3, "money": 3}}, occupied={})
    f1, _ = play(state, (RED, "place factory1 L"))
    assert (f1["seats"][RED]["money"], f1["seats"][RED]["ore"], f1["corruption"]) == (11, 0, 1)
    f2, _ = play(state, (RED, "place factory2 L"))
    assert f2["seats"][RED]["money"] == 7 and [f2["seats"][s]["money"] for s in (1, 2)] == [2, 2]
    assert refused(state, RED, "place factory3 L") == "manhattan.wrong_workers"
    f3, _ = play(state, (RED, "place factory3 E"))
    assert f3["seats"][RED]["money"] == 9
    air, _ = play(state, (RED, "place air1 L"))
    assert air["seats"][RED]["fighters"] == 2
    uni, _ = play(state, (RED, "place uni1 L"))
    # laborers come as contractors: every player's own laborers are already in play
    assert uni["seats"][RED]["contract"] == {"L": 3, "E": 0, "S": 0}
    assert uni["contractors"]["L"] == 1
    uni4, _ = play(state, (RED, "place uni4 L S"))
    assert uni4["seats"][RED]["money"] == 0 and uni4["seats"][RED]["home"]["S"] == 1
    assert uni4["seats"][RED]["pool"]["S"] == 3
    assert refused(state, RED, "place uni4 L") == "manhattan.bad_option"


def test_reactor_and_enrichment_spaces_need_a_scientist_and_their_price() -> None:
    state = position(2, {RED: {"home": {"S": 1, "L": 1}, "ore": 2, "money": 2}})
    assert refused(state, RED, "place reactor L") == "manhattan.wrong_workers"
    reactor, _ = play(state, (RED, "place reactor S"))
    assert (reactor["seats"][RED]["pu"], reactor["seats"][RED]["ore"]) == (1, 0)
    assert refused(state, RED, "place enrich S") == "manhattan.cannot_afford"
    rich = position(2, {RED: {"home": {"S": 1}, "ore": 2, "money": 3}})
    enriched, _ = play(rich, (RED, "place enrich S"))
    assert (enriched["seats"][RED]["eu"], enriched["seats"][RED]["money"]) == (1, 0)


def test_a_full_track_stops_at_its_limit_but_the_action_may_still_be_taken() -> None:
    state = position(2, {RED: {"home": {"L": 1}, "fighters": 9}})
    after, events = play(state, (RED, "place air1 L"))
    assert after["seats"][RED]["fighters"] == 10
    assert events[0].params["got"] == {"fighters": 1}


# --------------------------------------------------------------------------- buildings


def test_blues_building_chain_in_one_turn() -> None:
    """2 laborers on a university make 2 engineers; a laborer and a scientist on a mine make ore;
    the 2 new engineers on a factory make 3 bombers and $3; then a scientist on the enrichment
    plant, paying $4 and 3 ore, makes 2 enriched uranium."""
    state = position(
        4,
        {BLUE: {"home": {"L": 3, "S": 2}, "money": 1, "buildings": ["U04", "M02", "F03", "E04"]}},
        active=BLUE,
    )
    assert refused(state, BLUE, "work F03 L+L") == "manhattan.wrong_workers_building"
    assert not any(m.startswith("work E04") for m in legal(state, BLUE))
    assert refused(state, BLUE, "work E04 S") == "manhattan.cannot_afford"
    after, _ = play(
        state,
        (BLUE, "work U04 L+L"),
        (BLUE, "work M02 L+S"),
        (BLUE, "work F03 E+E"),
        (BLUE, "work E04 S"),
    )
    blue = after["seats"][BLUE]
    assert (blue["money"], blue["ore"], blue["bombers"], blue["eu"]) == (0, 0, 3, 2)
    assert blue["home"] == {"L": 0, "E": 0, "S": 0} and blue["pool"]["E"] == 2
    assert all(b["workers"]["seat"] == BLUE for b in blue["buildings"])
    assert refused(after, BLUE, "work U04 L+L") == "manhattan.building_taken"
    assert after["turn"]["placed"] == 7


def test_a_building_with_two_outputs_gives_one_of_them() -> None:
    state = position(2, {RED: {"home": {"L": 2}, "buildings": ["F01"]}})
    assert {"work F01 L 1", "work F01 L 2"} <= legal(state, RED)
    assert refused(state, RED, "work F01 L") == "manhattan.bad_option"
    money, _ = play(state, (RED, "work F01 L 1"))
    fighter, _ = play(state, (RED, "work F01 L 2"))
    assert (money["seats"][RED]["money"], money["seats"][RED]["fighters"]) == (2, 0)
    assert (fighter["seats"][RED]["money"], fighter["seats"][RED]["fighters"]) == (0, 1)


def test_a_reactor_may_take_one_enriched_uranium_instead_of_its_ore() -> None:
    state = position(2, {RED: {"home": {"S": 1}, "eu": 1, "ore": 0, "buildings": ["R02"]}})
    assert "work R02 S eu" in legal(state, RED) and "work R02 S" not in legal(state, RED)
    after, _ = play(state, (RED, "work R02 S eu"))
    assert (after["seats"][RED]["eu"], after["seats"][RED]["pu"]) == (0, 2)
    plain = position(2, {RED: {"home": {"S": 1}, "ore": 4, "buildings": ["R10", "R02"]}})
    assert refused(plain, RED, "work R10 S") == "manhattan.wrong_workers_building"
    assert refused(plain, RED, "work R02 S eu") == "manhattan.cannot_afford"


def test_a_damaged_building_cannot_be_used() -> None:
    state = position(
        2, {RED: {"home": {"L": 1}, "buildings": [{"card": "M01", "damage": 1, "workers": None}]}}
    )
    assert refused(state, RED, "work M01 L") == "manhattan.damaged"


# --------------------------------------------------------------------------- espionage


def test_yellow_spies_on_three_opponents_buildings() -> None:
    state = position(
        4,
        {
            YELLOW: {
                "home": {"L": 4, "E": 4},
                "contract": {"E": 1},
                "pool": {"E": 0},
                "spies": 2,
                "money": 3,
                "ore": 3,
                "buildings": ["F03", "F04"],
            },
            RED: {"buildings": ["M03", "R01"]},
            BLUE: {"buildings": ["U05", "E07", "F06"]},
        },
        active=YELLOW,
    )
    assert refused(state, YELLOW, "work M03 cE") == "manhattan.not_yours"
    spied, events = play(state, (YELLOW, "place spy L"))
    assert spied["seats"][YELLOW]["spies"] == 3 and spied["seats"][YELLOW]["money"] == 0
    assert events[-1].code == "manhattan.spy"
    after, _ = play(
        spied,
        (YELLOW, "work F03 E+E"),
        (YELLOW, "work F04 E+E"),
        (YELLOW, "work M03 cE"),
        (YELLOW, "work U05 L+L"),
    )
    yellow = after["seats"][YELLOW]
    assert (yellow["bombers"], yellow["fighters"], yellow["money"], yellow["ore"]) == (3, 3, 6, 5)
    assert yellow["home"]["S"] == 2
    # all his ore and money go into Blue's enrichment plant: 3 enriched uranium
    final, _ = play(after, (YELLOW, "work E07 S+S"))
    yellow = final["seats"][YELLOW]
    assert (yellow["eu"], yellow["money"], yellow["ore"]) == (3, 0, 0)
    assert final["turn"]["spied"] == ["M03", "U05", "E07"]
    # a fourth opponent's building is one spy too many; the occupied ones are blocked for their owners
    assert yellow["home"]["L"] == 1
    assert refused(final, YELLOW, "work F06 L") == "manhattan.no_spies_left"
    assert not any(m.startswith("work") for m in legal(final, YELLOW))
    blocked = {b["card"]: b["workers"] for b in final["seats"][BLUE]["buildings"]}
    assert blocked["U05"] == {"seat": YELLOW, "workers": ["L", "L"]}


def test_espionage_works_only_in_the_turn_of_the_spy_placement() -> None:
    state = position(2, {RED: {"home": {"L": 2}, "spies": 3}, BLUE: {"buildings": ["M03"]}})
    assert "work M03 L" not in legal(state, RED)
    at_six = position(2, {RED: {"home": {"L": 2}, "spies": 6, "money": 3}, BLUE: {"buildings": ["M03"]}})
    after, _ = play(at_six, (RED, "place spy L"))
    assert after["seats"][RED]["spies"] == 6 and "work M03 L" in legal(after, RED)


# --------------------------------------------------------------------------- market and corruption


def test_construction_prices_engineers_and_the_corruption_pile() -> None:
    market = ["M01", "M02", "F01", "F02", "U01", "U02", "F03"]
    state = position(2, {RED: {"home": {"L": 1, "E": 1}, "money": 20}}, market=market, deck=["R01", "R02"])
    assert refused(state, RED, "place build L 8") == "manhattan.bad_slot"
    dear, events = play(state, (RED, "place build L 7"))
    assert dear["seats"][RED]["money"] == 0 and dear["corruption"] == 1
    assert dear["market"] == ["M01", "M02", "F01", "F02", "U01", "U02", "R01"]
    assert [b["card"] for b in dear["seats"][RED]["buildings"]] == ["F03"]
    assert events[-1].code == "manhattan.market_refilled" and events[-1].params == {"card": "R01"}
    for slot, price in ((5, 8), (6, 12)):
        after, _ = play(state, (RED, f"place build L {slot}"))
        assert after["seats"][RED]["money"] == 20 - price and after["corruption"] == 1
    middle, _ = play(state, (RED, "place build L 4"))
    assert middle["seats"][RED]["money"] == 14 and middle["corruption"] == 0
    free, _ = play(state, (RED, "place build E 2"))
    assert free["seats"][RED]["money"] == 20
    not_free, _ = play(state, (RED, "place build E 3"))
    assert not_free["seats"][RED]["money"] == 16


def test_the_cheapest_slot_takes_the_corruption_pile_which_cannot_pay_for_it() -> None:
    state = position(2, {RED: {"home": {"L": 1}, "money": 1}}, corruption=4)
    assert refused(state, RED, "place build L 1") == "manhattan.cannot_afford"
    rich = position(2, {RED: {"home": {"L": 1, "E": 1}, "money": 2}}, corruption=4)
    after, events = play(rich, (RED, "place build L 1"))
    assert after["seats"][RED]["money"] == 4 and after["corruption"] == 0
    assert events[-2].params["corruption_taken"] == 4
    engineer, _ = play(position(2, {RED: {"home": {"E": 1}}}, corruption=3), (RED, "place build E 1"))
    assert engineer["seats"][RED]["money"] == 3


def test_factory_spaces_feed_the_corruption_pile() -> None:
    state = position(2, {RED: {"home": {"L": 1}}, BLUE: {"home": {"L": 1}}}, corruption=2)
    after, _ = play(state, (RED, "place factory2 L"))
    assert after["corruption"] == 3 and after["seats"][BLUE]["money"] == 2
    after, _ = play(after, (RED, "done"), (BLUE, "place build L 1"))
    # Blue pays the $2 it got from Red's factory, then takes the pile of 3
    assert after["seats"][BLUE]["money"] == 3 and after["corruption"] == 0


def test_the_build_space_takes_any_number_of_workers() -> None:
    state = position(2, {RED: {"home": {"L": 1}, "money": 10}, BLUE: {"home": {"L": 1}, "money": 10}})
    after, _ = play(state, (RED, "place build L 1"), (RED, "done"), (BLUE, "place build L 1"))
    assert [entry["seat"] for entry in after["build"]] == [RED, BLUE]


# --------------------------------------------------------------------------- air strikes


def test_yellows_air_strike_with_six_fighters_and_six_bombers() -> None:
    state = position(
        4,
        {
            YELLOW: {"home": {"L": 1}, "fighters": 6, "bombers": 6},
            RED: {"fighters": 3, "bombers": 1, "buildings": ["F02", "R01"]},
            BLUE: {"fighters": 2, "bombers": 5, "buildings": ["M01"]},
            GREEN: {"fighters": 1, "buildings": ["U01"]},
        },
        active=YELLOW,
    )
    assert refused(state, YELLOW, "attack 0 fighter") == "manhattan.no_strike"
    state, _ = play(state, (YELLOW, "place strike1 L"))
    assert "raid 0 F02" not in legal(state, YELLOW)
    state, events = play(
        state,
        *[(YELLOW, "attack 0 fighter")] * 3,
        *[(YELLOW, "attack 1 bomber")] * 3,
    )
    assert [e.params for e in events][:1] == [{"seat": YELLOW, "target": RED, "kind": "fighter"}]
    assert state["seats"][YELLOW]["fighters"] == 0 and state["seats"][RED]["fighters"] == 0
    assert state["seats"][BLUE]["bombers"] == 2
    assert refused(state, YELLOW, "attack 2 fighter") == "manhattan.no_fighters"
    # Red has no fighters left: open to bombing; Green and Blue still have theirs
    assert refused(state, YELLOW, "raid 2 U01") == "manhattan.has_fighters"
    assert refused(state, YELLOW, "raid 1 M01") == "manhattan.has_fighters"
    assert {"raid 0 F02", "raid 0 R01"} <= legal(state, YELLOW)
    assert not any(m.startswith(("raid 1", "raid 2")) for m in legal(state, YELLOW))
    state, _ = play(state, (YELLOW, "raid 0 F02"), *[(YELLOW, "raid 0 R01")] * 3)
    damage = {b["card"]: b["damage"] for b in state["seats"][RED]["buildings"]}
    assert damage == {"F02": 1, "R01": 3} and state["seats"][YELLOW]["bombers"] == 2
    # the strike is over once Yellow goes on with step 2
    state, _ = play(state, (YELLOW, "done"))
    assert refused(state, RED, "work F02 L") == "manhattan.damaged"


def test_a_strike_ends_with_the_first_building_used() -> None:
    state = position(2, {RED: {"home": {"L": 2}, "fighters": 2, "buildings": ["M01"]}, BLUE: {"fighters": 2}})
    state, _ = play(state, (RED, "place strike2 L"), (RED, "attack 1 fighter"), (RED, "work M01 L"))
    assert refused(state, RED, "attack 1 fighter") == "manhattan.no_strike"


# --------------------------------------------------------------------------- repairs


def test_repairs_five_dollars_for_the_active_player_and_two_three_five_for_the_others() -> None:
    damaged = [{"card": "F02", "damage": 1, "workers": None}, {"card": "R01", "damage": 3, "workers": None}]
    state = position(
        4,
        {
            BLUE: {
                "home": {"L": 1},
                "money": 6,
                "buildings": [{"card": "M01", "damage": 2, "workers": None}],
            },
            RED: {"money": 10, "buildings": damaged},
            GREEN: {"money": 1, "buildings": [{"card": "U01", "damage": 1, "workers": None}]},
            YELLOW: {"money": 9, "buildings": [{"card": "F01", "damage": 4, "workers": None}]},
        },
        active=BLUE,
    )
    state, _ = play(state, (BLUE, "place repair L"))
    assert state["seats"][BLUE]["money"] == 1
    # Blue first, then the others in turn order who have damage and $2 (Green has $1)
    assert state["pending"] == {"kind": "repair", "queue": [BLUE, YELLOW, RED]}
    assert GAME.to_act(state) == [BLUE]
    assert refused(state, RED, "repair F02") == "core.not_your_turn"
    assert refused(state, BLUE, "repair M01 M01 M01") == "manhattan.not_damaged"
    state, events = play(state, (BLUE, "repair M01 M01"))
    assert state["seats"][BLUE]["money"] == 1 and events[0].params["paid"] == 0
    assert refused(state, YELLOW, "repair F01 F01 F01") == "manhattan.cannot_afford"
    assert "repair F01 F01" in legal(state, YELLOW) and "repair F01 F01 F01" not in legal(state, YELLOW)
    state, _ = play(state, (YELLOW, "repair F01 F01"))
    assert state["seats"][YELLOW]["money"] == 4
    state, events = play(state, (RED, "repair F02 R01 R01"))
    assert state["seats"][RED]["money"] == 0 and events[0].params == {
        "seat": RED,
        "cards": ["F02", "R01", "R01"],
        "paid": 10,
    }
    assert state["pending"] is None and GAME.to_act(state) == [BLUE]
    assert {b["card"]: b["damage"] for b in state["seats"][RED]["buildings"]} == {"F02": 0, "R01": 1}


def test_a_repair_may_be_declined_and_at_most_three_points() -> None:
    state = position(
        3,
        {
            RED: {"home": {"L": 1}, "money": 5, "buildings": [{"card": "M01", "damage": 4, "workers": None}]},
            BLUE: {"money": 2, "buildings": [{"card": "M02", "damage": 1, "workers": None}]},
        },
    )
    state, _ = play(state, (RED, "place repair L"))
    assert refused(state, RED, "repair M01 M01 M01 M01") == "core.bad_notation"
    state, events = play(state, (RED, "repair none"), (BLUE, "repair M02"))
    assert events[0].code == "manhattan.repair_passed" and state["seats"][BLUE]["money"] == 0


# --------------------------------------------------------------------------- bomb design


def test_the_draft_three_players_four_cards() -> None:
    """Red designs: picks one of the 4 cards in secret, passes 3 to Purple (the next seat), who
    picks and passes 2 to Yellow; Yellow picks and the last card goes back to Red. Then 4 new
    cards are laid out. (Red, Purple and Yellow are seats 0, 1 and 2 here.)"""
    red, purple, yellow = 0, 1, 2
    offer = ["B01", "B16", "B05", "B24"]
    deck = ["B02", "B03", "B04", "B06", "B07"]
    state = position(
        3,
        {red: {"home": {"E": 1}, "contract": {"S": 1}}},
        offer=offer,
        bomb_deck=deck,
    )
    state, events = play(state, (red, "place design E+cS"))
    assert state["offer"] == [] and state["pending"]["queue"] == [red, purple, yellow]
    public = GAME.view(state, None)
    assert public["pending"] == {"kind": "draft", "queue": [red, purple, yellow], "cards": 4}
    assert GAME.view(state, red)["draft"] == offer and GAME.view(state, purple)["draft"] is None
    state, events = play(state, (red, "pick B24"))
    assert [(e.code, e.audience) for e in events] == [("manhattan.drafted", None), ("manhattan.picked", red)]
    assert sorted(GAME.view(state, purple)["draft"]) == ["B01", "B05", "B16"]
    assert refused(state, purple, "pick B24") == "manhattan.not_offered"
    state, _ = play(state, (purple, "pick B05"))
    state, events = play(state, (yellow, "pick B01"))
    assert sorted(state["seats"][red]["hand"]) == ["B16", "B24"]
    assert state["seats"][purple]["hand"] == ["B05"] and state["seats"][yellow]["hand"] == ["B01"]
    assert state["offer"] == deck[:4] and state["bomb_deck"] == deck[4:]
    assert [(e.code, e.audience) for e in events] == [
        ("manhattan.drafted", None),
        ("manhattan.picked", yellow),
        ("manhattan.got_last", None),
        ("manhattan.got_last_private", red),
        ("manhattan.offer_refilled", None),
    ]
    assert GAME.to_act(state) == [red] and state["pending"] is None
    assert "B16" not in str([e.params for e in events if e.audience is None])


def test_design_needs_one_engineer_and_one_scientist_and_closes_when_the_deck_runs_short() -> None:
    state = position(2, {RED: {"home": {"E": 2, "S": 1}}}, offer=["B01", "B02", "B03"], bomb_deck=["B04"])
    assert refused(state, RED, "place design E+E") == "manhattan.wrong_workers"
    state, events = play(state, (RED, "place design E+S"), (RED, "pick B01"), (BLUE, "pick B02"))
    assert events[-1].code == "manhattan.design_closed" and state["offer"] == []
    assert state["seats"][RED]["hand"] == ["B01", "B03"]
    assert not any(m.startswith("place design") for m in legal(state, RED))


# --------------------------------------------------------------------------- bombs


def test_yellows_uranium_bomb_is_worth_24() -> None:
    state = position(4, {YELLOW: {"home": {"E": 2, "S": 2}, "eu": 5, "hand": ["B04"]}}, active=YELLOW)
    assert refused(state, YELLOW, "bomb B04 E+E+S") == "manhattan.wrong_workers_bomb"
    state, events = play(state, (YELLOW, "bomb B04 E+E+S+S"))
    assert state["seats"][YELLOW]["eu"] == 0 and points(state, YELLOW) == 24
    assert state["seats"][YELLOW]["bombs"] == [
        {"card": "B04", "loaded": False, "workers": ["E", "E", "S", "S"]}
    ]
    assert events[0].params == {"seat": YELLOW, "card": "B04", "points": 24}
    assert GAME.view(state, None)["scores"][YELLOW]["total"] == 24


def test_a_bomb_needs_its_fuel() -> None:
    state = position(2, {RED: {"home": {"E": 2, "S": 2}, "eu": 4, "hand": ["B04"]}})
    assert refused(state, RED, "bomb B04 E+E+S+S") == "manhattan.no_fuel"
    assert refused(state, RED, "bomb B05 E+E+S+S") == "manhattan.not_in_hand"


def test_greens_plutonium_bomb_and_its_implosion_test() -> None:
    """B24: 3 engineers, 2 scientists, 6 plutonium: 12 points, 24 after a test. Testing it takes
    the test card worth 6 (2 or 4 players): the bomb's 12 are lost, 6 gained, and Green's other
    plutonium bombs count their tested value."""
    for players in (2, 4):
        state = position(
            players,
            {GREEN % players: {"home": {"E": 3, "S": 2}, "pu": 6, "hand": ["B24"]}},
            active=GREEN % players,
        )
        green = GREEN % players
        state, _ = play(state, (green, "bomb B24 E+E+E+S+S"))
        assert state["seats"][green]["pu"] == 0 and points(state, green) == 12
        state, events = play(state, (green, "test B24"))
        assert points(state, green) == 6 and events[0].params["value"] == 6
        assert state["seats"][green]["bombs"] == [] and state["bomb_deck"][-1] == "B24"
        assert state["seats"][green]["test"] == {
            "value": 6,
            "bomb": "B24",
            "workers": ["E", "E", "E", "S", "S"],
        }
        assert refused(state, green, "test B24") == "manhattan.not_built"

    other = position(
        2,
        {
            RED: {
                "home": {"E": 3, "S": 2},
                "pu": 6,
                "hand": ["B24"],
                "bombs": [
                    {"card": "B16", "loaded": False, "workers": []},
                    {"card": "B20", "loaded": False, "workers": []},
                ],
            }
        },
    )
    assert points(other, RED) == 6 + 7
    other, _ = play(other, (RED, "test B16"))
    assert points(other, RED) == 6 + 14
    other, events = play(other, (RED, "bomb B24 E+E+E+S+S"))
    assert events[0].params["points"] == 24 and points(other, RED) == 6 + 14 + 24
    assert refused(other, RED, "test B20") == "manhattan.tested_already"


def test_only_plutonium_bombs_are_tested_and_the_highest_test_left_is_taken() -> None:
    bombs = [{"card": "B04", "loaded": False, "workers": []}, {"card": "B16", "loaded": False, "workers": []}]
    state = position(3, {RED: {"home": {"L": 1}, "bombs": bombs}, BLUE: {"home": {"L": 1}, "bombs": bombs}})
    assert state["tests"] == [8, 4, 0]
    assert refused(state, RED, "test B04") == "manhattan.not_plutonium"
    state, _ = play(state, (RED, "test B16"), (RED, "place mine2 L"), (RED, "done"), (BLUE, "test B16"))
    assert state["seats"][RED]["test"]["value"] == 8 and state["seats"][BLUE]["test"]["value"] == 4


def test_loading_a_bomb_for_five_points_and_losing_it_in_a_test() -> None:
    built = [{"card": "B04", "loaded": False, "workers": ["E", "E", "S", "S"]}]
    state = position(4, {YELLOW: {"home": {"L": 1}, "money": 3, "bombers": 1, "bombs": built}}, active=YELLOW)
    state, events = play(state, (YELLOW, "load B04"))
    assert points(state, YELLOW) == 29 and state["seats"][YELLOW]["money"] == 0
    assert state["seats"][YELLOW]["bombers"] == 0 and events[0].code == "manhattan.loaded"
    assert refused(state, YELLOW, "load B04") == "manhattan.loaded_already"
    poor = position(2, {RED: {"home": {"L": 1}, "money": 2, "bombers": 1, "bombs": built}})
    assert refused(poor, RED, "load B04") == "manhattan.cannot_afford"
    no_plane = position(2, {RED: {"home": {"L": 1}, "money": 9, "bombs": built}})
    assert refused(no_plane, RED, "load B04") == "manhattan.no_bombers"

    pu = [{"card": "B24", "loaded": False, "workers": []}]
    green = position(2, {RED: {"home": {"L": 1}, "money": 3, "bombers": 1, "bombs": pu}})
    green, _ = play(green, (RED, "load B24"))
    assert points(green, RED) == 17
    green, _ = play(green, (RED, "test B24"))
    assert points(green, RED) == 6


# --------------------------------------------------------------------------- the end


def test_the_winning_scores_end_the_game_at_once() -> None:
    """70 / 60 / 50 / 45 points for 2 / 3 / 4 / 5 players: the first to reach them wins, at once,
    also in the middle of a turn; a point less goes on."""
    assert TARGETS == {2: 70, 3: 60, 4: 50, 5: 45}
    for players, target in TARGETS.items():
        for short in (0, 1):
            # a built bomb worth 35 and a test card making up the rest but 5 (and ``short``)
            built = [{"card": "B13", "loaded": False, "workers": []}]
            test = {"value": target - 40 - short, "bomb": "B16", "workers": []}
            state = position(
                players, {RED: {"home": {"L": 1}, "money": 5, "bombers": 1, "bombs": built, "test": test}}
            )
            state, events = play(state, (RED, "load B13"))
            assert points(state, RED) == target - short
            if short:
                assert state["phase"] == "play" and state["winner"] is None and GAME.to_act(state) == [RED]
                continue
            assert state["phase"] == "over" and state["winner"] == RED
            assert events[-1].code == "manhattan.won" and events[-1].params == {"seat": RED, "points": target}
            outcome = GAME.outcome(state)
            assert outcome is not None and outcome.places[RED] == 1 and GAME.to_act(state) == []


def test_building_the_bomb_that_reaches_the_target_wins() -> None:
    for players, target in TARGETS.items():
        test = {"value": target - 24, "bomb": "B16", "workers": []}
        state = position(players, {RED: {"home": {"E": 2, "S": 2}, "eu": 5, "hand": ["B04"], "test": test}})
        state, events = play(state, (RED, "bomb B04 E+E+S+S"))
        assert points(state, RED) == target and state["winner"] == RED and state["phase"] == "over"
        assert events[-1].params == {"seat": RED, "points": target}
