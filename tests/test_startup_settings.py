"""Every setting ``python -m bot`` reads refuses a bad value before anything starts: one line on stderr
naming the variable, the value and what is accepted, status 2 (fix the configuration, do not restart).
"""

from __future__ import annotations

import os
from pathlib import Path

import discord.http
import pytest

from bot.__main__ import main
from bot.config import SETTINGS, Config

VARIABLES = sorted({s.name for s in SETTINGS} | {"SHARD_COUNT", "SHARD_IDS"})


@pytest.fixture
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, closed_port: str) -> pytest.MonkeyPatch:
    """A good configuration (token, a fresh SQLite file) with every other setting unset, in a folder
    without .env; Discord's API at a closed port, so a start that got past the settings stops at once."""
    for name in VARIABLES:
        monkeypatch.setenv(name, "")  # records the original (or its absence) for the undo: .env adds
        monkeypatch.delenv(name)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.fake.token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    monkeypatch.setattr(discord.http.Route, "BASE", closed_port)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


@pytest.fixture
def closed_port() -> str:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/v10"


BAD = [
    ("LOG_LEVEL", "verbose", "LOG_LEVEL=verbose must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL"),
    ("LOG_LEVEL", "20", "LOG_LEVEL=20 must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL"),
    ("RENDER_WORKERS", "two", "RENDER_WORKERS=two must be a whole number of picture processes from 0 to 64"),
    ("RENDER_WORKERS", "-1", "RENDER_WORKERS=-1 must be a whole number of picture processes from 0 to 64"),
    ("RENDER_WORKERS", "200", "RENDER_WORKERS=200 must be a whole number of picture processes from 0 to 64"),
    ("DEV_GUILD_ID", "my-server", "DEV_GUILD_ID=my-server must be a server id, a whole number"),
    ("DEV_GUILD_ID", "0", "DEV_GUILD_ID=0 must be a server id"),
    ("DEV_GUILD_ID", str(2**64), f"DEV_GUILD_ID={2**64} must be a server id"),
    ("MEMBERS_INTENT", "maybe", "MEMBERS_INTENT=maybe must be true or false (also 1/0, yes/no, on/off)."),
    ("DATABASE_POOL_SIZE", "0", "DATABASE_POOL_SIZE=0 must be a whole number of connections, 1 or more."),
    ("DATABASE_POOL_SIZE", "ten", "DATABASE_POOL_SIZE=ten must be a whole number of connections, 1 or more."),
    (
        "HEALTH_SECONDS",
        "5m",
        "HEALTH_SECONDS=5m must be a whole number of seconds (0 turns the health line off).",
    ),
    ("SHARD_COUNT", "two", "SHARD_COUNT=two must be a whole number of shards, 1 or more."),
    ("SHARD_IDS", "0", "SHARD_IDS=0 needs SHARD_COUNT, the number of shards of all processes."),
    (
        "DATABASE_URL",
        "postgresql://bot:hunter2@db.example.org:54x2/games",
        "DATABASE_URL=postgresql://bot:***@db.example.org:54x2/games has a port that is not a number",
    ),
    ("DATABASE_URL", "postgresql://bot:hunter2@db.example.org:0/games", "has port 0"),
]


@pytest.mark.parametrize(("name", "value", "says"), BAD, ids=[f"{n}={v}" for n, v, _ in BAD])
def test_a_bad_value_is_one_line_naming_it_and_status_2(
    environment: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, value: str, says: str
) -> None:
    environment.setenv(name, value)
    assert main() == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert says in err and err.startswith(f"{name}="), err
    assert "hunter2" not in err and "Traceback" not in err


def test_a_bad_value_in_env_is_refused_as_in_the_environment(
    environment: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".env").write_text("MEMBERS_INTENT=ture\n")
    assert main() == 2
    assert (
        capsys.readouterr().err == "MEMBERS_INTENT=ture must be true or false (also 1/0, yes/no, on/off).\n"
    )


def test_an_env_line_that_cannot_be_read_is_one_line_by_number_without_its_text(
    environment: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """python-dotenv would log a warning (a second line) and leave the setting out: here the start stops,
    and the line is named by its number only (it may hold the token)."""
    environment.delenv("DISCORD_TOKEN")
    (tmp_path / ".env").write_text("# settings\nLOG_LEVEL=INFO\nDISCORD_TOKEN MTIz.secret.token\n")
    assert main() == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"{tmp_path / '.env'} line 3 is not NAME=value" + err.split("NAME=value", 1)[1].rstrip("\n")
    ]
    assert "secret" not in err


GOOD = (
    [
        ("LOG_LEVEL", "debug", "log_level", "DEBUG"),
        ("LOG_LEVEL", "Warning", "log_level", "WARNING"),
        ("RENDER_WORKERS", "0", "render_workers", 0),
        ("RENDER_WORKERS", "3", "render_workers", 3),
        ("DEV_GUILD_ID", "1234567890123456789", "dev_guild_id", 1234567890123456789),
        ("DATABASE_POOL_SIZE", "4", "database_pool_size", 4),
        ("HEALTH_SECONDS", "0", "health_seconds", 0),
        (
            "DATABASE_URL",
            "postgresql://bot:pw@db:6543/games",
            "database_url",
            "postgresql://bot:pw@db:6543/games",
        ),
        ("DATABASE_URL", "postgresql://bot@db/games", "database_url", "postgresql://bot@db/games"),
    ]
    + [("MEMBERS_INTENT", word, "members_intent", True) for word in ("true", "1", "yes", "on", "TRUE")]
    + [("MEMBERS_INTENT", word, "members_intent", False) for word in ("false", "0", "no", "off", "Off", "")]
)


@pytest.mark.parametrize(
    ("name", "value", "field", "expected"), GOOD, ids=[f"{n}={v}" for n, v, _, _ in GOOD]
)
def test_every_accepted_spelling_is_read(
    environment: pytest.MonkeyPatch, name: str, value: str, field: str, expected: object
) -> None:
    environment.setenv(name, value)
    config = Config.from_env()
    assert config.setting_problem is None
    assert getattr(config, field) == expected


def test_every_variable_read_from_the_environment_is_in_the_table_and_in_the_docs() -> None:
    """A new ``os.environ`` read in the bot's packages must come through :data:`bot.config.SETTINGS`
    (or the shard pair) to be validated; .env.example and docs/running.md name every one."""
    root = Path(__file__).resolve().parent.parent
    readers = []
    for package in ("bot", "cogs", "db", "engine", "render"):
        for path in (root / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "os.environ" in text or "getenv(" in text:
                readers.append(path.relative_to(root).as_posix())
    assert readers == ["bot/config.py"]
    example = (root / ".env.example").read_text(encoding="utf-8")
    running = (root / "docs" / "running.md").read_text(encoding="utf-8")
    for name in VARIABLES:
        assert f"\n{name}=" in example, name
        assert f"`{name}`" in running, name


def test_a_config_built_in_code_takes_defaults_for_bad_values(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Tests and benchmarks build ``Config`` in code: a stray bad value there is the default, not a crash;
    and the health line is ``python -m bot``'s (tests/bot/test_health_time_travel.py)."""
    monkeypatch.setenv("RENDER_WORKERS", "lots")
    monkeypatch.setenv("HEALTH_SECONDS", "120")
    monkeypatch.chdir(tmp_path)  # no .env
    config = Config(token=None)
    assert config.render_workers == min(2, os.cpu_count() or 1) and config.health_seconds == 0
    assert Config.from_env().health_seconds == 120
