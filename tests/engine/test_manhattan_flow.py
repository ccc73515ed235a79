"""The Manhattan Project's flow: setup and start bonus, turns (placing or retrieving), retrieval's
three steps, turn order and the round limit, resigning, the time-limit move and the outcome."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalMove
from engine.manhattan.content import TESTS, buildings
from engine.manhattan.game import GAME
from tests.engine.manhattan_support import BLUE, GREEN, RED, YELLOW, legal, play, position, refused

# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_market_bombs_tests_money_and_planes(players: int) -> None:
    state = GAME.new(players, {}, 99 + players)
    cards = buildings()
    assert all(cards[c].start for c in state["market"][:6]) and not cards[state["market"][6]].start
    assert len(state["deck"]) == 43 and len(set(state["deck"]) | set(state["market"])) == 50
    assert len(state["offer"]) == players + 1 and len(state["bomb_deck"]) == 30 - players - 1
    assert state["tests"] == sorted(TESTS[players], reverse=True)
    order = state["order"]
    assert sorted(order) == list(range(players)) and order == [
        (order[0] + k) % players for k in range(players)
    ]
    bonus = [0, 2, 4, 2, 4]
    for position_, seat in enumerate(order):
        row = state["seats"][seat]
        assert row["money"] == 10 + bonus[position_]
        assert (row["fighters"], row["bombers"], row["home"]) == (1, 1, {"L": 4, "E": 0, "S": 0})
        assert row["pool"] == {"L": 0, "E": 4, "S": 4}
    assert state["contractors"] == {"L": 4, "E": 4, "S": 4}
    if players <= 3:
        assert state["phase"] == "play" and GAME.to_act(state) == [order[0]]
    else:
        assert state["phase"] == "bonus" and GAME.to_act(state) == order[3:]


def test_the_fourth_and_fifth_players_choose_their_bonus_worker_at_once() -> None:
    state = GAME.new(5, {}, 3)
    fourth, fifth = state["order"][3:]
    assert legal(state, fourth) == {"bonus E", "bonus S"}
    assert refused(state, state["order"][0], "bonus E") == "core.not_your_turn"
    assert refused(state, fourth, "place mine2 L") == "manhattan.bonus_first"
    state, events = play(state, (fifth, "bonus S"))
    assert events[0].params == {"seat": fifth, "kind": "S"} and GAME.to_act(state) == [fourth]
    assert state["seats"][fifth]["home"]["S"] == 1 and state["seats"][fifth]["pool"]["S"] == 3
    state, _ = play(state, (fourth, "bonus E"))
    assert state["phase"] == "play" and GAME.to_act(state) == [state["order"][0]]
    assert state["seats"][fourth]["home"]["E"] == 1


# --------------------------------------------------------------------------- turns


def test_a_placing_turn_needs_a_worker_before_done() -> None:
    state = position(2, {RED: {"home": {"L": 1}}})
    assert refused(state, RED, "done") == "manhattan.place_first"
    assert "done" not in legal(state, RED)
    after, events = play(state, (RED, "place uni2 L"), (RED, "done"))
    assert GAME.to_act(after) == [BLUE] and events[-1].code == "manhattan.turn_ended"
    assert after["last"] == {
        "seat": RED,
        "retrieved": False,
        "spaces": ["uni2"],
        "buildings": [],
        "bombs": [],
    }


def test_a_seat_without_workers_at_hand_must_retrieve() -> None:
    bombs = [{"card": "B16", "loaded": False, "workers": ["E"]}]
    state = position(2, {RED: {"bombs": bombs, "bombers": 1, "money": 5, "pool": {"E": 3}}})
    assert legal(state, RED) == {"retrieve"}
    assert refused(state, RED, "load B16") == "manhattan.must_retrieve"
    assert refused(state, RED, "test B16") == "manhattan.must_retrieve"
    assert refused(state, RED, "done") == "manhattan.must_retrieve"
    after, events = play(state, (RED, "retrieve"))
    assert after["seats"][RED]["home"]["E"] == 1 and GAME.to_act(after) == [BLUE]
    assert [e.code for e in events] == ["manhattan.retrieved", "manhattan.turn_ended"]
    assert after["last"]["retrieved"] is True


def test_retrieve_only_as_the_whole_turn_and_only_bringing_back_an_own_worker() -> None:
    state = position(2, {RED: {"home": {"L": 2}}}, occupied={"mine2": RED})
    assert "retrieve" in legal(state, RED)
    placed, _ = play(state, (RED, "place uni2 L"))
    assert refused(placed, RED, "retrieve") == "manhattan.retrieve_too_late"
    nothing = position(2, {RED: {"home": {"L": 2}}})
    assert refused(nothing, RED, "retrieve") == "manhattan.nothing_to_retrieve"
    # another seat's workers on Red's buildings do not count: Red would bring back none of its own
    blue_on_red = position(
        2,
        {
            RED: {
                "home": {"L": 1},
                "buildings": [{"card": "M01", "damage": 0, "workers": {"seat": BLUE, "workers": ["L"]}}],
            }
        },
    )
    assert refused(blue_on_red, RED, "retrieve") == "manhattan.nothing_to_retrieve"


def test_a_seat_that_can_neither_place_nor_retrieve_passes() -> None:
    state = position(2, {RED: {"home": {"L": 1}}}, occupied={})
    state["spaces"] = {
        space: {"seat": BLUE, "workers": ["L"]}
        for space in ("factory2", "air1", "air2", "mine2", "uni1", "uni2", "uni3", "strike1", "strike2")
    }
    assert legal(state, RED) == {"done"}
    after, _ = play(state, (RED, "done"))
    assert GAME.to_act(after) == [BLUE]


def test_retrieval_in_three_steps() -> None:
    """Red retrieves: (1) its permanent workers from the main board and every player's buildings
    come home; (2) every worker on its own buildings, bombs and test card goes to its owner's
    supply (contractors to the common supply); (3) its contractors on the main board and at hand
    go to the common supply. Its contractor on Blue's building stays there."""
    red_buildings = [
        {"card": "F02", "damage": 0, "workers": {"seat": BLUE, "workers": ["S"]}},
        {"card": "M01", "damage": 1, "workers": {"seat": BLUE, "workers": ["cE"]}},
        {"card": "F01", "damage": 0, "workers": {"seat": RED, "workers": ["cL"]}},
    ]
    blue_buildings = [{"card": "M02", "damage": 0, "workers": {"seat": RED, "workers": ["L", "cL"]}}]
    state = position(
        3,
        {
            RED: {
                "home": {"L": 1},
                "contract": {"L": 1},
                "pool": {"E": 0, "S": 2},
                "buildings": red_buildings,
                "bombs": [{"card": "B04", "loaded": True, "workers": ["E", "E", "S", "cS"]}],
                "test": {"value": 8, "bomb": "B16", "workers": ["E", "cE"]},
            },
            BLUE: {"buildings": blue_buildings, "home": {"S": 0}},
        },
    )
    state["spaces"] = {
        "mine2": {"seat": RED, "workers": ["L"]},
        "design": {"seat": RED, "workers": ["E", "cS"]},
        "uni1": {"seat": BLUE, "workers": ["L"]},
    }
    state["build"] = [{"seat": RED, "workers": ["L"]}]
    common = dict(state["contractors"])
    after, _ = play(state, (RED, "retrieve"))
    red = after["seats"][RED]
    assert red["home"] == {"L": 4, "E": 4, "S": 1} and red["contract"] == {"L": 0, "E": 0, "S": 0}
    assert after["seats"][BLUE]["home"]["S"] == 1
    assert after["contractors"] == {"L": common["L"] + 2, "E": common["E"] + 2, "S": common["S"] + 2}
    assert after["spaces"] == {"uni1": {"seat": BLUE, "workers": ["L"]}} and after["build"] == []
    assert all(b["workers"] is None for b in red["buildings"])
    assert [b["damage"] for b in red["buildings"]] == [0, 1, 0]
    assert red["bombs"] == [{"card": "B04", "loaded": True, "workers": []}] and red["test"]["workers"] == []
    assert after["seats"][BLUE]["buildings"][0]["workers"] == {"seat": RED, "workers": ["cL"]}


