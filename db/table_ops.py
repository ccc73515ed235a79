"""Store operations on a table's life: opening a lobby, seats, the start, cancelling, settings.

Each function is one transaction against :class:`db.tx.Tx` (see :mod:`db.tx`); ``Store`` in
:mod:`db.store` documents what each means to its callers and runs it with its clock's ``now``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from db import clocks
from db.errors import (
    AlreadySeated,
    ChannelBusy,
    LobbyChanged,
    NotInLobby,
    NotSeated,
    SeatsReserved,
    TableClosed,
    TableFull,
    TableNotFound,
)
from db.models import NewMove, SeatRow, TableRow
from db.rows import T_TABLE_COLUMNS, TABLE_COLUMNS, dumps, load, require, with_seats
from db.tx import Tx, row_locked


async def open_ids_in(tx: Tx, channel_id: int, game: str | None = None) -> list[int]:
    """Open tables of a channel, newest first: one in a thread, up to one per game in a DM."""
    rows = await tx.fetchall(
        "SELECT id FROM game_tables WHERE channel_id = ? AND status IN ('lobby', 'active') "
        "AND (CAST(? AS TEXT) IS NULL OR game = ?) ORDER BY id DESC",
        (channel_id, game, game),
    )
    return [r["id"] for r in rows]


async def count_running(tx: Tx, shards: clocks.ShardScope | None) -> int:
    """Active tables (lobbies not counted) of ``shards`` (``None``: every table)."""
    condition, params = clocks.on_shards("game_tables", shards) if shards is not None else ("1 = 1", ())
    row = await tx.fetchone(
        f"SELECT COUNT(*) AS n FROM game_tables WHERE status = 'active' AND {condition}", params
    )
    return int(row["n"]) if row is not None else 0


async def create_table(
    tx: Tx,
    now: float,
    *,
    game: str,
    guild_id: int | None,
    channel_id: int,
    parent_id: int | None,
    host_id: int,
    host_name: str,
    options: dict[str, Any],
    locale: str,
    seed: int,
    max_seats: int,
    remind_after: float | None,
    time_limit: float | None,
    on_timeout: str,
    invited: Sequence[tuple[int, str]],
    standin_level: str | None,
) -> TableRow:
    if await open_ids_in(tx, channel_id, game if guild_id is None else None):
        raise ChannelBusy(channel_id)
    created = await tx.fetchone(
        "INSERT INTO game_tables (game, guild_id, channel_id, parent_id, host_id, status, options, "
        "locale, seed, max_seats, state, version, created_at, updated_at, remind_after, time_limit, "
        "on_timeout, standin_level) "
        "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            game, guild_id, channel_id, parent_id, host_id, dumps(options), locale, seed, max_seats, now, now,
            remind_after, time_limit, on_timeout, standin_level,
        ),
    )  # fmt: skip
    assert created is not None
    table_id: int = created["id"]
    await tx.execute(
        "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, 0, ?, ?, ?)",
        (table_id, host_id, host_name, now),
    )
    await tx.executemany(
        "INSERT INTO invites (table_id, user_id, name, invited_at) VALUES (?, ?, ?, ?)",
        [(table_id, uid, name, now) for uid, name in invited],
    )
    return await require(tx, table_id)


async def open_table_in(tx: Tx, channel_id: int, game: str | None) -> TableRow | None:
    """The newest open table of the channel (of ``game``): the row found and its seats, two
    statements (every interaction in a table's thread starts here)."""
    row = await tx.fetchone(
        f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE channel_id = ? AND status IN ('lobby', 'active') "
        "AND (CAST(? AS TEXT) IS NULL OR game = ?) ORDER BY id DESC LIMIT 1",
        (channel_id, game, game),
    )
    return None if row is None else await with_seats(tx, row)


async def open_tables_in(tx: Tx, channel_id: int) -> list[TableRow]:
    return [t for i in await open_ids_in(tx, channel_id) if (t := await load(tx, i))]


async def open_tables_of(tx: Tx, user_id: int) -> list[TableRow]:
    rows = await tx.fetchall(
        f"SELECT {T_TABLE_COLUMNS} "
        "FROM game_tables t JOIN seats s ON s.table_id = t.id "
        "WHERE s.user_id = ? AND t.status IN ('lobby', 'active') "
        "ORDER BY t.created_at DESC, t.id DESC",
        (user_id,),
    )
    return [await with_seats(tx, r) for r in rows]


async def join(tx: Tx, now: float, table_id: int, user_id: int, name: str) -> TableRow:
    row = await require(tx, table_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    if row.seat_of(user_id) is not None:
        raise AlreadySeated(table_id, user_id)
    if row.free_seats <= 0:
        raise TableFull(table_id)
    if not row.is_invited(user_id) and row.open_seats <= 0:
        raise SeatsReserved(table_id)
    await tx.execute(
        "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
        (table_id, len(row.seats), user_id, name, now),
    )
    await tx.execute("DELETE FROM invites WHERE table_id = ? AND user_id = ?", (table_id, user_id))
    await touch(tx, table_id, now)
    return await require(tx, table_id)


async def leave(tx: Tx, now: float, table_id: int, user_id: int) -> TableRow:
    row = await require(tx, table_id)
    seat = row.seat_of(user_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    if seat is None:
        raise NotSeated(table_id, user_id)
    await free_seat(tx, row, seat, now)
    return await require(tx, table_id)


async def free_seat(tx: Tx, row: TableRow, seat: int, now: float) -> None:
    """Empty a lobby seat (a person's or a bot's); the later seats move down one."""
    table_id = row.id
    await tx.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
    remaining = [s for s in row.seats if s.seat != seat]
    # In a lobby seat order is join order; moving seats down in ascending order never lands on
    # an occupied (table_id, seat).
    for new_seat, s in enumerate(remaining):
        if s.seat != new_seat:
            await tx.execute(
                "UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?", (new_seat, table_id, s.seat)
            )
    people = [s for s in remaining if s.user_id is not None]
    if not people:
        await tx.execute(
            "UPDATE game_tables SET status = 'cancelled', updated_at = ? WHERE id = ?", (now, table_id)
        )
        await tx.execute("DELETE FROM invites WHERE table_id = ?", (table_id,))
    elif row.host_id not in {s.user_id for s in people}:
        await tx.execute(
            "UPDATE game_tables SET host_id = ?, updated_at = ? WHERE id = ?",
            (people[0].user_id, now, table_id),
        )
    else:
        await touch(tx, table_id, now)


async def start(
    tx: Tx,
    now: float,
    table_id: int,
    state: dict[str, Any],
    *,
    seat_order: list[int] | None,
    from_seats: Sequence[int] | None,
    awaited: Collection[int],
    moves: Sequence[NewMove],
    expected_seats: Sequence[SeatRow] | None,
) -> TableRow:
    row = await require(tx, table_id)
    if row.status != "lobby":
        raise NotInLobby(table_id)
    if expected_seats is not None and tuple(row.seats) != tuple(expected_seats):
        raise LobbyChanged(table_id)
    if seat_order is not None:
        by_user = {s.user_id: s.seat for s in row.seats}
        if len(seat_order) != len(by_user) or set(seat_order) != set(by_user):
            raise ValueError(f"seat_order {seat_order} is not a permutation of {sorted(by_user)}")
        from_seats = [by_user[uid] for uid in seat_order]
    if from_seats is not None:
        await reorder_seats(tx, row, from_seats)
    await tx.execute("DELETE FROM invites WHERE table_id = ?", (table_id,))
    await tx.executemany(
        "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at, source) "
        "VALUES (?, ?, ?, ?, ?, NULL, ?, ?)",
        [(table_id, i, m.seat, m.user_id, m.notation, now, m.source) for i, m in enumerate(moves)],
    )
    await tx.execute(
        "UPDATE game_tables SET status = 'active', state = ?, version = 1, updated_at = ? WHERE id = ?",
        (dumps(state), now, table_id),
    )
    await clocks.update_awaited(tx, table_id, awaited, (), now)
    return await require(tx, table_id)


async def reorder_seats(tx: Tx, row: TableRow, from_seats: Sequence[int]) -> None:
    """New seat ``i`` is the lobby's seat ``from_seats[i]``."""
    by_seat = {s.seat: s for s in row.seats}
    if len(from_seats) != len(by_seat) or set(from_seats) != set(by_seat):
        raise ValueError(f"from_seats {list(from_seats)} is not a permutation of {sorted(by_seat)}")
    # Delete and reinsert: renumbering in place would collide on the primary key.
    await tx.execute("DELETE FROM seats WHERE table_id = ?", (row.id,))
    await tx.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, joined_at, bot_level) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                row.id,
                i,
                by_seat[old].user_id,
                by_seat[old].name,
                by_seat[old].joined_at,
                by_seat[old].bot_level,
            )
            for i, old in enumerate(from_seats)
        ],
    )


