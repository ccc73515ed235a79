"""How much a second shard process adds (issue #37): ``--processes N`` measures one process first.

Both runs are the same benchmark on a new PostgreSQL database each, one after the other, so the
ratio comes from the same machine at the same time. Beside it: what the cores allowed. Every move
costs CPU in the bot's process, its picture workers and the server; if one process already keeps
most of the machine's cores busy, more processes cannot add more than the idle rest, however
little they wait for each other. The moves per CPU second of all of them, one process against N,
say whether the processes cost each other anything (waits, conflicts, retries) beyond their cores.
``--pinned`` gives each process, and the one-process baseline, one core of its own: the scale-out
a machine with a core per process would see.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from bench.concurrent.phases import Phase
from bench.stats import verdict

if TYPE_CHECKING:
    from bench.concurrent.run import Run

SCALE = 1.6
"""N processes' sustained rate, at least this many times one process's (issue #37, N = 2)."""


def cores_used(phase: Phase) -> float:
    """Cores the phase kept busy on average: the bot's processes, their picture workers and the
    PostgreSQL server (when it runs on this machine)."""
    cpu = phase.cpu
    if cpu is None or not cpu.wall:
        return 0.0
    return cpu.cores + cpu.server / cpu.wall


def per_cpu_second(phase: Phase) -> float:
    """Moves per CPU second of everything that works for them (see :func:`cores_used`)."""
    cpu = phase.cpu
    spent = 0.0 if cpu is None else cpu.process + cpu.children + cpu.server
    return phase.done / spent if spent else 0.0


def scale(one: Run, many: Run, processes: int, pinned: bool) -> bool:
    """Print the N-process run against the one-process run; whether the target is met."""
    first, then = one.saturated, many.saturated
    ratio = then.rate / first.rate if first.rate else 0.0
    print(
        f"{processes} processes: {then.rate:.1f} moves/s sustained, {ratio:.2f}x one process's "
        f"{first.rate:.1f} measured just before"
    )
    cores = os.cpu_count() or 1
    used = cores_used(first)
    if pinned:
        print(
            "each process and its picture workers had one core of its own (the server any); "
            f"one process kept {used:.2f} cores busy"
        )
    elif used:
        print(
            f"one process kept {used:.2f} of the {cores} cores busy (bot, picture workers, server): "
            f"at its CPU per move the machine gives at most {cores / used:.2f}x it, however many processes"
        )
    a, b = per_cpu_second(first), per_cpu_second(then)
    if a and b:
        print(
            f"moves per CPU second of the bot, its picture workers and the server: one process {a:.0f}, "
            f"{processes} processes {b:.0f} ({b / a:.0%})"
        )
    ok = ratio >= SCALE
    where = ", each on a core of its own" if pinned else f" on {cores} cores"
    print(f"target {processes} processes >= {SCALE:g}x one process{where}: {ratio:.2f}x  {verdict(ok)}")
    return ok
