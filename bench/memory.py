"""``python -m bench.memory``: the bot's memory and full-collection time with many open tables,
and the storage a finished game takes.

Each table count (default 200, then 1,000) runs in a fresh process: the real bot under SimCord
opens that many tables of the four games in equal shares (as ``bench.concurrent`` opens them)
and plays a few moves at each through the real interaction path, so the pictures, the picture
cache and the renderers' caches are warm. Then it prints the resident memory (RSS) of the bot's
process and of the picture workers (``RENDER_WORKERS``), and the time of a full ``gc.collect()``
with the heap frozen after start-up as the bot runs (``bot.client``), against the same
collection after ``gc.unfreeze()`` (the baseline). The bot's process also holds SimCord, the
simulated Discord, with every message and picture posted and its logs, which a real bot does
not: their size (what they reach beyond what the bot keeps itself) is printed apart, and the
collections are timed again once that history is dropped.

Storage: whole games of each game played to their end through the bot (``--games`` of each),
the bytes the database's pages hold after them per finished game (SQLite's ``dbstat``); then
``bench.startup_check`` times the start-up integrity check on a database of 10,000 finished
games (its own synthetic ones).

Figures are printed, not judged; the exit status is 1 only when a table's stored state or log
is not its script's (a move lost or doubled) or a benchmark it runs fails.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench.concurrent.tables import KINDS, Opener, Table, script
from bench.simcord_moves import simcord_bot

MB = 1024 * 1024


@dataclass(frozen=True)
class Sizes:
    """How much work the run does; ``--quick`` shrinks it for the smoke test."""

    tables: tuple[int, ...] = (200, 1000)
    moves: int = 4
    """Moves played at each table (the four games' pictures drawn, their caches warm)."""
    games: int = 2
    """Finished games of each game for the storage figure."""
    startup_games: int = 10_000
    """Finished games of ``bench.startup_check``'s database (0: not run)."""


QUICK = Sizes(tables=(4, 8), moves=2, games=1, startup_games=0)


def rss(pid: int | str = "self") -> int:
    """Resident memory of a process (bytes), from ``/proc`` (0 where there is none)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def worker_pids() -> list[int]:
    """The picture workers' process ids (none when pictures are drawn in the bot's process)."""
    from bot import pictures

    executor = pictures.POOL.executor
    processes = getattr(executor, "_processes", None) or {}
    return sorted(processes)


def collect_ms(repeats: int = 3) -> float:
    """The median time of a full collection (ms), after one that frees what is garbage now."""
    gc.collect()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        gc.collect()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def reachable_bytes(roots: list[object], stop: set[int]) -> int:
    """``sys.getsizeof`` summed over what ``roots`` reach, not crossing into ``stop`` (ids),
    classes, modules or functions."""
    seen = set(stop)
    todo = list(roots)
    total = 0
    skip = (type, type(sys), type(reachable_bytes), type(len))
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


def simcord_history(env: Any) -> list[object]:
    """What SimCord, the simulated Discord, keeps of the run and a real bot does not: every
    message and picture posted, every interaction, its logs of HTTP requests and gateway events."""
    backend = env.backend
    return [
        backend.messages,
        backend.interactions,
        backend.http_requests,
        backend.transcript,
        backend.cdn._blobs,
    ]


def simcord_bytes(env: Any, bot: Any, kept: object) -> int:
    """The bytes SimCord's history adds to the bot's process: what it reaches beyond what the bot
    keeps itself (``kept``: the picture cache, whose pictures SimCord also stores)."""
    stop = {id(env), id(bot), id(env.backend), id(asyncio.get_running_loop())}
    return reachable_bytes([*simcord_history(env), kept], stop) - reachable_bytes([kept], stop)


def drop_simcord_history(env: Any) -> None:
    """Empty SimCord's history (``simcord_history``), so that a collection walks the bot's objects."""
    for kept in simcord_history(env):
        if isinstance(kept, dict) and kept is env.backend.messages:
            for posted in kept.values():
                posted.clear()
        else:
            kept.clear()  # type: ignore[attr-defined]


@dataclass
class Heap:
    """What one table count measured in its process (sizes in bytes, times in ms)."""

    tables: int
    moves: int
    seconds: float
    """Wall time to open the tables and play their moves."""
    workers: int
    rss_start: int
    rss: int
    """The bot's process as it runs, SimCord in it."""
    simcord: int
    """What SimCord's history takes of it (``simcord_bytes``)."""
    simcord_pictures: int
    worker_rss_start: list[int]
    worker_rss: list[int]
    picture_cache: int
    """Bytes of pictures the bot keeps for re-use (``bot.pictures.Cache``)."""
    gc_start: float
    gc_with_simcord: float
    """A full collection with SimCord's history still in the process."""
    gc_frozen: float
    """A full collection as the bot runs it (start-up heap frozen), SimCord's history dropped."""
    gc_unfrozen: float
    """The same after ``gc.unfreeze()``: the baseline without ``gc.freeze``."""
    tracked: int
    """Objects a full collection walks as the bot runs, SimCord's history dropped."""
    frozen: int
    wrong: int
    """Tables whose stored state or log is not their script's."""


