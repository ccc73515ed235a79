"""Posts the bot owes: what it did on its own at a player's clock (a move at the time limit, a
removal, a departure) is saved before it is shown, so when Discord fails that post (5xx, or 429 past every
retry) the players would never hear that the turn passed. The post is remembered here and made
again at a scheduler tick, a minute later, then after twice as long each time up to
:data:`WAIT_MAX_SECONDS` (a locked thread or a missing permission is not asked every minute for
days), until it goes through; a post made meanwhile for the same table (a player's own move
showing a newer board) settles it, as does a table whose thread was deleted
(the re-open posts a fresh board). Kept in memory: after a restart the board on request, the next
reminder and the next move show the table again."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from db.models import TableRow
from engine.core import Event

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)

WAIT_SECONDS = 60.0
WAIT_MAX_SECONDS = 15 * 60.0
GIVE_UP_SECONDS = 7 * 24 * 3600.0
"""After this long without Discord taking the post (a thread locked for a week), the bot stops
trying (logged)."""


@dataclass
class Owed:
    events: list[Event]
    notices: list[str]
    new_turn: bool
    board_message_id: int | None
    """The table's last board post when this one failed: another post since settles it."""
    since: float
    wait: float = WAIT_SECONDS
    next_at: float = 0.0


class Unshown:
    """The posts that failed, by table; :meth:`retry` makes them again."""

    def __init__(self, service: TableService, clock: Callable[[], float]) -> None:
        self.service = service
        self.clock = clock
        self.owed: dict[int, Owed] = {}

    async def post(
        self, table: TableRow, events: Sequence[Event], notices: Sequence[str], *, new_turn: bool
    ) -> None:
        """Post to the table's thread, remembering the post if Discord did not take it."""
        earlier = self.owed.pop(table.id, None)
        if earlier is not None and earlier.board_message_id != table.board_message_id:
            earlier = None  # a newer board was posted meanwhile: the old story is shown or moot
        if earlier is not None:  # it is owed still: this post shows the same board, with both stories
            events, notices = [*earlier.events, *events], [*earlier.notices, *notices]
            new_turn = new_turn or earlier.new_turn
        if await self.service.post_to_table(table, events, notices=notices, new_turn=new_turn):
            return
        now_stored = await self.service.store.table(table.id)
        if now_stored is None or now_stored.thread_lost_at is not None:
            return  # its thread is gone: the channel is told, and a re-open posts a fresh board
        now = self.clock()
        since = earlier.since if earlier is not None else now
        wait = min(earlier.wait * 2, WAIT_MAX_SECONDS) if earlier is not None else WAIT_SECONDS
        owed = Owed(list(events), list(notices), new_turn, table.board_message_id, since, wait, now + wait)
        self.owed[table.id] = owed

    async def retry(self) -> None:
        """Each owed post once more; cheap when none is owed."""
        for table_id, owed in list(self.owed.items()):
            if self.clock() < owed.next_at:
                continue
            table = await self.service.store.table(table_id)
            if table is None or table.board_message_id != owed.board_message_id:
                self.owed.pop(table_id, None)  # gone, or a newer board was posted meanwhile
                continue
            if self.clock() - owed.since > GIVE_UP_SECONDS:
                log.warning("table %s: Discord refused its post for a week; no longer trying", table_id)
                self.owed.pop(table_id, None)
                continue
            await self.post(table, (), (), new_turn=False)
