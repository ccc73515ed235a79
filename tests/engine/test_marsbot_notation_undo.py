"""MarsBot's notation (canonical, case-insensitive, refusing malformed text), answers that must
fit the question, and taking a wrong answer back with what MarsBot did on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import IllegalMove
from engine.core.undo import Actor, Plan, Step, Stop, plan_undo, replay_marked
from engine.marsbot.game import GAME
from engine.marsbot.keys import REFUSALS
from tests.engine.marsbot_support import position

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "marsbot"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TILE city c4", "tile city C4"),
        ("raise Oxygen 03", "raise oxygen 3"),
        ("cut MegaCredits 2", "cut megacredits 2"),
        ("card Building+SPACE 014 noreq VP0", "card building+space 14 noreq vp0"),
        ("card none 0 req vp-", "card none 0 req vp-"),
        ("values miner=3 banker=02", "values banker=2 miner=3"),
        ("closest EQUAL", "closest equal"),
        ("plants YES", "plants yes"),
        ("  done ", "done"),
        ("total 105", "total 105"),
    ],
)
def test_notation_is_canonical(text: str, canonical: str) -> None:
    move = GAME.parse_move(text)
    assert move.notation == canonical and GAME.parse_move(move.notation) == move


@pytest.mark.parametrize(
    "text",
    [
        "tile castle C4",
        "tile city J1",
        "raise temperature 0",
        "raise oxygen 20",
        "take 0",
        "take 100",
        "card alien 3 req vp0",
        "card building 100 req vp0",
        "card building+space+event+science+earth 3 req vp0",
        "card building 3 maybe vp0",
        "values banker=3 banker=4",
        "values",
        "values landlord",
        "cost -1",
        "total 1000",
        "milestone champion",
        "done now",
        "",
    ],
)
def test_malformed_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(text)
    assert refused.value.code == "core.bad_notation"


def waiting_for_card() -> dict:
    state, _ = GAME.apply(position(action_deck=["P"]), 0, "done")
    assert state["question"] == {"kind": "card", "why": "action"}
    return state


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("cost 3", "marsbot.answer_first"),
        ("tile city C4", "marsbot.answer_first"),
        ("done", "marsbot.answer_first"),
        ("card wild 3 req vp0", "marsbot.no_wild"),
    ],
)
def test_only_an_answer_to_the_question_is_taken(move: str, code: str) -> None:
    state = waiting_for_card()
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, move)
    assert refused.value.code == code
    assert GAME.view(state, None)["legal"] == {}


def test_an_answer_without_a_question_is_refused() -> None:
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(position(), 0, "cost 3")
    assert refused.value.code == "marsbot.no_question"


def test_values_must_name_exactly_the_asked_awards() -> None:
    state = position(tracks={"earth": 8}, action_deck=["P"])
    state, _ = GAME.apply(state, 0, "done")
    state, _ = GAME.apply(state, 0, "card earth 3 noreq vp0")
    assert state["question"]["awards"] == ["banker", "scientist", "thermalist", "miner"]
    for wrong in ("values banker=1", "values banker=1 scientist=1 thermalist=1 miner=1 landlord=1"):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, 0, wrong)
        assert refused.value.code == "marsbot.values_mismatch"


def test_a_wrong_card_is_taken_back_with_marsbots_turn() -> None:
    start = position(action_deck=["P"])
    waiting, _ = GAME.apply(start, 0, "done")
    assert GAME.can_undo(start, 0, GAME.parse_move("done"), waiting)
    wrong, _ = GAME.apply(waiting, 0, "card building 3 noreq vp0")
    assert wrong["tracks"]["building"] == 1 and wrong["phase"] == "person"
    assert GAME.can_undo(waiting, 0, GAME.parse_move("card building 3 noreq vp0"), wrong)
    fixed, _ = GAME.apply(waiting, 0, "card space 3 noreq vp0")
    assert fixed["tracks"]["space"] == 2 and fixed["tracks"]["building"] == 0


def test_undo_stops_at_a_new_generation_and_at_the_final_total() -> None:
    state = position(passed={"person": False, "marsbot": True})
    after, _ = GAME.apply(state, 0, "pass")
    assert after["generation"] == 2
    move = GAME.parse_move("pass")
    assert not GAME.can_undo(state, 0, move, after)
    assert GAME.undo_stop(state, 0, move, after) == "marsbot.undo_generation"
    final = position(
        params={"temperature": 8, "oxygen": 14, "oceans": 9}, passed={"person": False, "marsbot": True}
    )
    final, _ = GAME.apply(final, 0, "pass")
    final, _ = GAME.apply(final, 0, "done")
    over, _ = GAME.apply(final, 0, "total 12")
    assert GAME.undo_stop(final, 0, GAME.parse_move("total 12"), over) == "undo.final"


def test_undo_through_the_log_replays_to_the_state_before() -> None:
    options = {"difficulty": "medium"}
    seed = 11
    state = GAME.new(1, options, seed)
    log = ["tile city C4", "raise oxygen 2", "done"]
    states = [state]
    for move in log:
        state, _ = GAME.apply(state, 0, move)
        states.append(state)
    steps = [Step(0, m, Actor.PERSON) for m in log]
    replayed = replay_marked(GAME, 1, options, seed, steps)
    plan = plan_undo(replayed, steps, 0)
    assert isinstance(plan, Plan) and plan.keep == 2 and plan.state == states[2]
    assert not isinstance(plan, Stop)


def test_every_refusal_the_engine_raises_is_in_the_keys_list() -> None:
    listed = {key for key, _ in REFUSALS}
    raised: set[str] = set()
    for path in ENGINE.glob("*.py"):
        raised |= set(re.findall(r'IllegalMove\(\s*"(marsbot\.[a-z_]+)"', path.read_text()))
        raised |= set(re.findall(r'return "(marsbot\.[a-z_]+)"', path.read_text()))
    assert len(raised) > 15 and raised <= listed
    for stem in ("milestone", "award"):  # raised by f-string
        assert {f"marsbot.{stem}_taken", f"marsbot.{stem}s_full"} <= listed
