"""RunArch complex game on hand-made positions: setup, tokens, movement, archives, scoring, offer."""

from __future__ import annotations

import json

import pytest

from engine.core import Event, Move
from engine.runarch import GAME
from engine.runarch.archives import accepts, fitting_archives
from engine.runarch.components import CELL_INDEX, CODES
from engine.runarch.scoring import match_bonus
from engine.runarch.tokens import TOKEN_GROUPS
from tests.engine.runarch_support import (
    complex_game,
    hidden_ids,
    pattern,
    refused,
    shape_only,
    stones_with,
)

ROW1_C01 = stones_with({"row1": pattern("C01")})
"""C01's pattern on row 1: 10 points there."""


def events_of(events: list[Event]) -> list[tuple[str, dict]]:
    return [(e.code, dict(e.params)) for e in events]


# ------------------------------------------------------------------ setup
def test_complex_new_keeps_the_simple_draws_and_deals_four_each() -> None:
    simple = GAME.new(2, {}, 99)
    state = GAME.new(2, {"variant": "complex"}, 99)
    assert state["pads"] == simple["pads"] and state["stones"] == simple["stones"]
    (a0, a1), (b0, b1) = simple["hands"]
    shuffled = [*simple["deck"], b1, a1, b0, a0]  # the simple deal popped a0, b0, a1, b1
    dealt = [card for pair in zip(*state["setup_hands"], strict=True) for card in pair]
    assert [*state["deck"], *reversed(dealt)] == shuffled
    assert state["phase"] == "setup" and state["hands"] == [[], []]
    assert [len(h) for h in state["setup_hands"]] == [4, 4]
    assert state["setup_choice"] == [None, None] and state["goals"] == [] and state["offer"] == []
    for stack in state["tokens"]:
        assert all(value in group for value, group in zip(stack, TOKEN_GROUPS, strict=True))
    ids = [c["id"] for c in state["conditions"]]
    assert len(set(ids)) == 6 and ids == sorted(ids)
    assert all(c["bet"] in ("gold", "silver") and c["taken_by"] is None for c in state["conditions"])
    scores = [t["score"] for t in state["track"]]
    assert scores == sorted(scores) and len(set(scores)) == 4
    assert all(51 <= s <= 75 for s in scores[:2]) and all(76 <= s <= 100 for s in scores[2:])
    assert state["handed"] == [0, 0] and state["pending"] == [] and state["variant"] == "complex"
    assert GAME.to_act(state) == [0, 1]
    assert json.loads(json.dumps(state)) == state


def test_setup_moves_are_all_twelve_choices() -> None:
    """ "obdrží na ruku karty čtyři, z čehož si ... dvě nechá na ruce, třetí odloží jako svůj
    dlouhodobý tajný cíl a čtvrtou odloží jako dlouhodobý veřejný cíl": 4 goals x 3 secrets."""
    state = GAME.new(2, {"variant": "complex"}, 5)
    for seat in (0, 1):
        moves = GAME.legal_moves(state, seat)
        assert len(moves) == len(set(moves)) == 12
        hand = set(state["setup_hands"][seat])
        for move in moves:
            assert move.kind == "setup" and set(move.args) <= hand and len(set(move.args)) == 2
            assert GAME.parse_move(move.notation) == move


def test_setup_is_simultaneous_and_hidden_until_both_chose() -> None:
    state = GAME.new(2, {"variant": "complex"}, 11)
    hand0, hand1 = (sorted(h) for h in state["setup_hands"])
    state, events = GAME.apply(state, 1, f"setup {hand1[3]} {hand1[0]}")
    assert events_of(events) == [("runarch.setup_chosen", {"seat": 1})]
    assert state["setup_choice"][1] == [hand1[3], hand1[0]]
    assert GAME.to_act(state) == [0] and state["phase"] == "setup"
    public = GAME.view(state, None)
    assert public["setup_done"] == [False, True] and public["goals"] == []
    text = json.dumps(public) + json.dumps(GAME.view(state, 0)["setup_hand"]) + json.dumps(events_of(events))
    assert not any(card in text for card in hand1)
    assert not any(card in json.dumps(public) for card in hand0)
    mine = GAME.view(state, 1)
    assert mine["setup_choice"] == [hand1[3], hand1[0]]
    assert [c["id"] for c in mine["setup_hand"]] == state["setup_hands"][1]
    refused(state, 1, f"setup {hand1[0]} {hand1[2]}", "runarch.setup_already_chosen")
    refused(state, 1, "swap A1 B1", "runarch.setup_already_chosen")
    refused(state, 2, "swap A1 B1", "core.not_your_turn")
    refused(state, 0, "swap A1 B1", "runarch.setup_pending")
    refused(state, 0, "end", "runarch.setup_pending")

    state, events = GAME.apply(state, 0, f"setup {hand0[2]} {hand0[1]}")
    goals = [hand0[2], hand1[3]]  # "Ve hře jsou dva veřejné úkoly": one from each player
    assert events_of(events) == [
        ("runarch.setup_chosen", {"seat": 0}),
        ("runarch.goals_revealed", {"goals": ", ".join(goals)}),
    ]
    assert state["phase"] == "play" and state["goals"] == goals
    assert state["secret"] == [hand0[1], hand1[0]]
    assert [sorted(h) for h in state["hands"]] == [[hand0[0], hand0[3]], [hand1[1], hand1[2]]]
    assert state["setup_hands"] == [[], []] and len(state["offer"]) == 4 and len(state["deck"]) == 48
    assert GAME.to_act(state) == [0] and state["turn"] == 0 and state["round"] == 1
    public = GAME.view(state, None)
    assert [g["id"] for g in public["goals"]] == goals
    assert public["secrets"] == [None, None]
    assert public["offer"] == [GAME.card(c)["match"] for c in state["offer"]]
    text = json.dumps(public)
    assert not any(f'"{card}"' in text for card in hidden_ids(state))
    assert GAME.view(state, 0)["secret"]["id"] == hand0[1]
    refused(state, 0, f"setup {hand0[0]} {hand0[1]}", "runarch.setup_over")


