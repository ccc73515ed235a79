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

from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

ROW_LOCKED = "row_locked"
"""The attribute :func:`row_locked` sets on an operation: when it may run at READ COMMITTED."""


def _always(kwargs: Mapping[str, Any]) -> bool:
    return True


def row_locked(when: Callable[[Mapping[str, Any]], bool] = _always) -> Callable[[F], F]:
    """Marks a write whose every decision rests on rows it locks before reading them (on
    PostgreSQL: the table's row ``FOR UPDATE`` first, then the seats it reads, each with
    :data:`db.pg_dialect.LOCK_HINT`), or which is a single statement: two of them on one table
    take turns on the lock, each seeing the other's commit, as SQLite's one writer at a time
    does. PostgreSQL may then run it at READ COMMITTED (:func:`db.pg_backend.isolation`), where a
    concurrent move on the same table waits for the lock instead of failing as SERIALIZABLE and
    starting over. ``when(kwargs)``: whether that holds for this call (a move that ends the game
    also updates players' ratings, rows no table lock covers, so it stays SERIALIZABLE)."""

    def mark(op: F) -> F:
        setattr(op, ROW_LOCKED, when)
        return op

    return mark


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
