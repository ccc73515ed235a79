"""Start-up finds damage where it is likely at any file size, in bounded time; the full check is a
command (``python -m db.check <path>``) that reads every page.

A file is damaged here the way a torn write would: one leaf page of the move log overwritten.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import StorageFault, Store, check, integrity
from tests.db.db_support import ALICE, HOST

MOVES = 4000


async def _file_with_moves(path: Path) -> int:
    """A database with one running table and a long move log; returns the table's id."""
    async with Store(str(path)) as store:
        table = await store.create_table(
            game="runarch", guild_id=1, channel_id=5, parent_id=None, host_id=HOST, host_name="Host",
            options={}, locale="en", seed=1, max_seats=2,
        )  # fmt: skip
        await store.join(table.id, ALICE, "Alice")
        await store.start(table.id, {"ply": 0})
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.executemany(
                "INSERT INTO moves (table_id, ply, seat, user_id, notation, created_at) "
                "VALUES (?, ?, 0, ?, ?, 0)",
                [(table.id, ply, HOST, f"move {ply} " + "x" * 80) for ply in range(MOVES)],
            )
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every page in the file itself
    finally:
        conn.close()
    return table.id


async def _refused_as_damaged(path: Path) -> None:
    store = Store(str(path))
    try:
        with pytest.raises(StorageFault, match="is damaged"):
            await store.open()
    finally:
        await store.close()


def _leaf(path: Path, table: str, *, first: bool) -> int:
    """The page number of the first (oldest rows) or last (newest rows) leaf of ``table``'s b-tree."""
    with sqlite3.connect(path) as conn:
        (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    data = path.read_bytes()
    size = int.from_bytes(data[16:18], "big")
    while True:
        start = (page - 1) * size + (100 if page == 1 else 0)
        if data[start] == 0x0D:  # a leaf page of a table b-tree
            return int(page)
        assert data[start] == 0x05, "an interior page of a table b-tree"
        if first:
            cell = (page - 1) * size + int.from_bytes(data[start + 12 : start + 14], "big")
            page = int.from_bytes(data[cell : cell + 4], "big")  # the first cell's left child
        else:
            page = int.from_bytes(data[start + 8 : start + 12], "big")  # the right-most child


def _tear(path: Path, page: int) -> None:
    size = int.from_bytes(path.read_bytes()[16:18], "big")
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xff" * 16)


async def test_a_small_file_is_read_whole_at_start_and_damage_anywhere_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    await _file_with_moves(path)
    _tear(path, _leaf(path, "moves", first=True))
    await _refused_as_damaged(path)


async def test_a_big_file_starts_without_reading_old_games_and_the_full_check_finds_their_damage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(integrity, "FULL_AT_START", 0)  # every file counts as big
    path = tmp_path / "bot.sqlite3"
    table_id = await _file_with_moves(path)
    _tear(path, _leaf(path, "moves", first=True))
    async with Store(str(path)) as store:
        table = await store.table(table_id)
        assert table is not None and table.status == "active"
    status, lines = check.check(str(path))
    assert status == 1 and lines[0].startswith(f"{path}: damaged"), lines
    assert check.main([str(path)]) == 1


async def test_a_big_file_with_a_torn_page_among_its_newest_rows_is_refused_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(integrity, "FULL_AT_START", 0)
    path = tmp_path / "bot.sqlite3"
    await _file_with_moves(path)
    _tear(path, _leaf(path, "moves", first=False))
    await _refused_as_damaged(path)


ROOT = Path(__file__).resolve().parents[2]


async def test_the_full_check_command_says_ok_for_a_sound_file_and_names_what_it_cannot_check(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.sqlite3"
    await _file_with_moves(path)
    done = subprocess.run(  # noqa: ASYNC221 - the command as the README gives it
        [sys.executable, "-m", "db.check", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"{path}: ok (every page and index, ")
    assert check.check(str(tmp_path / "missing.sqlite3")) == (
        2,
        [f"{tmp_path / 'missing.sqlite3'}: no such database file"],
    )
    (tmp_path / "notes.txt").write_text("not a database, but long enough to be mistaken for one" * 4)
    status, lines = check.check(str(tmp_path / "notes.txt"))
    assert status == 2 and lines == [f"{tmp_path / 'notes.txt'}: is not an SQLite database"]