def test_setup_refusals() -> None:
    state = GAME.new(2, {"variant": "complex"}, 11)
    hand = sorted(state["setup_hands"][0])
    other = state["setup_hands"][1][0]
    refused(state, 0, f"setup {hand[0]} {other}", "runarch.setup_bad_choice", card=other)
    refused(state, 0, f"setup {hand[1]} {hand[1]}", "runarch.setup_bad_choice", card=hand[1])
    refused(state, 0, "setup C99 C01", "runarch.setup_bad_choice", card="C99")
    refused(
        state,
        0,
        f"setup {hand[0]} {hand[1]} {hand[2]}",
        "core.bad_notation",
        text=f"setup {hand[0]} {hand[1]} {hand[2]}",
    )
    refused(state, 0, "resign now", "core.bad_notation", text="resign now")
    assert GAME.parse_move(f"SETUP {hand[1].lower()} {hand[0]}").args == (hand[1], hand[0])


# ------------------------------------------------------------------ tokens
def test_passing_25_hands_the_top_token_to_the_opponent() -> None:
    state = complex_game(stones=ROW1_C01, scores=[20, 0], tokens=((6, 8, 10, 12), (5, 7, 9, 11)))
    assert GAME.minimum(state, 0) == 6 and GAME.view(state, None)["minimums"] == [6, 5]
    new, events = GAME.apply(state, 0, "score C01 row1 left")
    assert events_of(events)[1] == (
        "runarch.token_handed",
        {"seat": 0, "opponent": 1, "mark": 25, "ability": "diagonal", "minimum": 8},
    )
    assert new["handed"] == [1, 0] and GAME.minimum(new, 0) == 8 and GAME.minimum(new, 1) == 5
    assert GAME.abilities(new, 1) == {"diagonal": True, "double": False, "diagonals": False}
    assert GAME.abilities(new, 0) == {"diagonal": False, "double": False, "diagonals": False}
    public = GAME.view(new, None)
    assert public["handed"] == [1, 0] and public["minimums"] == [8, 5]
    assert (
        "10" not in json.dumps(public["minimums"]) and "tokens" not in public
    )  # future minimums stay hidden


def test_reaching_exactly_25_hands_nothing() -> None:
    state = complex_game(stones=ROW1_C01, scores=[15, 0])
    new, events = GAME.apply(state, 0, "score C01 row1 left")
    assert new["scores"][0] == 25 and new["handed"] == [0, 0]
    assert [e.code for e in events] == ["runarch.scored"]


def test_one_card_passing_two_marks_hands_two_tokens() -> None:
    state = complex_game(stones=ROW1_C01, scores=[45, 0], tokens=((6, 8, 10, 12), (5, 7, 9, 11)))
    new, events = GAME.apply(state, 0, "score C01 row1 left")
    handed = [dict(e.params) for e in events if e.code == "runarch.token_handed"]
    assert handed == [
        {"seat": 0, "opponent": 1, "mark": 25, "ability": "diagonal", "minimum": 8},
        {"seat": 0, "opponent": 1, "mark": 50, "ability": "double", "minimum": 10},
    ]
    assert new["handed"] == [2, 0]
    assert GAME.abilities(new, 1) == {"diagonal": True, "double": True, "diagonals": False}


def test_the_third_token_gives_the_diagonals_and_the_fourth_never_moves() -> None:
    state = complex_game(
        stones=ROW1_C01, scores=[70, 0], handed=[2, 0], tokens=((6, 8, 10, 12), (5, 7, 9, 11))
    )
    new, events = GAME.apply(state, 0, "score C01 row1 left")
    assert events_of(events)[1][1] == {
        "seat": 0,
        "opponent": 1,
        "mark": 75,
        "ability": "diagonals",
        "minimum": 12,
    }
    assert new["handed"] == [3, 0] and GAME.abilities(new, 1)["diagonals"]
    later = complex_game(
        stones=stones_with({"row1": pattern("C02")}),
        hands=(("C02",), ()),
        scores=[95, 0],
        handed=[3, 0],
        track=[],
    )
    later["tokens"] = [[5, 5, 5, 5], [5, 7, 9, 11]]
    _, events = GAME.apply(later, 0, "score C02 row1 left")
    assert [e.code for e in events] == ["runarch.scored"]


def test_the_minimum_comes_from_the_top_token() -> None:
    six_points = shape_only(pattern("C01"), [0, 1, 2, 3])  # four shape-only positions: 4 + 2
    state = complex_game(stones=stones_with({"row2": six_points}), tokens=((7, 8, 9, 11), (5, 7, 9, 11)))
    refused(
        state, 0, "score C01 row2 left", "runarch.below_minimum", card="C01", line="row2", points=6, minimum=7
    )
    assert GAME.scoring_options(state, 0) == []
    state["tokens"][0][0] = 6
    assert GAME.scoring_options(state, 0)[0]["points"] == 6


