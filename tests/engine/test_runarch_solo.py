"""RunArch solo against the automa: its turn, the difficulty table, the duel and the end."""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import Event, Move
from engine.runarch import GAME
from engine.runarch.automa import DIFFICULTIES, automa_lines, best_line, shared_points
from engine.runarch.components import ALL_LINES, CODES, COLUMN_LINES, ROW_LINES
from tests.engine.runarch_support import hidden_ids, pattern, place_stone, refused, solo_game, stones_with

HAND = ("C03", "C04")
ROWS = list(ROW_LINES)
ROWS_AND_COLUMNS = [*ROW_LINES, *COLUMN_LINES]


def events_of(events: list[Event]) -> list[tuple[str, dict]]:
    return [(e.code, dict(e.params)) for e in events]


def c01_on(line: str, yellow_triangle_at: str) -> list[str]:
    """C01's pattern (match 3Y, arrows N then NW) on ``line``; its match stone 3Y at a given cell."""
    return place_stone(stones_with({line: pattern("C01")}), "3Y", yellow_triangle_at)


def six_and_six() -> list[str]:
    """C01 worth exactly 6 on row2 and on row4 (one full position, four sharing one attribute).

    Row 2 keeps position 1 whole and the shapes elsewhere; row 4 keeps position 2 whole and the
    colours elsewhere, so no stone is needed twice. 3Y waits at C1, where no arrow of C01 fits.
    """
    p = pattern("C01")
    row2 = [p[0]] + [p[i][0] + p[(i + 1) % 5][1] for i in range(1, 5)]
    row4 = [p[(i + 1) % 5][0] + p[i][1] if i != 1 else p[1] for i in range(5)]
    return place_stone(stones_with({"row2": row2, "row4": row4}), "3Y", "C1")


# ------------------------------------------------------------------ seats and turns
def test_solo_has_two_seats_and_the_automa_plays_seat_one() -> None:
    state = GAME.new(1, {}, 5)
    duel = GAME.new(2, {}, 5)
    assert state["pads"] == duel["pads"] and state["stones"] == duel["stones"]
    assert len(state["hands"][0]) == 2 and state["hands"][1] == [] and len(state["deck"]) == 58
    assert state["solo"] is True and state["difficulty"] == "normal" and duel["difficulty"] is None
    assert GAME.automated_seats(state) == [1] and GAME.automated_seats(duel) == []
    assert GAME.to_act(state) == [0] and GAME.legal_moves(state, 1) == []
    refused(state, 0, "automa", "runarch.not_automa")
    refused(state, 1, "resign", "core.not_your_turn")
    state, _ = GAME.apply(state, 0, "swap A1 B1")
    state, events = GAME.apply(state, 0, "end")
    assert events_of(events) == [("runarch.turn_ended", {"seat": 0, "next": 1})]
    assert GAME.to_act(state) == [1] and GAME.legal_moves(state, 0) == []
    assert GAME.legal_moves(state, 1) == [Move("automa")] and GAME.scoring_options(state, 1) == []
    assert GAME.choose_automated(state, 1) == Move("automa")
    with pytest.raises(ValueError):
        GAME.choose_automated(state, 0)
    refused(state, 0, "automa", "core.not_your_turn")
    refused(state, 1, "swap A1 B1", "runarch.automa_only")
    refused(state, 1, "end", "runarch.automa_only")
    state, _ = GAME.apply(state, 1, "automa")
    assert GAME.to_act(state) == [0] and state["round"] == 2
    resigned, _ = GAME.apply(state, 0, "resign")
    assert GAME.outcome(resigned).places == (2, 1)
    for seats in (0, 3):
        with pytest.raises(ValueError):
            GAME.new(seats, {}, 1)


