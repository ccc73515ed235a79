"""``python -m bench.startup_check``: the start-up integrity check against the full one, at 100,000 games.

Builds a database of finished games shaped like the bot's (a state of a few KB, two seats, 80
moves and their interaction ids, two results per game) straight through ``sqlite3`` on the
store's schema, then times what start-up runs (:func:`db.preflight.check`: the bounded check of
:mod:`db.integrity` once the file is over 64 MB), what it ran before (``PRAGMA quick_check`` of
every page) and the full check (``python -m db.check``).
Target (issue 28): start-up check under 1 s at 100,000 games. Exit 0 when met, 1 when not.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sqlite3
import tempfile
import time
from pathlib import Path

from db import Store, check, integrity, preflight

TARGET_SECONDS = 1.0
MOVES_PER_GAME = 80


async def _schema(path: Path) -> None:
    async with Store(str(path)):
        pass


def build(path: Path, games: int) -> None:
    asyncio.run(_schema(path))
    state = json.dumps(
        {"board": [[(r * c) % 23 for c in range(20)] for r in range(20)], "log": ["x" * 60] * 60}
    )
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA synchronous = OFF")
        for first in range(1, games + 1, 1000):
            ids = range(first, min(first + 1000, games + 1))
            with conn:
                conn.executemany(
                    "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, "
                    "locale, seed, max_seats, state, version, created_at, updated_at) "
                    "VALUES (?, 'runarch', 1, ?, 1, 'finished', '{}', 'en', ?, 2, ?, 81, ?, ?)",
                    [(g, 10_000_000 + g, g, state, g, g) for g in ids],
                )
                conn.executemany(
                    "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                    [(g, s, 100 + (g * 7 + s) % 5000, f"player {s}", g) for g in ids for s in range(2)],
                )
                conn.executemany(
                    "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at) "
                    "VALUES (?, ?, ?, NULL, ?, ?, ?)",
                    [
                        (g, p, p % 2, f"swap r{p % 5} c{p % 7}", g * 1000 + p, g)
                        for g in ids
                        for p in range(MOVES_PER_GAME)
                    ],
                )
                conn.executemany(
                    "INSERT INTO interactions (interaction_id, table_id, kind, created_at) "
                    "VALUES (?, ?, 'move', ?)",
                    [(g * 1000 + p, g, g) for g in ids for p in range(MOVES_PER_GAME)],
                )
                conn.executemany(
                    "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, "
                    "finished_at) VALUES (?, ?, ?, 'runarch', 1, ?, ?, ?)",
                    [(g, s, 100 + (g * 7 + s) % 5000, s + 1, 50 - s, g) for g in ids for s in range(2)],
                )
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def _quick_check_whole(path: str) -> None:
    conn = integrity.connect_read_only(path, journal=False)
    try:
        assert integrity.full_verdict(conn, quick=True) == ["ok"]
    finally:
        conn.close()


def timed(fn: object, *args: object) -> float:
    start = time.perf_counter()
    fn(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.startup_check", description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument(
        "--quick", action="store_true", help="6,000 games (just over the size read whole): a smoke test"
    )
    args = parser.parse_args(argv)
    games = 6_000 if args.quick else args.games
    print(f"start-up check benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"SQLite {sqlite3.sqlite_version}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.sqlite3"
        built = timed(build, path, games)
        size = path.stat().st_size
        per_game = size / games / 1000
        print(f"{games} finished games: {size / 1e6:.0f} MB ({per_game:.1f} KB/game), built in {built:.0f} s")
        startup = min(timed(preflight.check, str(path)) for _ in range(3))
        status, lines = check.check(str(path))
        full = timed(check.check, str(path))
        whole = timed(_quick_check_whole, str(path))
    ok = startup < TARGET_SECONDS and status == 0
    target = f"target < {TARGET_SECONDS * 1000:.0f} ms  {'PASS' if ok else 'FAIL'}"
    print(f"start-up check (db.preflight.check): {startup * 1000:.0f} ms  {target}")
    print(f"baseline: quick_check of all pages (before): {whole * 1000:.0f} ms ({whole / startup:.0f}x)")
    print(f"full check (python -m db.check): {full * 1000:.0f} ms ({full / startup:.0f}x)  {lines[0]}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
