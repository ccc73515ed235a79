"""``python -m bot``: start the bot with the token from the environment or ``.env``."""

from __future__ import annotations

import logging
import sys

from bot.config import Config


def main() -> int:
    config = Config.from_env()
    if not config.token:
        print(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token there.",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=getattr(logging, config.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    import discord

    from bot import create_bot

    try:
        create_bot(config).run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused DISCORD_TOKEN: check the token in .env.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
