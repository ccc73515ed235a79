"""The health line of a running bot (``bot.monitor``): every ``HEALTH_SECONDS`` of SimCord's clock one
INFO line on ``bot.health`` with the moves played in that window, their reply times and the
running tables; ``HEALTH_SECONDS=0`` logs none."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from simcord import Env

from bot import monitor, pictures
from bot.__main__ import main
from bot.config import Config
from bot.health import parse
from bot.monitor import Monitor
from bot.sharding import Shards
from tests.bot.harness import Table
from tests.bot.worker_stubs import where_drawn

EVERY = 300


@pytest.fixture
def bot_config(tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Config:
    # The lag sampler wakes every 30 s of SimCord's clock instead of 4 times a second: time travel
    # steps through every wake-up, and a simulated clock has no lag to measure.
    monkeypatch.setattr(monitor, "LAG_EVERY", 30.0)
    seconds = getattr(request, "param", EVERY)
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), health_seconds=seconds)


def health_lines(caplog: pytest.LogCaptureFixture) -> list[dict[str, str]]:
    return [
        parse(r.getMessage()) for r in caplog.records if r.name == "bot.health" and r.levelno == logging.INFO
    ]


async def two_moves(table: Table) -> None:
    """The player to act swaps, then ends the turn: two moves answered."""
    player, _ = await table.open_turn_with_a_swap()
    ended = await player.slash(table.thread, "runarch end")
    assert not ended.ephemeral, ended.response.content


async def test_the_health_line_counts_the_windows_moves_and_the_running_tables(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.health")
    first = await Table.open(simcord_env)
    second = await Table.open(simcord_env)
    await two_moves(first)
    await two_moves(second)
    await first.alice.slash(first.thread, "runarch swap", a="A1", b="A1")  # refused: not a move
    assert health_lines(caplog) == []
    await simcord_env.advance_time(EVERY + 1)
    (line,) = health_lines(caplog)
    assert line["moves"] == "4" and line["tables"] == "2" and line["shards"] == "all"
    assert 299 <= float(line["window_s"]) <= 320
    assert float(line["moves_per_s"]) == pytest.approx(4 / float(line["window_s"]), abs=0.01)
    assert 0 <= float(line["reply_p50_ms"]) <= float(line["reply_p99_ms"]) <= float(line["reply_max_ms"])
    assert line["lag_p99_ms"] != "-" and line["errors"] == "0"
    text = next(r.getMessage() for r in caplog.records if r.name == "bot.health")
    assert "alice" not in text and "bob" not in text  # no names in the log line

    await simcord_env.advance_time(EVERY)  # a quiet window: nothing carried over
    assert len(health_lines(caplog)) == 2
    quiet = health_lines(caplog)[-1]
    assert quiet["moves"] == "0" and quiet["reply_p99_ms"] == "-" and quiet["tables"] == "2"


@pytest.mark.parametrize("bot_config", [0], indirect=True)
async def test_health_seconds_0_logs_no_health_line(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.health")
    table = await Table.open(simcord_env)
    await two_moves(table)
    await simcord_env.advance_time(3 * EVERY)
    assert [r for r in caplog.records if r.name == "bot.health"] == []


class CountingStore:
    """A store that answers the health line's count, or fails as a database that is down."""

    def __init__(self, fails: bool = False) -> None:
        self.fails = fails
        self.asked: list[object] = []

    async def running_tables(self, shards: object = None) -> int:
        self.asked.append(shards)
        if self.fails:
            raise sqlite3.OperationalError("database is locked")
        return 3


class Gateway:
    latency = 0.0452


async def test_a_process_of_some_shards_counts_their_tables_and_names_them(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="bot.health")
    store = CountingStore()
    watch = Monitor(Gateway(), store, lambda: 1000.0, seconds=EVERY, shards=Shards(4, (1, 3)))  # type: ignore[arg-type]
    line = parse(await watch.report())
    assert store.asked == [(4, (1, 3))]
    assert line["tables"] == "3" and line["shards"] == "1,3" and line["gateway_ms"] == "45"
    everything = Monitor(Gateway(), store, lambda: 1000.0, seconds=EVERY, shards=Shards(2, (0, 1)))  # type: ignore[arg-type]
    assert parse(await everything.report())["shards"] == "0,1" and store.asked[-1] is None  # all tables


async def test_a_store_that_cannot_count_leaves_tables_unknown_and_the_line_still_comes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="bot.health")
    store = CountingStore(fails=True)
    watch = Monitor(Gateway(), store, lambda: 1000.0, seconds=EVERY)  # type: ignore[arg-type]
    line = parse(await watch.report())
    assert line["tables"] == "-" and line["warnings"] == "1"  # the warning says why
    assert line["rss_mb"] != "-" and float(line["rss_mb"]) > 10
    store.fails = False
    line = parse(await watch.report())
    assert line["tables"] == "3" and line["warnings"] == "0"  # counted in its own window only


@pytest.mark.parametrize(("value", "seconds"), [(None, 300), ("0", 0), ("60", 60)])
def test_health_seconds_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str | None, seconds: int
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    if value is None:
        monkeypatch.delenv("HEALTH_SECONDS", raising=False)
    else:
        monkeypatch.setenv("HEALTH_SECONDS", value)
    config = Config.from_env()
    assert config.health_seconds == seconds and config.setting_problem is None


def test_a_health_seconds_that_is_not_a_number_stops_the_start_with_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.fake.token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "DATABASE_POOL_SIZE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HEALTH_SECONDS", "5m")
    assert main() == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "HEALTH_SECONDS=5m must be a whole number of seconds (0 turns the health line off)."


async def test_the_picture_workers_alive_and_the_pictures_waiting_for_them_are_counted() -> None:
    pool = pictures.Pool()
    await pool.start(1)
    try:
        assert pool.alive() == 1 and pool.pending == 0
        drawing = asyncio.create_task(pool.render(time.sleep, 0.3))
        await asyncio.sleep(0.1)
        assert pool.pending == 1
        await drawing
        assert pool.pending == 0
        worker = await pool.render(where_drawn)
        os.kill(worker, signal.SIGKILL)
        for _ in range(100):  # until the pool notices
            if pool.alive() == 0:
                break
            await asyncio.sleep(0.02)
        assert pool.alive() == 0  # what the line shows until the next picture starts a fresh pool
    finally:
        await pool.stop()
