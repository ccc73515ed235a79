"""Where the benchmark's bot keeps its tables, and which process of several it is.

SQLite (a fresh file) by default; with ``--postgres`` a PostgreSQL database (``DATABASE_URL``, or a
throwaway server for the run). With ``--processes N`` the benchmark starts N worker processes,
each the process of one of N shards (:class:`bot.sharding.Shards`) on the same database, and
moves them through the phases together (:mod:`bench.concurrent.workers`).
"""

from __future__ import annotations

import asyncio
import os
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Target:
    """The database and this process's place among the benchmark's processes."""

    url: str | None = None
    """A PostgreSQL URL, or ``None`` for a fresh SQLite file."""
    pool_size: int | None = None
    """Connections to PostgreSQL per process (``None``: the bot's default)."""
    worker: int = 0
    workers: int = 1
    pinned: bool = False
    """Whether each process (its threads and picture workers) runs on one core of its own, the
    machine's cores in turn (``--pinned``)."""

    def shards(self) -> Any:
        """The shards this process runs (``None``: all of them, the only process)."""
        from bot.sharding import Shards

        return None if self.workers == 1 else Shards(self.workers, (self.worker,))

    def pin(self) -> None:
        """Keep this process on its own core (:attr:`pinned`): every thread it has now, and so
        every thread and child process it starts later, which inherit it. Linux only."""
        if not self.pinned:
            return
        core = {self.worker % (os.cpu_count() or 1)}
        for thread in Path("/proc/self/task").iterdir():
            os.sched_setaffinity(int(thread.name), core)

    def share(self, total: int, in_dm: Callable[[int], bool]) -> list[int]:
        """The indices of the run's ``total`` tables this process opens and plays: Discord sends
        direct messages to shard 0 alone, so every DM table (``in_dm(i)``) is its process's;
        the others go where fewest are yet, so the processes' shares are even."""
        dms = [i for i in range(total) if in_dm(i)]
        counts = [len(dms)] + [0] * (self.workers - 1)
        quota = [total // self.workers + (w < total % self.workers) for w in range(self.workers)]
        owner = dict.fromkeys(dms, 0)
        for i in range(total):
            if i not in owner:
                worker = max(range(self.workers), key=lambda w: (quota[w] - counts[w], -w))
                owner[i] = worker
                counts[worker] += 1
        return [i for i in range(total) if owner[i] == self.worker]

    def own_ids(self, env: Any) -> None:
        """The ids this process's simulated Discord makes (users, threads, interactions) differ from
        every other worker's, as Discord's ids carry the worker that made them: otherwise two
        processes' interactions could share an id and the bot would take one for the other
        delivered again (as :mod:`tests.bot.process_driver` does)."""
        if self.workers == 1:
            return
        allocate = env.backend.snowflake
        worker = self.worker

        def snowflake() -> int:
            return allocate() | worker << 21

        env.backend.snowflake = snowflake


@contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """The URL of a new, empty database on the server of ``url`` while the ``with`` lasts, then
    dropped: every run opens its tables on nothing left by an earlier one."""
    import asyncpg

    name = f"bgbot_bench_{os.getpid()}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(admin(f"CREATE DATABASE {name}"))
    parts = urllib.parse.urlsplit(url)
    try:
        yield urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        asyncio.run(admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


def server_pids(url: str) -> list[int]:
    """The processes of the PostgreSQL server at ``url`` when it is a local one whose socket folder
    is its data folder (the throwaway server): the postmaster and its children. Empty otherwise."""
    host = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).get("host", [""])[0]
    try:
        postmaster = int((Path(host) / "postmaster.pid").read_text().split()[0])
        children = (Path(f"/proc/{postmaster}/task/{postmaster}/children")).read_text().split()
    except (OSError, ValueError, IndexError):
        return []
    return [postmaster, *map(int, children)]


def cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user and system) the live processes ``pids`` have used so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a connection's process that ended
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")
