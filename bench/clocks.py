"""``python -m bench.clocks``: the scheduler's periodic claim over many stored tables, against baselines.

It times what the bot's scheduler does each time something may be due, its actions aside:
claim every due reminder and deadline in batches (``Store.claim_due_clocks(now, now + 5 min,
limit=100)`` until none is left: per kind one ``UPDATE … RETURNING`` that finds the due, unheld
items by their partial index and sets their leases, so the claim's writes and its commit are in
the figure), then ``Store.next_due()``. The leases are cleared between repetitions, outside the
timing, so every repetition claims the same items. The issue's target is <= 50 ms over 10 000
stored tables. Baselines measured in the same run on the same file, each a claim with its writes
in one transaction: the same statements with ``seats NOT INDEXED`` (a full scan), and a naive
claim that loads the seats of every active table, picks the due ones in Python and updates them
one by one. A reference line times finding the due items without claiming them
(``Store.due_clocks`` then ``next_due``, the check before claims), so the claim's own cost shows.
The query plans are printed and checked to use the partial indexes, and the three claims must
take the same items and find the same next instant. Exit 0 when the target is met, the plans use
the indexes and the claims agree; 1 otherwise (unlike ``bench.runarch``, the exit code is the
verdict). ``--postgres`` runs the same on PostgreSQL (:mod:`bench.clocks_pg`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bench.stats import Summary, row, verdict
from bot.scheduler import BATCH, CLAIM_SECONDS
from db import Store
from db.clocks import KINDS, claim_sql, next_sql

NOW = 1_750_000_000.0
"""The fixed "now" of the store's fake clock: the data are laid out around it."""
HOUR = 3600.0
REMIND_AFTER = 12 * HOUR
TIME_LIMIT = 72 * HOUR
LIMIT = BATCH
"""Items of each kind the scheduler claims per batch."""
UNTIL = NOW + CLAIM_SECONDS
"""The end of the leases the claims take, as the scheduler sets it."""
TARGET_MS = 50.0
CLAIM_INDEXES = {"deadline": "seats_deadline", "remind": "seats_remind_at"}
NEXT_INDEXES = ("seats_deadline", "seats_remind_at", "seats_deadline_claimed", "seats_remind_claimed")
USERS = 2_000
"""Distinct players behind the tables: one user sits at many tables, as on a real server."""
MOVES_PER_TABLE = 10

DueKey = tuple[int, int, int, str, float]
"""(table_id, seat, user_id, kind, due): how the items the variants claim are compared."""
Check = tuple[list[DueKey], float | None]
"""The items claimed, and the next instant one may be taken (after the claim: its leases' end)."""


@dataclass(frozen=True)
class Sizes:
    """How much work the run does; ``--quick`` shrinks it for the smoke test."""

    tables: int = 10_000
    repeats: int = 200
    warmup: int = 10


QUICK = Sizes(tables=1_000, repeats=30, warmup=3)


@dataclass(frozen=True)
class Dataset:
    """What was stored, so the run can check every variant finds exactly the due clocks."""

    tables: int
    active: int
    seats: int
    running: int
    due: int
    moves: int
    seconds: float

    @classmethod
    def of(
        cls,
        tables: Sequence[Sequence[Any]],
        seats: Sequence[Sequence[Any]],
        due: int,
        moves: int,
        start: float,
    ) -> Dataset:
        """What ``_rows`` made and was stored since ``start`` (``time.perf_counter``)."""
        return cls(
            tables=len(tables),
            active=sum(t[6] == "active" for t in tables),
            seats=len(seats),
            running=sum(s[5] is not None for s in seats),
            due=due,
            moves=moves,
            seconds=time.perf_counter() - start,
        )


# --------------------------------------------------------------------------- data
def _pair(rnd: random.Random) -> tuple[int, int]:
    """Two distinct users from the pool (a table cannot seat one user twice)."""
    first = rnd.randrange(USERS)
    second = (first + 1 + rnd.randrange(USERS - 1)) % USERS
    return 1_000 + first, 1_000 + second


