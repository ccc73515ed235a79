"""A bot built with the default ``Config`` in code (as tests and benchmarks build it) under SimCord's time
travel: hours pass quickly with the health line on, and no setting is needed for it."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from simcord import Env

from bot import monitor
from bot.config import DEFAULT_HEALTH_SECONDS, Config
from bot.health import Window, parse
from tests.bot.harness import Table

HOURS = 6


@pytest.fixture
def bot_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    monkeypatch.delenv("HEALTH_SECONDS", raising=False)  # what tests/conftest.py sets for the others
    config = Config(token=None, database_path=str(tmp_path / "bot.sqlite3"))
    assert config.health_seconds == DEFAULT_HEALTH_SECONDS  # the line is on, as in production
    return config


async def test_hours_of_simulated_time_pass_quickly_with_the_default_config(
    simcord_env: Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="bot.health")
    wakeups: list[float] = []
    lagged = Window.lagged

    def counted(window: Window, seconds: float) -> None:
        wakeups.append(seconds)  # one per wake-up of the sampler
        lagged(window, seconds)

    monkeypatch.setattr(Window, "lagged", counted)
    table = await Table.open(simcord_env)
    await table.open_turn_with_a_swap()
    started = time.perf_counter()
    await simcord_env.advance_time(HOURS * 3600)
    took = time.perf_counter() - started

    lines = [parse(r.getMessage()) for r in caplog.records if r.name == "bot.health"]
    assert len(lines) == HOURS * 3600 // DEFAULT_HEALTH_SECONDS
    assert lines[0]["moves"] == "1" and lines[0]["lag_p99_ms"] != "-"  # sampled while busy
    assert all(line["lag_p99_ms"] == "-" for line in lines[1:])  # asleep while idle
    # Four wake-ups a second for BUSY_SECONDS after each of the interactions (three: new table,
    # join, swap), not four a second for six hours (86,400).
    assert len(wakeups) <= 3 * monitor.BUSY_SECONDS / monitor.LAG_EVERY + 3, len(wakeups)
    assert took < 60, took