async def discard_lobby(tx: Tx, table_id: int) -> bool:
    done = await tx.execute("DELETE FROM game_tables WHERE id = ? AND status = 'lobby'", (table_id,))
    return done.rowcount > 0


async def cancel(tx: Tx, now: float, table_id: int, reason: str | None, lobby_only: bool) -> TableRow:
    row = await require(tx, table_id)
    if not row.is_open:
        raise TableClosed(table_id)
    if lobby_only and row.status != "lobby":
        raise NotInLobby(table_id)
    await tx.execute(
        "UPDATE game_tables SET status = 'cancelled', end_reason = ?, updated_at = ? WHERE id = ?",
        (reason, now, table_id),
    )
    await tx.execute("DELETE FROM invites WHERE table_id = ?", (table_id,))
    await clocks.clear(tx, table_id)
    return await require(tx, table_id)


async def newest_table_in(
    tx: Tx, channel_id: int, game: str | None, *, finished_only: bool
) -> TableRow | None:
    """The newest finished table of a channel (of ``game``), or with ``finished_only`` false the
    newest finished else newest of any status (``/record``)."""
    if finished_only:
        row = await tx.fetchone(
            "SELECT id FROM game_tables WHERE channel_id = ? AND status = 'finished' "
            "AND (CAST(? AS TEXT) IS NULL OR game = ?) ORDER BY id DESC LIMIT 1",
            (channel_id, game, game),
        )
    else:
        row = await tx.fetchone(
            "SELECT id FROM game_tables WHERE channel_id = ? "
            "ORDER BY status = 'finished' DESC, id DESC LIMIT 1",
            (channel_id,),
        )
    return await load(tx, row["id"]) if row is not None else None


