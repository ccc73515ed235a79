"""SimCord tests in this folder run the bot with Tally loaded (``simcord_env`` uses ``simcord_bot``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from bot.client import GameBot
from bot.config import Config
from tests.games.tally.harness import tally_bot


@pytest.fixture
async def make_tally_bot(bot_config: Config) -> AsyncIterator[Callable[[], GameBot]]:
    """Build Tally bots on the test's database (for restarts too); close their stores at the end."""
    made: list[GameBot] = []

    def make() -> GameBot:
        made.append(tally_bot(bot_config))
        return made[-1]

    yield make
    for bot in made:
        await bot.store.close()


@pytest.fixture
def simcord_bot(make_tally_bot: Callable[[], GameBot]) -> GameBot:
    return make_tally_bot()
