"""Several processes of the bot through the benchmark's phases together, on one PostgreSQL database.

``--processes N`` starts N worker processes (``python -m bench.concurrent --worker I``), each the
bot's process for shard I of N under a SimCord environment of its own (its own simulated gateway,
as each shard process has its own connection to Discord), opening its share of the tables on a
server of its shard. Before each phase a worker says ``ready`` and waits for ``go``, which this
process sends once every worker is ready, so the phases overlap in time; a worker's figures come
back as JSON on its last line and are added up (rates summed, latencies pooled).

Also here: SQLite's sustained rate measured in a process of its own, for the ratio ``--postgres``
prints.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.concurrent import phases
from bench.concurrent.phases import Cpu, Phase, Sample
from bench.concurrent.target import Target, server_pids

if TYPE_CHECKING:
    from bench.concurrent.run import Run, Sizes

PREFIX = "@@bench "
"""Starts the lines of the protocol on a worker's stdout (anything else printed there is not)."""
PHASES = ("single", "closed", "open")
LINE = 1 << 28
"""Bytes a worker's line may have: its figures are one line (every move's latency, every tick)."""
SQLITE_LINES = ("closed loop", "open loop", "CPU, closed loop", "moves per CPU second", "state check")
"""The lines of the SQLite run shown beside PostgreSQL's."""
SUSTAINED = re.compile(r"^target sustained >= [\d.]+ moves/s: ([\d.]+)", re.MULTILINE)


def serve(sizes: Sizes, seed: int, target: Target) -> int:
    """A worker: the run of one process, in step with the others; its figures as its last line."""
    from bench.concurrent.run import measure

    out = sys.stdout

    async def together(phase: str) -> None:
        out.write(f"{PREFIX}ready {phase}\n")
        out.flush()
        if not await asyncio.to_thread(sys.stdin.readline):
            raise SystemExit("the benchmark's main process went away")

    assert target.url is not None
    target.pin()
    phases.SERVER[:] = server_pids(target.url)[:1]
    with tempfile.TemporaryDirectory() as tmp:
        run = asyncio.run(measure(sizes, seed, Path(tmp), target, together))
    out.write(PREFIX + "result " + json.dumps(dataclasses.asdict(run)) + "\n")
    out.flush()
    return 0


def together(sizes: Sizes, seed: int, target: Target) -> Run:
    """Every worker's run, added up; ``sizes`` are the whole run's: each worker opens its share
    of the tables (:meth:`Target.share`) and keeps its share of the moves in flight."""
    return asyncio.run(_together(sizes, seed, target))


