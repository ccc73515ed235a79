"""The transaction protocol every store operation is written against, once for every backend.

A store operation is ``async def op(tx: Tx, ...)``: the statements of one transaction, awaited
one after another, with ``?`` placeholders, SQL that SQLite and PostgreSQL both accept
(``INSERT … RETURNING``, ``ON CONFLICT … DO UPDATE``). The backend opens the transaction, runs
the coroutine to its end and commits, or rolls back if it raises:

* SQLite (:mod:`db.sqlite_backend`): every ``Tx`` call completes synchronously on a plain
  ``sqlite3`` connection, so the whole coroutine is driven to completion inside the database
  thread (:func:`drive`): one operation is one hand-off to that thread, however many statements
  it runs;
* PostgreSQL (:mod:`db.pg_backend`, asyncpg): the same coroutine awaits a real connection from
  a pool, placeholders translated from ``?`` to ``$n`` (:mod:`db.pg_dialect`).

An operation therefore awaits nothing but its ``Tx``: no sleeps, no Discord, no other store call.
:func:`drive` refuses one that does.
"""

from __future__ import annotations

from collections.abc import Coroutine, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Row(Protocol):
    """A result row: columns by name (``row["id"]``) or position; ``sqlite3.Row`` and asyncpg's
    ``Record`` both are one."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def keys(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a write statement reports once it has run."""

    rowcount: int
    lastrowid: int | None


class Tx(Protocol):
    """One open transaction; everything an operation does goes through it."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Outcome:
        """Run one statement to completion (its rows, if any, are dropped)."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement per parameter row."""
        ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or ``None``."""
        ...


class Suspended(RuntimeError):
    """A store operation awaited something that is not its transaction (a bug in the operation)."""


def drive(coro: Coroutine[Any, Any, T]) -> T:
    """Run an operation whose every await completes at once (SQLite's ``Tx``) to its result,
    here and now; raise :class:`Suspended` if it ever truly suspends."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coro.close()
    raise Suspended(f"{coro.__qualname__} awaited something other than its transaction")
