"""After start-up the bot freezes its heap (``gc.freeze()``): what start-up loaded lives as long
as the bot, and a full collection no longer walks it."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest
from simcord import Env

from bot.client import GameBot


@pytest.fixture
def simcord_bot(make_bot: Callable[[], GameBot]) -> Iterator[GameBot]:
    gc.unfreeze()
    bot = make_bot()
    bot.freeze_heap = True  # as ``python -m bot`` runs it (tests turn it off)
    yield bot
    gc.unfreeze()  # the test run goes on: let its garbage be collected


async def test_the_heap_is_frozen_once_the_cogs_are_loaded(simcord_env: Env) -> None:
    bot = simcord_env.bot
    assert bot.cogs, "the cogs are loaded"
    assert gc.get_freeze_count() > 10_000