def test_turn_order_skips_nobody_and_rounds_count() -> None:
    state = position(3, {s: {"home": {"L": 4}} for s in range(3)}, active=0)
    seen = []
    for _ in range(6):
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        space = next(
            m for m in sorted(legal(state, seat)) if m.startswith("place uni") or m.startswith("place air")
        )
        state, _ = play(state, (seat, space), (seat, "done"))
        state["spaces"] = {}
    assert seen == [0, 1, 2, 0, 1, 2] and state["round"] == 3


def test_the_round_limit_ends_the_game_and_the_most_points_win() -> None:
    state = position(
        3,
        {
            RED: {"home": {"L": 2}, "bombs": [{"card": "B01", "loaded": False, "workers": []}]},
            BLUE: {"home": {"L": 2}, "bombs": [{"card": "B04", "loaded": False, "workers": []}]},
            GREEN: {"home": {"L": 2}, "bombs": [{"card": "B01", "loaded": False, "workers": []}]},
        },
        round=40,
    )
    state, _ = play(state, (RED, "place uni1 L"), (RED, "done"), (BLUE, "place uni2 L"), (BLUE, "done"))
    assert state["phase"] == "play"
    state, events = play(state, (GREEN, "place uni3 L"), (GREEN, "done"))
    assert state["phase"] == "over" and events[-1].code == "manhattan.round_limit"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == (2, 1, 2) and outcome.scores == (19, 24, 19)
    assert [t.params for t in outcome.ties] == [{"score": 19, "place": 2}]
    with pytest.raises(IllegalMove) as refused_move:
        GAME.apply(state, RED, "done")
    assert refused_move.value.code == "core.game_over"


