"""Statement helpers on an aiosqlite connection that always close their cursor (for tools).

A cursor left open keeps its statement "in progress" until it is garbage collected, and
SQLite then refuses to COMMIT ("SQL statements in progress"). Relying on CPython freeing
the cursor at once is fragile (a traceback or debug hook can keep it alive). The store's own
operations do not come here: they run in the database thread through
:class:`db.sqlite_backend.SqliteTx`, which closes its cursors the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import aiosqlite

from db.tx import Outcome

__all__ = ["Outcome", "run", "run_many"]


async def run(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Outcome:
    """Execute one statement to completion and close its cursor."""
    async with conn.execute(sql, tuple(params)) as cur:
        return Outcome(cur.rowcount, cur.lastrowid)


async def run_many(conn: aiosqlite.Connection, sql: str, rows: Iterable[Iterable[Any]]) -> None:
    """Execute one statement per parameter row and close the cursor."""
    async with conn.executemany(sql, [tuple(r) for r in rows]):
        pass
