"""A player who left the server comes back: their turns wait for them again.

While a player is gone (``seats.left_at``, :meth:`bot.absence.Absence.member_left`), each of
their turns is due at once and the table's at-limit rule plays or removes it. They are back
when Discord says they joined the server again (with the members intent), or when they use any
command at the table (without it, the bot hears nothing else): the mark goes, a turn of theirs
that was due at once gets a fresh clock, and the thread is told. A seat the stand-in holds
stays held until they act at the table, as after any time-out (``bot.standin.back``). A player
already removed from the game stays out: the table went on without them.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import Tr
from bot.table_channel import notice
from db.models import TableRow

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService

log = logging.getLogger(__name__)


async def came_back(service: TableService, table: TableRow, user_id: int, *, acting: bool) -> TableRow:
    """``user_id`` is on the server again; ``acting``: because they used a command at ``table``
    (then a held seat's own "back" post follows, so this one says nothing of it). ``table`` as
    it is now."""
    seat = table.seat_of(user_id)
    row = table.seat_row(seat) if seat is not None else None
    if seat is None or row is None or row.left_at is None or table.status != "active":
        return table
    if not await service.store.seat_back(table.id, seat):
        return table
    log.info("table %s: the player of seat %s is back on the server", table.id, seat)
    service.clocks_changed()
    held = seat in table.standins
    if not (acting and held):
        tr = Tr(table.locale)
        name = service.names(table, tr)[seat]
        await notice(service, table, tr("left.back_held" if held else "left.back", name=name))
    return await service.store.table(table.id) or table
