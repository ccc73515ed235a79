"""One ``asyncio.Lock`` per key, kept only while someone holds it or waits for it.

A bot shows moves at thousands of tables over its life; a lock per table kept forever (a
``defaultdict(asyncio.Lock)``) grew by one for every table ever played, finished ones included.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class KeyedLocks:
    """``async with locks.hold(key):`` runs one holder per key at a time, in arrival order."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, list[int]]] = {}

    def __len__(self) -> int:
        """Keys whose lock is held or awaited now."""
        return len(self._locks)

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        if key not in self._locks:
            self._locks[key] = (asyncio.Lock(), [0])
        lock, users = self._locks[key]
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._locks[key]
