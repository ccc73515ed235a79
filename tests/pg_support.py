"""PostgreSQL for the tests: the server of ``TEST_DATABASE_URL``, or a throwaway one (pgserver).

A plain ``pytest`` never skips the PostgreSQL tests: without ``TEST_DATABASE_URL`` the session
starts its own server (the ``pgserver`` wheel, in the ``test`` extras) in a temporary folder and
stops it at the end. The session makes its own databases on that server (``bgbot_<pid>_<n>``),
so a shared server is left as it was: they are dropped when the session ends. The user of
``TEST_DATABASE_URL`` must therefore be allowed to create databases (``CREATEDB``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import subprocess
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from pathlib import Path
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


class Crashable:
    """A throwaway PostgreSQL server of one test's own that the test may crash and start again.

    :meth:`crash` kills the postmaster with SIGKILL, as the kernel's out-of-memory killer would
    (its backends notice and go); :meth:`start` starts it again on the same data folder and
    socket, so the same URL reaches it, after its crash recovery. The postmaster runs as this
    process's child (pgserver only made the folder): a dead child is reaped at once, where an
    orphan would keep its pid, and so the lock file, until the system's init collects it."""

    def __init__(self, folder: str) -> None:
        import pgserver

        made = pgserver.get_server(folder, cleanup_mode=None)
        # Not the other throwaway servers' synchronous_commit = off: with it a commit is confirmed
        # before its record leaves the server's memory, and a crash loses confirmed moves, as
        # PostgreSQL documents. Without fsync, what the server wrote survives a crash of the
        # server (only one of the machine would lose it).
        made.psql("ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = on;")
        self.data = Path(folder)
        self.socket_dir = str(made.get_postmaster_info().socket_dir)
        self.url = made.get_uri()
        self._user = made.system_user  # PostgreSQL refuses to run as root
        self._pg_ctl("-m", "fast", "stop")
        self._postmaster: subprocess.Popen[bytes] | None = None
        self.kills = 0
        self.start()

    def _pg_ctl(self, *args: str) -> None:
        from pgserver._commands import POSTGRES_BIN_PATH

        command = [str(POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(self.data), "-w", *args]
        subprocess.run(command, check=True, capture_output=True, timeout=60, user=self._user)

    def start(self) -> None:
        """Start the postmaster and return once it accepts connections."""
        from pgserver._commands import POSTGRES_BIN_PATH

        with open(self.data / "log", "ab") as log:
            self._postmaster = subprocess.Popen(
                [str(POSTGRES_BIN_PATH / "postgres"), "-D", str(self.data), "-h", "", "-k", self.socket_dir],
                stdout=log, stderr=log, user=self._user,
            )  # fmt: skip
        deadline = time.monotonic() + 60
        while not self._ready():
            if self._postmaster.poll() is not None or time.monotonic() > deadline:
                tail = (self.data / "log").read_text(errors="replace").splitlines()[-5:]
                raise RuntimeError("PostgreSQL did not start: " + " | ".join(tail))
            time.sleep(0.01)

    def _ready(self) -> bool:
        """Whether ``postmaster.pid`` (pid, data folder, …, status on its 8th line) says that our
        postmaster accepts connections."""
        try:
            lines = (self.data / "postmaster.pid").read_text().splitlines()
        except FileNotFoundError:
            return False
        return len(lines) >= 8 and lines[0] == str(self._postmaster_pid()) and lines[7].strip() == "ready"

    def _postmaster_pid(self) -> int:
        assert self._postmaster is not None
        return self._postmaster.pid

    def crash(self) -> None:
        """SIGKILL the postmaster; return once it and its backends are gone."""
        import psutil

        assert self._postmaster is not None
        children = psutil.Process(self._postmaster.pid).children()
        self._postmaster.kill()
        self._postmaster.wait(5)
        deadline = time.monotonic() + 5
        while [c for c in children if _running(c)]:  # the backends see it die and go
            if time.monotonic() > deadline:  # pragma: no cover - one that did not notice in 5 s
                for child in children:
                    with contextlib.suppress(psutil.NoSuchProcess):
                        child.kill()
            time.sleep(0.01)
        self.kills += 1

    def stop(self) -> None:
        if self._postmaster is not None and self._postmaster.poll() is None:
            self._pg_ctl("-m", "immediate", "stop")
            self._postmaster.wait(10)


def _running(process: Any) -> bool:
    """Whether ``process`` still runs (a zombie waiting for its parent to read its status is done)."""
    import psutil

    try:
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False
