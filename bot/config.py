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
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from bot.sharding import Shards, parse_shards
from db.pg_backend import POOL_SIZE, is_url

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
    health_seconds: int = field(default_factory=lambda: health_seconds_or_default())
    """Seconds between health lines (``HEALTH_SECONDS``; 0: none, see ``bot.monitor``)."""
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
        load_dotenv(Path.cwd() / ENV_FILE, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        problem, shards, pool_size, health = None, None, POOL_SIZE, DEFAULT_HEALTH_SECONDS
        try:
            shards = parse_shards(os.environ.get("SHARD_COUNT", ""), os.environ.get("SHARD_IDS", ""))
            pool_size = pool_size_from_env()
            health = health_seconds_from_env()
        except ValueError as error:
            problem = str(error)
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3",
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=(os.environ.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            members_intent=os.environ.get("MEMBERS_INTENT", "").strip().lower() in {"1", "true", "yes", "on"},
            render_workers=render_workers_from_env(),
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
            shards=shards,
            database_pool_size=pool_size,
            health_seconds=health,
            setting_problem=problem,
        )


DEFAULT_RENDER_WORKERS = min(2, os.cpu_count() or 1)
"""Two processes drawing beside the event loop (one on a single core). Measured on 2 busy cores
(``python -m bench.concurrent``, 80 tables, alternating runs): 93-107 moves/s with two workers
against 89-93 with one, event-loop lag p99 under 16 ms with either (the workers yield to the
bot, ``bot.pictures.WORKER_NICENESS``)."""


def render_workers_from_env() -> int:
    """``RENDER_WORKERS`` as a count (unset or not a number: the default; 0 draws in-process)."""
    value = os.environ.get("RENDER_WORKERS", "").strip()
    return int(value) if value.isdigit() else DEFAULT_RENDER_WORKERS


def pool_size_from_env() -> int:
    """``DATABASE_POOL_SIZE`` (unset: :data:`db.pg_backend.POOL_SIZE`); ``ValueError`` if not a count >= 1."""
    value = os.environ.get("DATABASE_POOL_SIZE", "").strip()
    if not value:
        return POOL_SIZE
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"DATABASE_POOL_SIZE={value} must be a whole number of connections, 1 or more.")
    return int(value)


DEFAULT_HEALTH_SECONDS = 300
"""A health line every five minutes: a busy bot's figures over enough moves for a p99."""


def health_seconds_from_env() -> int:
    """``HEALTH_SECONDS`` (unset: :data:`DEFAULT_HEALTH_SECONDS`; 0: no line); ``ValueError`` if not
    a whole number of seconds."""
    value = os.environ.get("HEALTH_SECONDS", "").strip()
    if not value:
        return DEFAULT_HEALTH_SECONDS
    if not value.isdigit():
        raise ValueError(
            f"HEALTH_SECONDS={value} must be a whole number of seconds (0 turns the health line off)."
        )
    return int(value)


def health_seconds_or_default() -> int:
    """``HEALTH_SECONDS`` for a ``Config`` built in code (tests, benchmarks): a bad value is the default."""
    try:
        return health_seconds_from_env()
    except ValueError:
        return DEFAULT_HEALTH_SECONDS
