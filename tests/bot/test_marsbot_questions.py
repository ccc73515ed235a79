"""Each MarsBot question as its board post words it (``cogs.marsbot.questions.awaited``): the
rulebook's rule, MarsBot's values, what counts as yours, in English and in Czech."""

from __future__ import annotations

from bot.i18n import Tr
from cogs.marsbot.questions import awaited
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import position


def asked(question: dict, **top: object) -> dict:
    state = position(**top)
    state["question"] = question
    return GAME.view(state, None)


def test_the_persons_own_turn_asks_nothing_more() -> None:
    assert awaited(GAME.view(position(), None), Tr("en")) is None


def test_the_closest_milestone_question_gives_the_rulebooks_order() -> None:
    view = asked({"kind": "closest", "milestones": ["mayor", "builder"]})
    text = awaited(view, Tr("en"))
    assert text is not None and "MarsBot meets several milestones: Mayor, Builder." in text
    rule = "1. the one **you also meet**, 2. else the one **you are closest to**, 3. else the **leftmost**"
    assert rule in text
    assert "**Equally close** for the leftmost (Mayor)" in text
    czech = awaited(view, Tr("cs"))
    assert czech is not None and "1. titul, jehož podmínky **také splňuješ**" in czech


def test_the_award_values_question_shows_marsbots_values_and_what_counts_as_yours() -> None:
    view = asked(
        {"kind": "values", "awards": ["banker", "miner"], "why": "fund"},
        tracks={"building": 4, "event": 3, "space": 2},
    )
    text = awaited(view, Tr("en"))
    assert text is not None and "MarsBot funds the award where it leads you most" in text
    assert "**Banker**: MarsBot 7, yours = Your M€ production" in text
    assert "**Miner**: MarsBot 7, yours = Your steel + titanium + their production" in text
    czech = awaited(view, Tr("cs"))
    assert czech is not None and "**Bankéř**: MarsBot 7, tvoje hodnota = Tvůj příjem (€)" in czech
    scoring = awaited(asked({"kind": "values", "awards": ["banker"], "why": "scoring"}), Tr("en"))
    assert scoring is not None and "first place 5 VP, a tie 5 VP each, second place nothing" in scoring


def test_the_final_score_question_names_the_award_points_won() -> None:
    results = {
        "banker": {"marsbot": 7, "person": 9, "winners": ["person"]},
        "miner": {"marsbot": 7, "person": 7, "winners": ["person", "marsbot"]},
        "scientist": {"marsbot": 7, "person": 1, "winners": ["marsbot"]},
    }
    view = asked({"kind": "total"}, award_values={"asked": {}, "results": results})
    text = awaited(view, Tr("en"))
    assert text is not None and "the **10 VP** of awards you won" in text and "a tie goes to MarsBot" in text
    czech = awaited(view, Tr("cs"))
    assert czech is not None and "**10 VB** za vyhrané soutěže" in czech


def test_meteor_shower_asks_with_the_cards_that_cancel_it() -> None:
    text = awaited(asked({"kind": "plants"}), Tr("en"))
    assert text is not None and "**at least 3 plants**" in text and "Protected Habitats" in text
