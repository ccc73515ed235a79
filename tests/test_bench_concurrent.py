"""The concurrent benchmark's own machinery: moves overlap in the bot, and the state check
catches a move lost or made twice."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bench.concurrent.flights import Flight, overlapping, timed
from bench.concurrent.tables import KINDS, open_tables, script
from bench.simcord_moves import simcord_bot


async def test_moves_of_different_tables_are_in_the_bot_at_once_and_each_is_applied(tmp_path: Path) -> None:
    async with simcord_bot(tmp_path) as (env, bot):
        tables = await open_tables(env, bot, len(KINDS), seed=3)
        for table in tables:
            table.script = script(table, 2)
        seen: list[int] = []

        async def watch() -> None:
            while True:
                seen.append(Flight.busy)
                await asyncio.sleep(0)

        with overlapping(env):
            watcher = asyncio.create_task(watch())
            took = await asyncio.gather(*(timed(table.play_next) for table in tables))
            watcher.cancel()
        await env.settle()
        assert max(seen) == len(KINDS)
        assert all(seconds > 0 for seconds in took)
        assert [await table.matches(bot.store) for table in tables] == [True] * len(KINDS)


async def test_the_state_check_fails_a_table_with_a_move_lost_or_made_twice(tmp_path: Path) -> None:
    async with simcord_bot(tmp_path) as (env, bot):
        (table,) = await open_tables(env, bot, 1, seed=5)
        table.script = script(table, 3)
        with overlapping(env):
            await timed(table.play_next)
            assert await table.matches(bot.store)
            table.played += 1  # sent, as far as the benchmark knows, but never reached the bot
            assert not await table.matches(bot.store)
            table.played -= 1
            await timed(table.play_next)
            table.played -= 1  # the bot logged one move more than was sent
            assert not await table.matches(bot.store)
            table.played += 1
            assert await table.matches(bot.store)
