"""A bot runs for months and shows moves at thousands of tables: what it keeps in memory for a
table's posts must go once its moves are shown, or the process grows with every table ever
played (``python -m bench.memory`` measures the whole process)."""

from __future__ import annotations

import asyncio

from simcord import Env

from bench.concurrent.tables import KINDS, Opener, script
from bot.keyed_locks import KeyedLocks


async def test_a_bot_keeps_no_lock_per_table_once_its_moves_are_shown(simcord_env: Env) -> None:
    bot = simcord_env.bot
    opener = Opener(simcord_env, bot)
    tables = []
    for i in range(8):  # two tables of each game, two moves at each
        table = await opener.open(KINDS[i % len(KINDS)], 100 + i)
        table.script = script(table, 2)
        while table.left:
            await table.play_next()
        tables.append(table)
    await simcord_env.settle()
    assert all([await table.matches(bot.store) for table in tables]), "every move was shown and kept"
    assert len(bot.tables._post_locks) == 0


async def test_one_holder_per_table_at_a_time_and_nothing_kept_after() -> None:
    locks = KeyedLocks()
    order: list[str] = []

    async def show(key: int, name: str) -> None:
        async with locks.hold(key):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    await asyncio.gather(show(1, "a"), show(1, "b"), show(2, "c"))
    assert order.index("a out") < order.index("b in")  # the same table: one after the other
    assert order.index("c in") < order.index("a out")  # another table does not wait
    assert len(locks) == 0
