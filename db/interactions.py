"""The record of interactions that took effect, so each takes effect at most once.

Discord may deliver one interaction twice. A move's interaction id used to live only on its
move row, which an undo deletes, so a redelivered move after an undo was applied again, and
an undo (which adds no row) could be applied twice. The ``interactions`` table keeps every id
that took effect, a move's or an undo's, whatever is taken back later; it is written inside
the transaction of the change it guards.
"""

from __future__ import annotations

from db.errors import DuplicateInteraction
from db.tx import Tx


async def claim(tx: Tx, interaction_id: int | None, table_id: int, kind: str, now: float) -> None:
    """Record ``interaction_id`` as taking effect on ``table_id`` now, inside the caller's write
    transaction; ``DuplicateInteraction`` if it already did (then the caller writes nothing).
    One statement: an insert that a row already there turns into nothing."""
    if interaction_id is None:
        return
    done = await tx.execute(
        "INSERT INTO interactions (interaction_id, table_id, kind, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (interaction_id) DO NOTHING",
        (interaction_id, table_id, kind, now),
    )
    if done.rowcount == 0:
        raise DuplicateInteraction(interaction_id)


async def seen(tx: Tx, interaction_id: int) -> bool:
    """Whether ``interaction_id`` already took effect (a move or an undo)."""
    rows = await tx.fetchall("SELECT 1 FROM interactions WHERE interaction_id = ?", (interaction_id,))
    return bool(list(rows))