# ------------------------------------------------------------------ movement
def test_swaps_are_orthogonal_until_the_diagonal_token() -> None:
    state = complex_game()
    refused(state, 0, "swap A1 B2", "runarch.orthogonal_only", a="A1", b="B2")
    refused(state, 0, "swap E4 D5", "runarch.orthogonal_only", a="E4", b="D5")
    swaps = [m for m in GAME.legal_moves(state, 0) if m.kind == "swap"]
    assert len(swaps) == 40
    assert all(
        CELL_INDEX[m.args[0]] // 5 == CELL_INDEX[m.args[1]] // 5 or m.args[0][0] == m.args[1][0]
        for m in swaps
    )
    new, events = GAME.apply(state, 0, "swap A1 A2")
    assert events[0].code == "runarch.swapped" and new["swapped"] and new["swaps"] == 1
    refused(new, 0, "swap B1 B2", "runarch.no_double_swap")
    assert {m.kind for m in GAME.legal_moves(new, 0)} <= {"score", "end"}
    assert GAME.legal_moves(new, 0)[-1] == Move("end")
    token = complex_game(handed=[0, 1])
    assert sum(m.kind == "swap" for m in GAME.legal_moves(token, 0)) == 72
    new, _ = GAME.apply(token, 0, "swap B2 A1")
    assert new["last"]["swap"] == ["A1", "B2"]
    refused(new, 0, "swap C3 C4", "runarch.no_double_swap")
    refused(new, 0, "jump C3 C5", "runarch.no_jump")


def test_double_swap_chained_or_independent_with_scoring_between() -> None:
    state = complex_game(stones=ROW1_C01, handed=[0, 2])
    moves = GAME.legal_moves(state, 0)
    assert sum(m.kind == "swap" for m in moves) == 72 and sum(m.kind == "jump" for m in moves) == 48
    chained, _ = GAME.apply(state, 0, "swap A3 B3")
    assert Move("end") in GAME.legal_moves(chained, 0)
    assert sum(m.kind == "swap" for m in GAME.legal_moves(chained, 0)) == 72
    assert not any(m.kind == "jump" for m in GAME.legal_moves(chained, 0))
    chained, _ = GAME.apply(chained, 0, "swap B3 C3")
    stones = state["stones"]
    assert chained["stones"][CELL_INDEX["A3"]] == stones[CELL_INDEX["B3"]]
    assert chained["stones"][CELL_INDEX["B3"]] == stones[CELL_INDEX["C3"]]
    assert chained["stones"][CELL_INDEX["C3"]] == stones[CELL_INDEX["A3"]]
    assert chained["last"]["swap"] == [["A3", "B3"], ["B3", "C3"]] and chained["swaps"] == 2
    refused(chained, 0, "swap D4 D5", "runarch.already_swapped")
    refused(chained, 0, "jump A5 C5", "runarch.already_swapped")
    assert {m.kind for m in GAME.legal_moves(chained, 0)} == {"score", "end"}

    between, _ = GAME.apply(state, 0, "swap D4 E5")
    between, events = GAME.apply(between, 0, "score C01 row1 left")
    assert events[0].params["points"] == 10
    between, _ = GAME.apply(between, 0, "draw")  # the token holder owes a draw decision first
    between, _ = GAME.apply(between, 0, "swap A5 B5")
    assert between["last"]["swap"] == [["D4", "E5"], ["A5", "B5"]]
    assert [s["card"] for s in between["last"]["scores"]] == ["C01"]
    ended, events = GAME.apply(between, 0, "end")
    assert events_of(events) == [("runarch.turn_ended", {"seat": 0, "next": 1})]
    assert ended["swaps"] == 0 and ended["swapped"] is False and ended["jumped"] is False

    single, _ = GAME.apply(state, 0, "swap A1 B1")
    single, _ = GAME.apply(single, 0, "end")  # the second swap is optional
    assert single["turn"] == 1


def test_jump_over_one_stone() -> None:
    state = complex_game(handed=[0, 2])
    stones = state["stones"]
    for a, b in (("A1", "C1"), ("A1", "A3"), ("A1", "C3"), ("E1", "C3"), ("B4", "D2"), ("E5", "E3")):
        new, events = GAME.apply(state, 0, f"jump {b} {a}")
        ia, ib = sorted((CELL_INDEX[a], CELL_INDEX[b]))
        first, second = sorted((a, b), key=CELL_INDEX.__getitem__)
        assert new["stones"][ia] == stones[ib] and new["stones"][ib] == stones[ia]
        assert sum(x != y for x, y in zip(new["stones"], stones, strict=True)) == 2
        params = {"seat": 0, "a": first, "b": second, "stone_a": stones[ia], "stone_b": stones[ib]}
        assert events_of(events) == [("runarch.jumped", params)]
        assert new["last"]["jump"] == [first, second] and new["last"]["swap"] is None
        assert new["swapped"] and new["jumped"]
        refused(new, 0, "swap C4 C5", "runarch.already_swapped")
        refused(new, 0, "jump C3 C5", "runarch.already_swapped")
        assert {m.kind for m in GAME.legal_moves(new, 0)} <= {"score", "end"}


def test_jump_refusals() -> None:
    state = complex_game(handed=[0, 2])
    refused(state, 0, "jump A1 B3", "runarch.not_a_jump", a="A1", b="B3")  # not in line
    refused(state, 0, "jump A1 D1", "runarch.not_a_jump", a="A1", b="D1")  # distance 3
    refused(state, 0, "jump A1 B1", "runarch.not_a_jump", a="A1", b="B1")  # neighbours
    refused(state, 0, "jump A1 D4", "runarch.not_a_jump", a="A1", b="D4")
    refused(state, 0, "jump E1 A2", "runarch.not_a_jump", a="E1", b="A2")
    refused(state, 0, "jump A1 a1", "runarch.same_cell", cell="A1")
    refused(state, 0, "jump A1 Z9", "runarch.bad_cell", cell="Z9")
    swapped, _ = GAME.apply(state, 0, "swap A1 B1")
    refused(swapped, 0, "jump C3 C5", "runarch.already_swapped")
    refused(complex_game(handed=[0, 1]), 0, "jump A1 C1", "runarch.no_jump")
    refused(complex_game(), 0, "jump A1 C1", "runarch.no_jump")


