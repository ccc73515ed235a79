"""``python -m db.check <path>``: the full integrity check of a database file, which start-up skips.

Start-up checks a big file only where damage is likely and costly (:mod:`db.integrity`); this
reads every page and compares every index with its table (``PRAGMA integrity_check``), without
writing anything, and may run while the bot does (it reads through SQLite's write-ahead log).
Exit 0 when the file is sound, 1 when it is damaged (SQLite's findings are printed), 2 when it
cannot be checked at all (not a database, missing, unreadable).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import time

from db import integrity, preflight


def check(path: str) -> tuple[int, list[str]]:
    """The exit status and the lines to print for ``path``."""
    if not os.path.isfile(path):
        return 2, [f"{path}: no such database file"]
    size = os.path.getsize(path)
    start = time.perf_counter()
    try:
        conn = integrity.connect_read_only(path, journal=preflight.has_journal(path))
        try:
            verdict = integrity.full_verdict(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        fault = preflight.fault_of(path, exc)
        if fault is not None and fault.problem.startswith("is damaged"):
            return 1, [f"{path}: damaged (SQLite stopped at a broken page)", f"  {exc}"]
        return 2, [f"{path}: {fault.problem if fault is not None else f'cannot be checked: {exc}'}"]
    seconds = time.perf_counter() - start
    if verdict == ["ok"]:
        return 0, [f"{path}: ok (every page and index, {size / 1e6:.1f} MB in {seconds:.1f} s)"]
    return 1, [f"{path}: damaged ({len(verdict)} problems)", *(f"  {line}" for line in verdict)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db.check", description=__doc__.splitlines()[0])
    parser.add_argument("path", help="the database file (DATABASE_PATH)")
    args = parser.parse_args(argv)
    status, lines = check(args.path)
    print("\n".join(lines))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
