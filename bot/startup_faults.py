"""A database that stops ``python -m bot`` at start: the one line, and whether trying again may help.

Status 1 ("try again": the systemd unit of docs/deploy.md restarts it) when the PostgreSQL server
could not be reached or is not ready: nothing answers at its address (connection refused, no
answer in time), a name the DNS could not look up just now, a server starting up or with every
connection taken. The bot cannot tell a server that is not up yet (a machine booting, a database
restarted for an upgrade) from a wrong port, and the first is the common case; the line names the
host and the port, so a wrong one is seen in the log. Status 2 ("fix the configuration") for what
no restart can mend: a host name that does not exist, a password or user PostgreSQL refuses, a
database that does not exist, a user without the rights to create the tables, and every SQLite
path problem.

The line never holds the password: the URL is shown redacted (:func:`db.pg_backend.redacted`), and
the password is blotted out of any text a driver put into its error.
"""

from __future__ import annotations

import socket
import urllib.parse

import asyncpg

from db.errors import StorageFault
from db.pg_backend import is_url, redacted
from db.redact import without_password

__all__ = ["database_fault", "without_password"]

TRY_AGAIN, FIX = 1, 2

UNKNOWN_HOST = {socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)}
"""``getaddrinfo`` errors that mean "no such name" (not "the DNS did not answer just now")."""


def database_fault(setting: str, fault: StorageFault) -> tuple[str, int]:
    """The one line and the exit status for a database that could not be opened."""
    if not is_url(fault.path):
        return f"{setting}={fault.path}: {fault.problem}", FIX
    url = fault.path  # already without its password (the store names it so)
    problem, status = _postgres_problem(url, fault)
    return f"{setting}={redacted(url)}: {problem}", status


def _postgres_problem(url: str, fault: StorageFault) -> tuple[str, int]:
    cause = fault.__cause__
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or dict(urllib.parse.parse_qsl(parts.query)).get("host") or "localhost"
    try:
        port = parts.port or 5432
    except ValueError:
        port = 5432
    where = f"{host}:{port}" if not host.startswith("/") else f"the socket in {host}"
    user = parts.username or "the bot's user"
    database = parts.path.lstrip("/") or user
    said = " ".join(str(cause).split()) if cause is not None else fault.problem
    if isinstance(cause, socket.gaierror):
        if cause.errno in UNKNOWN_HOST:
            return f"the host {host} is not known (name not resolved): check the host in DATABASE_URL.", FIX
        return f"the host {host} could not be looked up just now ({said}): trying again.", TRY_AGAIN
    if isinstance(cause, asyncpg.InvalidPasswordError):
        return f"PostgreSQL refused the password of user {user}: check the password in DATABASE_URL.", FIX
    if isinstance(cause, asyncpg.InvalidCatalogNameError):
        return (
            f"PostgreSQL has no database {database}: create it (createdb -O {user} {database}) or fix its "
            "name in DATABASE_URL.",
            FIX,
        )
    if isinstance(cause, asyncpg.InvalidAuthorizationSpecificationError):
        return (
            f"PostgreSQL refused user {user} ({said}): check the user in DATABASE_URL and pg_hba.conf.",
            FIX,
        )
    if isinstance(cause, asyncpg.CannotConnectNowError | asyncpg.TooManyConnectionsError):
        return f"PostgreSQL at {where} cannot take the bot now ({said}): trying again.", TRY_AGAIN
    if isinstance(cause, ConnectionRefusedError) or (
        isinstance(cause, OSError) and "Connect call failed" in str(cause)
    ):
        return (
            f"nothing answers at {where} (connection refused): PostgreSQL is not running there yet, or the "
            "host or port in DATABASE_URL is wrong.",
            TRY_AGAIN,
        )
    if isinstance(cause, TimeoutError):
        return f"no answer from {where} in time: PostgreSQL is down or out of reach.", TRY_AGAIN
    if isinstance(cause, OSError):
        return f"{where} cannot be reached ({said}).", TRY_AGAIN
    return fault.problem, FIX
