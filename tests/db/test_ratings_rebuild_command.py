"""``python -m bot.ratings rebuild`` recomputes the standings of a database in place."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

from db import Store
from tests.db.db_support import FakeClock
from tests.db.test_db_standings import A, B, C, D, Games


def _standings(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return (
            conn.execute(
                "SELECT game, variant, user_id, mu, sigma, rating, games, wins FROM ratings ORDER BY 1, 2, 3"
            ).fetchall()
            + conn.execute("SELECT * FROM solo_records ORDER BY 1, 2, 3, 4").fetchall()
        )


async def _play(path: Path) -> None:
    clock = FakeClock()
    async with Store(str(path), clock=clock) as store:
        games = Games(store, clock)
        await games.finish([A, B, C, D], [1, 3, 2, 4], variant="complex")
        await games.finish([B, A], [1, 2])
        await games.solo(C, won=True, score=71)


def test_rebuild_command_restores_damaged_standings(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(_play(path))
    good = _standings(path)
    with sqlite3.connect(path) as conn:  # a lost row and a wrong number, as after a bad import
        conn.execute("DELETE FROM ratings WHERE user_id = ?", (A,))
        conn.execute("UPDATE ratings SET rating = 0, games = 99")
        conn.execute("UPDATE solo_records SET best = 1")
    assert _standings(path) != good
    done = subprocess.run(
        [sys.executable, "-m", "bot.ratings", "rebuild", "--database", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "3 finished games" in done.stdout
    assert _standings(path) == good


def test_rebuild_command_refuses_a_missing_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.ratings", "rebuild", "--database", str(tmp_path / "none.sqlite3")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "No database" in done.stderr
    assert not (tmp_path / "none.sqlite3").exists()


def test_rebuild_command_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"not a database\n" * 100)
    done = subprocess.run(
        [sys.executable, "-m", "bot.ratings", "rebuild", "--database", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"{path}: is not an SQLite database"]
    assert path.read_bytes() == b"not a database\n" * 100
