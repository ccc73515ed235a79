"""After start-up the bot freezes its heap (``gc.freeze()``): what start-up loaded lives as long
as the bot, and a full collection no longer walks it."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest
from simcord import Env

from bot.client import GC_THRESHOLDS, GameBot


@pytest.fixture
def simcord_bot(make_bot: Callable[[], GameBot]) -> Iterator[GameBot]:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    bot = make_bot()
    bot.freeze_heap = True  # as ``python -m bot`` runs it (tests turn it off)
    yield bot
    gc.unfreeze()  # the test run goes on: let its garbage be collected
    gc.set_threshold(*thresholds)


async def test_the_heap_is_frozen_once_the_cogs_are_loaded(simcord_env: Env) -> None:
    bot = simcord_env.bot
    assert bot.cogs, "the cogs are loaded"
    assert gc.get_freeze_count() > 10_000


async def test_the_collector_runs_less_often_once_started(simcord_env: Env) -> None:
    """A move makes thousands of short-lived objects: at Python's default thresholds the collector
    took 10.6 % of the main thread's CPU, and its full collections stopped the bot for 200 ms."""
    assert simcord_env.bot.cogs
    assert gc.get_threshold() == GC_THRESHOLDS
    young, _, old = GC_THRESHOLDS
    assert young > 700 and old > 10  # fewer young and far fewer full collections than the default
