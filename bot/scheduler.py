"""One task wakes every minute and acts on the reminders and deadlines that came due.

The schedule lives in the database (indexed instants on the seats), so a restart loses
nothing: the first tick after start-up finds whatever came due while the bot was away.
Between ticks only the next due instant is kept in memory, so an idle minute costs no
query; any commit that may move a clock marks it stale and the next tick asks again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from discord.ext import commands, tasks

from bot.absence import Absence
from db.models import DueClock

log = logging.getLogger(__name__)

TICK_SECONDS = 60.0
RECHECK_SECONDS = 6 * 3600.0
"""Ask the database at least this often even when nothing seems due (another process may write)."""
BATCH = 100


class Scheduler:
    """Owns the periodic check; ``poke`` after anything that may move a clock."""

    def __init__(self, bot: commands.Bot, absence: Absence, clock: Callable[[], float]) -> None:
        self.bot = bot
        self.absence = absence
        self.clock = clock
        self._next: float | None = None
        self._checked_at = float("-inf")
        self._stale = True
        self.loop = tasks.loop(seconds=TICK_SECONDS)(self._tick)
        self.loop.before_loop(self._before)

    def poke(self) -> None:
        self._stale = True

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    async def _before(self) -> None:
        await self.bot.wait_until_ready()

    async def _tick(self) -> None:
        now = self.clock()
        quiet = self._next is None or now < self._next
        if not self._stale and quiet and now - self._checked_at < RECHECK_SECONDS:
            return
        try:
            await self.run_due(now)
        except Exception:
            log.exception("the periodic check failed; it runs again next minute")
            self._stale = True

    async def run_due(self, now: float) -> int:
        """Act on everything due at ``now``; return how many items were handled."""
        self._stale = False
        handled: set[tuple[int, int, str, float]] = set()
        while True:
            due = [d for d in await self.absence.store.due_clocks(now, limit=BATCH) if _key(d) not in handled]
            if not due:
                break
            deadlines = {(d.table_id, d.seat) for d in due if d.kind == "deadline"}
            for item in due:
                handled.add(_key(item))
                try:
                    if item.kind == "deadline":
                        await self.absence.time_out(item)
                    elif (item.table_id, item.seat) in deadlines:
                        # Both came due while the bot was away: the limit decides, no late reminder.
                        await self.absence.store.claim_reminder(item.table_id, item.seat, item.due)
                    else:
                        await self.absence.remind(item)
                except Exception:
                    log.exception("table %s: could not act on its %s", item.table_id, item.kind)
        self._next = await self.absence.store.next_due()
        self._checked_at = now
        return len(handled)


def _key(item: DueClock) -> tuple[int, int, str, float]:
    return (item.table_id, item.seat, item.kind, item.due)