def test_automa_moves_the_match_stone_then_scores_its_best_line() -> None:
    stones = c01_on("row4", "C2")
    state = solo_game(difficulty="easy", hand=HAND, deck_top=["C01"], stones=stones, turn=1)
    before = copy.deepcopy(state)
    new, events = GAME.apply(state, 1, "automa")
    assert state == before
    assert events_of(events) == [
        ("runarch.automa_revealed", {"card": "C01"}),
        ("runarch.automa_moved", {"stone": "3Y", "a": "C2", "b": "C1"}),
        ("runarch.automa_scored", {"card": "C01", "line": "row4", "points": 11, "total": 11}),
        ("runarch.turn_ended", {"seat": 1, "next": 0}),
    ]
    assert new["stones"][2] == "3Y" and new["stones"][7] == stones[2]
    # easy: the 10 shared colours and shapes of row 4, plus its bonus of 1
    assert new["scored"] == [[], ["C01"]] and new["scores"] == [0, 11] and new["best"] == [0, 11]
    assert new["deck"] == state["deck"][:-1] and new["turn"] == 0 and new["round"] == 2
    record = {"card": "C01", "moved": ["C2", "C1"], "stone": "3Y", "line": "row4", "points": 11}
    assert new["last"] == {
        "seat": 1,
        "swap": ["C1", "C2"],
        "scores": [{"card": "C01", "line": "row4", "points": 11}],
        "automa": record,
    }
    automa = GAME.view(new, None)["automa"]
    assert automa["last"]["card"] == GAME.card("C01") and automa["last"]["moved"] == ["C2", "C1"]
    assert automa["seat"] == 1 and automa["difficulty"] == "easy" and automa["minimum"] == 5
    assert automa["lines"] == ROWS
    assert GAME.apply(state, 1, "automa") == (new, events)  # deterministic


def test_automa_tries_the_next_arrow_at_the_edge_and_else_stays() -> None:
    # C07: match 0G, arrows N then SW. From C1 north leaves the board, so it steps south-west.
    stones = place_stone(list(GAME.new(1, {}, 1)["stones"]), "0G", "C1")
    state = solo_game(hand=HAND, deck_top=["C07"], stones=stones, turn=1)
    new, events = GAME.apply(state, 1, "automa")
    assert events_of(events)[1] == ("runarch.automa_moved", {"stone": "0G", "a": "C1", "b": "B2"})
    assert new["stones"][6] == "0G" and new["automa"]["moved"] == ["C1", "B2"]
    # C02: match 4G, one arrow NW. From A3 it leaves the board: nothing moves.
    stones = place_stone(stones, "4G", "A3")
    state = solo_game(hand=HAND, deck_top=["C02"], stones=stones, turn=1)
    new, events = GAME.apply(state, 1, "automa")
    assert events_of(events)[1] == ("runarch.automa_stuck", {"card": "C02"})
    assert new["stones"] == stones and new["automa"]["moved"] is None and new["last"]["swap"] is None


def zero_rows() -> list[str]:
    """C01 shares nothing with any row: row r holds the pattern's shapes shifted by a and its
    colours shifted by b (both nonzero), with b - a different in every row so no stone repeats.
    Column E then shares 5 (0Y whole, then 0V, 0R, 0B one each, 5Y nothing); 3Y waits at C1,
    where no arrow of C01 fits."""
    p = pattern("C01")
    shifts = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)]
    stones = [p[(i + a) % 5][0] + p[(i + b) % 5][1] for a, b in shifts for i in range(5)]
    return place_stone(stones, "3Y", "C1")


def test_ties_go_to_the_first_line_in_order() -> None:
    stones = six_and_six()
    assert best_line(tuple(pattern("C01")), stones, ("row2", "row4"), 5) == ("row2", 6)
    assert best_line(tuple(pattern("C01")), stones, ("row4", "row2"), 5) == ("row4", 6)
    assert best_line(tuple(pattern("C01")), stones, ("row4", "row2"), 5, bonus=2) == ("row4", 8)
    assert best_line(tuple(pattern("C01")), stones, ("row2", "row4"), 7) is None


