"""Hellas's Magnate: „Magnate: As usual (most green cards in played pile)". From rules version 4 a
revealed card that is no event is asked its colour, and Magnate counts MarsBot's green
(automated) cards alone; before, it counted every non-event card, blue too (an award once went
27 : 6 on that). A game stored before keeps its count and replays to the state it stored."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.core.game import replay
from engine.marsbot.awards import award_values
from engine.marsbot.game import GAME
from engine.marsbot.reports import card_facts
from engine.marsbot.rules import LATEST
from tests.engine.marsbot_support import marsbot_turn, of, play_card, position

RULES_3 = {**GAME.new(1, {"map": "hellas"}, 7)["content"], "rules": 3}
"""The content of a game stored before rules version 4."""


def test_only_where_magnate_is_played_is_the_colour_asked() -> None:
    assert "colour" in card_facts(position({"map": "hellas"}))
    assert "colour" not in card_facts(position({"map": "tharsis"}))
    assert "colour" not in card_facts(position({"map": "elysium"}))  # Tycoon counts green and blue
    assert "colour" not in card_facts(position({"map": "hellas"}, versions=RULES_3))


def test_magnate_counts_green_cards_and_not_blue_ones() -> None:
    state = position({"map": "hellas"})
    for answer in ("building 8 noreq vp0 green", "science 12 noreq vp0 blue", "space 9 noreq vp0 blue"):
        state, _, _ = play_card(state, answer)
    state, _, _ = play_card(state, "event 5 noreq vp0 -")
    assert [c.get("colour") for c in state["played"]] == ["green", "blue", "blue", None]
    assert award_values(state)["magnate"] == 1


def test_a_card_that_is_no_event_must_say_its_colour() -> None:
    state = position({"map": "hellas"})
    state["action_deck"] = ["P"]
    asked, _ = GAME.apply(state, 0, "done")
    for answer in ("card building 8 noreq vp0", "card building 8 noreq vp0 -"):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(asked, 0, answer)
        assert refused.value.code == "marsbot.card_needs_colour"
    after, _ = GAME.apply(asked, 0, "card event 5 noreq vp0 -")  # an event is red: nothing to say
    assert after["played"][-1]["tags"] == ["event"]


def test_magnate_help_reveals_until_a_green_card() -> None:
    state = position({"map": "hellas"}, money=10, awards={"magnate": "person"})
    answers = ["values magnate=9", "card event 5 noreq vp0 -", "card building 8 noreq vp0 blue"]
    answers.append("card building 7 noreq vp0 green")
    after, events, asked = marsbot_turn(state, ("B08",), answers)
    assert [q["kind"] for q in asked] == ["values", "card", "card", "card"]
    assert [e["fits"] for e in of(events, "card_unfit")] == ["green", "green"]
    green = {"tags": ["building"], "cost": 7, "req": False, "vp": "none", "colour": "green"}
    assert after["played"] == [green]


def test_a_game_stored_with_rules_3_counts_blue_cards_too_and_replays_identically() -> None:
    old = position({"map": "hellas"}, versions=RULES_3)
    state = old
    for answer in ("building 8 noreq vp0", "science 12 noreq vp0"):
        state, _, _ = play_card(state, answer)
    assert award_values(state)["magnate"] == 2
    assert all("colour" not in card for card in state["played"])


def test_new_games_play_the_latest_rules_and_a_stored_log_replays() -> None:
    assert LATEST == 4
    state = GAME.new(1, {"map": "hellas"}, 5)
    assert state["content"]["rules"] == 4
    moves = []
    for _ in range(60):
        if GAME.outcome(state) is not None:
            break
        question = state["question"]
        if question is None:
            move = "done" if state["phase"] == "person" else next(iter(GAME.legal_moves(state, 0))).notation
        elif question["kind"] == "card":
            move = "card building 10 noreq vp0 blue"
        else:
            move = next(iter(GAME.legal_moves(state, 0))).notation
        state, _ = GAME.apply(state, 0, move)
        moves.append(move)
    assert any(m.startswith("card ") for m in moves), moves
    assert any(c.get("colour") == "blue" for c in state["played"])
    again = replay(GAME, 1, {"map": "hellas"}, 5, [(0, m) for m in moves], GAME.content(state))
    assert again == state