# ------------------------------------------------------------------ scoring and archives
def diagonal_board() -> tuple[list[str], list[str]]:
    """C01 (match 3Y) on diag1; every pad lies under its own stone except that the pads of the
    yellow triangle and the red triangle are exchanged."""
    stones = stones_with({"diag1": pattern("C01")})  # 0Y 5V 4R 3B 6G
    pads = list(stones)
    i, j = pads.index("3Y"), pads.index("3R")
    pads[i], pads[j] = pads[j], pads[i]
    return stones, pads


def test_diagonals_need_the_third_token_and_add_the_match_bonus() -> None:
    stones, pads = diagonal_board()
    # By hand, over the whole board: four of the five yellow stones lie on yellow pads (the 3Y
    # stone lies on the red pad 3R), all five triangles lie on triangle pads: 4 + 5.
    expected_bonus = 9
    assert match_bonus("3Y", pads, stones) == expected_bonus
    state = complex_game(stones=stones, pads=pads, handed=[0, 2])
    refused(state, 0, "score C01 diag1 left", "runarch.no_diagonals", line="diag1")
    assert all(o["line"] != "diag1" for o in GAME.scoring_options(state, 0))
    state = complex_game(stones=stones, pads=pads, handed=[0, 3])
    options = GAME.scoring_options(state, 0)
    assert options[0] == {
        "card": "C01",
        "line": "diag1",
        "points": 10 + expected_bonus,
        "archives": ["left", "middle", "right"],
    }
    new, events = GAME.apply(state, 0, "score C01 diag1 middle")
    assert events_of(events)[0] == (
        "runarch.scored",
        {
            "seat": 0,
            "card": "C01",
            "line": "diag1",
            "points": 19,
            "total": 19,
            "archive": "middle",
            "bonus": 9,
        },
    )
    assert new["best"] == [19, 0] and new["archives"][0]["middle"] == ["C01"]
    assert new["last"]["scores"] == [
        {"card": "C01", "line": "diag1", "points": 19, "archive": "middle", "bonus": 9}
    ]


def test_the_match_bonus_counts_towards_the_minimum_only_with_the_third_token() -> None:
    """Or once the player's own score passed 50 (see the rulebook-audit tests)."""
    stones, pads = diagonal_board()
    board = stones_with({"row1": pattern("C01")})
    tokens = ((11, 12, 13, 13), (5, 7, 9, 11))
    without = complex_game(stones=board, handed=[0, 2], tokens=tokens)
    refused(
        without,
        0,
        "score C01 row1 left",
        "runarch.below_minimum",
        card="C01",
        line="row1",
        points=10,
        minimum=11,
    )
    with_token = complex_game(stones=stones, pads=pads, handed=[0, 3], tokens=tokens)
    _new, events = GAME.apply(with_token, 0, "score C01 diag1 left")
    assert events[0].params["points"] == 19


def test_a_scored_card_without_the_bonus_has_no_bonus_param() -> None:
    new, events = GAME.apply(complex_game(stones=ROW1_C01), 0, "score C01 row1 right")
    assert events_of(events)[0] == (
        "runarch.scored",
        {"seat": 0, "card": "C01", "line": "row1", "points": 10, "total": 10, "archive": "right"},
    )
    assert new["archives"][0] == {"left": [], "middle": [], "right": ["C01"]}
    assert new["scored"] == [["C01"], []] and new["hands"][0] == ["C02", "C60"]  # deck top drawn


def test_archive_rules() -> None:
    # Match areas: C01 3Y, C05 3R, C02 4G, C08 0Y, C06 4Y, C19 3R.
    assert accepts("left", [], "C06")
    assert accepts("left", ["C01"], "C06")  # both yellow
    assert not accepts("left", ["C01", "C05"], "C06")  # they share the triangle, C06 is a yellow square
    assert accepts("left", ["C01", "C05"], "C19")  # a third triangle
    assert not accepts("middle", ["C01"], "C19")  # a second triangle
    assert not accepts("middle", ["C02"], "C06")  # a second square
    assert accepts("middle", ["C02"], "C01")
    assert not accepts("right", ["C08"], "C06")  # a second yellow
    assert accepts("right", ["C08"], "C02")
    full = {"left": ["C01", "C05"], "middle": ["C02"], "right": ["C08"]}
    assert fitting_archives(full, "C06") == []
    assert fitting_archives(full, "C19") == ["left", "middle", "right"]
    assert fitting_archives({**full, "right": ["C05"]}, "C19") == ["left", "middle"]


def test_filing_refusals() -> None:
    state = complex_game(
        hands=(("C06", "C09"), ("C03", "C04")),
        stones=stones_with({"row1": pattern("C06")}),
        archives=[
            {"left": ["C01", "C05"], "middle": ["C02"], "right": ["C08"]},
            {"left": [], "middle": [], "right": []},
        ],
    )
    refused(state, 0, "score C06 row1 left", "runarch.no_archive", card="C06")
    refused(state, 0, "score C06 row1", "runarch.no_archive", card="C06")
    assert GAME.scoring_options(state, 0, "C06") == []
    state["archives"][0] = {"left": [], "middle": ["C02"], "right": []}
    refused(state, 0, "score C06 row1 middle", "runarch.archive_refuses", card="C06", archive="middle")
    refused(state, 0, "score C06 row1", "runarch.archive_required", card="C06", archives="left, right")
    refused(state, 0, "score C06 diag1 left", "runarch.no_diagonals", line="diag1")
    refused(state, 0, "score C06 row6 left", "runarch.bad_line", line="row6")
    refused(state, 0, "score C03 row1 left", "runarch.card_not_in_hand", card="C03")
    assert GAME.scoring_options(state, 0, "C06") == [
        {"card": "C06", "line": "row1", "points": 10, "archives": ["left", "right"]}
    ]
    listed = {m.notation for m in GAME.legal_moves(state, 0) if m.kind == "score"}
    assert {"score C06 row1 left", "score C06 row1 right"} <= listed
    assert "score C06 row1 middle" not in listed
    new, _ = GAME.apply(state, 0, "score C06 row1 right")
    assert new["archives"][0] == {"left": [], "middle": ["C02"], "right": ["C06"]}
    assert state["archives"][0] == {"left": [], "middle": ["C02"], "right": []}


