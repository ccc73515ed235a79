"""Settings from the environment and an optional ``.env`` file; the token is never logged.

``.env`` is read from the current working directory only (the folder the bot is started
from, which is also where a relative ``DATABASE_PATH`` points), with python-dotenv; parent
folders are not searched. A variable already set in the environment wins over the file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

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
