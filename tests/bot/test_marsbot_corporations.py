"""C02 and C05 (content 3; C01 and C05 in content 2) through the bot: ``/marsbot new
corporation:`` offers them, the first post says what the corporation does, and its bonus card is
in MarsBot's action pile."""

from __future__ import annotations

import pytest
from simcord import Env

from tests.bot.marsbot_table import MarsBotTable


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
