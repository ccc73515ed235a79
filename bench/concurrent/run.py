"""``python -m bench.concurrent``: moves truly in flight at once through the real bot.

200 tables of the four games in equal shares are opened through the real bot under SimCord
(``bench.concurrent.tables``), their moves scripted up front. Then, in one run and one process:
a one-at-a-time baseline, a closed loop with 64 moves always in flight (the sustained rate and
the latency at saturation) and an open loop of Poisson arrivals at 80 % of that rate (the
latency a busy bot gives), the interactions dispatched concurrently
(``bench.concurrent.flights``). A move's latency runs from its interaction to the end of the
bot's work for it: the board posted or edited (as in ``bench.load``). Last, every table's
stored state and log must equal its script. Targets from issue #28 are printed with verdicts;
the exit status is 0 only when all are met and every table matches.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from bench.concurrent.flights import overlapping
from bench.concurrent.phases import Phase, Pool, closed_loop, one_at_a_time, open_loop
from bench.concurrent.tables import KINDS, Table, open_tables, script
from bench.simcord_moves import simcord_bot
from bench.stats import Summary, percentile, row, verdict

SUSTAINED = 135.0
P99_AT_80 = 1000.0
P99_AT_SATURATION = 3000.0
LAG_P99 = 20.0
LOAD = 0.8
DISCORD_WINDOW = 3.0
"""Seconds Discord gives an interaction's first reply."""


@dataclass(frozen=True)
class Sizes:
    """How much work the run does; ``--quick`` shrinks it for the smoke test."""

    tables: int = 200
    inflight: int = 64
    seconds: float = 15.0
    """Measured seconds of each concurrent phase."""
    warmup: float = 2.0
    single: int = 100
    """Moves of the one-at-a-time baseline."""
    script: int = 40
    """Moves scripted per table (fewer where the game ends first)."""


QUICK = Sizes(tables=8, inflight=4, seconds=1.0, warmup=0.2, single=8, script=40)


@dataclass
class Run:
    """Everything one run measured."""

    tables: list[Table]
    setup: tuple[float, float]
    """Seconds to open the tables through the bot, then to script their moves."""
    single: Phase
    saturated: Phase
    loaded: Phase
    rate: float
    """The open loop's arrival rate (moves/s)."""
    wrong: list[Table]
    """Tables whose stored state or log is not their script's."""


async def measure(sizes: Sizes, seed: int, folder: Path) -> Run:
    rnd = random.Random(seed)
    async with simcord_bot(folder) as (env, bot):
        start = time.perf_counter()
        tables = await open_tables(env, bot, sizes.tables, seed)
        opened = time.perf_counter()
        for table in tables:
            table.script = script(table, sizes.script)
        setup = (opened - start, time.perf_counter() - opened)
        pool = Pool(tables, rnd)
        with overlapping(env):
            single = await one_at_a_time(pool, sizes.single, warmup=len(KINDS))
            saturated = await closed_loop(pool, sizes.inflight, sizes.seconds, sizes.warmup)
            rate = max(1.0, LOAD * saturated.rate)
            loaded = await open_loop(pool, rate, sizes.seconds, sizes.warmup, rnd)
        await env.settle()
        wrong = [table for table in tables if not await table.matches(bot.store)]
    return Run(tables, setup, single, saturated, loaded, rate, wrong)


def _lag(phase: Phase) -> str:
    ms = sorted(s * 1000 for s in phase.lag)
    if not ms:
        return "no ticks"
    return f"p50 {percentile(ms, 50):.1f}  p99 {percentile(ms, 99):.1f}  max {ms[-1]:.1f} ms"


def _busy(phase: Phase) -> str:
    if not phase.busy:
        return "no ticks"
    return f"mean {sum(phase.busy) / len(phase.busy):.1f}  max {max(phase.busy)}"


def _cpu(phase: Phase) -> str:
    cpu = phase.cpu
    if cpu is None:
        return "not measured"
    return (
        f"main thread {cpu.main_share:.2f} of the time, the process {cpu.process / cpu.wall:.2f} cores, "
        f"child processes {cpu.children / cpu.wall:.2f}: {cpu.cores / (os.cpu_count() or 1):.0%} "
        f"of {os.cpu_count()} cores"
    )


def _by_game(phase: Phase) -> str:
    parts = []
    for kind in KINDS:
        mine = [s.latency for s in phase.samples if s.game == kind.label]
        if mine:
            summary = Summary.of(mine)
            parts.append(f"{kind.label} p50 {summary.p50:.0f} p99 {summary.p99:.0f} (n={summary.n})")
    return ", ".join(parts)


