"""``python -m db.check`` on a PostgreSQL URL (``DATABASE_URL``): it reads every row of the bot's tables,
and none of its outputs, the good one or any failure, ever shows the URL's password."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from tests import pg_support
from tests.test_startup_postgres import PASSWORD, ROLE, _as, restricted_role

__all__ = ["restricted_role"]  # a fixture

ROOT = Path(__file__).resolve().parent.parent
SECRET = "Sw0rdfish-hunter2"


def db_check(url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "db.check", url], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` (the tests' server trusts its local users, so any password logs in)."""
    parts = urllib.parse.urlsplit(url)
    user, host = parts.netloc.rsplit("@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user.split(':')[0]}:{password}@{host}"))


def shown(done: subprocess.CompletedProcess[str], *secrets: str) -> str:
    """Everything the check printed, asserted free of ``secrets`` and of tracebacks."""
    out = done.stdout + done.stderr
    for secret in secrets:
        assert secret not in out, out
    assert "Traceback" not in out, out
    return out


def test_a_sound_bot_database_is_ok_without_its_password(pg_databases: Any) -> None:
    url = with_password(pg_databases.fresh(), SECRET)
    done = db_check(url)
    out = shown(done, SECRET)
    assert done.returncode == 0, out
    (line,) = out.splitlines()
    assert line.startswith(f"{with_password(pg_databases.fresh(), '***')}: ok (schema "), line
    assert " rows, " in line and " tables, " in line


def test_a_database_of_something_else_is_status_2_without_its_password(pg_databases: Any) -> None:
    url = with_password(pg_databases.empty(), SECRET)
    done = db_check(url)
    out = shown(done, SECRET)
    assert done.returncode == 2 and out.strip().endswith(
        "not the bot's database (it has no schema version of this bot)"
    )


def test_a_server_out_of_reach_is_status_2_without_the_password() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = db_check(f"postgresql://bot:{SECRET}@127.0.0.1:{port}/games")
    out = shown(done, SECRET)
    assert done.returncode == 2 and out.startswith(
        f"postgresql://bot:***@127.0.0.1:{port}/games: cannot be checked: "
    )
    assert len(out.splitlines()) == 1


def test_a_url_that_cannot_be_read_is_status_2_without_the_password() -> None:
    done = db_check(f"postgresql://bot:{SECRET}@db.example.org:54x2/games")
    out = shown(done, SECRET)
    assert done.returncode == 2 and len(out.splitlines()) == 1, out


def test_a_refused_password_is_status_2_and_not_printed(restricted_role: tuple[str, str]) -> None:
    admin, _ = restricted_role
    done = db_check(_as(admin, ROLE, SECRET))  # the role's password is another one
    out = shown(done, SECRET, PASSWORD)
    assert done.returncode == 2 and "password authentication failed" in out, out


def test_a_user_who_may_not_read_the_tables_is_status_2_without_the_password(
    restricted_role: tuple[str, str],
) -> None:
    admin, url = restricted_role
    asyncio.run(pg_support._migrate(admin))  # the bot's tables, owned by the superuser
    done = db_check(url)
    out = shown(done, PASSWORD)
    assert done.returncode == 2 and "permission denied" in out, out


@pytest.mark.parametrize("password", [SECRET, "p%40ss%3Aword"])
def test_the_password_is_blotted_out_of_whatever_a_driver_says(password: str) -> None:
    from db.redact import without_password

    url = f"postgresql://bot:{password}@db/games"
    said = f"could not log in with {password} ({urllib.parse.unquote(password)})"
    assert without_password(said, url) == "could not log in with *** (***)"
