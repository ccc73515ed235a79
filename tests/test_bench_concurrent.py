"""The concurrent benchmark's own machinery: moves overlap in the bot, and the state check
catches a move lost or made twice."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.concurrent import run, scale, workers
from bench.concurrent.flights import Flight, overlapping, timed
from bench.concurrent.phases import Cpu, Phase, Sample
from bench.concurrent.tables import KINDS, in_dm, open_tables, script
from bench.concurrent.target import Target
from bench.simcord_moves import simcord_bot


async def test_moves_of_different_tables_are_in_the_bot_at_once_and_each_is_applied(tmp_path: Path) -> None:
    async with simcord_bot(tmp_path) as (env, bot):
        tables = await open_tables(env, bot, range(len(KINDS)), seed=3)
        for table in tables:
            table.script = script(table, 2)
        seen: list[int] = []

        async def watch() -> None:
            while True:
                seen.append(Flight.busy)
                await asyncio.sleep(0)

        with overlapping(env):
            watcher = asyncio.create_task(watch())
            took = await asyncio.gather(*(timed(table.play_next) for table in tables))
            watcher.cancel()
        await env.settle()
        assert max(seen) == len(KINDS)
        assert all(seconds > 0 for seconds in took)
        assert [await table.matches(bot.store) for table in tables] == [True] * len(KINDS)


async def test_the_state_check_fails_a_table_with_a_move_lost_or_made_twice(tmp_path: Path) -> None:
    async with simcord_bot(tmp_path) as (env, bot):
        (table,) = await open_tables(env, bot, range(1), seed=5)
        table.script = script(table, 3)
        with overlapping(env):
            await timed(table.play_next)
            assert await table.matches(bot.store)
            table.played += 1  # sent, as far as the benchmark knows, but never reached the bot
            assert not await table.matches(bot.store)
            table.played -= 1
            await timed(table.play_next)
            table.played -= 1  # the bot logged one move more than was sent
            assert not await table.matches(bot.store)
            table.played += 1
            assert await table.matches(bot.store)


async def test_a_pause_in_flight_lasts_its_real_time(tmp_path: Path) -> None:
    """A retry's back-off or a driver's arrival sleeps its few milliseconds of real time, not until
    SimCord next settles the world."""
    async with simcord_bot(tmp_path) as (env, _bot):
        with overlapping(env):
            start = time.perf_counter()
            await asyncio.sleep(0.05)
            took = time.perf_counter() - start
    assert 0.04 <= took < 1.0


def test_shard_processes_share_the_tables_evenly_and_dms_go_to_shard_0() -> None:
    shares = [Target("postgresql://x", None, w, 2).share(200, in_dm) for w in range(2)]
    assert sorted(shares[0] + shares[1]) == list(range(200))
    assert len(shares[0]) == len(shares[1]) == 100
    assert all(not in_dm(i) for i in shares[1])  # Discord sends every DM to shard 0
    assert Target().share(8, in_dm) == list(range(8))


def test_the_processes_figures_add_up() -> None:
    def phase(done: int, latency: float) -> Phase:
        return Phase([Sample(0.0, latency, "RunArch")] * done, 10.0, done, [0.001], [3], Cpu(10, 5, 6, 1, 2))

    one = run.Run(
        100, 4000, 300, (1.0, 2.0), phase(5, 0.1), phase(400, 0.5), phase(320, 0.2), 32.0, [], 0, (9, 40), 2,
        {"open_table": 2},
    )  # fmt: skip
    two = run.Run(
        100, 4000, 200, (1.5, 1.0), phase(4, 0.1), phase(300, 0.7), phase(240, 0.3), 24.0, ["x"], 1, (6, 30),
        3, {"open_table": 1, "join": 2},
    )  # fmt: skip
    added = workers._added([one, two])
    assert added.saturated.rate == pytest.approx(70.0)  # rates add
    assert len(added.loaded.samples) == 560 and added.rate == 56.0
    assert (added.tables, added.played, added.wrong, added.retries, added.work, added.setup_retries) == (
        200,
        500,
        ["x"],
        1,
        (15, 70),
        5,
    )
    assert added.setup_retried == {"open_table": 3, "join": 2}
    cpu = added.saturated.cpu
    assert cpu is not None and (cpu.main, cpu.server) == (10, 2)  # one server, seen by both


def test_two_shard_processes_on_postgres_play_every_table_right(
    pg_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", pg_url)
    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)
    run.main(["--quick", "--postgres", "--no-sqlite", "--processes", "2"])
    out = capsys.readouterr().out
    assert "process 0, closed loop" in out and "process 1, closed loop" in out
    assert "state check: 8/8 tables match" in out
    # the moves never conflict (READ COMMITTED behind the table's lock); two processes starting
    # tables at once may (starts stay SERIALIZABLE): those are counted on a line of their own
    assert "PostgreSQL transactions run again after a conflict: 0" in out
    assert "while the tables were opened (starts, SERIALIZABLE): " in out
    # one process measured first, on a database of its own, for the ratio the target speaks of
    assert "PostgreSQL, one process, measured next: " in out
    assert re.search(r"^2 processes: [\d.]+ moves/s sustained, [\d.]+x one process's [\d.]+", out, re.M)
    target = r"^target 2 processes >= 1.6x one process on \d+ cores: [\d.]+x  (PASS|FAIL)$"
    assert re.search(target, out, re.M)
    assert os.environ["DATABASE_URL"] == pg_url


def _run(rate: float, process: float, children: float, server: float) -> run.Run:
    cpu = Cpu(10.0, process * 8, process * 10, children * 10, server * 10)
    saturated = Phase([], 10.0, int(rate * 10), [], [], cpu)
    return run.Run(200, 8000, 0, (1.0, 1.0), Phase(), saturated, Phase(), 0.8 * rate, [])


def test_the_ratio_to_one_process_says_what_the_cores_allowed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    one = _run(190.0, process=0.8, children=0.8, server=0.15)  # 1.75 of 2 cores busy
    assert not scale.scale(one, _run(180.0, process=1.0, children=0.8, server=0.2), 2, pinned=False)
    out = capsys.readouterr().out
    assert "2 processes: 180.0 moves/s sustained, 0.95x one process's 190.0" in out
    assert "one process kept 1.75 of the 2 cores busy" in out and "at most 1.14x it" in out
    assert "one process 109, 2 processes 90 (83%)" in out  # each move cost the two 17 % more CPU
    assert "target 2 processes >= 1.6x one process on 2 cores: 0.95x  FAIL" in out
    one = _run(94.0, process=0.5, children=0.5, server=0.05)
    assert scale.scale(one, _run(201.0, process=1.0, children=0.8, server=0.2), 2, pinned=True)
    out = capsys.readouterr().out
    assert "target 2 processes >= 1.6x one process, each on a core of its own: 2.14x  PASS" in out


def test_a_pinned_process_keeps_every_thread_on_its_own_core() -> None:
    code = (
        "import os, threading\n"
        "from bench.concurrent.target import Target\n"
        "Target(pinned=True, worker=1, workers=2).pin()\n"
        "seen = []\n"
        "t = threading.Thread(target=lambda: seen.append(os.sched_getaffinity(0))); t.start(); t.join()\n"
        "print(sorted(os.sched_getaffinity(0)), sorted(seen[0]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[0] == "[1] [1]"
