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

``--postgres`` runs the same on PostgreSQL (a new database, dropped afterwards, on the server of
``DATABASE_URL`` or of a throwaway server), first measuring SQLite's sustained rate in a process of its own
so the ratio the targets of issue #37 speak of comes from the same machine at the same time;
``--processes N`` runs N shard processes of the bot on that one database
(:mod:`bench.concurrent.workers`) and prints their figures together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.concurrent import phases, workers
from bench.concurrent.flights import overlapping
from bench.concurrent.phases import Phase, Pool, closed_loop, one_at_a_time, open_loop
from bench.concurrent.scale import scale
from bench.concurrent.tables import KINDS, Table, in_dm, open_tables, script
from bench.concurrent.target import Target, fresh_database, server_pids
from bench.simcord_moves import simcord_bot
from bench.stats import Summary, percentile, row, verdict

SUSTAINED = 135.0
P99_AT_80 = 1000.0
P99_AT_SATURATION = 3000.0
LAG_P99 = 20.0
LOAD = 0.8
PG_SHARE = 0.5
"""PostgreSQL's sustained rate in one process, at least this share of SQLite's (issue #37)."""
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


QUICK = Sizes(tables=8, inflight=4, seconds=1.0, warmup=0.2, single=8, script=120)
"""A fast machine plays some 250 moves a second even in the quick run: scripts of 40 moves ran
dry before the open loop, which then had nothing to measure."""


@dataclass
class Run:
    """Everything one run measured."""

    tables: int
    scripted: int
    """Moves scripted, over every table."""
    played: int
    """Moves played, over every table."""
    setup: tuple[float, float]
    """Seconds to open the tables through the bot, then to script their moves."""
    single: Phase
    saturated: Phase
    loaded: Phase
    rate: float
    """The open loop's arrival rate (moves/s)."""
    wrong: list[str]
    """Tables whose stored state or log is not their script's, told."""
    retries: int = 0
    """PostgreSQL transactions run again after a conflict (serialization, deadlock, unique key)
    while the moves were played (the phases)."""
    work: tuple[int, int] = (0, 0)
    """Transactions and statements (PostgreSQL's round trips; none counted on SQLite) of the
    phases, where every move of the run is played."""
    setup_retries: int = 0
    """The same while the tables were opened: starts stay SERIALIZABLE, and two processes opening
    tables at once may conflict and run again (correctly; not the moves this benchmark measures)."""
    setup_retried: dict[str, int] = field(default_factory=dict)
    """:attr:`setup_retries` by the operation run again."""


ALONE = Target()
"""A fresh SQLite file, one process."""


async def _alone(phase: str) -> None:
    """The only process: nobody to wait for before a phase."""


async def measure(
    sizes: Sizes,
    seed: int,
    folder: Path,
    target: Target = ALONE,
    together: Callable[[str], Awaitable[None]] = _alone,
) -> Run:
    """One process's run; ``together(phase)`` returns when every process is ready for it."""
    rnd = random.Random(seed + target.worker)
    shards = target.shards()
    async with simcord_bot(folder, url=target.url, pool_size=target.pool_size, shards=shards) as (env, bot):
        target.own_ids(env)
        start = time.perf_counter()
        mine = target.share(sizes.tables, in_dm)
        tables = await open_tables(env, bot, mine, seed, shard=None if shards is None else target.worker)
        opened = time.perf_counter()
        for table in tables:
            table.script = script(table, sizes.script)
        setup = (opened - start, time.perf_counter() - opened)
        pool = Pool(tables, rnd)
        backend = bot.store._backend
        before = (backend.handoffs, getattr(backend, "statements", 0))
        setup_retries = getattr(backend, "retries", 0)
        setup_retried = dict(getattr(backend, "retried", {}))
        with overlapping(env):
            await together("single")
            single = await one_at_a_time(pool, sizes.single, warmup=len(KINDS))
            await together("closed")
            saturated = await closed_loop(pool, sizes.inflight, sizes.seconds, sizes.warmup)
            rate = max(1.0, LOAD * saturated.rate)
            await together("open")
            loaded = await open_loop(pool, rate, sizes.seconds, sizes.warmup, rnd)
        await env.settle()
        work = (backend.handoffs - before[0], getattr(backend, "statements", 0) - before[1])
        wrong = [_told(table) for table in tables if not await table.matches(bot.store)]
        retries = getattr(backend, "retries", 0) - setup_retries
    scripted, played = sum(len(t.script) for t in tables), sum(t.played for t in tables)
    moves = (scripted, played, setup, single, saturated, loaded, rate, wrong, retries, work)
    return Run(len(tables), *moves, setup_retries=setup_retries, setup_retried=setup_retried)