def _running_clock(rnd: random.Random, due: str | None) -> tuple[float, float, float | None, float]:
    """(awaited_since, clock_start, remind_at, deadline) of an awaited seat.

    Half the clocks still wait for their reminder (started in the last 12 h), half were reminded
    already (remind_at cleared, started 12-71 h ago); none is due unless ``due`` says which
    instant should have just passed. One in ten was moved by a vacation, so awaited_since is
    older than clock_start and the awaited times spread over about four days.
    """
    if due == "deadline":
        start = NOW - TIME_LIMIT - rnd.uniform(0, HOUR)
    elif due == "remind":
        start = NOW - REMIND_AFTER - rnd.uniform(0, HOUR)
    elif rnd.random() < 0.5:
        start = NOW - rnd.uniform(60, REMIND_AFTER - 60)
    else:
        start = NOW - rnd.uniform(REMIND_AFTER + 60, TIME_LIMIT - HOUR)
    reminded = due == "deadline" or (due is None and start + REMIND_AFTER <= NOW)
    since = start - rnd.uniform(0, 24 * HOUR) if rnd.random() < 0.1 else start
    return since, start, None if reminded else start + REMIND_AFTER, start + TIME_LIMIT


def _rows(
    n: int, seed: int
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]], int]:
    """Rows for game_tables, seats and moves: ~90 % active, 8 % finished, 2 % lobby; ~1 % due."""
    rnd = random.Random(seed)
    statuses = ["lobby" if i % 50 == 7 else "finished" if i % 25 in (3, 11) else "active" for i in range(n)]
    active = [i for i, s in enumerate(statuses) if s == "active"]
    due_ids = rnd.sample(active, max(1, round(len(active) / 100)) if active else 0)
    due_kind = {i: ("deadline", "remind")[k % 2] for k, i in enumerate(due_ids)}
    tables, seats, moves = [], [], []
    for i, status in enumerate(statuses):
        table_id, created = i + 1, NOW - rnd.uniform(4 * 24 * HOUR, 30 * 24 * HOUR)
        users = _pair(rnd)
        played = MOVES_PER_TABLE if status != "lobby" else 0
        tables.append(
            (table_id, "runarch", 1, 100_000 + i, 50, users[0], status, "{}", "en", i, 2,
             None if status == "lobby" else "{}", 0 if status == "lobby" else 1 + played,
             created, NOW - rnd.uniform(0, 96 * HOUR), REMIND_AFTER, TIME_LIMIT)
        )  # fmt: skip
        awaited = i % 2 if status == "active" else None
        for seat, user in enumerate(users):
            clock = _running_clock(rnd, due_kind.get(i)) if seat == awaited else (None,) * 4
            seats.append((table_id, seat, user, f"player{user}", created, *clock))
        moves += [(table_id, p, p % 2, users[p % 2], "end", created + p * 60) for p in range(played)]
    return tables, seats, moves, len(due_ids)


def populate(path: Path, n: int, seed: int) -> Dataset:
    """Fill the migrated file with plain sqlite3 in one transaction: seconds, not minutes, for 10 000."""
    start = time.perf_counter()
    tables, seats, moves, due = _rows(n, seed)
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.executemany(
                "INSERT INTO game_tables (id, game, guild_id, channel_id, parent_id, host_id, status, "
                "options, locale, seed, max_seats, state, version, created_at, updated_at, remind_after, "
                "time_limit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                tables,
            )
            conn.executemany(
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at, awaited_since, clock_start, "
                "remind_at, deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                seats,
            )
            conn.executemany(
                "INSERT INTO moves (table_id, ply, seat, user_id, notation, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                moves,
            )
    finally:
        conn.close()
    return Dataset.of(tables, seats, due, len(moves), start)