# ------------------------------------------------------------------ the offer
def test_without_the_diagonal_token_the_deck_refills_the_hand() -> None:
    state = complex_game(stones=ROW1_C01)
    top = state["deck"][-1]
    new, events = GAME.apply(state, 0, "score C01 row1 left")
    assert new["hands"][0] == ["C02", top] and new["deck"] == state["deck"][:-1]
    assert new["pending"] == [] and new["offer"] == state["offer"]
    assert top not in json.dumps(events_of(events)) and top not in json.dumps(GAME.view(new, None))


def test_with_the_diagonal_token_the_player_draws_or_takes_from_the_offer() -> None:
    state = complex_game(stones=ROW1_C01, handed=[0, 1])
    scored, events = GAME.apply(state, 0, "score C01 row1 left")
    assert scored["pending"] == [{"kind": "draw"}] and scored["hands"][0] == ["C02"]
    assert [m.notation for m in GAME.legal_moves(scored, 0)] == [
        "draw",
        "take 1",
        "take 2",
        "take 3",
        "take 4",
    ]
    assert GAME.view(scored, None)["pending"] == [{"kind": "draw"}]
    offer, top = scored["offer"], scored["deck"][-1]

    took, events = GAME.apply(scored, 0, "take 2")
    assert events_of(events) == [
        ("runarch.took_offer", {"seat": 0, "position": 2, "match": GAME.card(offer[1])["match"]})
    ]
    assert took["hands"][0] == ["C02", offer[1]]
    assert took["offer"] == [offer[0], top, offer[2], offer[3]] and took["deck"] == scored["deck"][:-1]
    assert took["pending"] == []
    text = json.dumps(events_of(events)) + json.dumps(GAME.view(took, None))
    assert offer[1] not in text and top not in text

    drew, events = GAME.apply(scored, 0, "draw")
    assert events_of(events) == [("runarch.drew", {"seat": 0})]
    assert drew["hands"][0] == ["C02", top] and drew["offer"] == offer and drew["pending"] == []

    refused(scored, 0, "take 5", "runarch.offer_empty", position=5)
    refused(scored, 0, "take 0", "runarch.offer_empty", position=0)
    empty_deck = dict(scored, deck=[])
    refused(empty_deck, 0, "draw", "runarch.deck_empty")
    assert [m.notation for m in GAME.legal_moves(empty_deck, 0)] == ["take 1", "take 2", "take 3", "take 4"]
    shrunk, _ = GAME.apply(empty_deck, 0, "take 1")
    assert shrunk["offer"] == offer[1:] and shrunk["hands"][0] == ["C02", offer[0]]


def test_an_empty_offer_means_the_deck_refills_even_with_the_token() -> None:
    state = complex_game(stones=ROW1_C01, handed=[0, 1], offer=[])
    new, _ = GAME.apply(state, 0, "score C01 row1 left")
    assert new["pending"] == [] and new["hands"][0] == ["C02", state["deck"][-1]]


def test_draw_and_take_need_the_token_and_a_pending_draw() -> None:
    state = complex_game()
    refused(state, 0, "draw", "runarch.no_offer_ability")
    refused(state, 0, "take 1", "runarch.no_offer_ability")
    token = complex_game(handed=[0, 1])
    refused(token, 0, "draw", "runarch.no_draw_pending")
    refused(token, 0, "take 1", "runarch.no_draw_pending")
    refused(token, 1, "draw", "core.not_your_turn")


def test_pending_decisions_come_before_anything_else() -> None:
    bet = {"kind": "bet", "token": "gold", "source": "K01"}
    state = complex_game(stones=ROW1_C01, handed=[0, 2], pending=[bet, {"kind": "draw"}])
    for move in ("swap A1 B1", "jump A1 C1", "score C01 row1 left", "end", "draw", "take 1"):
        refused(state, 0, move, "runarch.bet_pending", token="gold", source="K01")
    assert all(m.kind == "bet" for m in GAME.legal_moves(state, 0))
    assert GAME.scoring_options(state, 0) == []
    assert GAME.view(state, None)["pending"] == [{"kind": "bet", "token": "gold"}, {"kind": "draw"}]
    placed, _events = GAME.apply(state, 0, "bet left 3")
    assert placed["pending"] == [{"kind": "draw"}]
    for move in ("swap A1 B1", "score C01 row1 left", "end", "bet left 4"):
        refused(placed, 0, move, "runarch.draw_pending")
    refused(complex_game(), 0, "bet left 3", "runarch.no_bet_pending")
    refused(state, 1, "bet left 3", "core.not_your_turn")


# ------------------------------------------------------------------ bets
def conditions(*specs: tuple[str, str]) -> list[dict]:
    return [{"id": cid, "bet": side, "taken_by": None} for cid, side in specs]