def _phase(label: str, phase: Phase) -> Summary:
    """Print a phase's latency, rate and moves past Discord's 3 s, and its latency by game."""
    latency = Summary.of([s.latency for s in phase.samples])
    late = sum(1 for s in phase.samples if s.latency > DISCORD_WINDOW)
    print(row(label, latency, f"{phase.rate:6.1f} moves/s  {late} over {DISCORD_WINDOW:g} s"))
    print(f"  by game (ms): {_by_game(phase)}")
    return latency


def report(run: Run, sizes: Sizes) -> bool:
    """Print every figure; whether every target is met and every table matches its script."""
    scripted = sum(len(t.script) for t in run.tables)
    print(
        f"set-up: {len(run.tables)} tables opened through the bot in {run.setup[0]:.1f} s, "
        f"{scripted} moves scripted from the engine in {run.setup[1]:.1f} s"
    )
    single, saturated, loaded = run.single, run.saturated, run.loaded
    latency = {
        name: _phase(label, phase)
        for name, label, phase in (
            ("single", "one at a time", single),
            ("saturated", f"closed loop, {sizes.inflight} in flight", saturated),
            ("loaded", f"open loop, Poisson {run.rate:.1f}/s", loaded),
        )
    }
    for name, phase in (("closed loop", saturated), ("open loop", loaded)):
        print(f"event-loop lag, {name} (ticker every 5 ms): {_lag(phase)}")
        print(f"moves in the bot at once, {name} (at each tick): {_busy(phase)}")
    phases = (("one at a time", single), ("closed loop", saturated), ("open loop", loaded))
    for name, phase in phases:
        print(f"CPU, {name}: {_cpu(phase)}")
    per_second = (f"{name} {phase.per_main_second or 0:.0f}" for name, phase in phases)
    print(f"moves per CPU second of the main thread (less noisy on a busy machine): {', '.join(per_second)}")
    short = single.short + saturated.short + loaded.short
    if short:
        print(f"note: {short} moves were wanted when no table was free (all busy or their scripts played)")
    lag = sorted(s * 1000 for s in saturated.lag + loaded.lag)
    lag_p99 = percentile(lag, 99) if lag else float("inf")
    print(f"sustained: {saturated.rate:.0f} moves/s")
    print(f"p99 at 80%: {latency['loaded'].p99:.0f} ms")
    checks = (
        (f"sustained >= {SUSTAINED:g} moves/s", f"{saturated.rate:.1f}", saturated.rate >= SUSTAINED),
        (
            f"p99 at 80% <= {P99_AT_80:g} ms",
            f"{latency['loaded'].p99:.0f}",
            latency["loaded"].p99 <= P99_AT_80,
        ),
        (
            f"p99 at saturation <= {P99_AT_SATURATION:g} ms",
            f"{latency['saturated'].p99:.0f}",
            latency["saturated"].p99 <= P99_AT_SATURATION,
        ),
        (f"event-loop lag p99 <= {LAG_P99:g} ms", f"{lag_p99:.1f}", lag_p99 <= LAG_P99),
    )
    for target, measured, ok in checks:
        print(f"target {target}: {measured}  {verdict(ok)}")
    played = sum(t.played for t in run.tables)
    print(f"moves played: {played}, each table's stored state and log compared with its script")
    print(f"state check: {len(run.tables) - len(run.wrong)}/{len(run.tables)} tables match")
    for table in run.wrong:
        print(f"  not as scripted: {table.kind.label} table {table.table_id} ({table.played} moves played)")
    return all(ok for _, _, ok in checks) and not run.wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.concurrent", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="a few tables for a few seconds: checks it works"
    )
    parser.add_argument("--tables", type=int, help="tables, the four games in equal shares (default 200)")
    parser.add_argument("--inflight", type=int, help="moves in flight in the closed loop (default 64)")
    parser.add_argument(
        "--seconds", type=float, help="measured seconds of each concurrent phase (default 15)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    given = {name: getattr(args, name) for name in ("tables", "inflight", "seconds")}
    sizes = replace(QUICK if args.quick else Sizes(), **{k: v for k, v in given.items() if v})
    print(
        f"Concurrent benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"seed {args.seed}: {sizes.tables} tables ({', '.join(k.label for k in KINDS)} in equal shares), "
        f"{sizes.inflight} moves in flight, {sizes.seconds:g} s per concurrent phase"
    )
    before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        run = asyncio.run(measure(sizes, args.seed, Path(tmp)))
    ok = report(run, sizes)
    print(
        f"machine load average (1 min): {before:.1f} before the run, {os.getloadavg()[0]:.1f} after "
        "(other work on the machine makes every figure noisy)"
    )
    return 0 if ok else 1
