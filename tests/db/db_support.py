"""Shared ids and the fake clock of the store tests (a unique module name, unlike conftest)."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable

import asyncpg

from db import TableRow

HOST = 1001
ALICE = 1002
BOB = 1003
CAROL = 1004


class FakeClock:
    """A clock that only moves when the test says so, so timestamps are exact."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


NewTable = Callable[..., Awaitable[TableRow]]
"""The ``new_table`` fixture: create a lobby, keyword arguments override the defaults."""

ActiveTable = Callable[..., Awaitable[TableRow]]
"""The ``active_table`` fixture: a started HOST-vs-ALICE table at version 1."""


def integrity_error(backend: str) -> type[Exception]:
    """What a broken constraint raises on ``backend`` (a bug in the store, not a refusal)."""
    return asyncpg.IntegrityConstraintViolationError if backend == "postgres" else sqlite3.IntegrityError
