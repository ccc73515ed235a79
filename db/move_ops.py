"""Store operations on the move log: committing moves (and results), taking them back, reading.

Each function is one transaction against :class:`db.tx.Tx`; ``Store`` documents them. A commit
and an undo are optimistic: they check the table's version inside their transaction and write
nothing if another move got there first (``StaleVersion``). The version goes *up* on an undo,
never back to an old number: a button shown for a board before the undo names an older version
than any board after it, so it stays stale even when the position is the same again.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from db import boards, clocks, interactions, standings
from db.errors import DuplicateInteraction, StaleVersion, TableNotFound
from db.models import MoveRow, NewMove, NewResult, ResultRow, TableRow
from db.rows import TABLE_COLUMNS, dumps, require, with_seats
from db.tx import Row, Tx, row_locked


async def _current(tx: Tx, table_id: int, interaction_id: int | None, expected_version: int) -> Row:
    """The table's status, version, game, server and clock settings, once the interaction and the
    version are checked: ``DuplicateInteraction`` first (a retried interaction is recognised even
    though the version moved on), then ``StaleVersion``. The row is locked first on PostgreSQL: another move
    on the table waits here until this one commits, then reads the version it left
    (:func:`db.tx.row_locked`)."""
    current = await tx.fetchone(
        "SELECT status, version, game, guild_id, remind_after, time_limit, standin_level FROM game_tables "
        "WHERE id = ? /* FOR UPDATE */",
        (table_id,),
    )
    if current is None:
        raise TableNotFound(table_id)
    if interaction_id is not None and await interactions.seen(tx, interaction_id):
        raise DuplicateInteraction(interaction_id)
    if current["status"] != "active" or current["version"] != expected_version:
        raise StaleVersion(current["version"])
    return current


async def _seats_as_read(
    tx: Tx, table_id: int, version: int, standins: Collection[int] | None, due: tuple[int, float] | None
) -> None:
    """``StaleVersion`` if a seat changed hands without a new version since the moves were
    computed: a held seat given back to its player (``standins``: the seats the stand-in bot
    held then), or the clock the bot acts on moved because its player showed up (``due``: the
    seat and its deadline then). Both change no board, so they leave the version alone."""
    if standins is not None:
        held = await tx.fetchall(
            "SELECT seat FROM seats WHERE table_id = ? AND standin_turns > 0 AND user_id IS NOT NULL "
            "/* FOR UPDATE */",
            (table_id,),
        )
        if {r["seat"] for r in held} != set(standins):
            raise StaleVersion(version)
    if due is not None:
        clock = await tx.fetchone(
            "SELECT deadline FROM seats WHERE table_id = ? AND seat = ? /* FOR UPDATE */", (table_id, due[0])
        )
        if clock is None or clock["deadline"] != due[1]:
            raise StaleVersion(version)


def _keeps_to_its_table(kwargs: Mapping[str, Any]) -> bool:
    """A move that does not end the game writes only its table's rows (see :func:`row_locked`)."""
    return kwargs.get("results") is None


@row_locked(when=_keeps_to_its_table)
async def commit_moves(
    tx: Tx,
    now: float,
    table_id: int,
    *,
    expected_version: int,
    moves: Sequence[NewMove],
    state: dict[str, Any],
    interaction_id: int | None,
    results: Sequence[NewResult] | None,
    awaited: Collection[int] | None,
    end_reason: str | None,
    standins: Collection[int] | None = None,
    due: tuple[int, float] | None = None,
) -> TableRow:
    current = await _current(tx, table_id, interaction_id, expected_version)
    await _seats_as_read(tx, table_id, expected_version, standins, due)
    await interactions.claim(tx, interaction_id, table_id, "move", now)
    following = await tx.fetchone(
        "SELECT COALESCE(MAX(ply) + 1, 0) AS next FROM moves WHERE table_id = ?", (table_id,)
    )
    assert following is not None
    first_ply: int = following["next"]
    await tx.executemany(
        "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at, source) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                table_id, first_ply + i, m.seat, m.user_id, m.notation, interaction_id if i == 0 else None,
                now, m.source,
            )
            for i, m in enumerate(moves)
        ],
    )  # fmt: skip
    status = "active"
    if results is not None:
        status = "finished"
        await insert_results(tx, table_id, current["game"], current["guild_id"], results, now)
    row = await tx.fetchone(
        "UPDATE game_tables SET state = ?, version = version + 1, status = ?, updated_at = ?, "
        f"end_reason = COALESCE(?, end_reason) WHERE id = ? RETURNING {TABLE_COLUMNS}",
        (dumps(state), status, now, end_reason, table_id),
    )
    assert row is not None  # locked and read above
    if results is not None:
        await clocks.clear(tx, table_id)
    elif awaited is not None:
        await clocks.update_awaited(tx, table_id, awaited, moves, now, settings=current)
    return await with_seats(tx, row)  # the row as updated; clocks change only the seats