def test_a_condition_bet_is_earned_on_exact_counts_right_after_filing() -> None:
    cond = conditions(("K01", "gold"), ("K02", "silver"), ("K12", "gold"))
    state = complex_game(
        stones=ROW1_C01,
        conditions=cond,
        archives=[
            {"left": ["C05"], "middle": ["C20", "C22", "C45", "C14"], "right": []},
            {"left": [], "middle": [], "right": []},
        ],
    )
    new, events = GAME.apply(state, 0, "score C01 row1 left")  # left 2 (3R, 3Y: both triangles)
    assert events_of(events)[1:] == [("runarch.bet_earned", {"seat": 0, "token": "gold", "source": "K01"})]
    assert new["conditions"][0] == {"id": "K01", "bet": None, "taken_by": 0}
    assert new["conditions"][1:] == cond[1:] and state["conditions"] == cond
    assert new["pending"] == [{"kind": "bet", "token": "gold", "source": "K01"}]
    assert new["hands"][0] == ["C02", state["deck"][-1]]  # the automatic draw is not a decision
    view = GAME.view(new, None)["conditions"]
    assert view[0] == {"id": "K01", "counts": {"left": 2}, "bet": None, "taken_by": 0}
    assert view[2]["counts"] == {"left": 3, "right": 1}

    three = complex_game(
        stones=ROW1_C01,
        conditions=cond,
        archives=[
            {"left": ["C05", "C19"], "middle": [], "right": []},
            {"left": [], "middle": [], "right": []},
        ],
    )
    new, events = GAME.apply(three, 0, "score C01 row1 left")  # left 3, right 0
    assert [e.params["source"] for e in events if e.code == "runarch.bet_earned"] == ["K02"]

    both = complex_game(
        stones=ROW1_C01,
        conditions=cond,
        archives=[
            {"left": ["C05", "C19"], "middle": [], "right": ["C02"]},
            {"left": [], "middle": [], "right": []},
        ],
    )
    new, events = GAME.apply(both, 0, "score C01 row1 left")  # left 3 and right 1
    assert [e.params["source"] for e in events if e.code == "runarch.bet_earned"] == ["K02", "K12"]
    assert [p["source"] for p in new["pending"]] == ["K02", "K12"]


def test_a_taken_condition_is_gone_for_the_other_player() -> None:
    cond = [{"id": "K01", "bet": None, "taken_by": 1}]
    state = complex_game(
        stones=ROW1_C01,
        conditions=cond,
        archives=[{"left": ["C05"], "middle": [], "right": []}, {"left": [], "middle": [], "right": []}],
    )
    _, events = GAME.apply(state, 0, "score C01 row1 left")
    assert [e.code for e in events] == ["runarch.scored"]


def test_a_track_bet_is_taken_on_reaching_or_passing_its_space() -> None:
    track = [
        {"score": 30, "bet": "silver", "taken_by": None},
        {"score": 33, "bet": "gold", "taken_by": None},
        {"score": 90, "bet": "gold", "taken_by": None},
    ]
    state = complex_game(stones=ROW1_C01, track=track, scores=[20, 0], handed=[1, 0])
    new, events = GAME.apply(state, 0, "score C01 row1 left")  # 30: exactly on the first space
    assert events_of(events)[1:] == [
        ("runarch.bet_earned", {"seat": 0, "token": "silver", "source": "track:30"})
    ]
    assert new["track"][0] == {"score": 30, "bet": None, "taken_by": 0} and new["track"][1:] == track[1:]
    passing = complex_game(stones=ROW1_C01, track=track, scores=[24, 0], handed=[0, 0])
    new, events = GAME.apply(passing, 0, "score C01 row1 left")  # 34 passes both
    assert [e.code for e in events] == [
        "runarch.scored",
        "runarch.token_handed",
        "runarch.bet_earned",
        "runarch.bet_earned",
    ]
    assert [p["source"] for p in new["pending"]] == ["track:30", "track:33"]
    taken = complex_game(
        stones=ROW1_C01, track=[dict(track[0], bet=None, taken_by=1)], scores=[20, 0], handed=[1, 0]
    )
    _, events = GAME.apply(taken, 0, "score C01 row1 left")
    assert [e.code for e in events] == ["runarch.scored"]


def test_bet_placement_rules() -> None:
    pending = [
        {"kind": "bet", "token": "gold", "source": "K01"},
        {"kind": "bet", "token": "silver", "source": "track:60"},
    ]
    archives = [
        {"left": ["C05", "C19"], "middle": [], "right": ["C02"]},
        {"left": [], "middle": [], "right": []},
    ]
    state = complex_game(pending=pending, archives=archives)
    expected = (
        [f"bet left {n}" for n in range(2, 13)]
        + [f"bet middle {n}" for n in range(6)]
        + [f"bet right {n}" for n in range(1, 6)]
        + [f"bet goal {g}" for g in ("C57", "C59")]
    )
    assert GAME.bet_options(state, 0) == expected
    assert [m.notation for m in GAME.legal_moves(state, 0)] == expected
    assert GAME.bet_options(state, 1) == [] and GAME.bet_options(complex_game(), 0) == []
    for target in ("left 1", "left 13", "middle 6", "right 0", "goal C01", "goal C99"):
        refused(state, 0, f"bet {target}", "runarch.bet_bad_target", target=target)
    new, events = GAME.apply(state, 0, "BET Left 03")
    assert events_of(events) == [("runarch.bet_placed", {"seat": 0, "token": "gold", "target": "left 3"})]
    assert new["bets"] == [[{"token": "gold", "on": "left", "count": 3}], []]
    assert new["pending"] == pending[1:]
    refused(new, 0, "bet left 4", "runarch.bet_bad_target", target="left 4")  # one bet per archive
    assert not any(o.startswith("bet left") for o in GAME.bet_options(new, 0))
    new, events = GAME.apply(new, 0, "bet goal c59")
    assert events_of(events) == [("runarch.bet_placed", {"seat": 0, "token": "silver", "target": "goal C59"})]
    assert new["bets"][0][1] == {"token": "silver", "on": "goal", "goal": "C59"}
    assert new["pending"] == [] and GAME.view(new, None)["bets"] == new["bets"]
    again = dict(new, pending=pending[:1])
    refused(again, 0, "bet goal C59", "runarch.bet_bad_target", target="goal C59")  # one bet per goal


