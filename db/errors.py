"""Errors the store raises; the bot maps each one to a clear reply instead of a traceback."""

from __future__ import annotations

import sqlite3


class StoreError(Exception):
    """Base class, so callers can catch every refusal of the store at once."""


class TableNotFound(StoreError):
    """No table has that id (deleted rows never exist, so this means a wrong id)."""


class ChannelBusy(StoreError):
    """The channel already hosts an open (lobby or active) table: one game per thread or DM."""


class AlreadySeated(StoreError):
    """The user already sits at this table."""


class TableFull(StoreError):
    """Every seat of the table is taken."""


class SeatsReserved(TableFull):
    """Every free seat is reserved for an invited person who has not joined yet.

    A subclass of ``TableFull``: for anyone else the table is as good as full."""


class NotInvited(StoreError):
    """The user holds no reserved seat at this table."""


class LobbyChanged(StoreError):
    """The lobby's seats changed between reading it and starting its game."""


class NotABot(StoreError):
    """That seat is not a bot player's (someone took it meanwhile, or it moved)."""


class NotSeated(StoreError):
    """The user does not sit at this table."""


class NotInLobby(StoreError):
    """Seats can change and a game can start only while the table is a lobby."""


class TableClosed(NotInLobby):
    """The table is already finished or cancelled, so it cannot be cancelled again.

    A subclass of ``NotInLobby`` so a handler for lobby buttons that catches "not in the
    lobby any more" also covers a second click on "cancel".
    """


class StaleVersion(StoreError):
    """The table moved on (another move won the race, or the game ended) since it was read.

    ``current_version`` lets the bot say "the board changed, here it is" with the right board.
    """

    def __init__(self, current_version: int) -> None:
        super().__init__(f"table is at version {current_version}")
        self.current_version = current_version


class DuplicateInteraction(StoreError):
    """This Discord interaction was already applied; a retry must not apply it twice."""


class StorageFault(StoreError):
    """The database file cannot be used at all (wrong kind of file, no rights, damaged, too new).

    Raised when the store opens, before anything is written, so the bot can stop with one line
    naming ``path`` and ``problem`` instead of failing at the first move.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


class OutcomeUnknown(StorageFault):
    """The connection to the database was lost while a write was committing: it may or may not have
    been saved. Unlike every other ``StorageFault`` this one must not be told as "nothing was
    saved"; an interaction's write is resolved by looking for its id once the database answers
    (:mod:`db.interactions`)."""

    action: str | None = None
    """What was being saved, named by the bot for the player's sentence (``move``, ``undo``,
    ``join``, ``leave``, ``start``; ``None``: some other change). The store does not know."""


class SchemaTooNew(StorageFault):
    """The database file was written by a newer version of the bot than this one."""


def is_storage_fault(error: BaseException) -> bool:
    """Whether ``error`` means the database could not be used just now (disk full, read-only,
    locked by another process, an I/O error), not a mistake in the code: the transaction was
    rolled back, so nothing was saved. A broken constraint (``IntegrityError``) is a bug, not
    a fault of the storage."""
    if isinstance(error, StorageFault):
        return True
    return isinstance(error, sqlite3.OperationalError) or type(error) is sqlite3.DatabaseError
