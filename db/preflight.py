"""Look at a database path before the store opens it for writing, without changing anything.

The store runs :func:`check` first so that a path that cannot work stops the bot with one
clear sentence (a ``StorageFault``) instead of a traceback, and so that nothing is ever
written into a file that is not one of ours: SQLite would happily add a journal, switch a
foreign database to WAL or create our tables in it. The checks, in order:

* the path itself: a folder, a path under a regular file, a missing folder that cannot be
  created (a missing folder is created by the store, as before);
* the bytes: the SQLite header, a file shorter than its header says (truncated), then SQLite
  itself, read-only: damaged pages (``PRAGMA quick_check`` of a small file, the newest rows of
  a big one, so start-up stays fast at any size: see :mod:`db.integrity`; the full check is
  ``python -m db.check``), a file of another program (tables but no schema version of ours), a
  schema newer than this code;
* the rights: the file and its folder must be writable (SQLite keeps its ``-wal`` and
  ``-shm`` files next to the database). ``os.access`` answers for root too on a read-only
  file system or an immutable file; the store's write probe after opening catches the rest.

SQLite reads the file with ``immutable=1`` when no journal is next to it (no lock, no
``-shm`` file created), else with ``mode=ro`` so a journal left by a crash is honoured.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from db import integrity, migrations
from db.errors import SchemaTooNew, StorageFault

MAGIC = b"SQLite format 3\x00"
HEADER = 100
"""The SQLite header: the first 100 bytes of page 1."""

_JOURNALS = ("-wal", "-journal")


def is_file_path(path: str) -> bool:
    """False for ``:memory:`` and ``file:`` URIs, which tests use and which are not checked."""
    return path != ":memory:" and not path.startswith("file:")


def check(path: str) -> None:
    """Raise ``StorageFault`` if the store could not safely open ``path``; never writes."""
    if not is_file_path(path):
        return
    file = Path(path)
    try:
        if file.is_dir():
            raise StorageFault(path, "is a directory, not a database file")
        if not file.exists():
            _check_new(path, file)
        else:
            _check_existing(path, file)
    except OSError as exc:  # e.g. a folder on the way that cannot be searched
        raise StorageFault(path, f"cannot be checked: {_reason(exc)}") from exc


def _check_new(path: str, file: Path) -> None:
    folder = file.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # the store creates the missing folders
    if not folder.is_dir():
        raise StorageFault(path, f"cannot be created: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StorageFault(path, f"cannot be created: the folder {folder} is read-only")


def _check_existing(path: str, file: Path) -> None:
    if not file.is_file():
        raise StorageFault(path, "is not a regular file")
    if not os.access(file, os.R_OK):
        raise StorageFault(path, "cannot be read: permission denied")
    size = file.stat().st_size
    if size > 0:  # an empty file is a new database to SQLite (and to `touch`)
        _check_content(path, file, size)
    if not os.access(file, os.W_OK):
        raise StorageFault(path, "is read-only: the bot writes every move to it")
    folder = file.absolute().parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StorageFault(
            path, f"is in a read-only folder ({folder}): SQLite keeps its journal next to the database"
        )


def _check_content(path: str, file: Path, size: int) -> None:
    with file.open("rb") as f:
        head = f.read(HEADER)
    if not head.startswith(MAGIC) and not (len(head) < len(MAGIC) and MAGIC.startswith(head)):
        raise StorageFault(path, "is not an SQLite database")
    if size < HEADER:
        raise StorageFault(path, f"is truncated: {size} bytes, less than an SQLite header")
    journal = has_journal(path)
    expected = _size_in_header(head)
    if expected is not None and size < expected and not journal:
        # With a journal next to it, pages may still be there; SQLite's check below decides.
        raise StorageFault(path, f"is truncated: {size} bytes where its header says {expected}")
    _check_with_sqlite(path, journal, size)


def _size_in_header(head: bytes) -> int | None:
    """Page size × page count, when the header's count is valid (files of SQLite ≥ 3.7.0)."""
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    valid = head[24:28] == head[92:96]  # the change counter matches "version valid for"
    return page_size * pages if valid and pages else None


def has_journal(path: str) -> bool:
    """Whether a ``-wal`` or rollback journal with content lies next to the database."""
    return any(_nonempty(Path(path + suffix)) for suffix in _JOURNALS)


def _nonempty(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _check_with_sqlite(path: str, journal: bool, size: int) -> None:
    try:
        conn = integrity.connect_read_only(path, journal=journal)
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
            verdict = integrity.startup_verdict(conn, size)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise fault_of(path, exc) or StorageFault(path, f"cannot be read: {exc}") from exc
    if verdict != ["ok"]:
        raise StorageFault(path, f"is damaged: {verdict[0]}")
    known = len(migrations.MIGRATIONS)
    if version > known:
        raise SchemaTooNew(path, migrations.too_new(version, known))
    if version == 0 and tables:
        raise StorageFault(path, "is the database of another program (it has no schema version of this bot)")


def fault_of(path: str, exc: BaseException) -> StorageFault | None:
    """The storage fault an SQLite or OS error means, or None for an error of the code."""
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name == "SQLITE_READONLY_DIRECTORY":
            folder = Path(path).absolute().parent
            return StorageFault(
                path, f"is in a read-only folder ({folder}): SQLite keeps its journal next to the database"
            )
        if name.startswith("SQLITE_READONLY"):
            return StorageFault(path, "is read-only: the bot writes every move to it")
        if name == "SQLITE_NOTADB":
            return StorageFault(path, "is not an SQLite database")
        if name.startswith("SQLITE_CORRUPT"):
            return StorageFault(path, f"is damaged: {exc}")
        if name.startswith("SQLITE_CANTOPEN"):
            return StorageFault(path, f"cannot be opened: {exc}")
        if name.startswith(("SQLITE_IOERR", "SQLITE_PERM", "SQLITE_AUTH")):
            return StorageFault(path, f"cannot be read or written: {exc}")
        if name == "SQLITE_FULL":
            return StorageFault(path, "cannot be written: the disk is full")
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StorageFault(
                path, "is locked by another process (another copy of the bot, or a tool writing to it)"
            )
        return None
    if isinstance(exc, OSError):
        return StorageFault(path, f"cannot be used: {_reason(exc)}")
    return None


def _reason(exc: OSError) -> str:
    """``strerror`` and the file it is about, on one line (no errno prefix)."""
    where = f" ({exc.filename})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"
