"""Reading a table row with its seats (and a lobby's invitations) inside an operation's transaction.

Every operation that answers with a ``TableRow`` ends with :func:`require`, so the caller sees
the table exactly as the transaction left it.
"""

from __future__ import annotations

import json

from db.errors import TableNotFound
from db.models import InviteRow, SeatRow, TableRow
from db.tx import Row, Tx

TABLE_COLUMN_NAMES = (
    "id", "game", "guild_id", "channel_id", "parent_id", "host_id", "status", "options", "locale", "seed",
    "max_seats", "state", "version", "board_message_id", "lobby_message_id", "created_at", "updated_at",
    "remind_after", "time_limit", "on_timeout", "end_reason", "digest", "standin_level", "thread_lost_at",
)  # fmt: skip
"""Every column of ``game_tables``; :func:`with_seats` reads a row of them."""
TABLE_COLUMNS = ", ".join(TABLE_COLUMN_NAMES)
T_TABLE_COLUMNS = ", ".join(f"t.{c}" for c in TABLE_COLUMN_NAMES)
"""The same, for queries joining another table as ``t``."""

_SEAT_COLUMNS = (
    "seat, user_id, name, joined_at, awaited_since, remind_at, deadline, timeouts, bot_level, standin_turns, "
    "left_at"
)


async def load(tx: Tx, table_id: int) -> TableRow | None:
    row = await tx.fetchone(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,))
    return None if row is None else await with_seats(tx, row)


async def require(tx: Tx, table_id: int) -> TableRow:
    row = await load(tx, table_id)
    if row is None:
        raise TableNotFound(table_id)
    return row


async def with_seats(tx: Tx, r: Row) -> TableRow:
    """The ``TableRow`` of a ``game_tables`` row: its seats and, in a lobby, its invitations."""
    seats = tuple(
        SeatRow(*(s[i] for i in range(11)))
        for s in await tx.fetchall(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat", (r["id"],)
        )
    )
    invites: tuple[InviteRow, ...] = ()
    if r["status"] == "lobby":
        invites = tuple(
            InviteRow(i["user_id"], i["name"], i["invited_at"])
            for i in await tx.fetchall(
                "SELECT user_id, name, invited_at FROM invites WHERE table_id = ? ORDER BY invited_at, rowid",
                (r["id"],),
            )
        )
    return TableRow(
        id=r["id"],
        game=r["game"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        parent_id=r["parent_id"],
        host_id=r["host_id"],
        status=r["status"],
        options=json.loads(r["options"]),
        locale=r["locale"],
        seed=r["seed"],
        max_seats=r["max_seats"],
        state=None if r["state"] is None else json.loads(r["state"]),
        version=r["version"],
        board_message_id=r["board_message_id"],
        lobby_message_id=r["lobby_message_id"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        seats=seats,
        remind_after=r["remind_after"],
        time_limit=r["time_limit"],
        on_timeout=r["on_timeout"],
        end_reason=r["end_reason"],
        invites=invites,
        digest=bool(r["digest"]),
        standin_level=r["standin_level"],
        thread_lost_at=r["thread_lost_at"],
    )


def dumps(value: object) -> str:
    """Compact JSON; NaN is refused because it is not JSON and would not load elsewhere."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
