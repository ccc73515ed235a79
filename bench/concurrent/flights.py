"""Interactions truly in flight at once under SimCord, each timed to the end of its own work.

SimCord serialises on purpose: every member operation (``slash``, ``click``, ...) is guarded by
``Env._begin_operation``, which refuses an operation started by another task while one runs
("operation overlaps active slash"), and every dispatch ends in ``Env._settle_internal``, which
waits until *all* the bot's work is done. The lowest entry point that lets interactions overlap
is the dispatch itself: ``simcord.actors._dispatch_actor_interaction`` builds the real
INTERACTION_CREATE payload and hands it to ``Backend.emit``, which feeds discord.py's gateway
parser synchronously; discord.py starts the handler as a task right there, in the context of
the caller. :func:`overlapping` keeps SimCord's payload building, permission checks and the
real discord.py path, and replaces only those two serialising steps:

- the operation guard does nothing, so several driver tasks may each run a member's operation;
- the settle after an INTERACTION_CREATE waits only for the work of the move being made: a
  move is made inside :func:`timed`, which puts a :class:`Flight` in the context; every task
  created in that context (discord.py's handler, and the tasks it starts in turn, which inherit
  the context) is counted in it, and the dispatch returns when they are all done. A person's
  next interaction (a Confirm after a preview) therefore sees the bot's reply, while other
  members' interactions keep running.

A view's expiry timer (``View.__timeout_task_impl``) waits for a person, not work of the move,
so it is not counted.

Timers run on the real clock inside the block: SimCord's ``call_later`` and ``call_at`` put a
timer on its simulated clock, which moves on only when it settles the whole world, so a short
pause of the bot's (a PostgreSQL retry's back-off, asyncpg's own timeouts, the benchmark's
arrivals) would last as long as the next settle, not its few milliseconds. The block hands
them to the event loop's own timers, as in production. Everything else SimCord does (its fake
REST, its task and callback tracking) stays as it is, and after the block a normal settle
drains whatever is left.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

STUCK = 60.0
"""Seconds after which a move's work counts as never ending (a bug to report, not a figure)."""
WAITS = frozenset({"__timeout_task_impl"})
"""Coroutines that wait for a person (a view's expiry), not work of the interaction."""

_FLIGHT: contextvars.ContextVar[Flight | None] = contextvars.ContextVar("bench_flight", default=None)


class Flight:
    """The bot's work started by one move's interactions: the tasks still running."""

    busy = 0
    """Flights with work running right now, across all of them: the bot's moves in flight."""

    def __init__(self) -> None:
        self.pending: set[asyncio.Task[Any]] = set()
        self.started = 0
        self.ended = time.perf_counter()
        """When the last counted task finished (``perf_counter``)."""
        self._idle = asyncio.Event()
        self._idle.set()

    def add(self, task: asyncio.Task[Any]) -> None:
        if not self.pending:
            Flight.busy += 1
        self.pending.add(task)
        self.started += 1
        self._idle.clear()
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.pending.discard(task)
        if not self.pending:
            Flight.busy -= 1
            self.ended = time.perf_counter()
            self._idle.set()

    async def idle(self) -> None:
        """Until the work is done (``asyncio.timeout``, not ``wait_for``: no task of its own)."""
        try:
            async with asyncio.timeout(STUCK):
                await self._idle.wait()
        except TimeoutError:
            names = sorted(getattr(t.get_coro(), "__qualname__", t.get_name()) for t in self.pending)
            raise AssertionError(f"the bot's work for a move still runs after {STUCK:g} s: {names}") from None


async def timed(act: Callable[[], Awaitable[object]], since: float | None = None) -> float:
    """Seconds from ``since`` (default: now) to the end of the bot's work for the interactions
    ``act`` dispatches (one or more, one after another): the board posted or edited. Run it in
    a task of its own to overlap with other moves."""
    mine = Flight()
    token = _FLIGHT.set(mine)
    start = time.perf_counter() if since is None else since
    try:
        await act()
        await mine.idle()
    finally:
        _FLIGHT.reset(token)
    if not mine.started:
        raise AssertionError("the interaction started no work in the bot")
    return mine.ended - start


@contextmanager
def overlapping(env: Any) -> Iterator[None]:
    """Inside the block, interactions from different tasks overlap (see the module's text)."""
    loop = asyncio.get_running_loop()
    create_task, call_later, call_at = loop.create_task, loop.call_later, loop.call_at
    settle = env._settle_internal

    def counted_create_task(coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        task = create_task(coro, **kwargs)
        found = _FLIGHT.get()
        if found is not None and getattr(coro, "__name__", "") not in WAITS:
            found.add(task)
        return task

    async def own_settle(**kwargs: Any) -> None:
        found = _FLIGHT.get()
        if kwargs.get("dispatch") != "INTERACTION_CREATE" or found is None:
            await settle(**kwargs)
            return
        await found.idle()

    loop.create_task = counted_create_task  # type: ignore[method-assign]
    from simcord._dpy_internals import real_monotonic

    real_call_at = env._runtime.call_at

    def call_at_on_real_clock(when: float, callback: Any, *args: Any, **kwargs: Any) -> asyncio.TimerHandle:
        # ``when`` is on the caller's clock: the simulated one in the bot's tasks (SimCord makes
        # ``time.monotonic``, and so ``loop.time()``, answer it there), the real one elsewhere.
        at = real_monotonic() + max(0.0, when - loop.time())
        return real_call_at(at, callback, *args, **kwargs)  # type: ignore[no-any-return]

    def call_later_on_real_clock(
        delay: float, callback: Any, *args: Any, **kwargs: Any
    ) -> asyncio.TimerHandle:
        return real_call_at(real_monotonic() + max(0.0, delay), callback, *args, **kwargs)  # type: ignore[no-any-return]

    loop.call_later = call_later_on_real_clock  # type: ignore[method-assign]
    loop.call_at = call_at_on_real_clock  # type: ignore[method-assign]
    env._begin_operation = lambda label: None
    env._end_operation = lambda: None
    env._settle_internal = own_settle
    try:
        yield
    finally:
        for name in ("_begin_operation", "_end_operation", "_settle_internal"):
            del env.__dict__[name]
        loop.create_task = create_task  # type: ignore[method-assign]
        loop.call_later, loop.call_at = call_later, call_at  # type: ignore[method-assign]
