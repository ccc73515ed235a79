"""Settings from the environment and an optional ``.env`` file; the token is never logged.

``.env`` is read from the current working directory only (the folder the bot is started
from, which is also where a relative ``DATABASE_PATH`` points), with python-dotenv; parent
folders are not searched. A variable already set in the environment wins over the file.
``DATABASE_URL`` (PostgreSQL) wins over ``DATABASE_PATH`` (SQLite) when both are set.

Sharding (``SHARD_COUNT``, ``SHARD_IDS``): the bot can run as several processes, each connected
to some of Discord's shards (:class:`bot.sharding.Shards`); they then share one PostgreSQL
database, and ``DATABASE_POOL_SIZE`` bounds each process's connections.
"""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dotenv import load_dotenv
from dotenv.parser import parse_stream

from bot.sharding import Shards, parse_shards
from db.pg_backend import POOL_SIZE, is_url, redacted

ENV_FILE = ".env"
"""Looked for in the current working directory."""


@dataclass(frozen=True)
class Config:
    token: str | None = field(repr=False)
    database_path: str = "data/bot.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    members_intent: bool = False
    """Receive "member left" events (a privileged intent, enabled in the developer portal)."""
    render_workers: int = field(default_factory=lambda: render_workers_from_env())
    """Processes drawing the pictures (``RENDER_WORKERS``; 0: the bot's own process, see ``bot.pictures``)."""
    database_url: str | None = field(default=None, repr=False)
    """A PostgreSQL database (``postgresql://…``); when set it wins over ``database_path``.
    Not in ``repr``: it may carry a password."""
    shards: Shards | None = None
    """The Discord shards this process connects (``SHARD_COUNT``, ``SHARD_IDS``); ``None``: no sharding."""
    database_pool_size: int = POOL_SIZE
    """PostgreSQL connections this process keeps at most (``DATABASE_POOL_SIZE``)."""
    health_seconds: int = 0
    """Seconds between health lines (``HEALTH_SECONDS``, default :data:`DEFAULT_HEALTH_SECONDS` in
    :meth:`from_env`; 0: none, see ``bot.monitor``). A ``Config`` built in code (tests, benchmarks)
    has none unless it asks: under SimCord's time travel each line is a database hand-off the
    simulator waits for (some 50 ms of real time), so a day of idle time would take 15 s."""
    setting_problem: str | None = None
    """A variable that could not be read (a one-line message for the start-up)."""

    @property
    def startup_problem(self) -> str | None:
        """Why this configuration cannot start, in one line, or ``None``."""
        if self.setting_problem:
            return self.setting_problem
        if self.database_url_problem:
            return self.database_url_problem
        if self.shards is not None and not self.shards.all_here and not self.database_url:
            return (
                f"SHARD_IDS={self.shards.ids_text} runs only some of SHARD_COUNT={self.shards.count} shards: "
                "the other processes must share this database, so set DATABASE_URL to a PostgreSQL "
                "database (a SQLite file serves one process)."
            )
        return None

    @property
    def database_url_problem(self) -> str | None:
        """Why ``database_url`` cannot be used, if it cannot (only PostgreSQL is spoken)."""
        if self.database_url is None or is_url(self.database_url):
            return None
        return "DATABASE_URL must start with postgresql:// (leave it empty to use the SQLite DATABASE_PATH)."

    @property
    def database(self) -> str:
        """What the store opens: ``database_url`` if set, else the SQLite file ``database_path``."""
        return self.database_url or self.database_path

    @property
    def database_setting(self) -> str:
        """The variable that chose the database, for a message about it."""
        return "DATABASE_URL" if self.database_url else "DATABASE_PATH"

    @classmethod
    def from_env(cls) -> Config:
        """The settings of ``python -m bot``; the first bad value (in :data:`SETTINGS`' order) is
        ``setting_problem``, one line naming the variable, its value and what is accepted."""
        problem = read_env_file(Path.cwd() / ENV_FILE)
        values: dict[str, Any] = {}
        for setting in SETTINGS:
            raw = os.environ.get(setting.name, "").strip()
            try:
                values[setting.field] = setting.parse(raw) if raw else setting.default()
            except ValueError as error:
                problem = problem or setting.refusal(raw, error)
                values[setting.field] = setting.default()
        try:
            values["shards"] = parse_shards(
                os.environ.get("SHARD_COUNT", ""), os.environ.get("SHARD_IDS", "")
            )
        except ValueError as error:
            problem = problem or str(error)
            values["shards"] = None
        return cls(**values, setting_problem=problem)


DEFAULT_RENDER_WORKERS = min(2, os.cpu_count() or 1)
"""Two processes drawing beside the event loop (one on a single core). Measured on 2 busy cores
(``python -m bench.concurrent``, 80 tables, alternating runs): 93-107 moves/s with two workers
against 89-93 with one, event-loop lag p99 under 16 ms with either (the workers yield to the
bot, ``bot.pictures.WORKER_NICENESS``)."""


