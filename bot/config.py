"""Settings from the environment (and an optional ``.env`` file); the token is never logged."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def load_dotenv(path: Path = Path(".env")) -> None:
    """Read KEY=VALUE lines into os.environ without overriding what is already set.

    A tiny reader instead of a dependency: the bot only needs plain assignments.
    """
    if not path.is_file():
        return
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        os.environ.setdefault(key, value)


@dataclass(frozen=True)
class Config:
    token: str | None = field(repr=False)
    database_path: str = "data/bot.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    members_intent: bool = False
    """Receive "member left" events (a privileged intent, enabled in the developer portal)."""

    @classmethod
    def from_env(cls) -> Config:
        load_dotenv()
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3",
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=(os.environ.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            members_intent=os.environ.get("MEMBERS_INTENT", "").strip().lower() in {"1", "true", "yes", "on"},
        )
