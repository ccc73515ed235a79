"""A bot under SimCord's time travel: built with the default ``Config`` in code (as tests and benchmarks
build it) it needs no setting to let a day pass in one step; with the health line on (as ``python -m
bot`` runs it) hours pass quickly, the lag sampler asleep while nothing happens."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from simcord import Env

from bot import monitor
from bot.config import Config
from bot.health import Window, parse
from tests.bot.harness import Table

HOURS = 6


@pytest.fixture
def bot_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Config:
    # What tests/conftest.py sets for the others: here the settings are truly the defaults (picture
    # workers as well, issue 33: a bot built for tests or benchmarks needs neither variable).
    monkeypatch.delenv("HEALTH_SECONDS", raising=False)
    monkeypatch.delenv("RENDER_WORKERS", raising=False)
    seconds = getattr(request, "param", None)
    if seconds is None:
        return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"))
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), health_seconds=seconds)


async def test_a_default_config_lets_a_day_pass_in_one_step(simcord_env: Env) -> None:
    """SimCord's own limit holds: one ``advance_time`` settles within its 5 s of real time."""
    assert simcord_env.bot.config.render_workers > 0  # type: ignore[attr-defined]
    table = await Table.open(simcord_env)
    await table.open_turn_with_a_swap()
    started = time.perf_counter()
    await simcord_env.advance_time(24 * 3600)
    assert time.perf_counter() - started < simcord_env.settle_timeout


@pytest.mark.parametrize("bot_config", [300], indirect=True)
async def test_with_the_health_line_hours_pass_and_the_sampler_sleeps_while_idle(
    simcord_env: Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="bot.health")
    wakeups: list[float] = []
    lagged = Window.lagged

    def counted(window: Window, seconds: float) -> None:
        wakeups.append(seconds)  # one per wake-up of the sampler
        lagged(window, seconds)

    monkeypatch.setattr(Window, "lagged", counted)
    # Each line is a database hand-off SimCord waits for (some 50 ms real): 72 of them need more than
    # its default 5 s; the sampler that never slept needed 86,400 wake-ups (some 50 minutes).
    simcord_env.settle_timeout = 60
    table = await Table.open(simcord_env)
    await table.open_turn_with_a_swap()
    await simcord_env.advance_time(HOURS * 3600)  # within the 60 s: it was 50 minutes

    lines = [parse(r.getMessage()) for r in caplog.records if r.name == "bot.health"]
    assert len(lines) == HOURS * 3600 // 300
    assert lines[0]["moves"] == "1" and lines[0]["lag_p99_ms"] != "-"  # sampled while busy
    assert all(line["lag_p99_ms"] == "-" for line in lines[1:])  # asleep while idle
    # Four wake-ups a second for BUSY_SECONDS after each of the interactions (three: new table,
    # join, swap), not four a second for six hours.
    assert len(wakeups) <= 3 * monitor.BUSY_SECONDS / monitor.LAG_EVERY + 3, len(wakeups)