def read_env_file(path: Path) -> str | None:
    """Load ``path`` (``.env``) into the environment without overriding it; a line python-dotenv
    cannot read is the start's one-line refusal (by number: the line may hold the token) instead of
    a warning it would log and a setting silently missing."""
    if not path.is_file():
        return None
    try:
        with path.open(encoding="utf-8") as stream:
            bad = [b.original.line for b in parse_stream(stream) if b.error]
    except (OSError, UnicodeDecodeError) as error:
        return f"{path} cannot be read ({type(error).__name__}): fix or remove it."
    if bad:
        return (
            f"{path} line {bad[0]} is not NAME=value (a # starts a comment; quote a value with a # or "
            "a quote in it): fix or remove that line."
        )
    load_dotenv(path, override=False)
    return None


MAX_RENDER_WORKERS = 64
"""More processes than cores draw no faster (``DEFAULT_RENDER_WORKERS``); a typo such as 200 would
start 200 processes."""


def render_workers_from_env() -> int:
    """``RENDER_WORKERS`` for a ``Config`` built in code (unset or bad: the default; 0 draws in-process)."""
    return setting_or_default("RENDER_WORKERS")


DEFAULT_HEALTH_SECONDS = 300
"""A health line every five minutes: a busy bot's figures over enough moves for a p99."""


def setting_or_default(name: str) -> Any:
    """A variable's value for a ``Config`` built in code: unset or bad, its default (``python -m bot``
    refuses a bad one instead, :meth:`Config.from_env`)."""
    setting = next(s for s in SETTINGS if s.name == name)
    raw = os.environ.get(name, "").strip()
    try:
        return setting.parse(raw) if raw else setting.default()
    except ValueError:
        return setting.default()


# -- the table of settings -------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One environment variable: the ``Config`` field it fills, how its text is read (``ValueError``
    when it cannot be), its value when unset or empty, and what is accepted (for the refusal)."""

    name: str
    field: str
    parse: Callable[[str], Any]
    default: Callable[[], Any]
    accepted: str
    secret: bool = False
    """Never shown (the token); a URL is shown without its password (:func:`shown`)."""

    def refusal(self, raw: str, error: ValueError) -> str:
        """The one line that stops the start: the variable, the bad value, what is accepted."""
        reason = str(error)
        value = "(hidden)" if self.secret else shown(raw)
        return f"{self.name}={value} {reason or self.accepted}"


def shown(raw: str) -> str:
    """A value as a refusal may show it: a URL without its password."""
    return redacted(raw) if "://" in raw else raw


def _text(raw: str) -> str:
    return raw


def _whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    def parse(raw: str) -> int:
        if not raw.isdigit() or int(raw) < minimum or (maximum is not None and int(raw) > maximum):
            raise ValueError
        return int(raw)

    return parse


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _log_level(raw: str) -> str:
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise ValueError
    return level


TRUE, FALSE = ("true", "1", "yes", "on"), ("false", "0", "no", "off")


def _yes_no(raw: str) -> bool:
    word = raw.lower()
    if word not in TRUE + FALSE:
        raise ValueError
    return word in TRUE


SNOWFLAKE_MAX = 2**64 - 1


def _snowflake(raw: str) -> int:
    if not raw.isdigit() or not 0 < int(raw) <= SNOWFLAKE_MAX:
        raise ValueError
    return int(raw)


def _database_url(raw: str) -> str:
    """The URL if its port can be read (its scheme is :attr:`Config.database_url_problem`'s)."""
    try:
        port = urllib.parse.urlsplit(raw).port
    except ValueError:
        raise ValueError(
            "has a port that is not a number from 1 to 65535 (postgresql://user:password@host:5432/database)."
        ) from None
    if port == 0:
        raise ValueError("has port 0: give the server's port, 5432 unless it was changed.")
    return raw


SETTINGS: tuple[Setting, ...] = (
    Setting("DISCORD_TOKEN", "token", _text, lambda: None, "", secret=True),
    Setting("DATABASE_PATH", "database_path", _text, lambda: "data/bot.sqlite3", ""),
    Setting("DATABASE_URL", "database_url", _database_url, lambda: None, ""),
    Setting(
        "DATABASE_POOL_SIZE", "database_pool_size", _whole(1), lambda: POOL_SIZE,
        "must be a whole number of connections, 1 or more.",
    ),
    Setting(
        "DEV_GUILD_ID", "dev_guild_id", _snowflake, lambda: None,
        "must be a server id, a whole number such as 1234567890123456789 (Developer Mode on, right-click "
        "the server, Copy Server ID), or empty.",
    ),
    Setting(
        "LOG_LEVEL", "log_level", _log_level, lambda: "INFO",
        "must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL (INFO shows the health line).",
    ),
    Setting(
        "MEMBERS_INTENT", "members_intent", _yes_no, lambda: False,
        "must be true or false (also 1/0, yes/no, on/off).",
    ),
    Setting(
        "RENDER_WORKERS", "render_workers", _whole(0, MAX_RENDER_WORKERS), lambda: DEFAULT_RENDER_WORKERS,
        f"must be a whole number of picture processes from 0 to {MAX_RENDER_WORKERS} (0 draws in the "
        "bot's own process; empty: one per core, at most 2).",
    ),
    Setting(
        "HEALTH_SECONDS", "health_seconds", _whole(0), lambda: DEFAULT_HEALTH_SECONDS,
        "must be a whole number of seconds (0 turns the health line off).",
    ),
)  # fmt: skip
"""Every variable ``python -m bot`` reads (besides ``SHARD_COUNT`` and ``SHARD_IDS``, read together by
:func:`bot.sharding.parse_shards`), in the order a bad one is reported. docs/running.md lists them."""
