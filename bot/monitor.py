"""The health line's task: every ``HEALTH_SECONDS`` one line at INFO on the ``bot.health`` logger.

What it measures, and how cheaply:

- a move's reply time: from the moment discord.py hands the bot its interaction
  (:meth:`Monitor.received`, stamped in ``GameBot.dispatch`` before any command code runs) to
  the end of :meth:`bot.tables.TableService.play`'s showing of the move, the board posted or
  edited (:meth:`Monitor.moved`): the span ``python -m bench.concurrent`` measures. Discord's
  first acknowledgement comes earlier (``bot.quiet.acknowledge_early``), so this bounds what
  Discord's 3 seconds count from above;
- the event loop's lag: a task sleeps :data:`LAG_EVERY` seconds at a time and records how much
  later it woke (the loop was busy elsewhere): four wake-ups a second while the bot is busy (an
  interaction arrived in the last :data:`BUSY_SECONDS`), none while it is idle: an idle loop has
  no lag to show, and a sampler that never rests would keep a simulated clock (SimCord's time
  travel, which steps through every timer) from jumping over idle hours;
- at the window's end: the running tables of this process's shards (one indexed count, one
  hand-off to the store), the resident memory (``/proc/self/statm``), the picture workers alive
  and the pictures waiting for them, the warnings and errors logged since the last line (a
  process-wide counting handler), Discord's heartbeat round trip, the shard ids.

The line names no user, message or setting (``bot.health.line``). ``HEALTH_SECONDS=0`` turns the
task off, and with it the sampler and the stamps.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import tasks

from bot import pictures
from bot.health import Snapshot, Window, line
from bot.sharding import Shards
from db.store import Store

log = logging.getLogger("bot.health")

LAG_EVERY = 0.25
"""Seconds the lag sampler sleeps between wake-ups while the bot is busy. Read at every sleep."""

BUSY_SECONDS = 10.0
"""How long after an interaction arrives the lag sampler keeps sampling (its follow-up work: the
pictures, the posts, the timers it set); then it waits for the next interaction. Before this, the
sampler woke four times a second forever: under SimCord every wake-up was a timer its time travel
stepped through (300 s took 44 s of real time), so a bot built with the default ``Config`` hung."""

RECEIVED = "health.received"
"""``interaction.extras`` key: ``time.perf_counter()`` when the interaction reached the bot."""


class LogCounter(logging.Handler):
    """Counts the process's log records at WARNING and above, by level (never their text)."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.warnings = 0
        self.errors = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            self.errors += 1
        else:
            self.warnings += 1


COUNTER = LogCounter()
"""One per process, on the root logger: every bot of the process reads it (tests start many)."""


def count_logs() -> LogCounter:
    """The process's counter, installed on the root logger the first time."""
    root = logging.getLogger()
    if COUNTER not in root.handlers:
        root.addHandler(COUNTER)
    return COUNTER


def rss_mb() -> float | None:
    """The process's resident memory in MB (Linux: now; elsewhere: its peak), or ``None``."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


class Monitor:
    """The window of figures, the lag sampler and the periodic line, for one bot's lifetime."""

    def __init__(
        self,
        bot: discord.Client,
        store: Store,
        clock: Callable[[], float],
        *,
        seconds: float,
        shards: Shards | None = None,
    ) -> None:
        """``clock``: unix seconds (the window's length, moves per second); ``seconds``: between
        lines (0: no line, no sampling); ``shards``: this process's, ``None`` if it runs the bot."""
        self.bot = bot
        self.store = store
        self.clock = clock
        self.seconds = seconds
        self.shards = shards
        self.window = Window(clock())
        self._sampler: asyncio.Task[None] | None = None
        self._busy_until = -math.inf
        """``clock()`` until which the sampler samples (:data:`BUSY_SECONDS` after an interaction): the
        bot's clock, which SimCord's time travel moves, not the loop's."""
        self._started = False
        self.loop: Any = tasks.loop(seconds=seconds)(self._tick) if seconds > 0 else None
        if self.on:
            count_logs()
        self._logged = (COUNTER.errors, COUNTER.warnings)
        """The process's counts when this window began."""

    @property
    def on(self) -> bool:
        return self.loop is not None

    def received(self, interaction: discord.Interaction) -> None:
        """An interaction reached the bot: its reply time starts now."""
        if self.on:
            interaction.extras[RECEIVED] = time.perf_counter()
            self.busy()

    def busy(self) -> None:
        """The bot has work: the lag sampler samples for the next :data:`BUSY_SECONDS`."""
        if not self._started:
            return
        self._busy_until = self.clock() + BUSY_SECONDS
        if self._sampler is None or self._sampler.done():
            self._sampler = asyncio.get_running_loop().create_task(self._sample(), name="health-lag-sampler")

    def moved(self, interaction: discord.Interaction) -> None:
        """A player's move was committed and shown."""
        received = interaction.extras.get(RECEIVED)
        if self.on and received is not None:
            self.window.moved(time.perf_counter() - received)

    def start(self) -> None:
        """Begin the first window; the first line comes ``seconds`` later. Idempotent."""
        if self.loop is None or self.loop.is_running():
            return
        self._logged = (COUNTER.errors, COUNTER.warnings)
        self.window = Window(self.clock())
        self.loop.start()
        self._started = True  # the sampler starts with the next interaction (:meth:`busy`)

    async def stop(self) -> None:
        """Cancel the line and the sampler and wait for them, so nothing outlives the bot."""
        if self.loop is not None:
            self.loop.cancel()
        self._started = False
        sampler, self._sampler = self._sampler, None
        if sampler is not None:
            sampler.cancel()
            await asyncio.gather(sampler, return_exceptions=True)

    async def _sample(self) -> None:
        """Sample the loop's lag until the bot has been idle for :data:`BUSY_SECONDS`, then end (the
        next interaction starts another): nothing waits while nothing happens."""
        while True:
            due = time.perf_counter() + LAG_EVERY
            await asyncio.sleep(LAG_EVERY)
            self.window.lagged(time.perf_counter() - due)
            if self.clock() >= self._busy_until:
                return

    async def _tick(self) -> None:
        if self.loop.current_loop == 0:  # ``tasks.loop`` runs at once; the window began at start
            return
        try:
            await self.report()
        except Exception:
            log.exception("the health line failed; the next one comes as usual")

    async def report(self) -> str:
        """Close the window with its line (logged at INFO) and open the next one."""
        snapshot = await self.snapshot()
        now = self.clock()
        window, self.window = self.window, Window(now)
        text = line(window.figures(now, snapshot))
        log.info("%s", text)
        return text

    async def snapshot(self) -> Snapshot:
        """The process as it is now, and the warnings and errors logged since the last line."""
        tables = None
        scope = self.shards.scope() if self.shards is not None else None
        try:
            tables = await self.store.running_tables(None if scope is None else (scope.count, scope.ids))
        except Exception as error:  # a storage fault: the line still comes, with ``tables=-``
            log.warning("the health line could not count the running tables (%s)", type(error).__name__)
        errors, warnings = COUNTER.errors - self._logged[0], COUNTER.warnings - self._logged[1]
        self._logged = (COUNTER.errors, COUNTER.warnings)
        gateway = self.bot.latency
        return Snapshot(
            tables=tables,
            rss_mb=rss_mb(),
            render_workers=pictures.POOL.alive(),
            render_pending=pictures.POOL.pending,
            errors=errors,
            warnings=warnings,
            gateway_ms=gateway * 1000 if math.isfinite(gateway) else None,
            shards="all" if self.shards is None else self.shards.ids_text,
        )
