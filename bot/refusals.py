"""Refusals shared by the table service and the pieces it drives (undo, a game's board buttons),
kept below them all so that none needs to import the service for its words."""

from __future__ import annotations

from bot.errors import UserError
from db.models import TableRow


def over_refusal(table: TableRow | None) -> UserError:
    """What to tell someone acting on a table that is no longer running: it finished (and
    ``/record`` shows it) or it was closed before the end (no record)."""
    if table is not None and table.status == "finished":
        return UserError("table.over.finished")
    if table is not None and table.status == "lobby":
        return UserError("table.not_started")
    return UserError("table.over.cancelled")