async def heap(tables: int, moves: int, seed: int, folder: Path) -> Heap:
    """Open ``tables`` tables through the bot, play ``moves`` at each, and measure."""
    from bot import pictures

    async with simcord_bot(folder) as (env, bot):
        await env.settle()
        rss_start, workers_start = rss(), [rss(pid) for pid in worker_pids()]
        gc_start = collect_ms()
        opener = Opener(env, bot)
        start = time.perf_counter()
        opened: list[Table] = []
        for i in range(tables):
            table = await opener.open(KINDS[i % len(KINDS)], seed * 1_000_003 + i)
            table.script = script(table, moves)
            while table.left:
                await table.play_next()
            opened.append(table)
        await env.settle()
        seconds = time.perf_counter() - start
        wrong = sum([not await table.matches(bot.store) for table in opened])
        simcord_pictures = sum(len(blob) for blob in env.backend.cdn._blobs.values())
        gc_with_simcord = collect_ms()
        running, worker_rss = rss(), [rss(pid) for pid in worker_pids()]
        simcord = simcord_bytes(env, bot, pictures.POOL.cache.entries)
        drop_simcord_history(env)
        gc_frozen = collect_ms()
        frozen, tracked = gc.get_freeze_count(), len(gc.get_objects())
        gc.unfreeze()
        gc_unfrozen = collect_ms()
        return Heap(
            tables=tables,
            moves=sum(table.played for table in opened),
            seconds=seconds,
            workers=pictures.workers(),
            rss_start=rss_start,
            rss=running,
            simcord=simcord,
            simcord_pictures=simcord_pictures,
            worker_rss_start=workers_start,
            worker_rss=worker_rss,
            picture_cache=pictures.POOL.cache.size,
            gc_start=gc_start,
            gc_with_simcord=gc_with_simcord,
            gc_frozen=gc_frozen,
            gc_unfrozen=gc_unfrozen,
            tracked=tracked,
            frozen=frozen,
            wrong=wrong,
        )


def heap_in_a_process(tables: int, moves: int, seed: int) -> Heap:
    """:func:`heap` in a fresh interpreter: each count starts from the same empty process."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.memory", "--child", str(tables), "--moves", str(moves),
         "--seed", str(seed)],
        cwd=Path(__file__).resolve().parents[1],
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )  # fmt: skip
    return Heap(**json.loads(done.stdout.strip().splitlines()[-1]))


def _mb(size: float) -> str:
    return f"{size / MB:.0f} MB"


def report_heaps(heaps: list[Heap]) -> None:
    for h in heaps:
        label = f"{h.tables} tables"
        print(
            f"{label} ({h.moves} moves played in {h.seconds:.0f} s): bot process RSS {_mb(h.rss)}, "
            f"without SimCord's history {_mb(h.rss - h.simcord)} (SimCord's messages, pictures and logs "
            f"{_mb(h.simcord)}); at start {_mb(h.rss_start)}; picture cache {_mb(h.picture_cache)}"
        )
        if h.workers:
            each = ", ".join(_mb(size) for size in h.worker_rss)
            start = ", ".join(_mb(size) for size in h.worker_rss_start)
            workers = f"({h.workers}) RSS {_mb(sum(h.worker_rss))} ({each}; at start {start})"
            print(f"{label}: picture workers {workers}")
        else:
            print(f"{label}: picture workers none (RENDER_WORKERS=0): pictures drawn in the bot's process")
        ratio = h.gc_unfrozen / max(h.gc_frozen, 0.01)
        print(
            f"{label}: full gc.collect() {h.gc_frozen:.1f} ms ({h.tracked} objects; {h.frozen} frozen at "
            f"start-up), baseline without gc.freeze {h.gc_unfrozen:.1f} ms ({ratio:.1f}x); "
            f"with SimCord's history {h.gc_with_simcord:.1f} ms; at start {h.gc_start:.1f} ms"
        )
        if h.wrong:
            print(f"{label}: {h.wrong} tables' stored state or log is not their script's  FAIL")
    if len(heaps) >= 2:
        low, high = heaps[0], heaps[-1]
        more = (high.tables - low.tables) * 1024
        alone = (high.rss - high.simcord - (low.rss - low.simcord)) / more
        workers = (sum(high.worker_rss) - sum(low.worker_rss)) / more
        print(
            f"per table from {low.tables} to {high.tables}: bot process {alone:.0f} KB without SimCord's "
            f"history, {(high.rss - low.rss) / more:.0f} KB with it; picture workers {workers:.0f} KB"
        )


def _used_bytes(path: Path) -> int:
    """The bytes the database's pages hold (SQLite's ``dbstat``: records, their headers and the
    pages' own), as another connection sees it, WAL included: the growth per game is then not
    rounded to whole pages."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT SUM(pgsize - unused) FROM dbstat").fetchone()[0])
    finally:
        conn.close()


