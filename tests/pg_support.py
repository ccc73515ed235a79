"""PostgreSQL for the tests: the server of ``TEST_DATABASE_URL``, or a throwaway one (pgserver).

A plain ``pytest`` never skips the PostgreSQL tests: without ``TEST_DATABASE_URL`` the session
starts its own server (the ``pgserver`` wheel, in the ``test`` extras) in a temporary folder and
stops it at the end. The session makes its own databases on that server (``bgbot_<pid>_<n>``),
so a shared server is left as it was: they are dropped when the session ends. The user of
``TEST_DATABASE_URL`` must therefore be allowed to create databases (``CREATEDB``).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import threading
import urllib.parse
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

import asyncpg

from tools.throwaway_postgres import server as throwaway_server

T = TypeVar("T")


def with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead of its own."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


def in_thread(work: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to its end on a loop of its own, whatever loop the caller is in."""
    box: dict[str, Any] = {}

    def main() -> None:
        try:
            box["value"] = asyncio.run(work())  # type: ignore[arg-type]
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


class Databases:
    """One database on the tests' server for the session; each test starts it empty.

    The store's schema is migrated once; before each test every table of it is emptied and its
    ids restart at 1 (one ``TRUNCATE``, some 10 ms), as in a new SQLite file. A test that needs
    a database without even the schema (the migrations' own test) asks for :meth:`empty`.
    """

    def __init__(self, server_url: str) -> None:
        self.server_url = server_url
        self._prefix = f"bgbot_{os.getpid()}"
        self._shared: str | None = None
        self._tables: list[str] = []
        self._made: list[str] = []
        self._numbers = itertools.count(1)

    async def _admin(self, url: str, *statements: str) -> list[asyncpg.Record]:
        conn = await asyncpg.connect(url)
        try:
            rows: list[asyncpg.Record] = []
            for sql in statements:
                rows = await conn.fetch(sql)
            return rows
        finally:
            await conn.close()

    def empty(self) -> str:
        """The URL of a new database with nothing in it (not even the store's schema)."""
        name = f"{self._prefix}_{next(self._numbers)}"
        in_thread(lambda: self._admin(self.server_url, f'CREATE DATABASE "{name}"'))
        self._made.append(name)
        return with_database(self.server_url, name)

    def fresh(self) -> str:
        """The URL of the session's database, holding the store's schema and no rows."""
        if self._shared is None:
            url = self.empty()
            in_thread(lambda: _migrate(url))
            rows = in_thread(lambda: self._admin(url, _STORE_TABLES))
            self._tables = [r["tablename"] for r in rows]
            self._shared = url
        tables = ", ".join(f'"{t}"' for t in self._tables)
        in_thread(lambda: self._admin(self._shared or "", f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
        return self._shared

    def drop_all(self) -> None:
        made, self._made = self._made, []
        drops = (f'DROP DATABASE IF EXISTS "{n}" WITH (FORCE)' for n in made)
        in_thread(lambda: self._admin(self.server_url, *drops))


_STORE_TABLES = (
    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_version'"
)


async def _migrate(url: str) -> None:
    from db import Store

    async with Store(url):
        pass


def server() -> AbstractContextManager[str]:
    """The URL of the PostgreSQL server the tests use, while the ``with`` lasts."""
    return throwaway_server("bgbot-pg-")
