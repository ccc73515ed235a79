"""Taking moves back in the store: the log's last moves go and the replayed state is written,
in one transaction at an expected version, as optimistic as ``Store.commit_moves``.

Kept apart from ``store.py`` because it is one idea; the operation is
:func:`db.move_ops.take_back`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from db import interactions, move_ops
from db.models import MoveRow, TableRow
from db.store_base import StoreBase


class UndoStore(StoreBase):
    """The store's part for undo; :class:`db.store.Store` inherits it."""

    async def table_and_moves(self, table_id: int) -> tuple[TableRow, list[MoveRow]]:
        """A table and its move log read together, so the log is the one its state came from."""
        return await self._reading(move_ops.table_and_moves, table_id)

    async def interaction_seen(self, interaction_id: int) -> bool:
        """Whether that interaction already took effect (a move or an undo, even one taken back)."""
        return await self._reading(interactions.seen, interaction_id)

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
        return await self._writing(
            move_ops.take_back, self._clock(), table_id, expected_version=expected_version, keep=keep,
            state=state, awaited=frozenset(awaited), interaction_id=interaction_id,
        )  # fmt: skip
