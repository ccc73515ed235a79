"""Fixtures for the store tests: a file database in tmp_path and a clock the test controls.

Every test of the ``store`` fixture runs on both backends, SQLite and PostgreSQL (``[sqlite]``,
``[postgres]``), except one that reads the SQLite file itself (it asks for ``db_path``) or is
marked ``sqlite_only`` (what it checks is SQLite's: the file, its pragmas, its thread).
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from db import Store, TableRow
from tests.conftest import BACKENDS
from tests.db.db_support import ALICE, HOST, ActiveTable, FakeClock, NewTable


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    # A sub-directory that does not exist yet: the store must create it.
    return tmp_path / "data" / "bot.sqlite3"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    own = inspect.signature(metafunc.function).parameters
    sqlite_only = "db_path" in own or metafunc.definition.get_closest_marker("sqlite_only") is not None
    metafunc.parametrize("backend", BACKENDS[:1] if sqlite_only else BACKENDS, indirect=True)


@pytest.fixture
def store_target(backend: str, request: pytest.FixtureRequest) -> str:
    """What the test's ``Store`` opens: a new SQLite file, or a new PostgreSQL database."""
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return str(request.getfixturevalue("db_path"))


@pytest.fixture
async def store(store_target: str, clock: FakeClock) -> AsyncIterator[Store]:
    s = Store(store_target, clock=clock)
    await s.open()
    yield s
    await s.close()


@pytest.fixture
def new_table(store: Store) -> NewTable:
    """Create a lobby with sensible defaults; keyword arguments override them."""

    async def make(**overrides: Any) -> TableRow:
        kwargs: dict[str, Any] = {
            "game": "runarch",
            "guild_id": 42,
            "channel_id": 500,
            "parent_id": 400,
            "host_id": HOST,
            "host_name": "Host",
            "options": {"rules": "simple"},
            "locale": "en",
            "seed": 12345,
            "max_seats": 3,
        }
        kwargs.update(overrides)
        return await store.create_table(**kwargs)

    return make


@pytest.fixture
def active_table(store: Store, new_table: NewTable) -> ActiveTable:
    """A started two-player table (HOST in seat 0, ALICE in seat 1) at version 1."""

    async def make(**overrides: Any) -> TableRow:
        row = await new_table(**overrides)
        await store.join(row.id, ALICE, "Alice")
        return await store.start(row.id, {"ply": 0})

    return make
