"""PostgreSQL under the store's operations (asyncpg): the same ``op(tx, ...)`` coroutines as on SQLite.

Each operation runs as one transaction on a connection from an asyncpg pool; its ``Tx`` calls
are real awaits on that connection (:class:`PgTx`), placeholders translated by
:func:`db.pg_dialect.statement`. asyncpg's ``Record`` already is a :class:`db.tx.Row`
(columns by name or position, ``keys()``); ``numeric`` (what PostgreSQL's ``SUM`` of integers
gives) comes back as ``int``, or ``float`` when it has a fraction, as SQLite answers.

Isolation (:func:`isolation`): writes run ``SERIALIZABLE``, reads ``REPEATABLE READ READ ONLY``
(one snapshot, as a SQLite read), except writes marked :func:`db.tx.row_locked`, which run
``READ COMMITTED`` (below). The operations were written for SQLite, where writers never overlap: they read
(the table's version, whether an interaction was seen, the next ply, a player's rating), decide,
then write. Under PostgreSQL's default READ COMMITTED two moves on one table could both read
version 7 and both commit, and two finished games could both update a player's rating from
the same old value. SERIALIZABLE guarantees the outcome of some serial order, exactly what
the operations assume, or aborts one transaction with a serialization failure; that
operation is then run again from the start on a fresh transaction (a few times, with a short
random pause), and the rerun sees the winner's commit and answers as SQLite would have:
``StaleVersion`` for the move that lost the race, ``DuplicateInteraction`` for an interaction
delivered twice. A unique violation (a concurrent insert PostgreSQL did not report as a
serialization failure) is retried the same way, so it too ends in the store's own error; one
that persists is a bug and surfaces as asyncpg's ``UniqueViolationError``. All of this holds
across processes: the checks are in the database, nothing relies on a lock in this process.

SERIALIZABLE costs dear where many transactions touch one row: moves on one table all read and
write its row and its seats, so under load most of them failed, slept and ran again (issue #37:
4 moves/s, p99 25 s). A move that does not end the game, an undo, and a write of one statement
are therefore :func:`db.tx.row_locked`: they lock the table's row (``SELECT … FOR UPDATE``)
before reading anything they decide on, so a second move on that table waits for the first to
commit and then reads the version it left: the stale one is refused with ``StaleVersion``
exactly as before, without a serialization failure or a retry. Their other reads are rows the
lock covers (the table's seats, read ``FOR UPDATE`` too, and its moves, which only such a
locked write changes) or rows keyed by a unique constraint (an interaction's id: an insert
that finds it already there, or waits for the transaction that put it there, does nothing, and
the write is refused as ``DuplicateInteraction``). Row locks bind every isolation level, so a
SERIALIZABLE write on the same rows (a move that ends the game, a lobby change) waits for the
lock as well and is then run again by the rule above.

Connection loss, a server shutting down, a full disk, a read-only server, or a contention that
outlasts the retries raise :class:`db.errors.StorageFault`: the transaction did not commit
(nothing was saved), and the bot says so. Should the connection drop during the COMMIT itself
(the server killed at that moment), the outcome is unknown to us: that raises
:class:`db.errors.OutcomeUnknown`, which the bot resolves by looking for the interaction's id
once the database answers (:mod:`bot.outcome`). Giving a connection back to the pool never
changes an outcome: a dead connection that fails to reset is closed and forgotten. A pooled
connection the server closed while it was idle (a restart of PostgreSQL) fails at its BEGIN,
before anything was sent; its siblings are then as dead, so the pool replaces them all and the
operation runs once more, so a restart costs no player a move. The pool keeps no floor of idle
connections: each acquire connects when none is alive, so it reconnects by itself after a
restart without a background task retrying while the server is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import urllib.parse
from collections import Counter
from collections.abc import Callable, Coroutine, Iterable, Sequence
from decimal import Decimal
from typing import Any, Concatenate, ParamSpec, TypeVar

import asyncpg

from db.errors import OutcomeUnknown, StorageFault
from db.pg_dialect import statement
from db.tx import ROW_LOCKED, Outcome, Row, Tx

T = TypeVar("T")
P = ParamSpec("P")

Operation = Callable[Concatenate[Tx, P], Coroutine[Any, Any, T]]

ATTEMPTS = 8
"""How many times an operation is tried when concurrent transactions keep getting in its way."""

UNIQUE_ATTEMPTS = 2
"""A unique violation is tried once more: the rerun sees the row that got in first."""

POOL_SIZE = 10
"""Connections one process keeps at most (each operation holds one for its transaction)."""

_RETRY = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError, asyncpg.UniqueViolationError)
_FAULTS = (
    asyncpg.PostgresConnectionError,  # 08: connection lost or refused
    asyncpg.InsufficientResourcesError,  # 53: disk full, out of memory, too many connections
    asyncpg.OperatorInterventionError,  # 57: server shutting down, query cancelled
    asyncpg.ReadOnlySQLTransactionError,  # a standby, or a server set read-only
    asyncpg.InvalidCatalogNameError,  # no such database
    asyncpg.InvalidAuthorizationSpecificationError,  # wrong user or password
    asyncpg.InterfaceError,  # the connection or pool was closed under us
    asyncpg.InternalClientError,  # the server's "terminating connection" arriving between queries
    OSError,
    TimeoutError,
)
_STATUS_COUNT = re.compile(r"(\d+)$")

log = logging.getLogger(__name__)


def isolation(op: Callable[..., Any], write: bool, kwargs: dict[str, Any]) -> str:
    """The isolation level ``op(tx, **kwargs)`` runs at (see the module's text)."""
    if not write:
        return "repeatable_read"
    locked = getattr(op, ROW_LOCKED, None)
    return "read_committed" if locked is not None and locked(kwargs) else "serializable"


def is_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """``url`` without its password, fit for a log line or an error."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "") + ":***"
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}@{netloc[-1]}"))


def _number(text: str) -> int | float:
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


async def _init_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text")


async def _session_unchanged(conn: asyncpg.Connection) -> None:
    """What a connection needs on its way back to the pool beyond asyncpg's own rollback of a
    transaction left open: nothing. asyncpg's default sends one more statement per transaction
    (``RESET ALL``, ``UNLISTEN *``, advisory locks released), a round trip for session state the
    store never sets: its only advisory lock is the migration's, held by its transaction."""


class PgTx:
    """A :class:`db.tx.Tx` on one asyncpg connection inside its transaction."""

    __slots__ = ("_conn", "sent")

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn
        self.sent = 0
        """Statements sent (an ``executemany`` counts once: one round trip)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Outcome:
        self.sent += 1
        status = await self._conn.execute(statement(sql), *params)
        count = _STATUS_COUNT.search(status or "")
        return Outcome(int(count.group(1)) if count else 0, None)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            self.sent += 1
            await self._conn.executemany(statement(sql), rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self.sent += 1
        return list(await self._conn.fetch(statement(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self.sent += 1
        row: Row | None = await self._conn.fetchrow(statement(sql), *params)
        return row


class PgBackend:
    """Runs operations on a pool of connections to one PostgreSQL database."""

    def __init__(self, pool: asyncpg.Pool, where: str) -> None:
        self.pool = pool
        self.where = where
        """The database's URL without its password (errors name it)."""
        self.handoffs = 0
        """Operations run so far (the figure the SQLite backend counts as hand-offs)."""
        self.retries = 0
        """Transactions run again after a serialization failure, deadlock or unique violation."""
        self.retried: Counter[str] = Counter()
        """The same by operation (its function's name): which ones meet, when they do."""
        self.statements = 0
        """Statements sent so far (round trips inside transactions, BEGIN and COMMIT not counted)."""

    @classmethod
    async def connect(cls, url: str, *, pool_size: int = POOL_SIZE) -> PgBackend:
        """A pool on ``url``; ``StorageFault`` if the server cannot be reached or refuses us."""
        where = redacted(url)
        try:
            # No floor of idle connections (min_size 0): every acquire connects anew when the pool
            # has no live connection, which is all a restarted server needs, while a floor adds a
            # task that, while the server is down, keeps reconnecting in the background.
            pool = await asyncpg.create_pool(
                url,
                min_size=0,
                max_size=pool_size,
                init=_init_connection,
                reset=_session_unchanged,
                command_timeout=60,
            )
        except _FAULTS as exc:
            raise StorageFault(where, _problem(exc)) from exc
        return cls(pool, where)

    async def close(self) -> None:
        await self.pool.close()

    async def run(self, op: Operation[P, T], *args: Any, write: bool, **kwargs: Any) -> T:
        """``op(tx, *args, **kwargs)`` as one transaction, run again while concurrent ones win."""
        self.handoffs += 1
        level = isolation(op, write, kwargs)
        fresh = False  # whether the pool's connections were replaced after one was found dead
        for attempt in range(1, ATTEMPTS + 1):
            try:
                conn = await self.pool.acquire()
            except (*_FAULTS, asyncpg.PostgresError) as exc:  # whatever keeps us from connecting
                raise StorageFault(self.where, _problem(exc)) from exc
            stage = "begin"
            try:
                tx = conn.transaction(isolation=level, readonly=not write)
                await tx.start()
                stage = "work"
                try:
                    counted = PgTx(conn)
                    try:
                        result = await op(counted, *args, **kwargs)
                    finally:
                        self.statements += counted.sent
                except BaseException:
                    await _roll_back(conn, tx)
                    raise
                stage = "commit"
                await tx.commit()
                return result
            except _RETRY as exc:
                if isinstance(exc, asyncpg.UniqueViolationError) and attempt >= UNIQUE_ATTEMPTS:
                    raise  # the rerun saw the other commit and still broke the constraint: a bug
                if attempt == ATTEMPTS:
                    raise StorageFault(self.where, f"too busy: {_problem(exc)}") from exc
            except _FAULTS as exc:
                if stage == "commit" and not write:  # a read had its one snapshot whole
                    return result
                if stage == "commit":  # the COMMIT was sent, its answer never came
                    raise OutcomeUnknown(self.where, _problem(exc)) from exc
                if stage != "begin" or fresh:
                    raise StorageFault(self.where, _problem(exc)) from exc
                # A pooled connection the server had closed (a restart): nothing was sent. Its
                # siblings are as dead, so every one is replaced, and the operation runs again.
                fresh = True
                await self.pool.expire_connections()
                continue
            finally:
                await self._release(conn)
            self.retries += 1
            self.retried[getattr(op, "__name__", "?")] += 1
            await asyncio.sleep(random.uniform(0, 0.002 * 2**attempt))  # let the winner finish
        raise AssertionError("unreachable")  # pragma: no cover

    async def _release(self, conn: asyncpg.Connection) -> None:
        """Give ``conn`` back to the pool. A connection the server dropped may fail to reset
        (asyncpg's "cannot switch to state 15"): asyncpg then closes it and the pool opens a new
        one when needed. That failure must never replace the operation's outcome (a saved move
        reported as failed), so it is logged and dropped."""
        try:
            await self.pool.release(conn)
        except Exception as exc:
            log.warning("a connection to %s could not be reset and was closed: %s", self.where, _problem(exc))
            with contextlib.suppress(Exception):
                conn.terminate()


async def _roll_back(conn: asyncpg.Connection, tx: Any) -> None:
    """Roll back after the operation raised; on a lost connection there is nothing to roll back
    (the server drops an open transaction with its connection), and the operation's own error
    is the one to report."""
    if conn.is_closed():
        return
    try:
        await tx.rollback()
    except (*_FAULTS, asyncpg.PostgresError) as exc:
        log.info("a rollback failed (the operation's own error follows): %s", _problem(exc))


def _problem(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
