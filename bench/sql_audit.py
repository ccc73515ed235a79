"""The SQL a bot runs while it handles moves, and whether any statement reads a whole table.

A move's cost must not grow with the number of tables in the database: every statement it runs
(the table's load, the commit, the clocks, the scheduler's check) has to find its rows through
an index. ``SqlTrace`` records the statements (aiosqlite's trace callback) while ``on``; then
``full_scans`` asks SQLite for each distinct statement's plan on the same file.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field

_STRING = re.compile(r"'(?:[^']|'')*'")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w.])", re.IGNORECASE)
_SPACE = re.compile(r"\s+")
_PLANNED = ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")
_SCAN = re.compile(r"^SCAN (\w+)")


def shape(sql: str) -> str:
    """A statement with its literals replaced by ``?``: the same query with other values."""
    return _SPACE.sub(" ", _NUMBER.sub("?", _STRING.sub("?", sql))).strip()


@dataclass
class SqlTrace:
    """Statements executed while ``on`` (the callback runs in aiosqlite's thread)."""

    on: bool = False
    statements: list[str] = field(default_factory=list)

    def __call__(self, sql: str) -> None:
        if self.on:
            self.statements.append(sql)

    def shapes(self) -> Counter[str]:
        return Counter(shape(sql) for sql in self.statements)


def full_scans(path: str, trace: SqlTrace) -> dict[str, list[str]]:
    """Statement shape -> the tables its plan reads in full (only statements that scan)."""
    examples: dict[str, str] = {}
    for sql in trace.statements:
        examples.setdefault(shape(sql), sql)
    conn = sqlite3.connect(path)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        found: dict[str, list[str]] = {}
        for key, sql in examples.items():
            if not sql.lstrip().upper().startswith(_PLANNED):
                continue
            plan = [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}")]
            scanned = [m.group(1) for line in plan if (m := _SCAN.match(line)) and m.group(1) in tables]
            if scanned:
                found[key] = scanned
        return found
    finally:
        conn.close()
