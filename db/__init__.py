"""Persistence for tables, seats, the move log and results: SQLite (aiosqlite), or PostgreSQL (asyncpg).

The bot imports everything it needs from here: ``Store``, the row dataclasses and errors.
"""

from db.errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    LobbyChanged,
    NotABot,
    NotInLobby,
    NotInvited,
    NotSeated,
    SchemaTooNew,
    SeatsReserved,
    StaleVersion,
    StorageFault,
    StoreError,
    TableClosed,
    TableFull,
    TableNotFound,
)
from db.models import InviteRow, MoveRow, NewMove, NewResult, ResultRow, SeatRow, TableRow
from db.store import Store

__all__ = [
    "AlreadySeated",
    "ChannelBusy",
    "DuplicateInteraction",
    "InviteRow",
    "LobbyChanged",
    "MoveRow",
    "NewMove",
    "NewResult",
    "NotABot",
    "NotInLobby",
    "NotInvited",
    "NotSeated",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "SeatsReserved",
    "StaleVersion",
    "StorageFault",
    "Store",
    "StoreError",
    "TableClosed",
    "TableFull",
    "TableNotFound",
    "TableRow",
]
