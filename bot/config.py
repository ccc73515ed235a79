"""Settings from the environment and an optional ``.env`` file; the token is never logged.

``.env`` is read from the current working directory only (the folder the bot is started
from, which is also where a relative ``DATABASE_PATH`` points), with python-dotenv; parent
folders are not searched. A variable already set in the environment wins over the file.
``DATABASE_URL`` (PostgreSQL) wins over ``DATABASE_PATH`` (SQLite) when both are set.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from db.pg_backend import is_url

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
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3",
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=(os.environ.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            members_intent=os.environ.get("MEMBERS_INTENT", "").strip().lower() in {"1", "true", "yes", "on"},
            render_workers=render_workers_from_env(),
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
        )


DEFAULT_RENDER_WORKERS = 1
"""One process drawing beside the event loop: measured best on 2 cores (``bot.pictures``)."""


def render_workers_from_env() -> int:
    """``RENDER_WORKERS`` as a count (unset or not a number: the default; 0 draws in-process)."""
    value = os.environ.get("RENDER_WORKERS", "").strip()
    return int(value) if value.isdigit() else DEFAULT_RENDER_WORKERS
