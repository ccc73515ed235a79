"""A throwaway PostgreSQL server for CI and local test runs (the ``pgserver`` wheel, no system install).

``python tools/throwaway_postgres.py start <folder>`` creates a server in ``<folder>``, leaves it
running and prints its URL (for ``TEST_DATABASE_URL``); ``stop <folder>`` stops it. ``.ci/run``
starts one before the tests and stops it on exit, whatever the outcome. The server is for tests
only: it does not wait for the disk (fsync off), so a power cut may lose it.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

NO_DURABILITY = (
    "ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = off; "
    "ALTER SYSTEM SET full_page_writes = off; SELECT pg_reload_conf();"
)


@contextmanager
def server(prefix: str = "bgbot-pg-", *, durable: bool = False) -> Iterator[str]:
    """The URL of a PostgreSQL server while the ``with`` lasts: ``TEST_DATABASE_URL``'s, else a new
    one in a temporary folder, stopped and deleted at the end. A throwaway server need not survive
    a power cut, so it does not wait for the disk unless ``durable`` (a benchmark of commits)."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if url:
        yield url
        return
    import pgserver  # the test extras' server: only when no URL is given

    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        srv = pgserver.get_server(folder, cleanup_mode="stop")
        try:
            if not durable:
                srv.psql(NO_DURABILITY)
            yield srv.get_uri()
        finally:
            srv.cleanup()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["start", "stop"])
    parser.add_argument("folder", help="where the server keeps its data (a new, empty folder for start)")
    args = parser.parse_args(argv)
    import pgserver

    logging.disable(logging.CRITICAL)  # the URL is the only output
    if args.command == "start":
        server = pgserver.get_server(args.folder, cleanup_mode=None)
        server.psql(NO_DURABILITY)
        print(server.get_uri())
    else:
        pgserver.get_server(args.folder, cleanup_mode="stop").cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
