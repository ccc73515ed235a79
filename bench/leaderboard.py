"""``python -m bench.leaderboard``: a leaderboard page over 100 000 stored results, against baselines.

The issue's target: a page of ``/leaderboard`` over 100 000 stored results in <= 50 ms. The bot
answers from the standings kept with each result (``ratings``, ``solo_records``, ``guild_players``),
so a page is an index range read. Measured here, through the store as the bot calls it: a global
page, a deep global page, a server page and a solo page, each with the caller's place; and the whole
answer (page + picture). Baselines in the same run on the same file: the same page SQL with the
standings' indexes switched off (``NOT INDEXED``), and the standings computed from the raw results
for every request (what the bot would do without them: replay every game's rating in order).
The rebuild of all standings (``python -m bot.ratings rebuild``) is timed too. Exit 0 when the
target is met and the variants agree, 1 otherwise.
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
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bench.stats import Summary, row, verdict
from bot.boards import Board, picture_of
from bot.i18n import Tr
from db import Store, boards
from db.boards import BoardKey, BoardPage
from db.models import NewResult
from db.standings import Counted, count_table
from render.leaderboard import render_leaderboard

TARGET_MS = 50.0
START = 1_700_000_000.0
GAME = "runarch"
VARIANTS = ("simple", "complex")
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Sizes:
    results: int = 100_000
    players: int = 5_000
    guilds: int = 50
    repeats: int = 100
    baseline_repeats: int = 10
    naive_repeats: int = 3


QUICK = Sizes(results=4_000, players=300, guilds=5, repeats=10, baseline_repeats=3, naive_repeats=1)


@dataclass(frozen=True)
class Dataset:
    tables: int
    results: int
    caller: int
    guild: int


def populate(path: Path, sizes: Sizes, seed: int) -> Dataset:
    """Finished tables as the bot stores them (tables, seats, results, membership, names); the
    standings are then rebuilt by the store. One table in ten is a solo game against the automa."""
    rnd = random.Random(seed)
    members: dict[int, list[int]] = {g: [] for g in range(1, sizes.guilds + 1)}
    for user in range(1, sizes.players + 1):
        for guild in rnd.sample(sorted(members), k=rnd.choice((1, 1, 2, 3))):
            members[guild].append(user)
    tables, seats, results = [], [], []
    table_id = 0
    while len(results) < sizes.results:
        table_id += 1
        finished = START + table_id * 60.0
        variant = rnd.choice(VARIANTS)
        if table_id % 10 == 0:
            user = rnd.randint(1, sizes.players)
            level = rnd.choice(LEVELS)
            tables.append(
                (table_id, None, f'{{"variant":"{variant}","difficulty":"{level}"}}', user, 1, finished)
            )
            seats.append((table_id, 0, user, f"player {user}"))
            won = rnd.random() < 0.5
            results += [
                (table_id, 0, user, None, 1 if won else 2, rnd.randint(20, 110), finished, variant, level),
                (table_id, 1, None, None, 2 if won else 1, rnd.randint(20, 110), finished, variant, level),
            ]
            continue
        guild = rnd.randint(1, sizes.guilds)
        pair = rnd.sample(members[guild], 2) if len(members[guild]) >= 2 else rnd.sample(range(1, 9), 2)
        tables.append((table_id, guild, f'{{"variant":"{variant}"}}', pair[0], 2, finished))
        first = rnd.randint(0, 1)
        for seat, user in enumerate(pair):
            seats.append((table_id, seat, user, f"player {user}"))
            place = 1 if seat == first else 2
            results.append(
                (table_id, seat, user, guild, place, rnd.randint(30, 100), finished, variant, None)
            )
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, "
            "seed, max_seats, state, version, created_at, updated_at) "
            f"VALUES (?, '{GAME}', ?, 10000000 + ?, ?, 'finished', ?, 'en', 1, ?, '{{}}', 1, ?, ?)",
            [(t, g, t, host, opts, n, f, f) for t, g, opts, host, n, f in tables],
        )
        conn.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, 0)", seats
        )
        conn.executemany(
            "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at, "
            f"variant, level) VALUES (?, ?, ?, '{GAME}', ?, ?, ?, ?, ?, ?)",
            results,
        )
        conn.execute(
            "INSERT OR IGNORE INTO guild_players (guild_id, user_id, since) SELECT guild_id, user_id, "
            "MIN(finished_at) FROM results WHERE guild_id IS NOT NULL GROUP BY guild_id, user_id"
        )
        conn.executemany(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, 0)",
            [(u, f"player {u}") for u in range(1, sizes.players + 1)],
        )
        # A few players hide from the global boards, as some will.
        conn.execute("UPDATE players SET global_board = 0 WHERE user_id % 37 = 0")
    busiest = max(members, key=lambda g: len(members[g]))
    return Dataset(table_id, len(results), caller=members[busiest][0], guild=busiest)


# ------------------------------------------------------------------------- variants


@contextmanager
def indexes_off() -> Iterator[None]:
    """The store's own board queries with the standings' indexes switched off (``NOT INDEXED``):
    the same SQL and the same work (count, page, the caller's place), as full scans and sorts."""
    original = boards._source

    def scanning(key: BoardKey) -> Any:
        src = original(key)
        frm = src.frm.replace("ratings r", "ratings r NOT INDEXED")
        return replace(src, frm=frm.replace("solo_records r", "solo_records r NOT INDEXED"))

    boards._source = scanning
    try:
        yield
    finally:
        boards._source = original


def naive_standings(path: Path, key: BoardKey) -> list[int]:
    """Without stored standings: read every result, replay every rating in order, sort, slice."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT table_id, seat, user_id, place, score, variant, level, guild_id FROM results "
            "ORDER BY finished_at, table_id, seat"
        ).fetchall()
        hidden = {u for (u,) in conn.execute("SELECT user_id FROM players WHERE global_board = 0")}
        members = (
            {
                u
                for (u,) in conn.execute(
                    "SELECT user_id FROM guild_players WHERE guild_id = ?", (key.guild_id,)
                )
            }
            if key.guild_id is not None
            else None
        )
    final = Counted()
    batch: list[NewResult] = []
    for i, r in enumerate(rows):
        batch.append(NewResult(r[1], r[2], r[3], r[4], r[5], r[6]))
        if i + 1 < len(rows) and rows[i + 1][0] == r[0]:
            continue
        count_table(r[0], GAME, batch, final.ratings, final.solo)
        batch = []
    ranked = [
        (-t.skill.shown, user)
        for (game, variant, user), t in final.ratings.items()
        if variant == key.variant and (user in members if members is not None else user not in hidden)
    ]
    return [user for _, user in sorted(ranked)[:10]]


async def timed(work: Callable[[], Awaitable[object]], repeats: int) -> Summary:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        await work()
        times.append(time.perf_counter() - start)
    return Summary.of(times)


def ids(page: BoardPage) -> list[int]:
    return [e.user_id for e in page.entries]


async def run(sizes: Sizes, seed: int, folder: Path) -> int:
    path = folder / "bench.sqlite3"
    async with Store(str(path)):
        pass
    started = time.perf_counter()
    data = populate(path, sizes, seed)
    filled = time.perf_counter() - started
    print(f"stored {data.tables} finished tables, {data.results} results ({filled:.1f} s to write)")
    async with Store(str(path)) as store:
        started = time.perf_counter()
        counted = await store.rebuild_standings()
        rebuilt = time.perf_counter() - started
        print(
            f"rebuild of all standings (python -m bot.ratings rebuild): {counted} tables in {rebuilt:.2f} s"
        )
        keys = {
            "global page 1": (BoardKey(GAME), 0),
            "global page 100": (BoardKey(GAME, "simple"), 99),
            "server page 1": (BoardKey(GAME, guild_id=data.guild), 0),
            "solo page 1": (BoardKey(GAME, "simple", level="hard"), 0),
        }
        stats: dict[str, Summary] = {}
        for label, (key, page) in keys.items():
            stats[label] = await timed(
                lambda k=key, p=page: store.board(k, p, caller_id=data.caller), sizes.repeats
            )
        tr = Tr("cs")
        board = Board(GAME)

        async def answer() -> bytes:
            page = await store.board(board.key(data.guild), 0, caller_id=data.caller)
            picture = picture_of(
                page, tr, title="RunArch", caller_id=data.caller, name_of=lambda e: e.name or "?"
            )
            return render_leaderboard(picture, tr)

        await answer()  # the first picture of a process builds the font caches (about 70 ms, once)
        stats["server page + picture"] = await timed(answer, sizes.repeats)
        indexed = {label: await store.board(k, p, caller_id=data.caller) for label, (k, p) in keys.items()}
        agree = True
        with indexes_off():
            for label, (key, page) in keys.items():
                stats[f"baseline: {label} NOT INDEXED"] = await timed(
                    lambda k=key, p=page: store.board(k, p, caller_id=data.caller), sizes.baseline_repeats
                )
                agree &= await store.board(key, page, caller_id=data.caller) == indexed[label]
        naive_key = BoardKey(GAME, guild_id=data.guild)
        stats["baseline: replay all results per request"] = Summary.of(
            [_seconds(lambda: naive_standings(path, naive_key)) for _ in range(sizes.naive_repeats)]
        )
        agree &= naive_standings(path, naive_key) == ids(await store.board(naive_key, 0))
    return report(stats, agree)


def _seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def report(stats: dict[str, Summary], agree: bool) -> int:
    print()
    ok = True
    for label, s in stats.items():
        extra = ""
        if label.startswith("baseline: ") and label.endswith(" NOT INDEXED"):
            base = stats[label.removeprefix("baseline: ").removesuffix(" NOT INDEXED")]
            extra = f"  {s.p50 / base.p50:.1f}x indexed"
        elif label.startswith("baseline: replay"):
            extra = f"  {s.p50 / stats['server page 1'].p50:.0f}x the stored page"
        elif not label.startswith("baseline"):
            passed = s.p99 <= TARGET_MS
            ok &= passed
            extra = f"  target p99 <= {TARGET_MS:.0f} ms: {verdict(passed)}"
        print(row(label, s) + extra)
    print(f"\nall variants give the same page: {'PASS' if agree else 'FAIL'}")
    return 0 if ok and agree else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.leaderboard", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4000 results: checks it works")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    print(f"python {platform.python_version()}, sqlite {sqlite3.sqlite_version}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(run(sizes, args.seed, Path(folder)))


if __name__ == "__main__":
    raise SystemExit(main())
