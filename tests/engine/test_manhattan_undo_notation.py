"""The Manhattan Project's notation (canonical, case-insensitive) and which steps undo may take back."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.manhattan.game import GAME, INFO
from engine.manhattan.undo import REASONS
from tests.engine.manhattan_support import BLUE, RED, play, position


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("bonus e", "bonus E"),
        ("place MINE2 l", "place mine2 L"),
        ("place build e 2", "place build E 2"),
        ("place uni4 CL s", "place uni4 cL S"),
        ("place design cs+E", "place design E+cS"),
        ("work f03 e+E", "work F03 E+E"),
        ("work F01 l 2", "work F01 L 2"),
        ("work r02 S EU", "work R02 S eu"),
        ("work R02 S 1 eu", "work R02 S 1 eu"),
        ("Attack 2 FIGHTER", "attack 2 fighter"),
        ("raid 2 r02", "raid 2 R02"),
        ("repair m03 M03 f01", "repair F01 M03 M03"),
        ("repair NONE", "repair none"),
        ("pick b07", "pick B07"),
        ("bomb b07 s+S+e+E", "bomb B07 E+E+S+S"),
        ("bomb B07 cS+S+cE+E", "bomb B07 E+S+cE+cS"),
        ("test b07", "test B07"),
        ("LOAD B07", "load B07"),
        ("done", "done"),
        ("Retrieve", "retrieve"),
        ("resign", "resign"),
    ],
)
def test_notation_is_canonical(text: str, canonical: str) -> None:
    move = GAME.parse_move(text)
    assert move.notation == canonical and GAME.parse_move(canonical) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place mine2",
        "place mine2 X",
        "place mine2 L+L+L",
        "place build L 12",
        "place build L E 2",
        "work M01",
        "work M1 L",
        "work M01 L 3",
        "work M01 L eu 1",
        "work M01 L+L+L+L",
        "attack two fighter",
        "attack 12 fighter",
        "attack 1 tank",
        "raid 1",
        "repair",
        "repair M01 M01 M01 M01",
        "repair none M01",
        "pick",
        "pick 7",
        "bomb B01",
        "bomb B01 E+E+E+E+E+E+E+E+E",
        "test",
        "load B1",
        "done now",
        "retrieve all",
        "bonus L",
        "jump",
        "place mine2 L;",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(text)
    assert refused.value.code == "core.bad_notation"


def test_the_game_declares_its_seats_levels_and_options() -> None:
    assert (INFO.name, INFO.min_players, INFO.max_players) == ("manhattan", 2, 5)
    assert INFO.timeout_move and INFO.bot_levels == ("easy", "normal")
    assert INFO.seat_params == ("seat", "target", "owner")
    assert INFO.options["max_rounds"].default == 40


def verdict(state: dict, seat: int, text: str) -> tuple[bool, str | None]:
    move = GAME.parse_move(text)
    after, _ = GAME.apply(state, seat, move)
    if GAME.can_undo(state, seat, move, after):
        return True, None
    return False, GAME.undo_stop(state, seat, move, after)


def test_which_steps_may_be_taken_back() -> None:
    built = [{"card": "B24", "loaded": False, "workers": []}]
    state = position(
        3,
        {
            RED: {
                "home": {"L": 3, "E": 3, "S": 3},
                "money": 30,
                "pu": 8,
                "bombers": 2,
                "fighters": 2,
                "hand": ["B16"],
                "bombs": built,
                "buildings": ["M01"],
            },
            BLUE: {"fighters": 1, "money": 5, "buildings": [{"card": "M02", "damage": 1, "workers": None}]},
        },
        deck=["R01"],
        offer=["B01", "B02", "B03", "B04"],
        bomb_deck=["B05", "B06", "B07", "B08"],
    )
    assert verdict(state, RED, "place mine2 L") == (True, None)
    assert verdict(state, RED, "place build L 1") == (False, "manhattan.undo.revealed")
    assert verdict(state, RED, "work M01 L") == (True, None)
    assert verdict(state, RED, "test B24") == (True, None)
    assert verdict(state, RED, "load B24") == (True, None)
    assert verdict(state, RED, "bomb B16 E+S+S") == (False, "manhattan.undo.revealed")
    assert verdict(state, RED, "place design E+S") == (True, None)
    designing, _ = play(state, (RED, "place design E+S"))
    assert verdict(designing, RED, "pick B01") == (False, "manhattan.undo.draft")
    striking, _ = play(state, (RED, "place strike1 L"))
    assert verdict(striking, RED, "attack 1 fighter") == (True, None)
    placed, _ = play(state, (RED, "place mine2 L"))
    assert verdict(placed, RED, "done") == (False, "manhattan.undo.turn_ended")
    repairing, _ = play(state, (RED, "place repair L"))
    assert repairing["pending"]["queue"] == [BLUE]
    assert verdict(repairing, BLUE, "repair none") == (False, "manhattan.undo.reaction")
    back = position(2, {RED: {"home": {"L": 1}}}, occupied={"mine2": RED})
    assert verdict(back, RED, "retrieve") == (False, "manhattan.undo.turn_ended")
    assert verdict(state, BLUE, "resign") == (False, "undo.final")
    assert set(REASONS) == {
        "manhattan.undo.turn_ended",
        "manhattan.undo.revealed",
        "manhattan.undo.draft",
        "manhattan.undo.reaction",
    }


def test_the_last_pick_that_lays_out_new_bombs_is_final_and_the_bonus_while_the_other_chooses() -> None:
    five = GAME.new(5, {}, 8)
    fourth, fifth = five["order"][3:]
    assert verdict(five, fourth, "bonus S") == (True, None)
    chosen, _ = play(five, (fourth, "bonus S"))
    assert verdict(chosen, fifth, "bonus E") == (False, "manhattan.undo.turn_ended")
