"""The store's migrations on PostgreSQL: the same scripts as on SQLite, the version in a table.

SQLite keeps the schema version in ``PRAGMA user_version``; PostgreSQL has no such header, so
the version is the one row of ``schema_version``. Every pending script of
:data:`db.migrations.MIGRATIONS` runs statement by statement through
:func:`db.pg_dialect.migration`, with the version bump, in the caller's one transaction
(PostgreSQL's DDL is transactional): a failure leaves the database at its previous version.
Two processes starting at once on a new database take a transaction-scoped advisory lock
first, so the second waits and then finds nothing left to do.
"""

from __future__ import annotations

from db import migrations, pg_dialect
from db.errors import SchemaTooNew
from db.migrations import AfterUpgrade
from db.tx import Tx

MIGRATION_LOCK = 0x626F6172  # "boar": any constant the bot's processes agree on
"""The advisory lock key held while a process checks and applies migrations."""


async def schema_version(tx: Tx) -> int:
    """The version of the open database (0 for a new one)."""
    await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
    row = await tx.fetchone("SELECT version FROM schema_version")
    return 0 if row is None else int(row["version"])


async def migrate(tx: Tx, *, where: str, then: AfterUpgrade | None = None) -> int:
    """Apply the migrations the database has not seen yet; return the resulting version.

    ``where`` names the database (the URL without its password) in ``SchemaTooNew``."""
    await tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
    scripts = migrations.MIGRATIONS
    known = len(scripts)
    current = await schema_version(tx)
    if current > known:
        raise SchemaTooNew(where, migrations.too_new(current, known))
    for target in range(current + 1, known + 1):
        for statement in migrations.split_statements(scripts[target - 1]):
            await tx.execute(pg_dialect.migration(statement))
    if current < known:
        await tx.execute("DELETE FROM schema_version")
        await tx.execute("INSERT INTO schema_version (version) VALUES (?)", (known,))
        if then is not None:
            await then(tx, current)
    return known