def test_a_position_sharing_nothing_does_not_stop_the_automa() -> None:
    """Unlike a person, the automa counts what a line shares even where a position shares nothing."""
    stones = zero_rows()
    normal = solo_game(difficulty="normal", hand=HAND, deck_top=["C01"], stones=stones, turn=1)
    _, events = GAME.apply(normal, 1, "automa")
    assert events_of(events)[1:3] == [
        ("runarch.automa_stuck", {"card": "C01"}),
        ("runarch.automa_scored", {"card": "C01", "line": "colE", "points": 6, "total": 6}),
    ]
    hard = solo_game(difficulty="hard", hand=HAND, deck_top=["C01"], stones=stones, turn=1)
    _, events = GAME.apply(hard, 1, "automa")
    assert events_of(events)[2][1]["points"] == 7  # the same 5, plus hard's bonus of 2


def test_a_card_below_five_is_discarded() -> None:
    state = solo_game(difficulty="easy", hand=HAND, deck_top=["C01"], stones=zero_rows(), turn=1)
    new, events = GAME.apply(state, 1, "automa")  # easy plays rows only: 0 shared + 1 < 5
    assert events_of(events)[2] == ("runarch.automa_discarded", {"card": "C01"})
    assert new["discard"] == ["C01"] and new["scored"] == [[], []] and new["scores"] == [0, 0]
    assert new["automa"] == {"card": "C01", "moved": None, "stone": "3Y", "line": None, "points": None}


def board(*rows: str) -> list[str]:
    """A whole board from five rows of five codes (each a permutation of the 25 stones)."""
    stones = [code for row in rows for code in row.split()]
    assert sorted(stones) == sorted(CODES)
    return stones


# C01's pattern is 0Y 5V 4R 3B 6G; its match stone 3Y waits at C1, where no arrow of C01 fits.
SIX_ON_ROW3 = board(
    "0G 0B 3Y 5B 4B",
    "3V 4V 4R 5Y 0R",
    "0Y 5R 6R 4G 6G",
    "3R 6Y 5G 6V 3G",
    "0V 4Y 3B 5V 6B",
)
"""Row 3 against C01: 0Y/0Y both (2), 5R/5V shape (1), 6R/4R colour (1), 4G/3B nothing (0),
6G/6G both (2) = 6. No other line shares more than 4 (diagonal 1)."""

THREE_AT_MOST = board(
    "4V 4G 3Y 4R 3G",
    "4Y 6V 3V 6B 0Y",
    "6Y 6R 0B 0V 5V",
    "5B 4B 0R 3R 5Y",
    "6G 3B 5G 5R 0G",
)
"""No line shares more than 3 with C01. Row 2: 4Y/0Y colour (1), 6V/5V colour (1), 3V/4R
nothing (0), 6B/3B colour (1), 0Y/6G nothing (0) = 3; columns A, B, C and both diagonals tie
at 3, row 1 shares only 1 (4V/0Y, 4G/5V, 3Y/4R, 4R/3B: nothing; 3G/6G colour)."""

COLUMN_AND_DIAGONAL = board(
    "4Y 3R 3Y 4V 4B",
    "5R 5B 0V 5Y 4R",
    "6B 6V 5V 0G 0B",
    "6G 4G 0Y 0R 3G",
    "5G 3B 3V 6Y 6R",
)
"""Every row shares at most 1 with C01; column A (4Y 5R 6B 6G 5G: colour, shape, nothing,
nothing, colour) and diagonal 1 (4Y 5B 5V 0R 6R: colour, shape, nothing, nothing, shape) both
share 3, the most."""


@pytest.mark.parametrize(("level", "points"), [("easy", 7), ("normal", 7), ("hard", 8)])
def test_a_line_with_a_position_sharing_nothing_scores_with_the_bonus(level: str, points: int) -> None:
    state = solo_game(difficulty=level, hand=HAND, deck_top=["C01"], stones=SIX_ON_ROW3, turn=1)
    new, events = GAME.apply(state, 1, "automa")
    assert events_of(events)[1:3] == [
        ("runarch.automa_stuck", {"card": "C01"}),
        ("runarch.automa_scored", {"card": "C01", "line": "row3", "points": points, "total": points}),
    ]
    assert points == 6 + DIFFICULTIES[level].bonus  # the hand count above, plus the bonus
    assert new["scores"] == [0, points] and new["best"] == [0, points] and new["scored"] == [[], ["C01"]]
    assert shared_points(tuple(pattern("C01")), SIX_ON_ROW3, ALL_LINES["row3"]) == 6