def _told(table: Table) -> str:
    return f"{table.kind.label} table {table.table_id} ({table.played} moves played)"


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
    server = f", PostgreSQL server {cpu.server / cpu.wall:.2f}" if cpu.server else ""
    used = cpu.cores + cpu.server / cpu.wall
    return (
        f"main thread {cpu.main_share:.2f} of the time, the process {cpu.process / cpu.wall:.2f} cores, "
        f"child processes {cpu.children / cpu.wall:.2f}{server}: {used / (os.cpu_count() or 1):.0%} "
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
    if not phase.samples:  # the scripts ran dry: say so, and let every target on it fail
        print(f"{label:<34} n=0  no moves measured (every table's script was played)")
        return Summary(0, float("inf"), float("inf"), float("inf"))
    latency = Summary.of([s.latency for s in phase.samples])
    late = sum(1 for s in phase.samples if s.latency > DISCORD_WINDOW)
    print(row(label, latency, f"{phase.rate:6.1f} moves/s  {late} over {DISCORD_WINDOW:g} s"))
    print(f"  by game (ms): {_by_game(phase)}")
    return latency


def report(run: Run, sizes: Sizes, sqlite: float | None = None, one: Run | None = None) -> bool:
    """Print every figure; whether every target is met and every table matches its script.
    ``one``: PostgreSQL's one-process run before a run of several, the rate SQLite's is set against
    (the issue's share is one process's)."""
    print(
        f"set-up: {run.tables} tables opened through the bot in {run.setup[0]:.1f} s, "
        f"{run.scripted} moves scripted from the engine in {run.setup[1]:.1f} s"
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
    if run.played and run.work[1]:  # PostgreSQL
        print(
            f"database work per move played: {run.work[0] / run.played:.1f} transactions, "
            f"{run.work[1] / run.played:.1f} statements (round trips; BEGIN and COMMIT not counted)"
        )
        print(f"PostgreSQL transactions run again after a conflict: {run.retries}")
        which = ", ".join(f"{op} {n}" for op, n in sorted(run.setup_retried.items(), key=lambda kv: -kv[1]))
        print(
            f"  the same while the tables were opened (starts, SERIALIZABLE): {run.setup_retries}"
            + (f" ({which})" if which else "")
        )
    compared = (one or run).saturated.rate
    whose = "PostgreSQL's one process's" if one is not None else "this run's"
    if sqlite:
        print(
            f"SQLite's sustained rate measured just before, one process: {sqlite:.0f} moves/s; "
            f"{whose} is {compared / sqlite:.0%} of it"
        )
    checks: tuple[tuple[str, str, bool], ...] = (
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
    if sqlite:
        share = compared / sqlite
        label = f"{'one process' if one is not None else 'sustained'} >= {PG_SHARE:.0%} of SQLite's"
        checks += ((label, f"{share:.0%}", share >= PG_SHARE),)
    for target, measured, ok in checks:
        print(f"target {target}: {measured}  {verdict(ok)}")
    print(f"moves played: {run.played}, each table's stored state and log compared with its script")
    print(f"state check: {run.tables - len(run.wrong)}/{run.tables} tables match")
    for told in run.wrong:
        print(f"  not as scripted: {told}")
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
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="on PostgreSQL: a new database on the server of DATABASE_URL, else on a throwaway server",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="shard processes of the bot on the one PostgreSQL database"
    )
    parser.add_argument("--pool-size", type=int, help="connections to PostgreSQL per process")
    parser.add_argument(
        "--no-sqlite", action="store_true", help="with --postgres: do not measure SQLite first for the ratio"
    )
    parser.add_argument(
        "--no-baseline",
        action="store_true",
        help="with --processes: do not measure one process first for the ratio",
    )
    parser.add_argument(
        "--pinned",
        action="store_true",
        help="each process and its picture workers on one core of its own (the baseline too)",
    )
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--sizes", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    given = {name: getattr(args, name) for name in ("tables", "inflight", "seconds")}
    sizes = replace(QUICK if args.quick else Sizes(), **{k: v for k, v in given.items() if v})
    if args.sizes:
        sizes = Sizes(**json.loads(args.sizes))
    if args.worker is not None:
        target = Target(args.url, args.pool_size, args.worker, args.processes, args.pinned)
        return workers.serve(sizes, args.seed, target)
    if (args.processes > 1 or args.pinned) and not args.postgres:
        parser.error("--processes and --pinned need --postgres: processes share only a PostgreSQL database")
    print(
        f"Concurrent benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"seed {args.seed}: {sizes.tables} tables ({', '.join(k.label for k in KINDS)} in equal shares), "
        f"{sizes.inflight} moves in flight, {sizes.seconds:g} s per concurrent phase"
        + (f", PostgreSQL, {args.processes} process(es)" if args.postgres else ", SQLite")
    )
    sqlite = None
    if args.postgres and not args.no_sqlite:
        sqlite = workers.sqlite_rate(sizes, args.seed)
        print(f"SQLite, one process, measured first: {sqlite:.1f} moves/s sustained")
    before = os.getloadavg()[0]
    one: Run | None = None
    with _server(args.postgres) as server:
        if args.processes > 1 and not args.no_baseline:
            assert server is not None
            with fresh_database(server) as url:
                phases.SERVER[:] = server_pids(url)[:1]
                one = workers.together(sizes, args.seed, Target(url, args.pool_size, 0, 1, args.pinned))
            print(f"PostgreSQL, one process, measured next: {one.saturated.rate:.1f} moves/s sustained")
        with _database(server) as url, tempfile.TemporaryDirectory() as tmp:
            phases.SERVER[:] = server_pids(url)[:1] if url else []
            target = Target(url, args.pool_size, 0, args.processes, args.pinned)
            if args.processes > 1 or args.pinned:
                assert url is not None
                run = workers.together(sizes, args.seed, target)
            else:
                run = asyncio.run(measure(sizes, args.seed, Path(tmp), target))
    ok = report(run, sizes, sqlite, one)
    if one is not None:
        ok = scale(one, run, args.processes, args.pinned) and ok
    print(
        f"machine load average (1 min): {before:.1f} before the run, {os.getloadavg()[0]:.1f} after "
        "(other work on the machine makes every figure noisy)"
    )
    return 0 if ok else 1


@contextmanager
def _server(postgres: bool) -> Iterator[str | None]:
    """``None`` (SQLite), or the URL of the PostgreSQL server to run on while the ``with`` lasts:
    ``DATABASE_URL``'s, or a throwaway one."""
    if not postgres:
        yield None
        return
    given = os.environ.get("DATABASE_URL", "").strip()
    if given:
        yield given
        return
    from tools.throwaway_postgres import server

    with server("bgbot-bench-") as url:
        yield url


@contextmanager
def _database(server: str | None) -> Iterator[str | None]:
    """``None`` (a fresh SQLite file), or a new database on ``server`` while the ``with`` lasts."""
    if server is None:
        yield None
        return
    with fresh_database(server) as url:
        yield url