async def _together(sizes: Sizes, seed: int, target: Target) -> Run:
    from db import Store

    async with Store(str(target.url)):  # the schema made once, before the workers race to make it
        pass
    n = target.workers
    share = dataclasses.replace(
        sizes,
        inflight=max(1, sizes.inflight // n),
        single=max(1, sizes.single // n),
    )
    command = [sys.executable, "-m", "bench.concurrent", "--processes", str(n), "--url", str(target.url)]
    command += ["--seed", str(seed), "--sizes", json.dumps(dataclasses.asdict(share))]
    if target.pool_size:
        command += ["--pool-size", str(target.pool_size)]
    if target.pinned:
        command.append("--pinned")
    children = [
        await asyncio.create_subprocess_exec(
            *command, "--worker", str(i), stdin=subprocess.PIPE, stdout=subprocess.PIPE, limit=LINE
        )
        for i in range(n)
    ]
    try:
        for phase in PHASES:
            for child in children:
                await _expect(child, f"ready {phase}")
            for child in children:
                assert child.stdin is not None
                child.stdin.write(b"go\n")
                await child.stdin.drain()
        runs = [_decode(json.loads(await _expect(child, "result "))) for child in children]
    finally:
        for child in children:
            if child.returncode is None and child.stdin is not None:
                child.stdin.close()
        await asyncio.gather(*(child.wait() for child in children))
    for i, run in enumerate(runs if n > 1 else ()):
        cpu = run.saturated.cpu
        if cpu is not None:
            print(
                f"process {i}, closed loop: {run.saturated.rate:.1f} moves/s, main thread "
                f"{cpu.main_share:.2f} of the time, the process {cpu.process / cpu.wall:.2f} cores"
            )
    return _added(runs)


async def _expect(child: asyncio.subprocess.Process, what: str) -> str:
    """The rest of the worker's next protocol line, which must start with ``what``."""
    assert child.stdout is not None
    while True:
        line = (await child.stdout.readline()).decode()
        if not line:
            raise RuntimeError(f"a worker ended (status {await child.wait()}) before saying {what!r}")
        if line.startswith(PREFIX):
            said = line[len(PREFIX) :].rstrip("\n")
            if not said.startswith(what):
                raise RuntimeError(f"a worker said {said[:80]!r}, not {what!r}")
            return said[len(what) :]


def _phase(data: dict[str, Any]) -> Phase:
    cpu = data.pop("cpu")
    samples = [Sample(**s) for s in data.pop("samples")]
    return Phase(samples=samples, cpu=None if cpu is None else Cpu(**cpu), **data)


def _decode(data: dict[str, Any]) -> Run:
    from bench.concurrent.run import Run

    for name in ("single", "saturated", "loaded"):
        data[name] = _phase(data[name])
    data["setup"], data["work"] = tuple(data["setup"]), tuple(data["work"])
    return Run(**data)


def _added_phase(parts: list[Phase]) -> Phase:
    cpus = [p.cpu for p in parts if p.cpu is not None]
    cpu = None
    if cpus:
        cpu = Cpu(
            wall=max(c.wall for c in cpus),
            main=sum(c.main for c in cpus),
            process=sum(c.process for c in cpus),
            children=sum(c.children for c in cpus),
            server=max(c.server for c in cpus),  # one server, seen by every worker
        )
    return Phase(
        samples=[s for p in parts for s in p.samples],
        seconds=max(p.seconds for p in parts),
        done=sum(p.done for p in parts),
        lag=[x for p in parts for x in p.lag],
        busy=[sum(at) for at in zip(*(p.busy for p in parts), strict=False)],
        cpu=cpu,
        short=sum(p.short for p in parts),
    )


def _added(runs: list[Run]) -> Run:
    from bench.concurrent.run import Run

    return Run(
        tables=sum(r.tables for r in runs),
        scripted=sum(r.scripted for r in runs),
        played=sum(r.played for r in runs),
        setup=(max(r.setup[0] for r in runs), max(r.setup[1] for r in runs)),
        single=_added_phase([r.single for r in runs]),
        saturated=_added_phase([r.saturated for r in runs]),
        loaded=_added_phase([r.loaded for r in runs]),
        rate=sum(r.rate for r in runs),
        wrong=[w for r in runs for w in r.wrong],
        retries=sum(r.retries for r in runs),
        setup_retries=sum(r.setup_retries for r in runs),
        setup_retried=dict(sum((Counter(r.setup_retried) for r in runs), Counter())),
        work=(sum(r.work[0] for r in runs), sum(r.work[1] for r in runs)),
    )


def sqlite_rate(sizes: Sizes, seed: int) -> float:
    """SQLite's sustained rate (moves/s) for the same sizes, measured in a process of its own."""
    command = [sys.executable, "-m", "bench.concurrent", "--seed", str(seed)]
    command += ["--sizes", json.dumps(dataclasses.asdict(sizes))]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = SUSTAINED.search(done.stdout)
    if found is None:
        raise RuntimeError(f"the SQLite run printed no sustained rate:\n{done.stdout}\n{done.stderr[-2000:]}")
    for line in done.stdout.splitlines():
        if line.startswith(SQLITE_LINES):
            print(f"  SQLite: {line}")
    return float(found.group(1))