SETTABLE = frozenset({"locale", "board_message_id", "lobby_message_id"})


@row_locked()
async def set_column(tx: Tx, table_id: int, column: str, value: object) -> None:
    assert column in SETTABLE  # never user input
    done = await tx.execute(f"UPDATE game_tables SET {column} = ? WHERE id = ?", (value, table_id))
    if done.rowcount == 0:
        raise TableNotFound(table_id)


async def move_to(tx: Tx, table_id: int, channel_id: int) -> TableRow:
    """The table now lives in ``channel_id`` (its thread was deleted); the old board post is gone,
    and the table is no longer lost (the same statement, so no reader sees one without the other)."""
    done = await tx.execute(
        "UPDATE game_tables SET channel_id = ?, board_message_id = NULL, thread_lost_at = NULL WHERE id = ?",
        (channel_id, table_id),
    )
    if done.rowcount == 0:
        raise TableNotFound(table_id)
    return await require(tx, table_id)


@row_locked()
async def mark_lost(tx: Tx, now: float, table_id: int, channel_id: int) -> bool:
    """Whether this call marked the table's thread ``channel_id`` lost: ``False`` when it was
    already (another post, or another process, found it first) or the table has moved since."""
    done = await tx.execute(
        "UPDATE game_tables SET thread_lost_at = ? "
        "WHERE id = ? AND channel_id = ? AND thread_lost_at IS NULL",
        (now, table_id, channel_id),
    )
    return done.rowcount > 0


@row_locked()
async def unmark_lost(tx: Tx, table_id: int, channel_id: int) -> bool:
    """Whether the table's thread ``channel_id`` was marked lost and no longer is."""
    done = await tx.execute(
        "UPDATE game_tables SET thread_lost_at = NULL "
        "WHERE id = ? AND channel_id = ? AND thread_lost_at IS NOT NULL",
        (table_id, channel_id),
    )
    return done.rowcount > 0


@row_locked()
async def touch(tx: Tx, table_id: int, now: float) -> None:
    await tx.execute("UPDATE game_tables SET updated_at = ? WHERE id = ?", (now, table_id))
