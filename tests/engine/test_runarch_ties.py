"""Equal final scores: the better best card separates them, else the players share the place,
and the outcome says which happened (the result post shows it)."""

from __future__ import annotations

from typing import Any

from engine.runarch import GAME


def finished(scores: list[int], best: list[int]) -> dict[str, Any]:
    state = GAME.new(2, {}, 7)
    state.update(over=True, scores=scores, best=best, bonus=[0, 0], resigned=None)
    return state


def test_equal_scores_are_separated_by_the_better_best_card_and_it_is_said() -> None:
    outcome = GAME.outcome(finished([40, 40], [8, 9]))
    assert outcome is not None
    assert outcome.places == (2, 1)
    (tie,) = outcome.ties
    assert tie.code == "runarch.tie_best_card"
    assert dict(tie.params) == {"score": 40, "seat": 1, "best": 9, "opponent": 0, "other_best": 8}


def test_equal_scores_and_equal_best_cards_share_the_place() -> None:
    outcome = GAME.outcome(finished([33, 33], [7, 7]))
    assert outcome is not None
    assert outcome.places == (1, 1)
    (tie,) = outcome.ties
    assert tie.code == "runarch.tie_shared"
    assert dict(tie.params) == {"score": 33, "place": 1}


def test_different_scores_need_no_word_and_a_resignation_is_no_tie() -> None:
    outcome = GAME.outcome(finished([41, 40], [7, 9]))
    assert outcome is not None and outcome.ties == ()
    resigned = finished([30, 30], [7, 9])
    resigned["resigned"] = 1
    outcome = GAME.outcome(resigned)
    assert outcome is not None and outcome.places == (1, 2) and outcome.ties == ()
