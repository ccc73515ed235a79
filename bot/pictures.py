"""Pictures are drawn and encoded in a worker process, off the event loop.

Drawing and PNG encoding were most of a move's main-thread time (51 % of a RunArch move, 78 %
of a Moonriser one): while a picture was drawn the bot answered nobody. ``render(fn, *args)``
runs a renderer in a process pool instead, so the event loop keeps serving interactions and
the machine's second core does the drawing. A renderer and its arguments cross a process
boundary, so they must be picklable: a top-level function of ``render/`` and plain data (the
public view, the names, a ``Tr``, a size).

``RENDER_WORKERS`` (``Config.render_workers``) sets the pool's size: by default 2 on a machine
with 2 cores or more, else 1; 0 draws in the bot's own process (tests, debugging). The workers
run at a lower CPU priority than the bot (:data:`WORKER_NICENESS`), so two of them use what the
event loop leaves of both cores without delaying it. One pool serves the whole process: every
bot started in it (tests start hundreds) shares it, and it shuts down when the last one closes.

A worker that dies (killed, out of memory) breaks the pool; the picture is then drawn in the
bot's own process (logged) and the next picture gets a fresh pool, so a committed move is
always shown.

A picture whose inputs are unchanged is not drawn again (``Cache``): the renderers are pure
functions of their arguments, so the arguments' pickle (made anyway to cross to the worker)
identifies the picture. A renderer may declare the part of its arguments its picture shows
(``render.inputs``): most moves leave Moonriser's details picture and MarsBot's claims as they
were, though the view they are drawn from has changed.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import importlib
import logging
import multiprocessing
import os
import pickle
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from render.inputs import inputs_of

log = logging.getLogger(__name__)

T = TypeVar("T")


CACHE_BYTES = 24 * 1024 * 1024
"""At most this many bytes of pictures are kept for re-use: about the latest board and details
of 250 busy tables (a picture is 3-80 KB)."""

_MISSING = object()


class Cache:
    """Encoded pictures by a digest of the renderer and its arguments, the least recently used
    dropped first once they exceed ``limit`` bytes. Only ``bytes`` (and ``None``: no picture)
    results are kept; anything else a renderer returns is never cached."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.entries: OrderedDict[bytes, bytes | None] = OrderedDict()
        self.size = 0
        self.hits = 0
        self.misses = 0

    def get(self, key: bytes) -> object:
        """The picture drawn for ``key``, or ``_MISSING``."""
        found = self.entries.get(key, _MISSING)
        if found is _MISSING:
            self.misses += 1
        else:
            self.hits += 1
            self.entries.move_to_end(key)
        return found

    def put(self, key: bytes, value: object) -> None:
        if not (value is None or isinstance(value, bytes)) or key in self.entries:
            return
        size = len(value or b"")
        if size > self.limit:
            return
        self.entries[key] = value
        self.size += size
        while self.size > self.limit:
            _, dropped = self.entries.popitem(last=False)
            self.size -= len(dropped or b"")

    def clear(self) -> None:
        self.entries.clear()
        self.size = 0


def _pickled(value: Any) -> bytes | None:
    """``value`` pickled (what crosses to a worker), or ``None`` when it cannot be pickled (a
    stand-in renderer of a test): such a call is drawn in this process and never cached."""
    try:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None


def _digest(*parts: bytes) -> bytes:
    return hashlib.blake2b(b"".join(parts), digest_size=16).digest()


def _draw(renderers: bytes, arguments: bytes) -> list[Any]:
    """In a worker: run pickled renderers on the same pickled arguments (pickled once, in the
    bot, for the cache's keys too), in order."""
    fns = pickle.loads(renderers)
    args, kwargs = pickle.loads(arguments)
    return [fn(*args, **kwargs) for fn in fns]


