"""``python -m bench.store_ops``: what one move costs the store, alone and with 64 moves in flight.

Each move is one ``Store.commit_moves`` on its own table (distinct tables, so no move loses a
race), with a state of a real game's size and two seats whose clocks run. Printed per move:

* hand-offs to the database thread (every call aiosqlite runs in its thread, counted by wrapping
  ``aiosqlite.Connection._execute``, through which every statement and transaction goes), for
  ``commit_moves``, ``set_board_message`` and ``table`` (the load before a move);
* the wall time of ``commit_moves`` as its caller sees it (queueing included);
* the exclusive hold per move: while it lasts no other store operation makes progress. Where the
  store's ``asyncio.Lock`` is taken around an operation, that is the time the lock is held; where
  operations queue on the database thread without a lock, the time the operation occupies the
  thread;
* the database thread's own work per move (SQLite, JSON, Python in that thread), the floor the
  wall time is compared with (the "x work" baseline ratio);
* moves per second, and the ratio of 64 in flight to one at a time (more moves in flight must not
  lower throughput), and the same 64 with the event loop kept busy (blocked 2 ms at a time, as a
  picture drawn on the loop would; half the time): every hand-off then waits for the loop to come back.

Timings are printed, not judged; exit 0 unless a move was lost or doubled.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bench.stats import Summary, row
from db import NewMove, Store

STATE = {
    "board": [[(r * 31 + c * 17) % 97 for c in range(24)] for r in range(24)],
    "hands": {str(s): [f"card-{s}-{i}" for i in range(12)] for s in range(2)},
    "log": [f"move {i} of the game with some text" for i in range(40)],
    "turn": 0,
}
"""About 4 KB of JSON, the size of a running game's state."""


@dataclass(frozen=True)
class Sizes:
    single: int = 400
    """Moves one at a time."""
    tables: int = 64
    """Moves in flight at once, one per table."""
    rounds: int = 25
    """Moves per table in the concurrent phase."""


QUICK = Sizes(single=30, tables=64, rounds=2)


@dataclass
class Probe:
    """Counts hand-offs to aiosqlite's thread and times the work each one does there."""

    handoffs: int = 0
    work: list[float] = field(default_factory=list)
    holds: list[float] = field(default_factory=list)
    """Lock hold times (only where the store takes its lock around an operation)."""

    def reset(self) -> None:
        self.handoffs = 0
        self.work.clear()
        self.holds.clear()


def install(probe: Probe) -> Callable[[], None]:
    """Wrap ``aiosqlite.Connection._execute``; returns the undo."""
    real = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        probe.handoffs += 1

        def timed() -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                probe.work.append(time.perf_counter() - start)  # list.append is atomic under the GIL

        return await real(self, timed)

    aiosqlite.Connection._execute = counted  # type: ignore[method-assign]

    def undo() -> None:
        aiosqlite.Connection._execute = real  # type: ignore[method-assign]

    return undo


class TimedLock(asyncio.Lock):
    """An ``asyncio.Lock`` that records how long each holder kept it."""

    def __init__(self, probe: Probe) -> None:
        super().__init__()
        self._probe = probe
        self._since = 0.0

    async def acquire(self) -> bool:  # type: ignore[override]
        got = await super().acquire()
        self._since = time.perf_counter()
        return got

    def release(self) -> None:
        self._probe.holds.append(time.perf_counter() - self._since)
        super().release()


@dataclass
class Phase:
    label: str
    moves: int
    seconds: float
    commit: Summary
    hold: Summary
    hold_kind: str
    work: float
    """Database-thread seconds per move."""
    handoffs: float

    @property
    def per_second(self) -> float:
        return self.moves / self.seconds


async def open_tables(store: Store, count: int, first_channel: int) -> list[int]:
    ids = []
    for i in range(count):
        channel = first_channel + i
        table = await store.create_table(
            game="bench", guild_id=1, channel_id=channel, parent_id=None, host_id=10, host_name="Ann",
            options={}, locale="en", seed=i, max_seats=2, remind_after=3600.0, time_limit=86400.0,
        )  # fmt: skip
        await store.join(table.id, 11, "Bob")
        await store.start(table.id, STATE, awaited=[0])
        ids.append(table.id)
    return ids