@dataclass(frozen=True)
class Stored:
    label: str
    games: int
    moves: int
    bytes: int
    wrong: int


async def storage(games: int, seed: int, folder: Path) -> list[Stored]:
    """``games`` whole games of each game played to the end through the bot; the growth of the
    database per game (its log, results, ratings and the final state)."""
    out = []
    async with simcord_bot(folder) as (env, bot):
        opener = Opener(env, bot)
        path = folder / "bot.sqlite3"
        for k, kind in enumerate(KINDS):
            before = _used_bytes(path)
            played = []
            for g in range(games):
                table = await opener.open(kind, seed * 7919 + k * 101 + g)
                table.script = script(table, 100_000)
                while table.left:
                    await table.play_next()
                played.append(table)
            await env.settle()
            finished = [(await bot.store.table(t.table_id)) for t in played]
            if any(row is None or row.status != "finished" for row in finished):
                raise AssertionError(f"a {kind.label} game did not finish")
            wrong = sum([not await table.matches(bot.store) for table in played])
            grown = _used_bytes(path) - before
            out.append(Stored(kind.label, games, sum(t.played for t in played), grown, wrong))
    return out


def report_storage(stored: list[Stored]) -> None:
    for s in stored:
        print(
            f"storage, {s.label}: {s.bytes / s.games / 1024:.1f} KB per finished game "
            f"({s.games} games, {s.moves / s.games:.0f} moves each)"
        )
    per_game = [s.bytes / s.games for s in stored]
    mean = statistics.fmean(per_game)
    print(
        f"storage per finished game: {min(per_game) / 1024:.1f}-{max(per_game) / 1024:.1f} KB "
        f"(mean {mean / 1024:.1f} KB); 10,000 games: {mean * 10_000 / 1e6:.0f} MB"
    )
    for s in stored:
        if s.wrong:
            print(f"storage, {s.label}: {s.wrong} games' stored state or log is not their script's  FAIL")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.memory", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few tables and games: checks it works")
    parser.add_argument("--tables", type=int, nargs="+", help="table counts, each in its own process")
    parser.add_argument("--moves", type=int, help="moves played at each table (default 4)")
    parser.add_argument("--games", type=int, help="finished games of each game for storage (default 2)")
    parser.add_argument("--startup-games", type=int, help="games for bench.startup_check (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:  # one table count, in the process heap_in_a_process started
        with tempfile.TemporaryDirectory() as tmp:
            found = asyncio.run(heap(args.child, args.moves, args.seed, Path(tmp)))
        print(json.dumps(asdict(found)))
        return 0
    sizes = QUICK if args.quick else Sizes()
    given = {"tables": args.tables and tuple(args.tables), "moves": args.moves, "games": args.games,
             "startup_games": args.startup_games}  # fmt: skip
    sizes = Sizes(**{**asdict(sizes), **{k: v for k, v in given.items() if v is not None}})
    print(
        f"Memory benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, seed {args.seed}: "
        f"{', '.join(map(str, sizes.tables))} tables ({', '.join(k.label for k in KINDS)} in equal "
        f"shares), {sizes.moves} moves at each; RENDER_WORKERS={os.environ.get('RENDER_WORKERS', 'default')}",
        flush=True,
    )
    load = os.getloadavg()[0]
    heaps = [heap_in_a_process(count, sizes.moves, args.seed) for count in sizes.tables]
    report_heaps(heaps)
    ok = not any(h.wrong for h in heaps)
    if sizes.games:
        with tempfile.TemporaryDirectory() as tmp:
            stored = asyncio.run(storage(sizes.games, args.seed, Path(tmp)))
        report_storage(stored)
        ok = ok and not any(s.wrong for s in stored)
    print(
        f"machine load average (1 min): {load:.1f} before the run, {os.getloadavg()[0]:.1f} after", flush=True
    )
    if sizes.startup_games:
        from bench import startup_check

        ok = startup_check.main(["--games", str(sizes.startup_games)]) == 0 and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
