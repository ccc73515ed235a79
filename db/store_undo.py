"""Taking moves back in the store: the log's last moves go and the replayed state is written,
in one transaction at an expected version, as optimistic as ``Store.commit_moves``.

Kept apart from ``store.py`` because it is one idea. The version goes *up* on an undo, never
back to an old number: a button shown for a board before the undo names an older version than
any board after it, so it stays stale even when the position is the same again.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

import aiosqlite

from db import clocks, interactions
from db.errors import DuplicateInteraction, StaleVersion, TableNotFound
from db.models import MoveRow, TableRow
from db.sql import run
from db.store_base import StoreBase


class UndoStore(StoreBase):
    """The store's part for undo; :class:`db.store.Store` inherits it."""

    async def table_and_moves(self, table_id: int) -> tuple[TableRow, list[MoveRow]]:
        """A table and its move log read together, so the log is the one its state came from."""
        async with self._read() as conn:
            table = await self._require(conn, table_id)
            return table, await read_log(conn, table_id)

    async def interaction_seen(self, interaction_id: int) -> bool:
        """Whether that interaction already took effect (a move or an undo, even one taken back)."""
        async with self._read() as conn:
            return await interactions.seen(conn, interaction_id)

    async def take_back(
        self,
        table_id: int,
        *,
        expected_version: int,
        keep: int,
        state: dict[str, Any],
        awaited: Collection[int],
        interaction_id: int | None = None,
    ) -> TableRow:
        """Remove the moves from ply ``keep`` on and write ``state`` (the replay of the moves
        that remain) as version ``expected_version + 1``, if nobody got there first.

        ``awaited`` are the seats the game waits for afterwards: a seat still awaited keeps its
        clock, one awaited again starts a fresh one, the others stop (as after a move).
        Raises ``DuplicateInteraction`` if ``interaction_id`` (the undo's) already took effect,
        then ``StaleVersion`` if the table is not active or not at ``expected_version`` (a
        move or another undo won the race), ``ValueError`` if no move from ``keep`` on exists.
        Nothing is written when anything raises.
        """
        now = self._clock()
        async with self._write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT status, version FROM game_tables WHERE id = ?", (table_id,)
                )
            )
            if not rows:
                raise TableNotFound(table_id)
            if interaction_id is not None and await interactions.seen(conn, interaction_id):
                raise DuplicateInteraction(interaction_id)
            if rows[0]["status"] != "active" or rows[0]["version"] != expected_version:
                raise StaleVersion(rows[0]["version"])
            plies = list(
                await conn.execute_fetchall(
                    "SELECT COUNT(*) AS n FROM moves WHERE table_id = ? AND ply >= ?", (table_id, keep)
                )
            )
            if keep < 0 or plies[0]["n"] == 0:
                raise ValueError(f"table {table_id} has no move from ply {keep} on to take back")
            await interactions.claim(conn, interaction_id, table_id, "undo", now)
            await run(conn, "DELETE FROM moves WHERE table_id = ? AND ply >= ?", (table_id, keep))
            await run(
                conn,
                "UPDATE game_tables SET state = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (
                    json.dumps(state, separators=(",", ":"), ensure_ascii=False, allow_nan=False),
                    now,
                    table_id,
                ),
            )
            await clocks.update_awaited(conn, table_id, awaited, (), now)
            return await self._require(conn, table_id)


def _dumps(value: Any) -> str:
    """Compact JSON, as ``Store.commit_moves`` writes a state."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


async def read_log(conn: aiosqlite.Connection, table_id: int) -> list[MoveRow]:
    """A table's move log in ply order, inside the caller's transaction."""
    rows = await conn.execute_fetchall(
        "SELECT ply, seat, user_id, notation, interaction_id, created_at, source FROM moves "
        "WHERE table_id = ? ORDER BY ply",
        (table_id,),
    )
    return [
        MoveRow(
            r["ply"],
            r["seat"],
            r["user_id"],
            r["notation"],
            r["interaction_id"],
            r["created_at"],
            r["source"],
        )
        for r in rows
    ]