@row_locked(when=_keeps_to_its_table)
async def commit_moves_logged(
    tx: Tx, now: float, table_id: int, **commit: Any
) -> tuple[TableRow, list[MoveRow]]:
    """:func:`commit_moves`, then the log as it now stands, read in the same transaction (a new
    turn's digest replays it): one transaction where a commit and a read were two. The moves
    change only under the table's lock, which this transaction holds."""
    row = await commit_moves(tx, now, table_id, **commit)
    return row, await read_log(tx, table_id)


async def insert_results(
    tx: Tx, table_id: int, game: str, guild_id: int | None, results: Iterable[NewResult], now: float
) -> None:
    results = list(results)
    await tx.executemany(
        "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at, "
        "variant, level, bot_level, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                table_id, r.seat, r.user_id, game, guild_id, r.place, r.score, now, r.variant, r.level,
                r.bot_level, json.dumps(dict(r.figures), sort_keys=True) if r.figures else None,
            )
            for r in results
        ],
    )  # fmt: skip
    await standings.record(tx, table_id=table_id, game=game, guild_id=guild_id, results=results, now=now)


@row_locked()
async def take_back(
    tx: Tx,
    now: float,
    table_id: int,
    *,
    expected_version: int,
    keep: int,
    state: dict[str, Any],
    awaited: Collection[int],
    interaction_id: int | None,
) -> TableRow:
    current = await _current(tx, table_id, interaction_id, expected_version)
    plies = await tx.fetchone(
        "SELECT COUNT(*) AS n FROM moves WHERE table_id = ? AND ply >= ?", (table_id, keep)
    )
    if keep < 0 or plies is None or plies["n"] == 0:
        raise ValueError(f"table {table_id} has no move from ply {keep} on to take back")
    await interactions.claim(tx, interaction_id, table_id, "undo", now)
    await tx.execute("DELETE FROM moves WHERE table_id = ? AND ply >= ?", (table_id, keep))
    row = await tx.fetchone(
        "UPDATE game_tables SET state = ?, version = version + 1, updated_at = ? WHERE id = ? "
        f"RETURNING {TABLE_COLUMNS}",
        (dumps(state), now, table_id),
    )
    assert row is not None  # locked and read above
    await clocks.update_awaited(tx, table_id, awaited, (), now, settings=current)
    return await with_seats(tx, row)


async def read_log(tx: Tx, table_id: int) -> list[MoveRow]:
    """A table's move log in ply order."""
    rows = await tx.fetchall(
        "SELECT ply, seat, user_id, notation, interaction_id, created_at, source FROM moves "
        "WHERE table_id = ? ORDER BY ply",
        (table_id,),
    )
    return [MoveRow(*(r[i] for i in range(7))) for r in rows]


REMOVALS = ("timeout", "kicked", "left")
"""The sources of a move the bot made for an absent player (one of them may be their removal)."""


async def acted_for(tx: Tx, table_id: int) -> list[tuple[int, str, str]]:
    """(seat, source, notation) of each move the bot made for an absent player, in ply order."""
    rows = await tx.fetchall(
        "SELECT seat, source, notation FROM moves WHERE table_id = ? AND source IN (?, ?, ?) ORDER BY ply",
        (table_id, *REMOVALS),
    )
    return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]


async def table_and_moves(tx: Tx, table_id: int) -> tuple[TableRow, list[MoveRow]]:
    return await require(tx, table_id), await read_log(tx, table_id)


async def results(tx: Tx, table_id: int) -> list[ResultRow]:
    rows = await tx.fetchall(
        f"SELECT {boards.RESULT_COLUMNS} FROM results WHERE table_id = ? ORDER BY place, seat", (table_id,)
    )
    return [boards.result_row(r) for r in rows]
