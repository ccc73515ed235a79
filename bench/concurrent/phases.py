"""The three ways the benchmark sends moves, and what it measures while they run.

- one at a time: each move waits for the previous one (the baseline);
- closed loop: ``inflight`` players each make a move as soon as their last one is done, so
  that many moves are always in flight: the saturation rate;
- open loop: moves arrive as a Poisson process at a given rate, each at its own time whether or
  not earlier ones are done (latency counts from the arrival, so a late start is latency too).

Each move takes a table that is not in the middle of a move (a person waits for their board
before the next move), at random, so the four games share the moves as they share the tables.
A phase's first ``warmup`` seconds are not measured. While a concurrent phase is measured, a
ticker task sleeps 5 ms at a time and records how late it wakes (the event loop's lag), and
the CPU time of the main thread, of the whole process and of its child processes is read.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.concurrent.flights import Flight, timed
from bench.concurrent.tables import Table

TICK = 0.005


@dataclass(frozen=True)
class Sample:
    """One move: when it was sent (or due, in the open loop), how long it took, which game."""

    start: float
    latency: float
    game: str


@dataclass(frozen=True)
class Cpu:
    """CPU seconds over a wall-clock span: the event loop's thread, the process, its children."""

    wall: float
    main: float
    process: float
    children: float
    server: float = 0.0
    """The PostgreSQL server's processes (``SERVER``), when it runs on this machine."""

    @property
    def main_share(self) -> float:
        """The share of the wall-clock time the event loop's thread ran on a core."""
        return self.main / self.wall

    @property
    def cores(self) -> float:
        """Cores kept busy on average, child processes included."""
        return (self.process + self.children) / self.wall


@dataclass
class Phase:
    """The moves of a phase measured in its window, and what the machine did meanwhile."""

    samples: list[Sample] = field(default_factory=list)
    seconds: float = 0.0
    """The measured window."""
    done: int = 0
    """Moves that ended inside the window (the closed loop's throughput counts these)."""
    lag: list[float] = field(default_factory=list)
    busy: list[int] = field(default_factory=list)
    """Moves the bot was working on, sampled by the lag ticker."""
    cpu: Cpu | None = None
    short: int = 0
    """Moves wanted when no table was free to take them (the scripts ran short)."""

    @property
    def rate(self) -> float:
        return self.done / self.seconds if self.seconds else 0.0

    @property
    def per_main_second(self) -> float | None:
        """Moves per CPU second of the event loop's thread: the rate if that thread had a core
        to itself all the time, which a machine busy with other work does not give it."""
        if self.cpu is None or not self.cpu.main:
            return None
        return self.done / self.cpu.main


class Pool:
    """Tables not in the middle of a move that still have scripted moves, taken at random."""

    def __init__(self, tables: list[Table], rnd: random.Random) -> None:
        self.free = [t for t in tables if t.left]
        self.rnd = rnd

    def take(self) -> Table | None:
        if not self.free:
            return None
        index = self.rnd.randrange(len(self.free))
        self.free[index], self.free[-1] = self.free[-1], self.free[index]
        return self.free.pop()

    def give(self, table: Table) -> None:
        if table.left:
            self.free.append(table)


async def _move(pool: Pool, table: Table, since: float | None = None) -> Sample:
    start = time.perf_counter() if since is None else since
    latency = await timed(table.play_next, start)
    pool.give(table)
    return Sample(start, latency, table.kind.label)


def _children_seconds() -> float:
    """CPU seconds of this process's live child processes (a picture pool), read from /proc;
    0 where there is no /proc."""
    try:
        total = 0
        for thread in Path("/proc/self/task").iterdir():
            for pid in (thread / "children").read_text().split():
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return 0.0


SERVER: list[int] = []
"""The PostgreSQL server's processes to count in :class:`Cpu` (the postmaster first), if local."""


def _server_seconds() -> dict[int, float]:
    if not SERVER:
        return {}
    from bench.concurrent.target import cpu_seconds

    pids = [SERVER[0], *server_pids_of(SERVER[0])]
    return {pid: cpu_seconds([pid]) for pid in pids}


