"""``python -m bot``: check the database, then start the bot with the token from the environment or ``.env``.

Every way the start can fail for a reason outside the code ends with one line on stderr and a
non-zero status, never a traceback: 2 for something to fix in the configuration (no token, a
token Discord refuses, a database path that cannot work, shard settings that cannot work, a
privileged intent not switched on, slash commands Discord refuses: :mod:`bot.command_sync`), 1
when Discord or the PostgreSQL server could not be reached (no network, Discord down, the
server not up yet: try again later; :mod:`bot.startup_faults` says which database faults are
which). The database is opened, checked and upgraded before logging in, so a bad
``DATABASE_PATH`` or ``DATABASE_URL`` is reported even without a network.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import TYPE_CHECKING

from bot.config import Config
from bot.startup_faults import database_fault, without_password
from db.errors import StorageFault
from db.pg_backend import redacted

if TYPE_CHECKING:
    from bot.client import GameBot

VOICE_WARNING = "voice will NOT be supported"
"""What discord.py logs at every start without PyNaCl or davey; this bot has no voice."""


class _NoVoiceWarnings(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return VOICE_WARNING not in record.getMessage()


def quiet_voice_warnings() -> None:
    """Drop discord.py's "voice will NOT be supported" warnings, and nothing else."""
    logger = logging.getLogger("discord.client")
    if not any(isinstance(f, _NoVoiceWarnings) for f in logger.filters):
        logger.addFilter(_NoVoiceWarnings())


def main() -> int:
    config = Config.from_env()
    if config.setting_problem:  # a bad value, or a .env line that cannot be read (the token's?)
        print(config.setting_problem, file=sys.stderr)
        return 2
    if not config.token:
        print(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token there.",
            file=sys.stderr,
        )
        return 2
    if config.startup_problem:
        print(config.startup_problem, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, config.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    quiet_voice_warnings()
    import aiohttp
    import asyncpg
    import discord

    from bot import create_bot
    from bot.command_sync import CommandsRefused

    problem, status = None, 0
    try:
        asyncio.run(_serve(create_bot(config), config.token))
    except KeyboardInterrupt:
        pass
    except StorageFault as fault:
        problem, status = database_fault(config.database_setting, fault)
    except asyncpg.PostgresError as exc:  # any other refusal while opening (a schema it may not use, …)
        fault = StorageFault(redacted(config.database), f"PostgreSQL refused: {_one_line(exc)}")
        problem, status = database_fault(config.database_setting, fault)
    except discord.LoginFailure:
        problem, status = "Discord refused DISCORD_TOKEN: check the token in .env.", 2
    except CommandsRefused as refused:
        problem, status = str(refused), 2
    except discord.PrivilegedIntentsRequired:
        problem = (
            "Discord refused the Server Members Intent: switch it on in the developer portal "
            "(Bot page) or set MEMBERS_INTENT=false."
        )
        status = 2
    except (OSError, TimeoutError, aiohttp.ClientError, discord.GatewayNotFound) as exc:
        problem, status = f"Could not reach Discord: {_one_line(exc)}", 1
    except discord.DiscordServerError as exc:  # Discord down (after discord.py's own retries)
        problem, status = f"Could not reach Discord: it answered {exc.status} {exc.response.reason}", 1
    except discord.HTTPException as exc:
        problem, status = f"Could not log in to Discord: {_one_line(exc)}", 1
    if problem:
        print(without_password(problem, config.database_url), file=sys.stderr)
    return status


async def _serve(bot: GameBot, token: str) -> None:
    async with bot:
        await bot.store.open()  # before logging in: a bad database stops the start here
        await bot.start(token)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


if __name__ == "__main__":
    sys.exit(main())
