"""RunArch simple game on hand-made boards: scoring values, refusals, turn order, the end."""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import Event, IllegalMove, Move
from engine.runarch import GAME
from engine.runarch.cards import CARD_IDS
from engine.runarch.components import CELL_INDEX, CODES
from engine.runarch.scoring import score_line
from tests.engine.runarch_support import (
    colour_only,
    far_swap,
    nothing_at,
    pattern,
    setup,
    shape_only,
    stones_with,
)

ALL_POSITIONS = [0, 1, 2, 3, 4]


def refused(state: dict, seat: int, move: str, code: str, **params: object) -> None:
    """``move`` is refused with ``code`` and exactly ``params``; the state is untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, seat, move)
    assert info.value.code == code
    assert info.value.params == params
    assert state == before


def points_on(line: str, codes: list[str], card: str = "C01", **options: int) -> int:
    state = setup(stones=stones_with({line: codes}), options=options)
    new, events = GAME.apply(state, 0, f"score {card} {line}")
    assert events[0].code == "runarch.scored"
    assert new["scores"][0] == events[0].params["points"]
    return events[0].params["points"]


# ------------------------------------------------------------------ scoring values
def test_exact_pattern_scores_ten() -> None:
    assert points_on("row2", pattern("C01")) == 10


def test_one_shared_attribute_everywhere_scores_five() -> None:
    assert points_on("row2", colour_only(pattern("C01"), ALL_POSITIONS)) == 5
    assert points_on("colC", shape_only(pattern("C01"), ALL_POSITIONS)) == 5


def test_mixed_line_counts_colours_and_shapes() -> None:
    # Positions 1-2 exact (2 + 2), positions 3-5 colour only (1 + 1 + 1).
    assert points_on("row4", colour_only(pattern("C01"), [2, 3, 4])) == 7
    # Positions 1, 3, 5 shape only; 2 and 4 exact: 1 + 2 + 1 + 2 + 1.
    assert points_on("colE", shape_only(pattern("C02"), [0, 2, 4]), card="C02") == 7


def test_score_line_on_a_concrete_line() -> None:
    line = ["0R", "3B", "4G", "5Y", "6V"]
    assert score_line(["0R", "3B", "4G", "5Y", "6V"], line) == (10, 0)
    # 0B: shape; 3R: shape; 4V: shape; 6Y: colour; 5V: colour -> 5 points.
    assert score_line(["0B", "3R", "4V", "6Y", "5V"], line) == (5, 0)
    # 0R exact, 3G shape, 5G colour, 5Y exact, 4Y nothing (square yellow vs violet hexagon).
    assert score_line(["0R", "3G", "5G", "5Y", "4Y"], line) == (0, 5)


@pytest.mark.parametrize("position", [0, 2, 4])
def test_a_position_sharing_nothing_refuses_the_card(position: int) -> None:
    state = setup(stones=stones_with({"row3": nothing_at(pattern("C01"), position)}))
    refused(state, 0, "score C01 row3", "runarch.no_match", card="C01", line="row3", position=position + 1)


def test_minimum_option_refuses_a_weaker_card() -> None:
    # Position 1 exact, positions 2-5 colour only: 6 points.
    six = colour_only(pattern("C01"), [1, 2, 3, 4])
    state = setup(stones=stones_with({"row1": six}), options={"minimum": 7})
    refused(state, 0, "score C01 row1", "runarch.below_minimum", card="C01", line="row1", points=6, minimum=7)
    assert points_on("row1", six, minimum=6) == 6


def test_columns_read_top_to_bottom_and_rows_left_to_right() -> None:
    codes = pattern("C01")
    reverse = codes[::-1]
    assert points_on("colB", codes) == 10
    assert points_on("row5", codes) == 10
    # The same five stones in the other direction: the first position shares nothing.
    for line in ("colB", "row5"):
        state = setup(stones=stones_with({line: reverse}))
        refused(state, 0, f"score C01 {line}", "runarch.no_match", card="C01", line=line, position=1)
    assert GAME.line_cells("colB") == ["B1", "B2", "B3", "B4", "B5"]
    assert GAME.line_cells("row5") == ["A5", "B5", "C5", "D5", "E5"]


def test_card_must_be_in_own_hand_and_line_must_exist() -> None:
    state = setup(stones=stones_with({"row1": pattern("C01")}))
    refused(state, 0, "score C03 row1", "runarch.card_not_in_hand", card="C03")  # opponent's card
    refused(state, 0, "score C61 row1", "runarch.card_not_in_hand", card="C61")
    refused(state, 0, "score C01 row6", "runarch.bad_line", line="row6")
    refused(state, 0, "score C01 diag1", "runarch.bad_line", line="diag1")  # complex game only


def test_scoring_sets_the_card_aside_and_draws_a_hidden_replacement() -> None:
    state = setup(stones=stones_with({"row1": pattern("C01")}))
    top = state["deck"][-1]
    new, events = GAME.apply(state, 0, "score C01 row1")
    assert new["hands"][0] == ["C02", top]
    assert new["deck"] == state["deck"][:-1]
    assert new["scored"] == [["C01"], []]
    assert new["best"] == [10, 0]
    assert [e.code for e in events] == ["runarch.scored"]
    assert events[0].params == {"seat": 0, "card": "C01", "line": "row1", "points": 10, "total": 10}
    assert top not in json.dumps([e.params for e in events])
    assert top not in json.dumps(GAME.view(new, None)) and top not in json.dumps(GAME.view(new, 1))
    assert top in json.dumps(GAME.view(new, 0))
    # The same card cannot be scored twice.
    refused(new, 0, "score C01 row1", "runarch.card_not_in_hand", card="C01")


def test_several_scorings_before_and_after_the_swap() -> None:
    stones = stones_with({"row1": pattern("C01"), "row2": shape_only(pattern("C02"), ALL_POSITIONS)})
    state = setup(stones=stones)
    state, _ = GAME.apply(state, 0, "score C01 row1")
    state, _ = GAME.apply(state, 0, far_swap(["row1", "row2"]))
    state, _ = GAME.apply(state, 0, "score C02 row2")
    assert state["scores"] == [15, 0]
    assert state["best"] == [10, 0]
    assert state["last"]["scores"] == [
        {"card": "C01", "line": "row1", "points": 10},
        {"card": "C02", "line": "row2", "points": 5},
    ]


def test_scoring_options_lists_exactly_what_apply_accepts_best_first() -> None:
    stones = stones_with({"row1": pattern("C01"), "row3": shape_only(pattern("C02"), ALL_POSITIONS)})
    state = setup(stones=stones)
    options = GAME.scoring_options(state, 0)
    assert options == sorted(options, key=lambda o: -o["points"])
    assert options[0] == {"card": "C01", "line": "row1", "points": 10}
    assert {"card": "C02", "line": "row3", "points": 5} in options
    listed = {(o["card"], o["line"]) for o in options}
    for card in state["hands"][0]:
        for line in ("row1", "row2", "row3", "row4", "row5", "colA", "colB", "colC", "colD", "colE"):
            try:
                _, events = GAME.apply(state, 0, f"score {card} {line}")
                assert (card, line) in listed
                points = next(o["points"] for o in options if (o["card"], o["line"]) == (card, line))
                assert events[0].params["points"] == points
            except IllegalMove:
                assert (card, line) not in listed
    assert GAME.scoring_options(state, 0, "C02") == [o for o in options if o["card"] == "C02"]
    assert GAME.scoring_options(state, 1) == []  # not seat 1's turn


# ------------------------------------------------------------------ swaps and turns
def test_swap_orthogonal_and_diagonal_neighbours() -> None:
    state = setup()
    # Each pair in reading order (row first): the canonical order of the event and ``last``.
    pairs = [("B2", "C2"), ("B2", "B3"), ("B2", "C3"), ("A1", "B2"), ("E4", "D5"), ("D4", "E5")]
    for a, b in pairs:
        for text in (f"swap {a} {b}", f"swap {b} {a}"):
            new, events = GAME.apply(state, 0, text)
            ia, ib = CELL_INDEX[a], CELL_INDEX[b]
            stone_a, stone_b = state["stones"][ia], state["stones"][ib]
            assert new["stones"][ia] == stone_b and new["stones"][ib] == stone_a
            assert new["swapped"] is True and new["last"]["swap"] == [a, b]
            assert sum(x != y for x, y in zip(new["stones"], state["stones"], strict=True)) == 2
            params = {"seat": 0, "a": a, "b": b, "stone_a": stone_a, "stone_b": stone_b}
            assert events == [Event("runarch.swapped", params)]


def test_swap_refusals() -> None:
    state = setup()
    refused(state, 0, "swap A1 C1", "runarch.not_adjacent", a="A1", b="C1")
    refused(state, 0, "swap A1 C3", "runarch.not_adjacent", a="A1", b="C3")
    refused(state, 0, "swap E1 A2", "runarch.not_adjacent", a="E1", b="A2")  # no wrapping round
    refused(state, 0, "swap B2 b2", "runarch.same_cell", cell="B2")
    refused(state, 0, "swap Z9 A1", "runarch.bad_cell", cell="Z9")
    refused(state, 0, "swap A1 A6", "runarch.bad_cell", cell="A6")
    refused(state, 0, "end", "runarch.must_swap_first")
    swapped, _ = GAME.apply(state, 0, "swap A1 B1")
    refused(swapped, 0, "swap C3 C4", "runarch.already_swapped")
    refused(swapped, 0, "swap A1 B1", "runarch.already_swapped")


def test_turn_passes_only_by_end_and_wrong_seat_is_refused() -> None:
    state = setup()
    refused(state, 1, "swap A1 B1", "core.not_your_turn")
    refused(state, 1, "end", "core.not_your_turn")
    state, _ = GAME.apply(state, 0, "swap A1 B1")
    assert GAME.to_act(state) == [0]
    state, events = GAME.apply(state, 0, "end")
    assert [(e.code, dict(e.params)) for e in events] == [("runarch.turn_ended", {"seat": 0, "next": 1})]
    assert GAME.to_act(state) == [1] and state["swapped"] is False and state["round"] == 1
    refused(state, 0, "swap A1 B1", "core.not_your_turn")
    state, _ = GAME.apply(state, 1, "swap A1 B1")
    state, events = GAME.apply(state, 1, "end")
    assert events[0].params == {"seat": 1, "next": 0}
    assert GAME.to_act(state) == [0] and state["round"] == 2


def test_last_records_the_current_turn_then_the_next() -> None:
    state = setup()
    state, _ = GAME.apply(state, 0, "swap B1 A1")
    state, _ = GAME.apply(state, 0, "end")
    assert state["last"] == {"seat": 0, "swap": ["A1", "B1"], "scores": []}
    state, _ = GAME.apply(state, 1, "swap C3 D4")
    assert state["last"] == {"seat": 1, "swap": ["C3", "D4"], "scores": []}


# ------------------------------------------------------------------ the end
def finish_turn(state: dict, seat: int, avoid: tuple[str, ...] = ("row1",)) -> tuple[dict, list]:
    state, _ = GAME.apply(state, seat, far_swap(list(avoid)))
    return GAME.apply(state, seat, "end")


def test_seat_zero_passing_the_target_gives_seat_one_a_last_turn() -> None:
    state = setup(stones=stones_with({"row1": pattern("C01")}), scores=[70, 60])
    state, events = GAME.apply(state, 0, "score C01 row1")
    assert [e.code for e in events] == ["runarch.scored", "runarch.final_round"]
    assert events[1].params == {"seat": 0, "target": 75}
    state, events = finish_turn(state, 0)
    assert not state["over"] and GAME.to_act(state) == [1]
    assert GAME.outcome(state) is None
    state, events = finish_turn(state, 1)
    assert state["over"] and GAME.to_act(state) == []
    assert [e.code for e in events] == ["runarch.best_card_bonus", "runarch.game_over"]
    assert events[0].params == {"seat": 0, "best": 10, "bonus": 5}
    assert events[1].params == {"scores": [85, 60]}
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (85, 60) and outcome.places == (1, 2)
    assert GAME.legal_moves(state, 0) == [] and GAME.legal_moves(state, 1) == []
    refused(state, 1, "swap A1 B1", "core.game_over")
    refused(state, 0, "resign", "core.game_over")


def test_seat_one_passing_the_target_ends_the_game_after_its_turn() -> None:
    hands = (("C03", "C04"), ("C01", "C02"))
    state = setup(hands=hands, stones=stones_with({"row1": pattern("C01")}), scores=[74, 70], turn=1)
    state, events = GAME.apply(state, 1, "score C01 row1")
    assert events[-1].code == "runarch.final_round"
    assert not state["over"]  # seat 1 may still swap, score more and end its turn
    state, events = finish_turn(state, 1)
    assert state["over"]
    assert GAME.outcome(state).scores == (74, 85)
    assert GAME.outcome(state).places == (2, 1)


def test_exactly_reaching_the_target_is_not_passing_it() -> None:
    state = setup(stones=stones_with({"row1": pattern("C01")}), scores=[65, 0])
    state, events = GAME.apply(state, 0, "score C01 row1")
    assert state["scores"][0] == 75
    assert [e.code for e in events] == ["runarch.scored"]
    assert state["final_round"] is False


def test_final_round_is_announced_once() -> None:
    stones = stones_with({"row1": pattern("C01"), "row2": pattern("C02")})
    state = setup(stones=stones, scores=[80, 0], final_round=True)
    _, events = GAME.apply(state, 0, "score C02 row2")
    assert [e.code for e in events] == ["runarch.scored"]


def test_best_card_duel_goes_to_the_higher_best_card() -> None:
    state = setup(final_round=True, turn=1, scores=[40, 44], best=[7, 9])
    state, events = finish_turn(state, 1)
    assert events[0].params == {"seat": 1, "best": 9, "bonus": 5}
    assert state["scores"] == [40, 49] and state["bonus"] == [0, 5]
    assert GAME.view(state, None)["outcome"] == {
        "scores": [40, 49],
        "places": [2, 1],
        "bonus": [0, 5],
        "resigned": None,
    }


def test_best_card_tie_gives_no_bonus_and_equal_scores_share_first_place() -> None:
    state = setup(final_round=True, turn=1, scores=[50, 50], best=[8, 8], options={"best_bonus": 12})
    state, events = finish_turn(state, 1)
    assert [e.code for e in events] == ["runarch.game_over"]
    assert GAME.outcome(state).places == (1, 1)


def test_equal_scores_after_the_bonus_go_to_the_better_best_card() -> None:
    state = setup(final_round=True, turn=1, scores=[50, 47], best=[8, 9], options={"best_bonus": 3})
    state, _ = finish_turn(state, 1)
    assert state["scores"] == [50, 50]
    assert GAME.outcome(state).places == (2, 1)


def test_round_cap_ends_the_game_after_the_round() -> None:
    state = setup(options={"max_rounds": 12}, round=12, scores=[20, 10], best=[6, 5])
    state, _ = finish_turn(state, 0)
    assert not state["over"]
    state, events = finish_turn(state, 1)
    assert state["over"] and events[-1].params == {"scores": [25, 10]}
    before_cap = setup(options={"max_rounds": 12}, round=11, turn=1)
    after, _ = finish_turn(before_cap, 1)
    assert not after["over"] and after["round"] == 12


def test_empty_deck_means_no_draw_and_empty_hands_end_the_round() -> None:
    stones = stones_with({"row1": pattern("C01")})
    state = setup(hands=(("C01",), ()), stones=stones, deck=[])
    state, _ = GAME.apply(state, 0, "score C01 row1")
    assert state["hands"] == [[], []] and state["deck"] == []
    assert not state["over"]
    state, _ = finish_turn(state, 0)
    assert not state["over"]
    state, _ = finish_turn(state, 1)
    assert state["over"] and state["round"] == 1


def test_resign_ends_at_once_with_last_place_even_when_ahead() -> None:
    state = setup(scores=[10, 30], best=[5, 10])
    before = copy.deepcopy(state)
    new, events = GAME.apply(state, 1, "resign")  # seat 0 is to act: resign still accepted
    assert state == before
    assert [(e.code, dict(e.params)) for e in events] == [
        ("core.resigned", {"seat": 1}),
        ("runarch.game_over", {"scores": [10, 30]}),
    ]
    outcome = GAME.outcome(new)
    assert outcome.places == (1, 2) and outcome.scores == (10, 30)
    assert outcome.details["resigned"] == 1
    assert GAME.view(new, None)["outcome"]["resigned"] == 1
    assert GAME.to_act(new) == []
    new0, _ = GAME.apply(setup(), 0, "RESIGN")
    assert GAME.outcome(new0).places == (2, 1)
    assert all(m.kind != "resign" for m in GAME.legal_moves(setup(), 0))


# ------------------------------------------------------------------ notation and views
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("swap B2 A1", "swap A1 B2"),
        ("SWAP  a1   b2", "swap A1 B2"),
        ("swap e5 d4", "swap D4 E5"),
        ("swap z9 a1", "swap Z9 A1"),
        ("score c7 ROW3", "score C07 row3"),
        ("Score C17 colb", "score C17 colB"),
        ("score c017 COLE", "score C17 colE"),
        ("END", "end"),
        (" resign ", "resign"),
    ],
)
def test_notation_normalises(text: str, canonical: str) -> None:
    move = GAME.parse_move(text)
    assert move.notation == canonical
    assert GAME.parse_move(canonical) == move


BAD_TEXTS = ["", "   ", "swap", "swap A1", "swap A1 B2 C3", "swap AA B1", "score C01", "end now", "pass"]


@pytest.mark.parametrize("text", [*BAD_TEXTS, "swap Á1 B1", "score C01 row-1"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(IllegalMove) as info:
        GAME.parse_move(text)
    assert info.value.code == "core.bad_notation" and info.value.params == {"text": text}


def test_apply_accepts_a_non_canonical_move_object() -> None:
    state = setup()
    by_text, _ = GAME.apply(state, 0, "swap B2 A1")
    by_move, _ = GAME.apply(state, 0, Move("swap", ("b2", "a1")))
    assert by_text == by_move


PUBLIC_KEYS = {
    "game", "variant", "pads", "stones", "scores", "best", "to_act", "turn", "round", "swapped", "target",
    "minimum", "best_bonus", "deck_count", "hand_counts", "scored", "last", "final_round", "over", "outcome",
    "solo", "difficulty", "phase", "pending", "automa", "final",
}  # fmt: skip


def test_views_have_exact_keys_and_hide_secrets() -> None:
    state = GAME.new(2, {"target": 50}, 123)
    public = GAME.view(state, None)
    assert set(public) == PUBLIC_KEYS
    assert public["target"] == 50 and public["minimum"] == 5 and public["best_bonus"] == 5
    assert public["deck_count"] == 56 and public["hand_counts"] == [2, 2]
    assert public["to_act"] == [0] and public["last"] is None and public["outcome"] is None
    for seat in (0, 1):
        mine = GAME.view(state, seat)
        assert set(mine) == PUBLIC_KEYS | {"seat", "hand"}
        assert [c["id"] for c in mine["hand"]] == state["hands"][seat]
        assert all(set(c) == {"id", "pattern", "match", "goal", "arrows"} for c in mine["hand"])
        text = json.dumps(mine)
        for card in state["hands"][1 - seat] + state["deck"]:
            assert f'"{card}"' not in text
    public_text = json.dumps(public)
    assert not any(f'"{card}"' in public_text for card in CARD_IDS)
    # A view is a copy: changing it does not change the game.
    before = copy.deepcopy(state)
    mine = GAME.view(state, 0)
    mine["hand"][0]["pattern"].append("0R")
    mine["stones"].reverse()
    assert state == before and GAME.card(state["hands"][0][0]) == GAME.view(state, 0)["hand"][0]


def test_card_helper() -> None:
    card = GAME.card("C01")
    assert card["id"] == "C01" and card["pattern"] == pattern("C01")
    assert set(card["pattern"]) <= set(CODES)
    with pytest.raises(KeyError):
        GAME.card("C99")


def test_new_rejects_other_seat_counts_and_bad_options() -> None:
    with pytest.raises(ValueError):
        GAME.new(3, {}, 1)
    for options in ({"target": 29}, {"minimum": 11}, {"best_bonus": -1}, {"max_rounds": 5}, {"colour": 1}):
        with pytest.raises(IllegalMove):
            GAME.new(2, options, 1)
    assert GAME.info.name == "runarch" and GAME.info.min_players == 1 and GAME.info.max_players == 2
    assert GAME.info.solo_automa