def server_pids_of(postmaster: int) -> list[int]:
    """The postmaster's children now (its connections' processes come and go)."""
    try:
        return [int(p) for p in Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()]
    except (OSError, ValueError):
        return []


class Meter:
    """The event loop's lag and the CPU used between :meth:`begin` and :meth:`end`."""

    def __init__(self) -> None:
        self.lag: list[float] = []
        self.busy: list[int] = []
        """Moves the bot was working on at each tick."""
        self._ticker: asyncio.Task[None] | None = None

    def _now(self) -> tuple[float, float, float, float]:
        return time.perf_counter(), time.thread_time(), time.process_time(), _children_seconds()

    async def _tick(self) -> None:
        while True:
            due = time.perf_counter() + TICK
            await asyncio.sleep(TICK)
            self.lag.append(time.perf_counter() - due)
            self.busy.append(Flight.busy)

    def begin(self) -> None:
        self._start = self._now()
        self._server = _server_seconds()
        self._ticker = asyncio.create_task(self._tick())

    async def end(self, phase: Phase) -> None:
        end = self._now()
        assert self._ticker is not None
        self._ticker.cancel()
        await asyncio.gather(self._ticker, return_exceptions=True)
        server = sum(used - self._server.get(pid, 0.0) for pid, used in _server_seconds().items())
        wall, main, process, children = (b - a for a, b in zip(self._start, end, strict=True))
        phase.cpu = Cpu(wall, main, process, children, server)
        phase.lag, phase.busy = self.lag, self.busy
        phase.seconds = wall


async def one_at_a_time(pool: Pool, count: int, warmup: int) -> Phase:
    """``count`` moves, each sent when the previous one is done; the first ``warmup`` not measured."""
    phase = Phase()
    meter = Meter()
    for index in range(warmup + count):
        table = pool.take()
        if table is None:
            phase.short += 1
            break
        if index == warmup:
            meter.begin()
        sample = await _move(pool, table)
        if index >= warmup:
            phase.samples.append(sample)
    if phase.samples:
        await meter.end(phase)
    phase.done = len(phase.samples)
    return phase


async def closed_loop(pool: Pool, inflight: int, seconds: float, warmup: float) -> Phase:
    """``inflight`` players, each moving again as soon as their move is done, for ``warmup`` +
    ``seconds``; the moves that end in the measured window give the rate."""
    phase = Phase()
    start = time.perf_counter()
    window = (start + warmup, start + warmup + seconds)
    ended: list[float] = []

    async def player() -> None:
        while time.perf_counter() < window[1]:
            table = pool.take()
            if table is None:
                phase.short += 1
                return
            sample = await _move(pool, table)
            ended.append(sample.start + sample.latency)
            if sample.start >= window[0]:
                phase.samples.append(sample)

    players = [asyncio.create_task(player()) for _ in range(inflight)]
    meter = Meter()
    await asyncio.sleep(warmup)
    meter.begin()
    await asyncio.sleep(max(0.0, window[1] - time.perf_counter()))
    await meter.end(phase)
    await asyncio.gather(*players)
    phase.done = sum(1 for at in ended if window[0] <= at < window[1])
    phase.seconds = seconds
    return phase


async def open_loop(pool: Pool, rate: float, seconds: float, warmup: float, rnd: random.Random) -> Phase:
    """Moves arriving at ``rate`` per second (Poisson) for ``warmup`` + ``seconds``, each sent at
    its arrival without waiting for the others; latency counts from the arrival."""
    phase = Phase()
    start = time.perf_counter()
    measured, stop = start + warmup, start + warmup + seconds
    moves: list[asyncio.Task[Sample]] = []
    meter: Meter | None = None
    due = start
    while True:
        due += rnd.expovariate(rate)
        if due >= stop:
            break
        if meter is None and due >= measured:
            meter = Meter()
            meter.begin()
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        table = pool.take()
        if table is None:
            phase.short += due >= measured
            continue
        moves.append(asyncio.create_task(_move(pool, table, since=due)))
    await asyncio.sleep(max(0.0, stop - time.perf_counter()))
    if meter is not None:
        await meter.end(phase)
    phase.samples = [s for s in await asyncio.gather(*moves) if s.start >= measured]
    phase.done = len(phase.samples)
    phase.seconds = seconds
    return phase