@pytest.mark.parametrize(("level", "outcome"), [("easy", None), ("normal", None), ("hard", ("row2", 5))])
def test_the_threshold_is_five(level: str, outcome: tuple[str, int] | None) -> None:
    """Three shared: easy and normal reach 3 + 1 = 4 and discard; hard reaches 3 + 2 = 5 and
    scores on row 2, the first of the six lines tied at 3 (rows, then columns, then diagonals)."""
    state = solo_game(difficulty=level, hand=HAND, deck_top=["C01"], stones=THREE_AT_MOST, turn=1)
    new, events = GAME.apply(state, 1, "automa")
    if outcome is None:
        assert events_of(events)[2] == ("runarch.automa_discarded", {"card": "C01"})
        assert new["discard"] == ["C01"] and new["scores"] == [0, 0] and new["automa"]["points"] is None
    else:
        line, points = outcome
        assert events_of(events)[2] == (
            "runarch.automa_scored",
            {"card": "C01", "line": line, "points": points, "total": points},
        )
        assert new["discard"] == [] and new["scores"] == [0, 5]


def test_ties_prefer_a_column_to_a_diagonal() -> None:
    hard = solo_game(difficulty="hard", hand=HAND, deck_top=["C01"], stones=COLUMN_AND_DIAGONAL, turn=1)
    _, events = GAME.apply(hard, 1, "automa")
    assert events_of(events)[2] == (
        "runarch.automa_scored",
        {"card": "C01", "line": "colA", "points": 5, "total": 5},
    )
    lines = ("diag1", "colA")  # in any other order the other line would win the tie
    assert best_line(tuple(pattern("C01")), COLUMN_AND_DIAGONAL, lines, 5, bonus=2) == ("diag1", 5)
    normal = solo_game(difficulty="normal", hand=HAND, deck_top=["C01"], stones=COLUMN_AND_DIAGONAL, turn=1)
    _, events = GAME.apply(normal, 1, "automa")  # 3 + 1 = 4: discarded
    assert events_of(events)[2] == ("runarch.automa_discarded", {"card": "C01"})


def test_difficulty_table() -> None:
    assert {k: (v.minimum, v.bonus, list(v.lines)) for k, v in DIFFICULTIES.items()} == {
        "easy": (5, 1, ROWS),
        "normal": (5, 1, ROWS_AND_COLUMNS),
        "hard": (5, 2, [*ROWS_AND_COLUMNS, "diag1", "diag2"]),
    }
    normal = solo_game(difficulty="normal", scores=[90, 0])
    assert list(automa_lines(normal)) == ROWS_AND_COLUMNS
    assert GAME.minimum(normal, 1) == 5 and GAME.minimum(normal, 0) == 5
    for level, bonus in (("easy", 1), ("normal", 1), ("hard", 2)):
        for variant in ("simple", "complex"):
            state = solo_game(variant, difficulty=level, scores=[60, 60])
            assert GAME.minimum(state, 1) == 5
            automa = GAME.view(state, None)["automa"]
            assert automa["minimum"] == 5 and automa["bonus"] == bonus
            assert automa["lines"] == list(DIFFICULTIES[level].lines)


def test_hard_automa_scores_the_diagonals_from_the_start() -> None:
    stones = c01_on("diag1", "C1")
    hard = solo_game(difficulty="hard", hand=HAND, deck_top=["C01"], stones=stones, turn=1)
    _, events = GAME.apply(hard, 1, "automa")
    assert events_of(events)[2] == (
        "runarch.automa_scored",
        {"card": "C01", "line": "diag1", "points": 12, "total": 12},
    )
    normal = solo_game(difficulty="normal", hand=HAND, deck_top=["C01"], stones=stones, turn=1)
    _, events = GAME.apply(normal, 1, "automa")
    assert events[2].params.get("line") != "diag1"


