"""``python -m bench.load``: moves through the real bot with 200 running tables in one database,
against one table alone in the same run.

Both phases run the real bot under SimCord on a database of their own. The running tables are
set up fast through the store and the table service (no lobby clicks): each is started, advanced
by a random number of moves committed straight to the store (so the log, the clocks and the
positions look like a busy bot's), and gets its board post in its own thread. Then simulated
members play moves spread at random over the tables, by slash command (swap, score) or by the
board's button (end turn), and each move is timed from the interaction to the posted board.
Tables that finish are replaced by new running ones outside the timing. SimCord runs one
interaction at a time, so moves per second is the sequential rate (1 / mean latency).

Target (issue 13): p99 with 200 tables <= 3x the p99 of one table. Exit 0 when met, 1 when not.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.runarch import by_hand, eager
from bench.sql_audit import SqlTrace, full_scans
from bench.stats import Summary, row, verdict
from engine.runarch import GAME

TARGET_RATIO = 3.0


@dataclass(frozen=True)
class Sizes:
    """How much work the run does; ``--quick`` shrinks it for the smoke test."""

    tables: int = 200
    moves: int = 1000
    single_moves: int = 1000
    warmup: int = 20
    advance: int = 60
    """Each table starts at a random point of its game: up to this many moves already played."""


QUICK = Sizes(tables=12, moves=40, single_moves=40, warmup=4, advance=20)


@dataclass
class Running:
    """One running table and what the simulated members need to play it."""

    table_id: int
    thread: Any
    members: tuple[Any, Any]


@dataclass(frozen=True)
class Phase:
    """The figures of one phase."""

    tables: int
    latency: Summary
    setup_seconds: float
    stored_moves: int
    replaced: int
    handled: int
    """Moves handled, the warm-up ones included."""
    statements: int
    """SQL statements run while they were handled."""
    shapes: int
    """Distinct statements among them (the same query with other values counts once)."""
    scans: dict[str, list[str]]
    """Statements whose plan reads a whole table, and which tables."""

    @property
    def per_second(self) -> float:
        return 1000 / self.latency.mean


class World:
    """The bot under SimCord with its tables, for one phase."""

    def __init__(self, env: Any, bot: Any, rnd: random.Random, sizes: Sizes) -> None:
        self.env, self.bot, self.rnd, self.sizes = env, bot, rnd, sizes
        self.trace = SqlTrace()
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.opened = 0

    async def open_running(self) -> Running:
        """A running table in a thread of its own, advanced to a random point, its board posted."""
        from simcord.builders import ChannelHandle

        from db.models import NewMove

        store, service = self.bot.store, self.bot.tables
        self.opened += 1
        number = self.opened
        members = tuple(self.guild.add_member(self.env.create_user(f"p{number}{side}")) for side in "ab")
        created = self.env.backend.create_thread(self.channel.id, f"table {number}", self.bot.user.id)
        thread = ChannelHandle(self.env, self.guild, created)
        clock = service.default_clock("runarch")
        table = await store.create_table(
            game="runarch",
            guild_id=self.guild.id,
            channel_id=thread.id,
            parent_id=self.channel.id,
            host_id=members[0].id,
            host_name=members[0].name,
            options=GAME.options({}),
            locale="en",
            seed=self.rnd.getrandbits(62),
            max_seats=2,
            remind_after=clock.remind_after,
            time_limit=clock.time_limit,
            on_timeout=clock.on_timeout,
        )
        table = await store.join(table.id, members[1].id, members[1].name)
        table = await service.start(table)
        state, played = table.state, []
        for _ in range(self.rnd.randrange(self.sizes.advance + 1)):
            seat = GAME.to_act(state)[0]
            move = eager(state, seat, self.rnd)
            after, _ = GAME.apply(state, seat, move)
            if GAME.outcome(after) is not None:
                break
            played.append(NewMove(seat, move.notation, table.user_at(seat)))
            state = after
        if played:  # one transaction: the log and clocks as if the moves had been made one by one
            table = await store.commit_moves(
                table.id,
                expected_version=table.version,
                moves=played,
                state=state,
                interaction_id=None,
                awaited=service.awaited(GAME, state),
            )
        await service.post_to_table(table)
        return Running(table.id, thread, members)

    async def move(self, running: Running) -> float | None:
        """One move of whoever is to act at ``running``, timed; ``None`` if the table is over."""
        table = await self.bot.store.table(running.table_id)
        if table is None or table.status != "active" or table.state is None:
            return None
        state = table.state
        seat = GAME.to_act(state)[0]
        user_id = table.user_at(seat)
        player = next(m for m in running.members if m.id == user_id)
        move = eager(state, seat, self.rnd)
        self.trace.on = True
        start = time.perf_counter()
        result = await by_hand(player, running.thread, move.notation)
        took = time.perf_counter() - start
        self.trace.on = False
        after = await self.bot.store.table(running.table_id)
        if after is None or after.version == table.version:  # a step within a turn answers privately
            raise AssertionError(f"the bot refused {move.notation}: {result.response.content}")
        return took


async def run_phase(tables: int, moves: int, sizes: Sizes, seed: int, folder: Path) -> Phase:
    """Open ``tables`` running tables in a fresh database, then time ``moves`` moves over them."""
    from simcord import Env

    from bot import create_bot
    from bot.config import Config

    path = folder / f"load-{tables}.sqlite3"
    bot = create_bot(Config(token=None, database_path=str(path), health_seconds=0))
    env = Env(bot)
    await env.start()
    rnd = random.Random(seed)
    try:
        world = World(env, bot, rnd, sizes)
        await bot.store._db().set_trace_callback(world.trace)
        start = time.perf_counter()
        running = [await world.open_running() for _ in range(tables)]
        setup = time.perf_counter() - start
        durations: list[float] = []
        replaced = 0
        while len(durations) < sizes.warmup + moves:
            index = rnd.randrange(len(running))
            took = await world.move(running[index])
            if took is None:
                running[index] = await world.open_running()
                replaced += 1
                continue
            durations.append(took)
        stored = await _stored_moves(bot.store)
    finally:
        await env.shutdown()
        await bot.store.close()
    trace = world.trace
    latency = Summary.of(durations[sizes.warmup :])
    shapes = len(trace.shapes())
    scans = full_scans(str(path), trace)
    return Phase(
        tables, latency, setup, stored, replaced, len(durations), len(trace.statements), shapes, scans
    )


async def _stored_moves(store: Any) -> int:
    async with store._read() as conn:
        rows = await conn.execute_fetchall("SELECT COUNT(*) AS n FROM moves")
        return int(next(iter(rows))["n"])


def report(single: Phase, loaded: Phase) -> bool:
    """Print both phases and the ratio; whether the target is met."""
    for phase in (single, loaded):
        label = "one table alone" if phase.tables == 1 else f"{phase.tables} running tables"
        note = f"{phase.per_second:6.1f} moves/s"
        print(row(label, phase.latency, note))
    p99 = loaded.latency.p99 / single.latency.p99
    p50 = loaded.latency.p50 / single.latency.p50
    ok = p99 <= TARGET_RATIO
    ratios = f"p50 {p50:.2f}x  p99 {p99:.2f}x  target p99 <= {TARGET_RATIO:g}x  {verdict(ok)}"
    print(f"ratio {loaded.tables} tables / one table: {ratios}")
    print(
        f"set-up: {loaded.tables} tables in {loaded.setup_seconds:.1f} s through the store "
        f"({loaded.stored_moves} moves in the log at the end, {loaded.replaced} finished tables replaced); "
        f"one table: {single.stored_moves} moves, {single.replaced} replaced"
    )
    scans = "; ".join(f"{', '.join(tables)} in: {sql[:90]}" for sql, tables in loaded.scans.items())
    print(
        f"SQL while handling moves: {loaded.statements / loaded.handled:.1f} statements per move, "
        f"{loaded.shapes} distinct; whole-table scans: {scans or 'none'}  {verdict(not loaded.scans)}"
    )
    return ok and not loaded.scans


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="a few tables and moves: checks the command works"
    )
    parser.add_argument("--tables", type=int, help="running tables in the loaded phase (default 200)")
    parser.add_argument("--moves", type=int, help="moves timed in each phase (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    if args.tables:
        sizes = Sizes(**{**sizes.__dict__, "tables": args.tables})
    if args.moves:
        sizes = Sizes(**{**sizes.__dict__, "moves": args.moves, "single_moves": args.moves})
    print(
        f"Load benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, seed {args.seed}, "
        f"{sizes.moves} moves over {sizes.tables} tables vs {sizes.single_moves} on one"
    )
    with tempfile.TemporaryDirectory() as tmp:
        single = asyncio.run(run_phase(1, sizes.single_moves, sizes, args.seed, Path(tmp)))
        loaded = asyncio.run(run_phase(sizes.tables, sizes.moves, sizes, args.seed, Path(tmp)))
    return 0 if report(single, loaded) else 1


if __name__ == "__main__":
    raise SystemExit(main())