def test_max_rounds_option_range() -> None:
    assert GAME.options({})["max_rounds"] == 40
    with pytest.raises(IllegalMove):
        GAME.options({"max_rounds": 9})
    with pytest.raises(IllegalMove):
        GAME.options({"max_rounds": 101})


# --------------------------------------------------------------------------- resigning


def test_resigning_with_two_players_ends_the_game() -> None:
    state = position(
        2, {RED: {"home": {"L": 1}}, BLUE: {"bombs": [{"card": "B01", "loaded": False, "workers": []}]}}
    )
    after, events = play(state, (BLUE, "resign"))
    assert after["phase"] == "over" and after["winner"] == RED and events[0].code == "manhattan.resigned"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.places == (1, 2)


def test_resigning_in_turn_passes_the_turn_and_leaves_the_board() -> None:
    state = position(
        4,
        {
            RED: {"home": {"L": 2}, "hand": ["B05", "B06"], "buildings": ["M01"]},
            BLUE: {"home": {"L": 1}, "fighters": 2},
        },
        bomb_deck=["B07"],
    )
    state, _ = play(state, (RED, "place mine2 L"), (RED, "work M01 L"))
    state, events = play(state, (RED, "resign"))
    assert state["seats"][RED]["resigned"] and state["seats"][RED]["hand"] == []
    assert state["bomb_deck"] == ["B07", "B05", "B06"] and state["spaces"] == {}
    assert state["seats"][RED]["buildings"][0]["workers"] is None
    assert GAME.to_act(state) == [BLUE] and [e.code for e in events][-1] == "manhattan.turn_ended"
    state, _ = play(state, (BLUE, "place strike1 L"))
    assert not any(m.endswith(" 0 fighter") or m.startswith("raid 0") for m in legal(state, BLUE))
    assert refused(state, BLUE, "raid 0 M01") == "manhattan.bad_target"
    state, _ = play(state, (BLUE, "done"))
    assert GAME.to_act(state) == [GREEN]
    assert refused(state, RED, "resign") == "core.not_your_turn"


def test_resigning_out_of_turn_leaves_a_draft_and_a_repair_queue() -> None:
    state = position(
        4,
        {RED: {"home": {"E": 1, "S": 1}}},
        offer=["B01", "B02", "B03", "B04", "B05"],
        bomb_deck=[f"B{n}" for n in range(10, 20)],
    )
    state, _ = play(state, (RED, "place design E+S"), (RED, "pick B01"))
    assert state["pending"]["queue"] == [BLUE, GREEN, YELLOW]
    state, _ = play(state, (BLUE, "resign"))
    assert state["pending"]["queue"] == [GREEN, YELLOW, RED] and GAME.to_act(state) == [GREEN]
    state, _ = play(state, (GREEN, "pick B02"), (YELLOW, "pick B03"), (RED, "pick B04"))
    assert sorted(state["seats"][RED]["hand"]) == ["B01", "B04", "B05"]
    assert len(state["offer"]) == 4  # three players left, plus one

    damaged = [{"card": "M01", "damage": 1, "workers": None}]
    repair = position(
        3,
        {
            RED: {"home": {"L": 1}, "money": 5},
            BLUE: {"money": 5, "buildings": damaged},
            GREEN: {"money": 5, "buildings": damaged[:0]},
        },
    )
    repair, _ = play(repair, (RED, "place repair L"))
    assert repair["pending"]["queue"] == [BLUE]
    repair, _ = play(repair, (BLUE, "resign"))
    assert repair["pending"] is None and GAME.to_act(repair) == [RED]


