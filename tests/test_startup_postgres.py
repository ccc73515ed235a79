"""``DATABASE_URL``: the bot on PostgreSQL, chosen over ``DATABASE_PATH``, and its faults in one line.

The starts run in a subprocess as in tests/test_startup.py (Discord's API at a closed port), so
"Could not reach Discord" means the database was opened, migrated and accepted first.
"""

from __future__ import annotations

import asyncio
import socket
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.startup_faults import database_fault
from db.errors import StorageFault
from db.pg_backend import redacted
from tests import pg_support
from tests.test_startup import clean_environment, closed_port, start

__all__ = ["clean_environment", "closed_port"]  # fixtures


async def _tables(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {r["tablename"] for r in rows}
    finally:
        await conn.close()


def test_database_url_wins_over_database_path(pg_databases: object, tmp_path: Path, closed_port: str) -> None:
    url = pg_databases.empty()  # type: ignore[attr-defined]
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("Could not reach Discord"), done.stderr
    assert not (tmp_path / "bot.sqlite3").exists()  # the SQLite file was never made
    assert {"game_tables", "moves", "interactions", "schema_version"} <= asyncio.run(_tables(url))


def test_a_postgres_server_out_of_reach_is_one_line_and_status_1(tmp_path: Path, closed_port: str) -> None:
    """Nothing listens at the URL's port: the server may not be up yet (a machine booting, a restart
    for an upgrade) or the port is wrong; the bot cannot tell, so it exits 1 ("try again", the systemd
    unit restarts it) with a line naming the host and port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://bot:hunter2@127.0.0.1:{port}/games"
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    lines = done.stderr.splitlines()
    assert done.returncode == 1, done.stderr
    assert lines == [
        f"DATABASE_URL=postgresql://bot:***@127.0.0.1:{port}/games: nothing answers at 127.0.0.1:{port} "
        "(connection refused): PostgreSQL is not running there yet, or the host or port in DATABASE_URL "
        "is wrong."
    ], done.stderr
    assert "hunter2" not in done.stderr and "Traceback" not in done.stderr


def test_an_unknown_host_is_one_line_without_the_password(tmp_path: Path, closed_port: str) -> None:
    url = "postgresql://bot:hunter2@db.no-such-host.invalid:5432/games"
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr and "hunter2" not in done.stderr, done.stderr
    assert lines[0].startswith(
        "DATABASE_URL=postgresql://bot:***@db.no-such-host.invalid:5432/games: the host "
    )
    # 2 where the DNS says there is no such name; 1 where no DNS answered (a machine without network)
    assert done.returncode == (2 if "is not known" in lines[0] else 1), done.stderr


@pytest.mark.parametrize(
    ("errno", "status", "says"),
    [
        (socket.EAI_NONAME, 2, "the host db.example.org is not known (name not resolved): check the host"),
        (socket.EAI_AGAIN, 1, "the host db.example.org could not be looked up just now"),
    ],
)
def test_a_name_that_does_not_exist_is_fixed_and_a_dns_that_did_not_answer_is_tried_again(
    errno: int, status: int, says: str
) -> None:
    fault = StorageFault("postgresql://bot:***@db.example.org/games", "gaierror")
    fault.__cause__ = socket.gaierror(errno, "lookup failed")
    line, code = database_fault("DATABASE_URL", fault)
    assert code == status and line.startswith(
        f"DATABASE_URL=postgresql://bot:***@db.example.org/games: {says}"
    )


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


# -- a PostgreSQL user that may not do what the bot needs -----------------------------------

ROLE = "bgbot_startup_restricted"
PASSWORD = "hunter2-Startup"


async def _admin(url: str, *statements: str) -> Any:
    conn = await asyncpg.connect(url)
    try:
        value = None
        for sql in statements:
            value = await conn.fetchval(sql)
        return value
    finally:
        await conn.close()


def _as(url: str, user: str, password: str) -> str:
    """``url`` (the tests' superuser's) logging in as ``user`` with ``password``."""
    parts = urllib.parse.urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}:{urllib.parse.quote(password)}@{host}"))


@pytest.fixture
def restricted_role(pg_databases: Any) -> Iterator[tuple[str, str]]:
    """A new empty database owned by the server's superuser, and a role that may log in to it (with a
    password, checked: the role's lines lead pg_hba.conf while the test runs) but not create tables
    (PostgreSQL 15 and later: the public schema is not writable by everyone). Yields the database's
    URL as the superuser, and as the role."""
    admin = pg_databases.empty()
    hba = Path(asyncio.run(_admin(admin, "SHOW hba_file")))
    before = hba.read_text()
    asyncio.run(
        _admin(admin, f"DROP ROLE IF EXISTS {ROLE}", f"CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'")
    )
    hba.write_text(
        f"local all {ROLE} scram-sha-256\nhost all {ROLE} 127.0.0.1/32 scram-sha-256\n"
        f"host all {ROLE} ::1/128 scram-sha-256\n" + before
    )
    asyncio.run(_admin(admin, "SELECT pg_reload_conf()"))
    try:
        yield admin, _as(admin, ROLE, PASSWORD)
    finally:
        hba.write_text(before)
        name = urllib.parse.urlsplit(admin).path.lstrip("/")
        asyncio.run(
            _admin(
                pg_databases.server_url,
                "SELECT pg_reload_conf()",
                f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)',  # with the tables the role made
                f"DROP ROLE IF EXISTS {ROLE}",
            )
        )


def test_a_user_without_rights_to_create_tables_is_one_line_naming_the_fix_and_status_2(
    restricted_role: tuple[str, str], tmp_path: Path, closed_port: str
) -> None:
    admin, url = restricted_role
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr and PASSWORD not in done.stderr, done.stderr
    assert lines[0].startswith(
        f"DATABASE_URL={redacted(url)}: user {ROLE} may not create or use the bot's tables"
    )
    assert f"GRANT CREATE, USAGE ON SCHEMA public TO {ROLE}" in lines[0]
    assert f"or use a user that owns the schema (ALTER SCHEMA public OWNER TO {ROLE})" in lines[0]
    assert asyncio.run(_tables(admin)) == set()  # nothing half-made

    asyncio.run(_admin(admin, f"GRANT CREATE, USAGE ON SCHEMA public TO {ROLE}"))  # the fix the line names
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    assert done.returncode == 1 and done.stderr.startswith("Could not reach Discord"), done.stderr


def test_a_wrong_password_is_one_line_without_it_and_status_2(
    restricted_role: tuple[str, str], tmp_path: Path, closed_port: str
) -> None:
    admin, _ = restricted_role
    wrong = "not-the-Passw0rd"
    url = _as(admin, ROLE, wrong)
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"DATABASE_URL={redacted(url)}: PostgreSQL refused the password of user {ROLE}: "
        "check the password in DATABASE_URL."
    ]
    assert wrong not in done.stderr


def test_a_database_that_does_not_exist_is_one_line_and_status_2(
    pg_databases: Any, tmp_path: Path, closed_port: str
) -> None:
    url = pg_support.with_database(pg_databases.server_url, "bgbot_no_such_database")
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    user = urllib.parse.urlsplit(url).username
    assert line.endswith(
        f"PostgreSQL has no database bgbot_no_such_database: create it (createdb -O {user} "
        "bgbot_no_such_database) or fix its name in DATABASE_URL."
    ), line


def test_any_other_refusal_of_postgresql_at_start_is_one_line_and_status_2(
    restricted_role: tuple[str, str], tmp_path: Path, closed_port: str
) -> None:
    """A user whose search_path names no schema: PostgreSQL refuses the first CREATE in its own words."""
    admin, url = restricted_role
    name = urllib.parse.urlsplit(admin).path.lstrip("/")
    asyncio.run(_admin(admin, f'ALTER ROLE {ROLE} IN DATABASE "{name}" SET search_path = nowhere'))
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, database_url=url)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"DATABASE_URL={redacted(url)}: PostgreSQL refused: "), line
    assert PASSWORD not in line and "Traceback" not in done.stderr
