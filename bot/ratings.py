"""``python -m bot.ratings rebuild``: recompute every rating and solo board from the results.

For maintenance: after importing results from another file, or after a change of the rating
model. Results are replayed in the order the games finished, which is what the bot did as
they came in, so a rebuild of an untouched database changes nothing. It runs in one write
transaction, so a bot running on the same file waits (or sees the old or the new standings,
never a mix). The database is ``DATABASE_PATH`` from the environment or ``.env``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import Config
from db.errors import StorageFault
from db.pg_backend import is_url, redacted
from db.store import Store


async def rebuild(path: str) -> int:
    async with Store(path) as store:
        return await store.rebuild_standings()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["rebuild"], help="what to do (only 'rebuild' for now)")
    parser.add_argument(
        "--database",
        help="a SQLite file or a postgresql:// URL (default: DATABASE_URL, else DATABASE_PATH)",
    )
    args = parser.parse_args(argv)
    path = args.database or Config.from_env().database
    if not is_url(path) and not Path(path).is_file():
        print(f"No database at {path}.", file=sys.stderr)
        return 2
    try:
        tables = asyncio.run(rebuild(path))
    except StorageFault as fault:  # the same checks as at the bot's start, one line
        print(f"{fault.path}: {fault.problem}", file=sys.stderr)
        return 2
    print(f"Rebuilt ratings and solo boards from {tables} finished games in {redacted(path)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
