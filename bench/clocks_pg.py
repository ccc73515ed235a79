"""``python -m bench.clocks --postgres``: the scheduler's periodic claim on PostgreSQL, against baselines.

The same data, claim and report as :mod:`bench.clocks`, on a database of its own on the server of
``TEST_DATABASE_URL`` (created, then dropped), or else on a throwaway server (the ``pgserver``
wheel of the test extras, with its durable defaults: a commit waits for the disk, as in
production). The claim runs through the store (asyncpg, ``SERIALIZABLE``, ``FOR UPDATE SKIP
LOCKED``). Baselines in the same run, each a claim with its writes in one ``SERIALIZABLE``
transaction on a plain connection: the same statements with PostgreSQL's index scans switched
off (``SET LOCAL enable_indexscan = off`` and its bitmap and index-only kin: a sequential scan),
and the naive claim that loads every active table's seats and updates the due ones one by one.
"""

from __future__ import annotations

import os
import platform
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractContextManager, asynccontextmanager
from typing import Any

import asyncpg

from bench.clocks import (
    KINDS,
    LIMIT,
    NAIVE_SQL,
    NOW,
    UNTIL,
    Check,
    Dataset,
    DueKey,
    Sizes,
    agrees,
    indexed_claim,
    naive_pick,
    read_only,
    report,
    timed,
)
from bench.clocks import _rows as rows_of
from bench.clocks import measure as measure_all
from bench.stats import Summary
from db import Store
from db.clocks import claim_sql, next_sql
from db.pg_dialect import statement
from tools.throwaway_postgres import server as throwaway_server

NO_INDEX_SCANS = (
    "SET LOCAL enable_indexscan = off",
    "SET LOCAL enable_bitmapscan = off",
    "SET LOCAL enable_indexonlyscan = off",
)
CLAIM_INDEXES = {"deadline": "seats_deadline", "remind": "seats_remind_at"}


def server() -> AbstractContextManager[str]:
    """``TEST_DATABASE_URL``'s server, or a throwaway one that waits for the disk as a real one does."""
    return throwaway_server("bench-clocks-pg-", durable=True)


@asynccontextmanager
async def database(server_url: str) -> AsyncIterator[str]:
    """A new, empty database on ``server_url`` for this run, dropped at the end."""
    name = f"bench_clocks_{os.getpid()}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await admin.execute(f'CREATE DATABASE "{name}"')
        base, _, query = server_url.partition("?")
        root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
        yield f"{root}/{name}" + (f"?{query}" if query else "")
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def populate(url: str, n: int, seed: int) -> Dataset:
    """The rows of :func:`bench.clocks.populate`, copied in with ``COPY``, then ``ANALYZE``."""
    import time

    start = time.perf_counter()
    tables, seats, moves, due = rows_of(n, seed)
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.copy_records_to_table(
                "game_tables",
                records=tables,
                columns=["id", "game", "guild_id", "channel_id", "parent_id", "host_id", "status", "options",
                         "locale", "seed", "max_seats", "state", "version", "created_at", "updated_at",
                         "remind_after", "time_limit"],
            )  # fmt: skip
            await conn.copy_records_to_table(
                "seats",
                records=seats,
                columns=["table_id", "seat", "user_id", "name", "joined_at", "awaited_since", "clock_start",
                         "remind_at", "deadline"],
            )  # fmt: skip
            await conn.copy_records_to_table(
                "moves",
                records=moves,
                columns=["table_id", "ply", "seat", "user_id", "notation", "created_at"],
            )
        await conn.execute("ANALYZE")
    finally:
        await conn.close()
    return Dataset.of(tables, seats, due, len(moves), start)


