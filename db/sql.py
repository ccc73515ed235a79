"""Statement helpers that always close their cursor.

A cursor left open keeps its statement "in progress" until it is garbage collected, and
SQLite then refuses to COMMIT ("SQL statements in progress"). Relying on CPython freeing
the cursor at once is fragile (a traceback or debug hook can keep it alive), so every
statement of the store goes through these helpers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import aiosqlite


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a write statement reports once its cursor is closed."""

    rowcount: int
    lastrowid: int | None


async def run(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Outcome:
    """Execute one statement to completion and close its cursor."""
    async with conn.execute(sql, tuple(params)) as cur:
        return Outcome(cur.rowcount, cur.lastrowid)


async def run_many(conn: aiosqlite.Connection, sql: str, rows: Iterable[Iterable[Any]]) -> None:
    """Execute one statement per parameter row and close the cursor."""
    async with conn.executemany(sql, [tuple(r) for r in rows]):
        pass