def automa_pace(level: str, seeds: range) -> tuple[float, list[dict]]:
    """The automa's points per turn over seeded solo simple games in which the person swaps and
    ends at once (a high target keeps every game going for 15 automa turns), and the last states."""
    points = turns = 0
    finals = []
    for seed in seeds:
        state = GAME.new(1, {"difficulty": level, "target": 150}, seed)
        for _ in range(15):
            swap = next(m for m in GAME.legal_moves(state, 0) if m.kind == "swap")
            state, _ = GAME.apply(state, 0, swap)
            state, _ = GAME.apply(state, 0, "end")
            state, _ = GAME.apply(state, 1, GAME.choose_automated(state, 1))
            turns += 1
            if state["over"]:
                break
        points += state["scores"][1]
        finals.append(state)
    return points / turns, finals


def test_harder_automas_score_faster() -> None:
    """Over 30 seeded random solo games per difficulty the automa's points per turn rise with the
    difficulty, as a player would notice; even the easy one scores a card every few turns."""
    pace = {level: automa_pace(level, range(30))[0] for level in DIFFICULTIES}
    assert pace["easy"] < pace["normal"] < pace["hard"]
    assert pace["easy"] > 1.5 and pace["normal"] - pace["easy"] > 0.5 and pace["hard"] - pace["normal"] > 1
    assert automa_pace("normal", range(3))[1] == automa_pace("normal", range(3))[1]  # replays exactly


# ------------------------------------------------------------------ duel and end
@pytest.mark.parametrize(
    ("level", "best", "bonus"),
    [
        ("easy", [8, 8], [5, 0]),
        ("normal", [8, 8], [5, 0]),
        ("hard", [8, 8], [0, 0]),
        ("easy", [7, 9], [0, 5]),
        ("hard", [9, 7], [5, 0]),
        ("normal", [0, 0], [0, 0]),
    ],
)
def test_best_card_duel_in_solo(level: str, best: list[int], bonus: list[int]) -> None:
    state = solo_game(
        difficulty=level, hand=HAND, turn=1, final_round=True, best=best, scores=[40, 30], deck=[]
    )
    new, events = GAME.apply(state, 1, "automa")
    assert events[0].code == "runarch.automa_no_card"
    assert new["over"] and new["bonus"] == bonus
    assert new["scores"] == [40 + bonus[0], 30 + bonus[1]]


def test_automa_passing_the_target_ends_the_game_after_its_turn() -> None:
    state = solo_game(hand=HAND, deck_top=["C01"], stones=c01_on("row4", "C2"), turn=1, scores=[10, 70])
    new, events = GAME.apply(state, 1, "automa")
    codes = [e.code for e in events]
    assert codes[2:4] == ["runarch.automa_scored", "runarch.final_round"]
    assert events[3].params == {"seat": 1, "target": 75}
    assert new["over"] and codes[-1] == "runarch.game_over"
    assert GAME.outcome(new).places == (2, 1)


def test_person_passing_the_target_still_lets_the_automa_play() -> None:
    state = solo_game(
        hand=HAND, stones=stones_with({"row1": pattern("C03")}), scores=[70, 0], deck_top=["C20"]
    )
    state, events = GAME.apply(state, 0, "score C03 row1")
    assert events[-1].code == "runarch.final_round"
    state, _ = GAME.apply(state, 0, "swap D5 E5")
    state, _ = GAME.apply(state, 0, "end")
    assert not state["over"] and GAME.to_act(state) == [1]
    state, events = GAME.apply(state, 1, "automa")
    assert state["over"] and events[-1].code == "runarch.game_over"


def test_safety_stop_when_the_hand_and_the_deck_are_empty() -> None:
    state = solo_game(hand=(), turn=1, deck=[])
    new, events = GAME.apply(state, 1, "automa")
    assert new["over"] and [e.code for e in events] == ["runarch.automa_no_card", "runarch.game_over"]
    assert new["automa"] == {"card": None, "moved": None, "stone": None, "line": None, "points": None}
    going = solo_game(hand=(), turn=1, deck=["C21", "C20"])
    new, _ = GAME.apply(going, 1, "automa")  # the automa still has a card to reveal next time
    assert not new["over"] and new["discard"] + new["scored"][1] == ["C20"]
    last = solo_game(hand=(), turn=1, deck=["C20"])
    new, _ = GAME.apply(last, 1, "automa")  # it revealed the last card: nothing can happen any more
    assert new["over"]


