"""The store refuses a file it cannot use when it opens, without writing to it.

The subprocess tests in tests/test_startup.py go through ``python -m bot`` for every kind of
bad path; these check the store's side in-process: the write probe behind the read-only
check, and that a file another process has open (its journal next to it) is not refused.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from db import StorageFault, Store


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _size(path: Path) -> int:
    return path.stat().st_size


async def _make(path: Path) -> None:
    async with Store(str(path)):
        pass


async def test_a_file_sqlite_may_only_read_is_refused_at_open(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite opens a file it cannot write read-only without a word (BEGIN IMMEDIATE works too).

    ``mode=ro`` gives that connection to root as well, which file permissions cannot: the
    write probe at open must turn it into a refusal, not wait for the first move.
    """
    await _make(db_path)
    before = _digest(db_path)
    real = aiosqlite.connect

    def read_only(database: str, **kwargs: Any) -> aiosqlite.Connection:
        return real(f"file:{Path(database).absolute()}?mode=ro", uri=True, **kwargs)

    monkeypatch.setattr(aiosqlite, "connect", read_only)
    with pytest.raises(StorageFault) as caught:
        await Store(str(db_path)).open()
    assert (caught.value.path, caught.value.problem) == (
        str(db_path),
        "is read-only: the bot writes every move to it",
    )
    assert _digest(db_path) == before


async def test_random_bytes_are_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(bytes(range(256)) * 16)
    with pytest.raises(StorageFault, match="is not an SQLite database"):
        await Store(str(path)).open()
    assert path.read_bytes() == bytes(range(256)) * 16
    assert os.listdir(tmp_path) == ["bot.sqlite3"]


async def test_a_database_open_in_another_process_is_not_refused(db_path: Path) -> None:
    """With its -wal file next to it (and pages perhaps only there), the check reads through SQLite."""
    await _make(db_path)
    other = sqlite3.connect(db_path)  # another process holding the file, with an uncheckpointed write
    try:
        other.execute("PRAGMA wal_autocheckpoint = 0")
        other.execute("CREATE TABLE big (x)")
        other.executemany("INSERT INTO big VALUES (?)", [("x" * 500,) for _ in range(200)])
        other.commit()
        assert _size(Path(f"{db_path}-wal")) > 0
        async with Store(str(db_path)) as store:
            assert await store.table(1) is None
    finally:
        other.close()


async def test_an_empty_file_is_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    path.touch()
    await _make(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 3
    conn.close()
