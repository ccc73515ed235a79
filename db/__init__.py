"""SQLite persistence for tables, seats, the move log and results (aiosqlite).

The bot imports everything it needs from here: ``Store``, the row dataclasses and errors.
"""

from db.errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    NotInLobby,
    NotSeated,
    SchemaTooNew,
    StaleVersion,
    StorageFault,
    StoreError,
    TableClosed,
    TableFull,
    TableNotFound,
)
from db.models import MoveRow, NewMove, NewResult, ResultRow, SeatRow, TableRow
from db.store import Store

__all__ = [
    "AlreadySeated",
    "ChannelBusy",
    "DuplicateInteraction",
    "MoveRow",
    "NewMove",
    "NewResult",
    "NotInLobby",
    "NotSeated",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "StaleVersion",
    "StorageFault",
    "Store",
    "StoreError",
    "TableClosed",
    "TableFull",
    "TableNotFound",
    "TableRow",
]