def test_resigning_while_designing_returns_the_draft_cards_to_the_deck() -> None:
    deck = ["B10", "B11", "B12", "B13"]
    state = position(3, {RED: {"home": {"E": 1, "S": 1}}}, offer=["B01", "B02", "B03", "B04"], bomb_deck=deck)
    state, _ = play(state, (RED, "place design E+S"), (RED, "pick B01"), (RED, "resign"))
    # Red's hand, then the cards still passed round, under the deck; two players left: 3 laid out
    assert state["offer"] == ["B10", "B11", "B12"]
    assert state["bomb_deck"] == ["B13", "B01", "B02", "B03", "B04"]
    assert state["pending"] is None and GAME.to_act(state) == [BLUE]


# --------------------------------------------------------------------------- absent players


def test_the_time_limit_move() -> None:
    five = GAME.new(5, {}, 4)
    assert GAME.timeout_move(five, five["order"][3]).notation == "bonus E"
    state = position(2, {RED: {"home": {"L": 1}, "money": 0}})
    assert GAME.timeout_move(state, RED).notation in legal(state, RED)
    # the cheapest placement on a space that only yields: never a build, strike, design or spy
    assert GAME.timeout_move(state, RED).notation == "place air1 L"
    after, _ = play(state, (RED, "place air1 L"))
    assert GAME.timeout_move(after, RED).notation == "done"
    crowded = position(2, {RED: {"home": {"E": 1, "S": 1}, "money": 9}}, offer=["B01", "B02", "B03"])
    crowded["spaces"] = {
        s: {"seat": BLUE, "workers": ["L"]} for s in ("air1", "air2", "factory2", "factory3")
    }
    assert GAME.timeout_move(crowded, RED).notation == "place mine2 E"
    back = position(2, {RED: {"home": {"L": 1}}}, occupied={"mine2": RED})
    assert GAME.timeout_move(back, RED).notation == "retrieve"
    assert GAME.timeout_move(back, BLUE) is None
    damaged = [{"card": "M01", "damage": 1, "workers": None}]
    repair = position(2, {RED: {"home": {"L": 1}, "money": 5}, BLUE: {"money": 5, "buildings": damaged}})
    repair, _ = play(repair, (RED, "place repair L"))
    assert GAME.timeout_move(repair, BLUE).notation == "repair none"


def test_timed_out_seats_play_a_whole_game_to_its_end() -> None:
    state = GAME.new(4, {"max_rounds": 10}, 21)
    moves = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        move = GAME.timeout_move(state, seat)
        assert move is not None
        state, _ = GAME.apply(state, seat, move)
        moves += 1
        assert moves < 5000
    assert state["round"] == 10


# --------------------------------------------------------------------------- invariants


def test_every_worker_is_somewhere_exactly_once() -> None:
    """Through a whole random game: each colour's 4 workers of a kind and the 4 contractors of a
    kind are all accounted for (supply, pool, main board, buildings, bombs, test cards)."""
    from tests.engine.manhattan_support import random_game

    _, _, states, _ = random_game(4, 5, {"max_rounds": 12})
    for state in states[::5]:
        count: Counter[tuple[int | None, str]] = Counter()
        for seat, row in enumerate(state["seats"]):
            for kind in "LES":
                count[(seat, kind)] += row["home"][kind] + row["pool"][kind]
                count[(None, kind)] += row["contract"][kind]
            for bomb in row["bombs"]:
                _tally(count, seat, bomb["workers"])
            if row["test"] is not None:
                _tally(count, seat, row["test"]["workers"])
            for building in row["buildings"]:
                if building["workers"] is not None:
                    _tally(count, building["workers"]["seat"], building["workers"]["workers"])
        for entry in [*state["spaces"].values(), *state["build"]]:
            _tally(count, entry["seat"], entry["workers"])
        for kind in "LES":
            count[(None, kind)] += state["contractors"][kind]
        assert all(n == 4 for n in count.values()) and len(count) == 3 * (4 + 1)


def _tally(count: Counter[tuple[int | None, str]], seat: int, tokens: list[str]) -> None:
    for token in tokens:
        count[(None if token.startswith("c") else seat, token[-1])] += 1