# ------------------------------------------------------------------ complex solo
def test_complex_solo_setup_is_made_by_the_person_alone() -> None:
    """The person picks one public goal; the automa's is the top card of the deck, so two public
    goals are in play as in every game ("Ve hře jsou dva veřejné úkoly")."""
    state = GAME.new(1, {"variant": "complex", "difficulty": "hard"}, 9)
    assert GAME.to_act(state) == [0] and state["setup_hands"][1] == [] and len(state["setup_hands"][0]) == 4
    assert GAME.view(state, None)["setup_done"] == [False, True]
    goal, secret, *_ = sorted(state["setup_hands"][0])
    top = state["deck"][-1]
    state, events = GAME.apply(state, 0, f"setup {goal} {secret}")
    assert [e.code for e in events] == ["runarch.setup_chosen", "runarch.goals_revealed"]
    assert state["goals"] == [goal, top] and state["secret"] == [secret, None]
    assert len(state["hands"][0]) == 2 and state["hands"][1] == [] and len(state["offer"]) == 4
    assert GAME.to_act(state) == [0] and GAME.automated_seats(state) == [1]


def test_the_automa_passing_25_hands_the_person_a_token() -> None:
    stones = c01_on("row4", "C2")
    state = solo_game("complex", hand=HAND, deck_top=["C01"], stones=stones, turn=1, scores=[0, 20])
    new, events = GAME.apply(state, 1, "automa")
    assert events_of(events)[3] == (
        "runarch.token_handed",
        {"seat": 1, "opponent": 0, "mark": 25, "ability": "diagonal", "minimum": 5},
    )
    assert new["handed"] == [0, 1] and GAME.abilities(new, 0)["diagonal"]
    assert new["archives"][1] == {"left": [], "middle": [], "right": []}
    assert GAME.view(new, None)["abilities"][1] == {"diagonal": False, "double": False, "diagonals": False}


def test_the_person_passing_25_raises_their_own_minimum() -> None:
    state = solo_game("complex", hand=HAND, stones=stones_with({"row1": pattern("C03")}), scores=[20, 0])
    new, events = GAME.apply(state, 0, "score C03 row1 left")
    assert events_of(events)[1][1] == {
        "seat": 0,
        "opponent": 1,
        "mark": 25,
        "ability": "diagonal",
        "minimum": 7,
    }
    assert GAME.minimum(new, 0) == 7 and GAME.minimum(new, 1) == 5
    assert GAME.view(new, None)["minimums"] == [7, 5]


def test_the_automas_tenth_scored_card_ends_a_complex_solo_game() -> None:
    nine = [f"C{n}" for n in range(40, 49)]
    stones = c01_on("row4", "C2")
    state = solo_game("complex", hand=HAND, deck_top=["C01"], stones=stones, turn=1, scored=[[], nine])
    new, events = GAME.apply(state, 1, "automa")
    codes = [e.code for e in events]
    assert "runarch.tenth_card" in codes and new["over"]
    assert codes[-3:] == ["runarch.final_breakdown", "runarch.final_breakdown", "runarch.game_over"]
    assert GAME.view(new, None)["filed"] == [0, 10]


def test_solo_views_hide_the_hand_and_show_the_automa() -> None:
    state = solo_game("complex", difficulty="hard", hand=HAND)
    public = GAME.view(state, None)
    assert public["solo"] is True and public["difficulty"] == "hard"
    assert public["automa"] == {
        "seat": 1,
        "difficulty": "hard",
        "minimum": 5,
        "bonus": 2,
        "lines": [*ROWS_AND_COLUMNS, "diag1", "diag2"],
        "last": None,
    }
    text = json.dumps(public)
    assert not any(f'"{card}"' in text for card in hidden_ids(state))
    assert public["hand_counts"] == [2, 0] and len(public["goals"]) == 2
    assert [c["id"] for c in GAME.view(state, 0)["hand"]] == list(HAND)