# --------------------------------------------------------------------------- the claims
def not_indexed(sql: str) -> str:
    """The same statement forced to scan ``seats``: fails loudly if the SQL no longer reads as expected."""
    if "FROM seats s WHERE" not in sql:
        raise RuntimeError(f"expected 'FROM seats s WHERE' in {sql!r}; update the baseline")
    return sql.replace("FROM seats s WHERE", "FROM seats s NOT INDEXED WHERE")


NAIVE_SQL = (
    "SELECT s.table_id, s.seat, s.user_id, s.remind_at, s.deadline, s.remind_claimed_until, "
    "s.deadline_claimed_until FROM game_tables t JOIN seats s ON s.table_id = t.id WHERE t.status = 'active'"
)
"""What a claim without indexed instants would do: read every active table's seats."""


async def indexed_claim(store: Store) -> Check:
    """The claim exactly as the scheduler runs it, through the store: batches until none is left."""
    taken: list[DueKey] = []
    while batch := await store.claim_due_clocks(NOW, UNTIL, limit=LIMIT):
        taken += [(d.table_id, d.seat, d.user_id, d.kind, d.due) for d in batch]
    return taken, await store.next_due()


async def scan_claim(conn: aiosqlite.Connection) -> Check:
    """Baseline 1: the same statements with the indexes forbidden, one transaction per batch."""
    taken: list[DueKey] = []
    while True:
        await conn.execute("BEGIN IMMEDIATE")
        batch: list[DueKey] = []
        for kind in KINDS:
            sql, _ = claim_sql(kind, None)
            rows = await conn.execute_fetchall(not_indexed(sql), (UNTIL, NOW, NOW, LIMIT))
            batch += [(r["table_id"], r["seat"], r["user_id"], kind, r["due"]) for r in rows]
        await conn.execute("COMMIT")
        if not batch:
            break
        taken += batch
    sql, params = next_sql(None)
    (nxt,) = await conn.execute_fetchall(not_indexed(sql), params)
    return taken, nxt["due"]


Updates = dict[str, list[tuple[float, int, int]]]
"""Per kind, the ``(lease end, table, seat)`` of the items a naive claim takes."""


def naive_pick(rows: Iterable[Mapping[str, Any]]) -> tuple[list[DueKey], Updates, float | None]:
    """The naive claims' decision, in Python: of every active seat, the items due and free (taken),
    the leases to write, and the next instant an item may be taken."""
    taken: list[DueKey] = []
    instants: list[float] = []
    updates: Updates = {kind: [] for kind in KINDS}
    for r in rows:
        for kind, (column, lease) in KINDS.items():
            at, held = r[column], r[lease]
            if at is None:
                continue
            if at <= NOW and (held is None or held <= NOW):
                taken.append((r["table_id"], r["seat"], r["user_id"], kind, at))
                updates[kind].append((UNTIL, r["table_id"], r["seat"]))
                held = UNTIL
            instants.append(at if held is None else max(at, held))
    return taken, updates, min(instants, default=None)


async def naive_claim(conn: aiosqlite.Connection) -> Check:
    """Baseline 2: load every active seat, decide in Python what is due and free, update each one
    (its lease), and find the next instant an item may be taken; one transaction."""
    await conn.execute("BEGIN IMMEDIATE")
    taken, updates, nxt = naive_pick(await conn.execute_fetchall(NAIVE_SQL))
    for kind, (_, lease) in KINDS.items():
        await conn.executemany(f"UPDATE seats SET {lease} = ? WHERE table_id = ? AND seat = ?", updates[kind])
    await conn.execute("COMMIT")
    return taken, nxt


async def read_only(store: Store) -> Check:
    """Reference: finding the due items without claiming them (the check before claims)."""
    due = await store.due_clocks(NOW, limit=2 * LIMIT)
    return [(d.table_id, d.seat, d.user_id, d.kind, d.due) for d in due], await store.next_due()


async def free_all(conn: aiosqlite.Connection) -> None:
    """Clear every lease (untimed, between repetitions), so the next claim takes the same items."""
    for _, lease in KINDS.values():
        await conn.execute(f"UPDATE seats SET {lease} = NULL WHERE {lease} IS NOT NULL")


