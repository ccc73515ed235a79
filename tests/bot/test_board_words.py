"""What a leaderboard says in words: board names, and a solo player's best game under their name."""

from __future__ import annotations

import pytest

from bot.boards import Board, alt_text, best_game_words, boards_of, picture_of
from bot.i18n import LANGS, Tr
from db.boards import BestGame, BoardEntry, BoardKey, BoardPage
from engine.registry import discovered


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_of_every_game_has_a_name_in_words(lang: str) -> None:
    tr = Tr(lang)
    for name, engine in discovered().items():
        for board in boards_of(engine):
            label = board.label(tr)
            assert "options." not in label and "boards." not in label, (name, board, label)
            assert "·  ·" not in label and not label.endswith("· "), (name, board, label)


def test_a_game_without_variants_names_its_solo_boards_by_level() -> None:
    assert Board("marsbot", "", "hard").label(Tr("en")) == "solo · hard"
    assert Board("marsbot", "", "brutal").label(Tr("cs")) == "sólo · brutálně vysoká"
    assert Board("runarch", "simple", "hard").label(Tr("en")) == "solo · simple · hard"


def test_marsbot_words_its_best_game_with_the_generation() -> None:
    won = BestGame(won=True, automa=64, figures={"generation": 14})
    lost = BestGame(won=False, automa=80, figures={"generation": 16})
    assert best_game_words("marsbot", won, 71, Tr("en")) == "won 71–64 in generation 14"
    assert best_game_words("marsbot", lost, 58, Tr("cs")) == "prohra 58:80 v 16. generaci"


def test_a_best_game_without_figures_or_a_sentence_of_its_own_gives_the_scores() -> None:
    assert best_game_words("marsbot", BestGame(True, 64), 71, Tr("en")) == "won 71–64"
    assert best_game_words("runarch", BestGame(False, 30, {"round": 3}), 22, Tr("cs")) == "prohra 22:30"
    assert best_game_words("runarch", None, 22, Tr("en")) is None
    assert best_game_words("runarch", BestGame(True, None), 22, Tr("en")) is None


def test_the_solo_picture_and_its_description_carry_the_best_game() -> None:
    key = BoardKey("marsbot", "", "hard")
    me = BoardEntry(12, 7, "Me", 40, 2, 0, BestGame(False, 66, {"generation": 20}))
    page = BoardPage(
        key,
        0,
        12,
        [BoardEntry(1, 5, "Jana", 71, 3, 2, BestGame(True, 64, {"generation": 14}))],
        caller=me,
    )
    tr = Tr("en")
    picture = picture_of(page, tr, title="MarsBot · solo · hard", caller_id=7, name_of=lambda e: e.name or "")
    assert [r.detail for r in picture.rows] == ["won 71–64 in generation 14"]
    assert picture.caller is not None and picture.caller.detail == "lost 40–66 in generation 20"
    lines = alt_text(picture, tr).splitlines()
    assert lines[1:] == [
        "1. Jana: 71 (3 played), best game won 71–64 in generation 14",
        "12. Me: 40 (2 played), best game lost 40–66 in generation 20",
    ]
    rated = picture_of(
        BoardPage(BoardKey("runarch"), 0, 1, [BoardEntry(1, 5, "Jana", 1500, 3, 2)], None),
        tr,
        title="RunArch",
        caller_id=None,
        name_of=lambda e: e.name or "",
    )
    assert [r.detail for r in rated.rows] == [None]
