"""C02 and C05 (content 3; C01 and C05 in content 2) through the bot: ``/marsbot new
corporation:`` offers them, the first post says what the corporation does, and its bonus card is
in MarsBot's action pile."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.board_post import BoardPosts
from bot.i18n import Tr
from cogs.marsbot.events import event_words
from engine.core import Event
from engine.marsbot.corporations import set_up
from engine.marsbot.game import GAME
from engine.marsbot.setup import new_state
from tests.bot.marsbot_table import MarsBotTable
from tests.engine.marsbot_support import V2

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
        lang: [BoardPosts.event_text(Tr(lang), e, ["dana"], event_words) for e in events]
        for lang in LANGS
    }
    assert f"MarsBot's corporation: {en}." in said["en"]
    assert f"Korporace MarsBota: {cs}." in said["cs"]