class Pool:
    """A process pool for pictures, shared by the bots running in one process (``POOL``)."""

    def __init__(self) -> None:
        self.workers = 0
        self.executor: ProcessPoolExecutor | None = None
        self.users = 0
        self.cache = Cache()
        self.pending = 0
        """Trips handed to the workers and not back yet (a post's pictures travel together; the health
        line's ``render_pending``)."""

    def _ensure(self) -> ProcessPoolExecutor | None:
        """The running pool (started now if needed), or ``None`` when pictures are drawn in-process."""
        if self.workers <= 0:
            return None
        if self.executor is None:
            # "spawn": a fresh interpreter, never a fork of the bot's threads (the database's)
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=_yield_to_the_bot
            )
        return self.executor

    async def start(self, count: int, modules: Iterable[str] = ()) -> None:
        """A bot starts using ``count`` workers (0: draw in-process). The workers start now and
        import ``modules`` (the games' renderers), so the first move pays for neither."""
        self.users += 1
        if count != self.workers:
            await self._shutdown()
        self.workers = max(0, count)
        pool = self._ensure()
        if pool is not None:
            wanted = tuple(sorted(set(modules)))
            loop = asyncio.get_running_loop()
            try:
                await asyncio.gather(*(loop.run_in_executor(pool, _warm, wanted) for _ in range(count)))
            except BrokenProcessPool:  # the bot still starts: each picture retries, or draws here
                log.warning("the picture workers did not start; the next picture tries again")
                self._discard(pool)

    async def stop(self) -> None:
        """A bot closes; the last one shuts the workers down (waiting for them in a thread)."""
        self.users = max(0, self.users - 1)
        if self.users == 0:
            await self._shutdown()

    async def _shutdown(self) -> None:
        if self.executor is not None:
            pool, self.executor = self.executor, None
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def render(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker process (in this process with 0 workers), or the
        picture drawn before from the same arguments (``Cache``).

        An exception of ``fn`` is raised here as if it had run in-process. A worker that died is
        logged and the picture drawn here instead: the move it shows is already saved."""
        return (await self.render_set((fn,), *args, **kwargs))[0]  # type: ignore[no-any-return]

    async def render_set(
        self, fns: Sequence[Callable[..., Any] | None], *args: Any, **kwargs: Any
    ) -> list[Any]:
        """Each of ``fns`` called with the same arguments (``None`` for a ``None``), as
        :meth:`render` would, but in one trip to one worker: a board post's board, details and
        alt texts share one view. The arguments are pickled once, for the keys and the trip
        alike; each trip costs the event loop a submission, two wake-ups and a pickle of the
        view (about 0.3 ms), so one trip instead of three is a measurable share of a move."""
        arguments = _pickled((args, kwargs))
        if arguments is None:
            return [fn(*args, **kwargs) if fn is not None else None for fn in fns]
        shared = _digest(arguments)
        results: list[Any] = [None] * len(fns)
        missing: list[tuple[int, bytes]] = []
        for i, fn in enumerate(fns):
            if fn is None:
                continue
            key = self._key(fn, shared, args, kwargs)
            if key is None:
                results[i] = fn(*args, **kwargs)
                continue
            found = self.cache.get(key)
            if found is _MISSING:
                missing.append((i, key))
            else:
                results[i] = found
        if missing:
            wanted = [fns[i] for i, _ in missing]
            renderers = _pickled(wanted)  # each pickled already for its key, so the list pickles
            assert renderers is not None
            drawn = await self._draw(wanted, renderers, arguments)
            for (i, key), picture in zip(missing, drawn, strict=True):
                results[i] = picture
                self.cache.put(key, picture)
        return results

    @staticmethod
    def _key(
        fn: Callable[..., Any], shared: bytes, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> bytes | None:
        """The cache's key of ``fn``'s picture: the renderer and its declared inputs
        (``render.inputs``), else the renderer and the digest of all its arguments; ``None``
        when the renderer cannot be pickled (drawn here, never cached)."""
        inputs = inputs_of(fn)
        if inputs is not None:
            keyed = _pickled((fn, inputs(*args, **kwargs)))
            return None if keyed is None else _digest(b"inputs", keyed)
        named = _pickled(fn)
        return None if named is None else _digest(b"all", named, shared)

    async def _draw(
        self, fns: Sequence[Callable[..., Any] | None], renderers: bytes, arguments: bytes
    ) -> list[Any]:
        call = functools.partial(_draw, renderers, arguments)
        pool = self._ensure()
        if pool is None:
            return call()
        try:
            future = asyncio.get_running_loop().run_in_executor(pool, call)
        except BrokenProcessPool:
            future = None
        except RuntimeError:  # shut down under us: a bot closing while a move is shown
            log.info("the picture pool is shut down; drawing %s in the bot's own process", _names(fns))
            return call()
        try:
            if future is not None:
                self.pending += 1
                try:
                    return await future
                finally:
                    self.pending -= 1
        except BrokenProcessPool:
            pass
        log.warning("the picture worker died; drawing %s in the bot's own process", _names(fns))
        self._discard(pool)
        return call()

    def alive(self) -> int:
        """Worker processes running now: fewer than :attr:`workers` after one died (the pool
        starts afresh at the next picture) or before the first picture of a restarted pool."""
        if self.executor is None:
            return 0
        processes = getattr(self.executor, "_processes", None) or {}  # no public way to ask
        return sum(1 for process in list(processes.values()) if process.is_alive())

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Forget a broken pool: the next picture starts a fresh one."""
        if self.executor is pool:
            self.executor = None
        pool.shutdown(wait=False, cancel_futures=True)


POOL = Pool()
"""The process's pool: every bot started in this process uses it."""


def workers() -> int:
    """How many worker processes draw pictures now (0: the bot's own process draws them)."""
    return POOL.workers


async def start(count: int, modules: Iterable[str] = ()) -> None:
    """A bot starts (see ``Pool.start``)."""
    await POOL.start(count, modules)


async def stop() -> None:
    """A bot closes (see ``Pool.stop``)."""
    await POOL.stop()


async def render(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` drawn by the process's pool (see ``Pool.render``)."""
    return await POOL.render(fn, *args, **kwargs)


async def render_set(fns: Sequence[Callable[..., Any] | None], *args: Any, **kwargs: Any) -> list[Any]:
    """Several renderers of the same arguments in one trip (see ``Pool.render_set``)."""
    return await POOL.render_set(fns, *args, **kwargs)


def _names(fns: Iterable[Callable[..., Any] | None]) -> str:
    return ", ".join(
        f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"
        for fn in fns
        if fn is not None
    )


WORKER_NICENESS = 10
"""How much lower than the bot's the workers' CPU priority is (``os.nice``): the event loop, which
answers every interaction, runs first and the workers take the rest. Measured with two workers
on 2 busy cores (``python -m bench.concurrent``): at the bot's own priority the event loop's lag
p99 was 160-170 ms under saturation (three busy processes on two cores), at niceness 5 27 ms,
at niceness 10 7-15 ms, at the same throughput."""


def _yield_to_the_bot() -> None:
    """In a new worker: lower its CPU priority (see :data:`WORKER_NICENESS`)."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not allowed here: the worker runs at the bot's priority
        pass


def _warm(modules: tuple[str, ...]) -> None:
    """In a worker: import the renderers and read the catalogs before the first picture is asked for."""
    from bot.i18n import LANGS, catalog

    for name in modules:
        importlib.import_module(name)
    for lang in LANGS:
        catalog(lang)