class Mover:
    """Plays moves on tables, each at the version it last left."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.versions: dict[int, int] = {}
        self.interaction = 10**12
        self.durations: list[float] = []

    async def move(self, table_id: int) -> None:
        version = self.versions.get(table_id, 1)
        seat = version % 2
        self.interaction += 1
        start = time.perf_counter()
        table = await self.store.commit_moves(
            table_id,
            expected_version=version,
            moves=[NewMove(seat=seat, notation=f"m{version}", user_id=10 + seat)],
            state={**STATE, "turn": version},
            interaction_id=self.interaction,
            awaited=[1 - seat],
        )
        self.durations.append(time.perf_counter() - start)
        self.versions[table_id] = table.version


BUSY_SLICE = 0.001
"""In the busy phase the event loop is blocked this long, then free as long, over and over (a
picture drawn on the loop, discord.py parsing a payload): a hand-off then waits for the loop."""


async def busy_loop(stop: asyncio.Event) -> None:
    while not stop.is_set():
        end = time.perf_counter() + BUSY_SLICE
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(BUSY_SLICE)


async def phase(
    label: str,
    store: Store,
    probe: Probe,
    tables: list[int],
    rounds: int,
    mover: Mover,
    *,
    busy: bool = False,
) -> Phase:
    probe.reset()
    mover.durations.clear()

    async def play(table_id: int) -> None:
        for _ in range(rounds):
            await mover.move(table_id)

    stop = asyncio.Event()
    load = asyncio.create_task(busy_loop(stop)) if busy else None
    start = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    seconds = time.perf_counter() - start
    stop.set()
    if load is not None:
        await load
    moves = len(mover.durations)
    if probe.holds:
        hold, kind = Summary.of(probe.holds), "store lock held"
    else:
        hold, kind = Summary.of(probe.work), "DB thread held (no lock)"
    return Phase(
        label, moves, seconds, Summary.of(mover.durations), hold, kind, sum(probe.work) / moves,
        probe.handoffs / moves,
    )  # fmt: skip


async def count(probe: Probe, call: Callable[[], Awaitable[object]]) -> int:
    probe.reset()
    await call()
    return probe.handoffs


async def run(sizes: Sizes, folder: Path) -> tuple[list[str], bool]:
    probe = Probe()
    undo = install(probe)
    lines: list[str] = []
    try:
        store = Store(folder / "store-ops.sqlite3")
        await store.open()
        try:
            store._lock = TimedLock(probe)
            single = await open_tables(store, 1, 1000)
            many = await open_tables(store, sizes.tables, 2000)
            mover = Mover(store)
            await mover.move(single[0])  # warm-up
            table_id = single[0]
            trips = {
                "commit_moves": await count(probe, lambda: mover.move(table_id)),
                "set_board_message": await count(probe, lambda: store.set_board_message(table_id, 42)),
                "table": await count(probe, lambda: store.table(table_id)),
            }
            lines.append(
                "round trips to the DB thread per call: "
                + "  ".join(f"{name} {n}" for name, n in trips.items())
            )
            one = await phase("1 at a time", store, probe, single, sizes.single, mover)
            loaded = await phase(f"{sizes.tables} in flight", store, probe, many, sizes.rounds, mover)
            busy = await phase(
                f"{sizes.tables} in flight, busy loop", store, probe, many, sizes.rounds, mover, busy=True
            )
            for p in (one, loaded, busy):
                lines.append(
                    row(
                        f"commit, {p.label}", p.commit,
                        f"{p.commit.p50 / (p.work * 1000):5.1f}x work  {p.handoffs:4.1f} hand-offs/move  "
                        f"{p.per_second:7.1f} moves/s",
                    )
                )  # fmt: skip
                lines.append(row(f"  {p.hold_kind}", p.hold, f"DB-thread work {p.work * 1000:.3f} ms/move"))
            lines.append(
                f"ratio {sizes.tables} in flight / one at a time: throughput "
                f"{loaded.per_second / one.per_second:.2f}x  "
                f"commit p99 {loaded.commit.p99 / one.commit.p99:.1f}x"
            )
            expected = 2 + sizes.single + 2 * sizes.tables * sizes.rounds  # warm-up, counted call
            stored = await _stored_moves(folder / "store-ops.sqlite3")
        finally:
            await store.close()
    finally:
        undo()
    ok = stored == expected
    lines.append(f"moves stored: {stored} of {expected}  {'PASS' if ok else 'FAIL'}")
    return lines, ok


async def _stored_moves(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.store_ops", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few moves: a smoke test")
    parser.add_argument("--tables", type=int, help="moves in flight at once (default 64)")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    if args.tables:
        sizes = Sizes(sizes.single, args.tables, sizes.rounds)
    print(
        f"store operations benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"SQLite {sqlite3.sqlite_version}, aiosqlite {aiosqlite.__version__}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        lines, ok = asyncio.run(run(sizes, Path(tmp)))
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