async def timed(check: Callable[[], Awaitable[Check]]) -> tuple[float, Check]:
    """Seconds one check takes, with its result (kept so the variants can be compared)."""
    start = time.perf_counter()
    result = await check()
    return time.perf_counter() - start, result


async def measure(
    checks: dict[str, Callable[[], Awaitable[Check]]], sizes: Sizes, free: Callable[[], Awaitable[None]]
) -> tuple[dict[str, list[float]], dict[str, Check]]:
    """Run the variants round-robin so drift (cache, CPU frequency, neighbours) hits them alike;
    every lease is cleared (``free``) after each run, outside the timing."""
    results: dict[str, Check] = {}
    for name, check in checks.items():
        for _ in range(sizes.warmup):
            results[name] = await check()
            await free()
    durations: dict[str, list[float]] = {name: [] for name in checks}
    for _ in range(sizes.repeats):
        for name, check in checks.items():
            seconds, _ = await timed(check)
            durations[name].append(seconds)
            await free()
    return durations, results


# --------------------------------------------------------------------------- plans
async def plan(conn: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> list[str]:
    """The ``EXPLAIN QUERY PLAN`` details of one statement, in SQLite's order."""
    rows = await conn.execute_fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
    return [r["detail"] for r in rows]


async def check_plans(conn: aiosqlite.Connection) -> bool:
    """Print the plans; True when each claim uses its instant's partial index, the next-instant
    query all four (instants and leases), and the NOT INDEXED baselines none of them."""
    statements = []
    for kind in KINDS:
        sql, _ = claim_sql(kind, None)
        statements.append((f"CLAIM {kind}", sql, (UNTIL, NOW, NOW, LIMIT), (CLAIM_INDEXES[kind],)))
    sql, params = next_sql(None)
    statements.append(("NEXT", sql, params, NEXT_INDEXES))
    ok = True
    for name, sql, params, indexes in statements:
        details = await plan(conn, sql, params)
        missing = [ix for ix in indexes if not any(f"INDEX {ix} " in d for d in details)]
        ok = ok and not missing
        note = f"missing {', '.join(missing)}  FAIL" if missing else f"uses {', '.join(indexes)}  PASS"
        print(f"plan {name}: {note}")
        for d in details:
            print(f"    {d}")
        scanned = await plan(conn, not_indexed(sql), params)
        if any(f"INDEX {ix} " in d for ix in NEXT_INDEXES for d in scanned):
            print(f"plan {name} NOT INDEXED still uses a partial index  FAIL")
            ok = False
        print(f"  baseline NOT INDEXED: {' | '.join(scanned)}")
    return ok


# --------------------------------------------------------------------------- report
LABELS = {
    "indexed": "periodic claim (indexed)",
    "scan": "baseline: seats NOT INDEXED",
    "naive": "baseline: naive Python claim",
    "read": "reference: find only, no claim",
}
"""Report names; the test greps them, so keep them stable."""


def same(expected: Check, got: Check) -> bool:
    """Both claims took the same items (order of equal instants aside) and see the same next one."""
    return sorted(expected[0]) == sorted(got[0]) and expected[1] == got[1]


def summary_table(stats: dict[str, Summary], labels: dict[str, str]) -> list[str]:
    """The compact table: p50, p99 and how many times the indexed claim each variant takes."""
    base = stats["indexed"].p50
    lines = [f"{'check':<34} {'p50 ms':>9} {'p99 ms':>9} {'x indexed':>10}"]
    for name, s in stats.items():
        lines.append(f"{labels[name]:<34} {s.p50:9.3f} {s.p99:9.3f} {s.p50 / base:10.2f}")
    return lines


def megabytes(folder: Path) -> float:
    """Size of the database with its WAL: shows the data set is realistic, not a toy."""
    return sum(p.stat().st_size for p in folder.iterdir()) / 2**20


async def run(sizes: Sizes, seed: int, folder: Path) -> int:
    """Create, fill and measure one store file; return the exit code."""
    path = folder / "clocks.sqlite3"
    async with Store(path, clock=lambda: NOW):
        pass  # the real migrated schema, then closed before the bulk load
    data = populate(path, sizes.tables, seed)
    size_mb = megabytes(folder)
    print(
        f"stored: {data.tables} tables ({data.active} active), {data.seats} seats, {data.running} running "
        f"clocks, {data.due} due now, {data.moves} moves; {size_mb:.1f} MB, filled in {data.seconds:.2f} s"
    )
    async with (
        Store(path, clock=lambda: NOW) as store,
        aiosqlite.connect(path, isolation_level=None) as conn,
    ):
        conn.row_factory = sqlite3.Row
        seconds, first = await timed(lambda: indexed_claim(store))
        print(f"{'first claim after open (cold)':<34} {seconds * 1000:.3f} ms")
        await free_all(conn)
        plans_ok = await check_plans(conn)
        durations, results = await measure(
            {"indexed": lambda: indexed_claim(store), "scan": lambda: scan_claim(conn),
             "naive": lambda: naive_claim(conn), "read": lambda: read_only(store)},
            sizes, lambda: free_all(conn),
        )  # fmt: skip
    stats = {name: Summary.of(d) for name, d in durations.items()}
    return report(stats, plans_ok, agrees(first, results, data))


def agrees(first: Check, results: dict[str, Check], data: Dataset) -> bool:
    """The first claim took every due item, each claim took the same ones and saw the same next
    instant, and finding alone found them too."""
    found = results.pop("read")
    return (
        len(first[0]) == data.due
        and all(same(first, r) for r in results.values())
        and sorted(found[0]) == sorted(first[0])
    )


def report(stats: dict[str, Summary], plans_ok: bool, agree: bool, *, scan_label: str | None = None) -> int:
    """Print the figure lines and the summary; the exit code is 0 only if everything passed.
    ``scan_label``: another name for the scanning baseline (PostgreSQL has no ``NOT INDEXED``)."""
    labels = {**LABELS, "scan": scan_label or LABELS["scan"]}
    indexed = stats["indexed"]
    ok = indexed.p99 <= TARGET_MS
    print(row(labels["indexed"], indexed, f"target p99 <= {TARGET_MS:g} ms  {verdict(ok)}"))
    for name in ("scan", "naive"):
        s = stats[name]
        print(row(labels[name], s, f"{s.p50 / indexed.p50:.1f}x indexed (p50 ratio baseline/indexed)"))
    read = stats["read"]
    print(row(labels["read"], read, f"the claim costs {indexed.p50 / read.p50:.1f}x finding alone (p50)"))
    print(f"all three claims take the same items and see the same next instant: {verdict(agree)}")
    print()
    print("\n".join(summary_table(stats, labels)))
    passed = ok and plans_ok and agree
    print(f"verdict: {verdict(passed)} (target, index plans, agreement)")
    return 0 if passed else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.clocks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1000 tables, 30 repetitions: checks it works")
    parser.add_argument("--tables", type=int, help="stored tables (default 10000; --quick 1000)")
    parser.add_argument("--repeats", type=int, help="timed claims per variant (default 200; --quick 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="on PostgreSQL: TEST_DATABASE_URL's server (a database of its own, dropped after), else a "
        "throwaway one (pgserver)",
    )
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    if args.tables:
        sizes = Sizes(**{**sizes.__dict__, "tables": args.tables})
    if args.repeats:
        sizes = Sizes(**{**sizes.__dict__, "repeats": args.repeats})
    if args.postgres:
        from bench.clocks_pg import run_postgres

        return asyncio.run(run_postgres(sizes, args.seed))
    print(
        f"Clock claim benchmark — Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
        f"{os.cpu_count()} CPUs, {sizes.tables} tables, {sizes.repeats} repetitions, seed {args.seed}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(run(sizes, args.seed, Path(tmp)))


if __name__ == "__main__":
    raise SystemExit(main())
