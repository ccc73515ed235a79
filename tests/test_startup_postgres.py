"""``DATABASE_URL``: the bot on PostgreSQL, chosen over ``DATABASE_PATH``, and its faults in one line.

The starts run in a subprocess as in tests/test_startup.py (Discord's API at a closed port), so
"Could not reach Discord" means the database was opened, migrated and accepted first.
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import asyncpg
import pytest

from tests.test_startup import clean_environment, closed_port, start

__all__ = ["clean_environment", "closed_port"]  # fixtures


async def _tables(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {r["tablename"] for r in rows}
    finally:
        await conn.close()


def test_database_url_wins_over_database_path(
    pg_databases: object, tmp_path: Path, closed_port: str
) -> None:
    url = pg_databases.empty()  # type: ignore[attr-defined]
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("Could not reach Discord"), done.stderr
    assert not (tmp_path / "bot.sqlite3").exists()  # the SQLite file was never made
    assert {"game_tables", "moves", "interactions", "schema_version"} <= asyncio.run(_tables(url))


def test_a_postgres_server_out_of_reach_is_one_line_and_status_2(tmp_path: Path, closed_port: str) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://bot:hunter2@127.0.0.1:{port}/games"
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"DATABASE_URL=postgresql://bot:***@127.0.0.1:{port}/games: ")
    assert "hunter2" not in done.stderr and "Traceback" not in done.stderr


def test_a_database_url_of_another_kind_is_one_line_and_status_2(tmp_path: Path, closed_port: str) -> None:
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url="mysql://bot@db/games")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "DATABASE_URL must start with postgresql:// (leave it empty to use the SQLite DATABASE_PATH)."
    ]


@pytest.mark.usefixtures("clean_environment")
def test_env_file_database_url_wins_and_is_not_shown_in_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(
        "DATABASE_PATH=data/bot.sqlite3\nDATABASE_URL=postgresql://bot:secret@db.example.org/games\n"
    )
    monkeypatch.chdir(tmp_path)
    from bot.config import Config

    config = Config.from_env()
    assert config.database == "postgresql://bot:secret@db.example.org/games"
    assert config.database_setting == "DATABASE_URL"
    assert "secret" not in repr(config)
    monkeypatch.setenv("DATABASE_URL", "")  # set but empty: SQLite
    assert Config.from_env().database == "data/bot.sqlite3"
