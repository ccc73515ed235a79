"""Each MarsBot question as its board post words it (``cogs.marsbot.questions.awaited``): the
rulebook's rule, MarsBot's values, what counts as yours, in English and in Czech."""

from __future__ import annotations

from bot.board_post import BoardPosts
from bot.i18n import Tr
from cogs.marsbot.events import event_words
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


def words(lang: str, events: list) -> list[str]:
    return [BoardPosts.event_text(Tr(lang), e, ["dana"], event_words) for e in events]


def test_marsbot_first_with_no_final_greenery_says_it_has_none() -> None:
    state = position(params={"temperature": 8, "oxygen": 14, "oceans": 9}, first="marsbot")
    state["passed"] = {"person": False, "marsbot": True}
    _, events = GAME.apply(state, 0, "pass")
    text = "\n".join(words("en", events))
    assert "MarsBot places its greeneries first." in text
    assert text.index("greeneries first") < text.index("🌳 MarsBot has no final greenery")
    assert "🌳 MarsBot nemá žádnou závěrečnou zeleň" in "\n".join(words("cs", events))


def test_c03s_white_cube_says_what_it_replaces() -> None:
    state = position({"corporation": "C03"}, tracks={"building": 5}, action_deck=["P"])
    state, _ = GAME.apply(state, 0, "done")
    _, events = GAME.apply(state, 0, "card building 3 noreq vp0")
    text = "\n".join(words("en", events))
    cube = "A white cube on space 6 of the building track: instead of +1 temperature, MarsBot resolves"
    assert cube in text
    assert "Raise the temperature" not in text
    czech = "\n".join(words("cs", events))
    assert "je bílá kostička: místo akce „teplota +1“ vyhodnoť za MarsBota horní kartu projektu" in czech


def test_czech_says_prijem_for_megacredit_production() -> None:
    state = position(tracks={"event": 3})
    _, events = GAME.apply(state, 0, "cut megacredits 1")
    assert "Snížení příjmu MarsBota" in "\n".join(words("cs", events))