def test_a_bet_token_with_nowhere_to_go_returns_to_the_box() -> None:
    everywhere = [
        {"token": "gold", "on": "left", "count": 3},
        {"token": "gold", "on": "middle", "count": 1},
        {"token": "gold", "on": "right", "count": 1},
        {"token": "silver", "on": "goal", "goal": "C57"},
    ]
    track = [{"score": 30, "bet": "silver", "taken_by": None}, {"score": 31, "bet": "gold", "taken_by": None}]
    state = complex_game(stones=ROW1_C01, track=track, scores=[24, 0], bets=[everywhere, []])
    new, events = GAME.apply(state, 0, "score C01 row1 left")
    assert len(new["pending"]) == 2 and GAME.bet_options(new, 0) == ["bet goal C59"]
    new, events = GAME.apply(new, 0, "bet goal C59")
    assert events_of(events) == [
        ("runarch.bet_placed", {"seat": 0, "token": "silver", "target": "goal C59"}),
        ("runarch.bet_discarded", {"seat": 0, "token": "gold"}),
    ]
    assert new["pending"] == [] and len(new["bets"][0]) == 5
    full = complex_game(stones=ROW1_C01, track=track[:1], scores=[24, 0], bets=[new["bets"][0], []])
    new, events = GAME.apply(full, 0, "score C01 row1 left")
    assert events_of(events)[-2:] == [
        ("runarch.bet_earned", {"seat": 0, "token": "silver", "source": "track:30"}),
        ("runarch.bet_discarded", {"seat": 0, "token": "silver"}),
    ]
    assert new["pending"] == []


# ------------------------------------------------------------------ the end
NINE_FILED = {
    "left": ["C16", "C21", "C31", "C39", "C42", "C44", "C50", "C51"],
    "middle": ["C10"],
    "right": [],
}
"""Nine cards: eight yellow match areas on the left, one in the middle; C01 (3Y) fits the left."""


def far_end(state: dict, seat: int) -> tuple[dict, list[Event]]:
    state, _ = GAME.apply(state, seat, "swap D5 E5")
    return GAME.apply(state, seat, "end")


def test_the_round_of_a_tenth_filed_card_is_finished() -> None:
    empty = {"left": [], "middle": [], "right": []}
    state = complex_game(stones=ROW1_C01, archives=[NINE_FILED, empty])
    state, events = GAME.apply(state, 0, "score C01 row1 left")
    assert events_of(events)[-1] == ("runarch.tenth_card", {"seat": 0})
    assert state["final_round"] and GAME.view(state, None)["filed"] == [10, 0]
    state, events = far_end(state, 0)
    assert not state["over"] and GAME.to_act(state) == [1]
    state, events = far_end(state, 1)
    assert state["over"] and GAME.to_act(state) == []
    assert [e.code for e in events][-3:] == [
        "runarch.final_breakdown",
        "runarch.final_breakdown",
        "runarch.game_over",
    ]

    second = complex_game(
        hands=(("C03", "C04"), ("C01", "C02")), stones=ROW1_C01, archives=[empty, NINE_FILED], turn=1
    )
    second, events = GAME.apply(second, 1, "score C01 row1 left")
    assert events_of(events)[-1] == ("runarch.tenth_card", {"seat": 1})
    second, events = far_end(second, 1)
    assert second["over"]


def test_the_tenth_card_is_announced_once_and_the_target_does_not_end_a_complex_game() -> None:
    state = complex_game(stones=ROW1_C01, archives=[NINE_FILED, NINE_FILED], final_round=True)
    _, events = GAME.apply(state, 0, "score C01 row1 left")
    assert "runarch.tenth_card" not in [e.code for e in events]
    high = complex_game(
        stones=ROW1_C01,
        scores=[140, 0],
        handed=[3, 0],
        options={"target": 30},
        tokens=((5, 5, 5, 5), (5, 5, 5, 5)),
    )
    new, events = GAME.apply(high, 0, "score C01 row1 left")
    assert not new["final_round"] and "runarch.final_round" not in [e.code for e in events]


def test_bets_and_secret_goals_are_reckoned_at_the_end() -> None:
    # Match areas: C10, C12, C26 6B; C17 5B; C46 5B; C51 5Y; C14 0B.
    archives = [
        {"left": ["C10", "C12", "C26"], "middle": ["C17"], "right": []},
        {"left": ["C46", "C51"], "middle": ["C14"], "right": []},
    ]
    bets = [
        [
            {"token": "gold", "on": "left", "count": 3},  # 3 on the left: won +8
            {"token": "silver", "on": "middle", "count": 2},  # 1 in the middle: lost -2
            {"token": "silver", "on": "goal", "goal": "C59"},  # at least 3 blue (4): won +5
            {"token": "gold", "on": "goal", "goal": "C57"},  # at least 4 squares (0): lost -4
        ],
        [],
    ]
    # Secrets: C55 (3 red, 2 squares) missed by seat 0; C56 (2 blue, 2 stars) met by seat 1: +6.
    state = complex_game(
        archives=archives, bets=bets, scores=[30, 20], best=[10, 8], final_round=True, turn=1
    )
    state, events = far_end(state, 1)
    first = {"cards": 30, "best_bonus": 5, "bets_won": 13, "bets_lost": 6, "secret": 0, "total": 42}
    second = {"cards": 20, "best_bonus": 0, "bets_won": 0, "bets_lost": 0, "secret": 6, "total": 26}
    assert events_of(events) == [
        ("runarch.best_card_bonus", {"seat": 0, "best": 10, "bonus": 5}),
        ("runarch.final_breakdown", {"seat": 0, **first}),
        ("runarch.final_breakdown", {"seat": 1, **second}),
        ("runarch.game_over", {"scores": [42, 26]}),
    ]
    assert state["scores"] == [42, 26] and state["final"] == [first, second]
    for row in state["final"]:
        parts = row["cards"] + row["best_bonus"] + row["bets_won"] - row["bets_lost"] + row["secret"]
        assert parts == row["total"] and row["bets_lost"] >= 0
    outcome = GAME.outcome(state)
    assert outcome.scores == (42, 26) and outcome.places == (1, 2)
    assert outcome.details["breakdown"] == [first, second]
    public = GAME.view(state, None)
    assert public["final"] == [first, second]
    assert [s["id"] for s in public["secrets"]] == ["C55", "C56"]


