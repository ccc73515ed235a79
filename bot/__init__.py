"""The running bot: configuration, client, table service, lobby, translations, UI pieces."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.config import Config


def create_bot(config: Config | None = None) -> GameBot:
    """The configured bot, not started; reads the same environment as ``python -m bot``."""
    from bot.client import GameBot, ShardedGameBot
    from bot.config import Config

    config = config or Config.from_env()
    if config.shards is None:
        return GameBot(config)
    return ShardedGameBot(config, shard_count=config.shards.count, shard_ids=list(config.shards.ids))


__all__ = ["create_bot"]
