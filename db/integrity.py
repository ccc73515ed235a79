"""How much of the database start-up reads to find damage; the full check is a command.

``PRAGMA quick_check`` reads every page of the file: 567 ms at 10,000 finished games, some 6 s
at 100,000, all of it before the bot logs in. Start-up (:mod:`db.preflight`) checks a file of up
to :data:`FULL_AT_START` bytes that way still; a bigger file gets a bounded check, the same at
any size: SQLite parses the schema, then reads the newest :data:`RECENT_ROWS` rows of every
table (the right edge of each b-tree, where new rows land and where a crash or a full disk
would have left a torn page) and every lobby and running table (the rows the bot rewrites at
every move). A damaged page SQLite reads raises ``SQLITE_CORRUPT``.

Damage elsewhere, in the pages of old finished games, is found by the full check,
``python -m db.check <path>`` (:mod:`db.check`: ``PRAGMA integrity_check``, every page and
every index entry). If the bot reads such a page before that, the interaction that did says
"nothing was saved" (a storage fault), and nothing else is affected.
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from pathlib import Path

FULL_AT_START = 64 * 1024 * 1024
"""Files up to this size (about 3,000 finished games) get the full ``quick_check`` at start-up:
at most some 150 ms on this project's reference machine."""

RECENT_ROWS = 500
"""Newest rows read per table by the bounded check."""


def connect_read_only(path: str, *, journal: bool) -> sqlite3.Connection:
    """A connection that never writes: ``immutable=1`` (no lock, no ``-shm`` file created) when
    no journal is next to the file, else ``mode=ro`` so a journal left by a crash is honoured."""
    mode = "mode=ro" if journal else "immutable=1"
    return sqlite3.connect(f"file:{urllib.parse.quote(str(Path(path).absolute()))}?{mode}", uri=True)


def startup_verdict(conn: sqlite3.Connection, size: int) -> list[str]:
    """``["ok"]``, or SQLite's list of problems; raises ``sqlite3.DatabaseError`` for a damaged
    page the bounded check reads."""
    if size <= FULL_AT_START:
        return full_verdict(conn, quick=True)
    read_recent(conn)
    return ["ok"]


def read_recent(conn: sqlite3.Connection) -> None:
    """Read the newest rows of every table, every column (overflow pages too), and every open table."""
    tables = [
        name
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND sql NOT LIKE '%WITHOUT ROWID%'"
        )
    ]
    for name in tables:
        quoted = '"' + name.replace('"', '""') + '"'
        conn.execute(f"SELECT * FROM {quoted} ORDER BY rowid DESC LIMIT ?", (RECENT_ROWS,)).fetchall()
    if "game_tables" in tables:
        conn.execute("SELECT * FROM game_tables WHERE status IN ('lobby', 'active')").fetchall()


def full_verdict(conn: sqlite3.Connection, *, quick: bool = False) -> list[str]:
    """Every page (``quick``: ``quick_check``, without comparing index entries to their rows)."""
    pragma = "quick_check" if quick else "integrity_check"
    return [row[0] for row in conn.execute(f"PRAGMA {pragma}")]
