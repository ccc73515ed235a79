"""Each MarsBot question as its board post words it (``cogs.marsbot.questions.awaited``): the
rulebook's rule, MarsBot's values, what counts as yours, in English and in Czech."""

from __future__ import annotations

from bot.board_post import BoardPosts
from bot.i18n import Tr
from cogs.marsbot.events import event_words
from cogs.marsbot.questions import awaited
from cogs.marsbot.taken_back import put_back
from engine.core import Event
from engine.marsbot.actions import printed
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


ELEVEN_TIED = ["A1", "A4", "A5", "B2", "B6", "C3", "C4", "C7", "D8", "E4", "E5"]
"""A tie-break among more than nine spaces (random games on Tharsis and Hellas reach 10 to 13)."""


def test_a_long_tie_break_names_its_spaces_by_row_and_place_not_by_id() -> None:
    """The printed board has no coordinates: past nine spaces the post is kept short by grouping
    the spaces by row, each by its place in the row, never by an id such as "C4"."""
    view = asked({"kind": "cost", "tile": "ocean", "tied": ELEVEN_TIED})
    text = awaited(view, Tr("en"))
    assert text is not None and "11 spaces tie for MarsBot's ocean" in text
    rows = "row A, spaces 1, 4, 5; row B, spaces 2, 6; row C, spaces 3, 4, 7; row D, space 8; row E, spaces 4"
    assert rows in text
    assert not [s for s in ELEVEN_TIED if s in text], text
    czech = awaited(view, Tr("cs"))
    assert czech is not None and "řada A, pole 1, 4, 5; řada B, pole 2, 6;" in czech
    assert "řada D, pole 8;" in czech
    assert not [s for s in ELEVEN_TIED if s in czech], czech


def test_the_tie_breaks_outcome_names_the_spaces_by_their_place() -> None:
    """After the count, the post says where it ended as the person counted: by row and place."""
    tie = Event("marsbot.tie", {"tile": "city", "tied": ["B2", "B4"], "count": 14, "space": "B4"})
    rank = Event("marsbot.tie_rank", {"tile": "city", "tied": ELEVEN_TIED, "rule": "oceans", "space": "C7"})
    english = words("en", [tie, rank])
    assert english[0].startswith("⚖️ 2 spaces tied (row B, spaces 2, 4); counting 14 by the card's cost")
    assert "→ **row B, 4th space**." in english[0] and "B4" not in english[0]
    assert "11 spaces were equal" in english[1] and "→ **row C, 7th space**." in english[1]
    czech = words("cs", [tie, rank])
    assert "Shoda mezi 2 poli (řada B, pole 2, 4)" in czech[0] and "→ **řada B, 4. pole**." in czech[0]
    assert "→ **řada C, 7. pole**." in czech[1]


def test_an_undone_marsbot_tile_is_found_by_its_place() -> None:
    """Undo tells the person to take MarsBot's tile off the printed board: by row and place too."""
    state = position()
    placed = {"tile": "city", "space": "D1", "owner": "marsbot", "reason": "action"}
    placed["place"] = printed(state, "D1")
    events = [Event("marsbot.tile", placed)]
    (english,) = put_back(Tr("en"), state, events)
    assert "remove MarsBot's city from **D1** (row D, 1st space — Pavonis Mons:" in english, english
    (czech,) = put_back(Tr("cs"), state, events)
    assert "odeber z pole **D1** (řada D, 1. pole — Pavonis Mons:" in czech, czech
