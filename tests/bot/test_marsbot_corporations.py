"""C02 and C05 (content 3; C01 and C05 in content 2) through the bot: ``/marsbot new
corporation:`` offers them, the first post says what the corporation does, and its bonus card is
in MarsBot's action pile."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.board_post import BoardPosts
from bot.i18n import Tr
from cogs.marsbot.events import event_words
from cogs.marsbot.intro import intro
from engine.core import Event
from engine.marsbot import content
from engine.marsbot.corporations import set_up
from engine.marsbot.game import GAME
from engine.marsbot.setup import new_state
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.test_czech_grammar import formal_words
from tests.engine.marsbot_support import RULES_1, V2

LANGS = ("en", "cs")


@pytest.mark.parametrize(
    ("corporation", "card", "says"),
    [
        ("C02", "B23", "Rapid sprouting (B23)"),
        ("C05", "B25", "Do it right (B25)"),
    ],
)
async def test_c02_and_c05_are_offered_and_bring_their_bonus_card(
    simcord_env: Env, corporation: str, card: str, says: str
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(corporation=corporation)
    state = await table.state()
    assert state["corporation"] == corporation
    assert card in state["action_deck"] and card not in state["bonus_deck"]  # you start: none played yet
    assert says in table.posts()[0].content  # the first post says what the corporation does


@pytest.mark.parametrize(
    ("versions", "en", "cs"),
    [
        (V2, "Sprouting consortium (C01)", "Klíčící konsorcium (C01)"),
        (None, "Megaproject holdings (C01)", "Megaprojekty (C01)"),
    ],
)
def test_the_setup_event_names_the_corporation_of_the_games_own_content(
    versions: dict[str, int] | None, en: str, cs: str
) -> None:
    """Content 3 renumbered the corporations: a game stored with content 2 keeps its C01 (the B23
    card), so the set-up's sentence names that game's C01, not content 3's."""
    state = new_state(GAME.options({"corporation": "C01"}), 5, versions)
    events: list[Event] = []
    set_up(state, events)
    said = {
        lang: [BoardPosts.event_text(Tr(lang), e, ["dana"], event_words) for e in events] for lang in LANGS
    }
    assert f"MarsBot's corporation: {en}." in said["en"]
    assert f"Korporace MarsBota: {cs}." in said["cs"]


PUBLISHED_NAMES = ("Udělejte",)
"""B25's printed name, „Udělejte to správně", is a card's name, not the bot speaking."""


@pytest.mark.parametrize("versions", [RULES_1, V2, None], ids=["content 1", "content 2", "content 3"])
def test_every_corporations_first_post_speaks_czech_as_ty(versions: dict[str, int] | None) -> None:
    """The corporation's card in the first post is the bot's own sentences, not the content file's
    text in the rulebook's register („přidejte", „vyřaďte", „vyhodnocujete", „položte")."""
    corporations = content.corporations(versions["corporations"] if versions else None)
    for corporation in corporations:
        state = GAME.new(1, {"corporation": corporation}, 3, versions)
        czech = intro(Tr("cs"), state)
        assert not [w for w in formal_words(czech) if w not in PUBLISHED_NAMES], (corporation, czech)
        assert czech.count("\n") > intro(Tr("cs"), GAME.new(1, {}, 3, versions)).count("\n"), corporation
        english = intro(Tr("en"), state)
        assert "{" not in english and "{" not in czech


async def test_a_czech_first_post_says_what_the_corporation_does_as_ty(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    user_locales[table.person.id] = "cs"
    await table.start(corporation="C03")
    first = table.posts()[0].content
    assert "Když MarsBot postoupí na políčko s bílou kostičkou, vyhodnotí horní kartu projektu" in first
    assert "namísto zvýšení teploty" in first and "vyhodnoťte" not in first
    assert not formal_words(first), first