def test_gold_and_silver_values() -> None:
    archives = [{"left": ["C10"], "middle": [], "right": []}, {"left": [], "middle": [], "right": []}]
    bets = [
        [{"token": "silver", "on": "left", "count": 1}, {"token": "gold", "on": "right", "count": 2}],
        [{"token": "gold", "on": "left", "count": 0}, {"token": "silver", "on": "right", "count": 1}],
    ]
    state = complex_game(archives=archives, bets=bets, final_round=True, turn=1)
    state, _ = far_end(state, 1)
    assert [(row["bets_won"], row["bets_lost"]) for row in state["final"]] == [(5, 4), (8, 2)]


def test_resign_in_the_complex_game() -> None:
    state = complex_game(scores=[12, 30])
    new, events = GAME.apply(state, 1, "resign")
    assert [e.code for e in events] == ["core.resigned", "runarch.game_over"]
    assert GAME.outcome(new).places == (1, 2)
    assert new["final"][1] == {
        "cards": 30,
        "best_bonus": 0,
        "bets_won": 0,
        "bets_lost": 0,
        "secret": 0,
        "total": 30,
    }
    during_setup = GAME.new(2, {"variant": "complex"}, 3)
    new, _ = GAME.apply(during_setup, 0, "resign")
    assert new["over"] and GAME.outcome(new).places == (2, 1)


# ------------------------------------------------------------------ views and notation
COMPLEX_KEYS = {
    "setup_done", "goals", "offer", "archives", "minimums", "abilities", "handed", "conditions", "track",
    "bets", "filed", "secrets",
}  # fmt: skip


def test_complex_views_have_their_keys_and_hide_secrets() -> None:
    state = complex_game(stones=ROW1_C01, handed=[1, 2])
    state, _ = GAME.apply(state, 0, "score C01 row1 left")
    public = GAME.view(state, None)
    assert COMPLEX_KEYS <= set(public)
    assert public["abilities"] == [
        {"diagonal": True, "double": True, "diagonals": False},
        {"diagonal": True, "double": False, "diagonals": False},
    ]
    assert public["archives"][0]["left"][0]["id"] == "C01" and public["filed"] == [1, 0]
    assert public["solo"] is False and public["automa"] is None and public["phase"] == "play"
    text = json.dumps(public)
    assert not any(f'"{card}"' in text for card in hidden_ids(state))
    assert "tokens" not in public and "setup_choice" not in public and "hand" not in public
    mine = GAME.view(state, 0)
    assert set(mine) - set(public) == {"seat", "hand", "secret", "setup_hand", "setup_choice"}
    assert mine["secret"]["id"] == "C55" and mine["setup_hand"] == []
    assert "C56" not in json.dumps(mine) and state["hands"][1][0] not in json.dumps(mine)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("score c7 ROW3 Left", "score C07 row3 left"),
        ("score C07 diag2 MIDDLE", "score C07 diag2 middle"),
        ("jump c3 a1", "jump A1 C3"),
        ("setup c12 c7", "setup C12 C07"),
        ("bet RIGHT 2", "bet right 2"),
        ("bet goal c5", "bet goal C05"),
        ("DRAW", "draw"),
        ("take 03", "take 3"),
        ("Automa", "automa"),
    ],
)
def test_complex_notation_normalises(text: str, canonical: str) -> None:
    assert GAME.parse_move(text).notation == canonical
    assert GAME.parse_move(canonical) == GAME.parse_move(text)


@pytest.mark.parametrize(
    "text",
    ["score C07 row3 top", "score C07 row3 left x", "bet", "bet left", "bet up 3", "bet left x", "take",
     "take one", "draw 2", "automa now", "setup C01 C02 C03", "setup C01", "jump A1", "jump A1 B1 C1"],
)  # fmt: skip
def test_complex_bad_notation(text: str) -> None:
    refused(complex_game(), 0, text, "core.bad_notation", text=text)


def test_simple_game_refuses_complex_moves() -> None:
    state = GAME.new(2, {}, 1)
    for kind, text in (("setup", "setup C01 C02"), ("jump", "jump A1 C1"), ("bet", "bet left 3")):
        refused(state, 0, text, "runarch.complex_only", move=kind)
    refused(state, 0, "draw", "runarch.complex_only", move="draw")
    refused(state, 0, "take 1", "runarch.complex_only", move="take")
    refused(state, 0, "automa", "runarch.not_automa")
    refused(
        state,
        0,
        f"score {state['hands'][0][0]} row1 left",
        "core.bad_notation",
        text=f"score {state['hands'][0][0]} row1 left",
    )
    assert all(c in CODES for c in state["stones"])
