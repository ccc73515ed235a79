"""One task wakes every minute and acts on the reminders and deadlines that came due.

The schedule lives in the database (indexed instants on the seats), so a restart loses
nothing: the first tick after start-up finds whatever came due while the bot was away.
Between ticks only the next due instant is kept in memory, so an idle minute costs no
query; any commit that may move a clock marks it stale and the next tick asks again.

Several processes (shards, :mod:`bot.sharding`) share one database: each fires only the timers
of tables on its own shards, where that table's moves and caches are, and takes every item
with a claim (:func:`db.clocks.claim`) before acting, so an item due while two processes tick
(two processes of the same shards during a deploy, a restart) is acted on once. A claim is a
lease of :data:`CLAIM_SECONDS` beside the seat's instant, which stays the real one (what every
display shows); a process that dies mid-action leaves the item to be taken again at its end.

An item whose action failed (Discord or the database unreachable, a bug) or left it due is
handed back at the end of the check, so the next tick, about a minute later, tries it again:
a passing failure costs a player a minute, not the lease's five. A retry is safe: an action
posts only once it has taken effect (a timeout commits its move first; a reminder is marked
sent right after its post), and the hand-back touches only an item still due as claimed and
still held by this claim. An item that fails again keeps its lease, so a lasting failure is
retried (and logged) every :data:`CLAIM_SECONDS`, not every minute.

Items are acted on one at a time: a check that finds 500 tables' reminders due posts 500 times in
a row, never 500 at once, and a post Discord rate-limits (429) is waited out and made again
(:func:`bot.table_channel.deliver`) before the next item, so a burst slows down and loses nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from discord.ext import commands, tasks

from bot.absence import Absence
from bot.sharding import Shards
from db.models import DueClock

log = logging.getLogger(__name__)

TICK_SECONDS = 60.0
RECHECK_SECONDS = 6 * 3600.0
"""Ask the database at least this often even when nothing seems due (another process may write)."""
SHARED_RECHECK_SECONDS = 3600.0
"""The same when other processes serve the other shards: a player's vacation, taken on a server
of another shard, moves this process's clocks without telling it."""
BATCH = 100
CLAIM_SECONDS = 300.0
"""How long a claimed reminder or deadline is this process's alone (acting takes seconds)."""

Key = tuple[int, int, str, float]
"""(table_id, seat, kind, due): one due item, the same in every claim of it."""


class Scheduler:
    """Owns the periodic check; ``poke`` after anything that may move a clock."""

    def __init__(
        self,
        bot: commands.Bot,
        absence: Absence,
        clock: Callable[[], float],
        *,
        shards: Shards | None = None,
    ) -> None:
        """``shards``: the shards this process runs, when other processes run the rest."""
        self.bot = bot
        self.absence = absence
        self.clock = clock
        self.shards = None if shards is None else (shards.count, shards.ids)
        self.recheck = RECHECK_SECONDS if shards is None else SHARED_RECHECK_SECONDS
        self._next: float | None = None
        self._checked_at = float("-inf")
        self._stale = True
        self._failing: dict[Key, float] = {}
        """Items handed back after a failure, with when: a second failure keeps the lease."""
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
        if self.absence.unshown.owed:  # posts Discord refused, each made again when its wait is over
            try:
                await self.absence.unshown.retry()
            except Exception:
                log.exception("could not post what the bot owes; trying again next minute")
        quiet = self._next is None or now < self._next
        if not self._stale and quiet and now - self._checked_at < self.recheck:
            return
        try:
            await self.run_due(now)
        except Exception:
            log.exception("the periodic check failed; it runs again next minute")
            self._stale = True

    async def run_due(self, now: float) -> int:
        """Claim and act on everything due at ``now``; return how many items were handled."""
        self._stale = False
        store = self.absence.store
        handled: set[Key] = set()
        claimed: list[DueClock] = []
        while due := await store.claim_due_clocks(now, now + CLAIM_SECONDS, limit=BATCH, shards=self.shards):
            claimed += due
            # An action may leave its item due as it was (a stand-in that plays at once): it is
            # handed back below, so one check never loops on one item.
            due = [d for d in due if _key(d) not in handled]
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
                        await store.claim_reminder(item.table_id, item.seat, item.due)
                    else:
                        await self.absence.remind(item)
                except Exception:
                    log.exception("table %s: could not act on its %s", item.table_id, item.kind)
        await self._hand_back(claimed, now)
        self._next = await store.next_due(self.shards)
        self._checked_at = now
        return len(handled)

    async def _hand_back(self, claimed: list[DueClock], now: float) -> None:
        """Free the claimed items still due as claimed for the next tick; keep the lease of those
        that failed before (retried when it ends). Forget failures long past."""
        if not claimed:
            return
        again = {_key(i) for i in claimed} & self._failing.keys()
        pending = await self.absence.store.release_due_clocks(
            [(i, i.claimed_until if _key(i) in again else None) for i in claimed]
        )
        for item in claimed:
            self._failing.pop(_key(item), None)
        for item in pending:
            log.warning("table %s: its %s is still due; tried again later", item.table_id, item.kind)
            self._failing[_key(item)] = now
        self._failing = {k: t for k, t in self._failing.items() if t > now - 2 * CLAIM_SECONDS}


def _key(item: DueClock) -> Key:
    return (item.table_id, item.seat, item.kind, item.due)