async def scan_claim(conn: asyncpg.Connection) -> Check:
    """Baseline 1: the store's statements with index scans switched off, one transaction per batch."""
    taken: list[DueKey] = []
    while True:
        batch: list[DueKey] = []
        async with conn.transaction(isolation="serializable"):
            for setting in NO_INDEX_SCANS:
                await conn.execute(setting)
            for kind in KINDS:
                sql, _ = claim_sql(kind, None)
                for r in await conn.fetch(statement(sql), UNTIL, NOW, NOW, LIMIT):
                    batch.append((r["table_id"], r["seat"], r["user_id"], kind, r["due"]))
        if not batch:
            break
        taken += batch
    async with conn.transaction(isolation="repeatable_read", readonly=True):
        for setting in NO_INDEX_SCANS:
            await conn.execute(setting)
        sql, params = next_sql(None)
        nxt = await conn.fetchval(statement(sql), *params)
    return taken, nxt


async def naive_claim(conn: asyncpg.Connection) -> Check:
    """Baseline 2: every active seat loaded, the due and free ones picked in Python and updated one
    by one, the next instant computed in Python; one transaction."""
    async with conn.transaction(isolation="serializable"):
        taken, updates, nxt = naive_pick(await conn.fetch(NAIVE_SQL))
        for kind, (_, lease) in KINDS.items():
            if updates[kind]:
                await conn.executemany(
                    f"UPDATE seats SET {lease} = $1 WHERE table_id = $2 AND seat = $3", updates[kind]
                )
    return taken, nxt


async def free_all(conn: asyncpg.Connection) -> None:
    """Clear every lease (untimed, between repetitions)."""
    for _, lease in KINDS.values():
        await conn.execute(f"UPDATE seats SET {lease} = NULL WHERE {lease} IS NOT NULL")


async def check_plans(conn: asyncpg.Connection) -> bool:
    """Print the claims' plans; True when each finds its items by its instant's partial index."""
    ok = True
    for kind in KINDS:
        sql, _ = claim_sql(kind, None)
        lines = [r[0] for r in await conn.fetch(f"EXPLAIN {statement(sql)}", UNTIL, NOW, NOW, LIMIT)]
        uses = any(re.search(rf"\b(using|on) {CLAIM_INDEXES[kind]}\b", line) for line in lines)
        ok = ok and uses
        print(f"plan CLAIM {kind}: {'uses ' + CLAIM_INDEXES[kind] + '  PASS' if uses else 'no index  FAIL'}")
        for line in lines:
            print(f"    {line}")
    return ok


async def run_postgres(sizes: Sizes, seed: int) -> int:
    """Create, fill and measure one PostgreSQL database; return the exit code."""
    with server() as server_url:
        async with database(server_url) as url:
            async with Store(url, clock=lambda: NOW):
                pass  # the real migrated schema
            data = await populate(url, sizes.tables, seed)
            conn = await asyncpg.connect(url)
            try:
                version = await conn.fetchval("SHOW server_version")
                print(
                    f"Clock claim benchmark — Python {platform.python_version()}, PostgreSQL {version}, "
                    f"{os.cpu_count()} CPUs, {sizes.tables} tables, {sizes.repeats} repetitions, seed {seed}"
                )
                print(
                    f"stored: {data.tables} tables ({data.active} active), {data.seats} seats, "
                    f"{data.running} running clocks, {data.due} due now, {data.moves} moves; "
                    f"filled in {data.seconds:.2f} s"
                )
                async with Store(url, clock=lambda: NOW) as store:
                    seconds, first = await timed(lambda: indexed_claim(store))
                    print(f"{'first claim after open (cold)':<34} {seconds * 1000:.3f} ms")
                    await free_all(conn)
                    plans_ok = await check_plans(conn)
                    checks: dict[str, Callable[[], Awaitable[Any]]] = {
                        "indexed": lambda: indexed_claim(store),
                        "scan": lambda: scan_claim(conn),
                        "naive": lambda: naive_claim(conn),
                        "read": lambda: read_only(store),
                    }
                    durations, results = await measure_all(checks, sizes, lambda: free_all(conn))
            finally:
                await conn.close()
    stats = {name: Summary.of(d) for name, d in durations.items()}
    return report(stats, plans_ok, agrees(first, results, data), scan_label="baseline: index scans off")
