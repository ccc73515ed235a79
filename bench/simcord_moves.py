"""A whole move through the real bot under SimCord, timed: command, engine, store commit,
picture and post. Two members open 2-player tables of a game and play its bot player's choices
the way a person types them; each game says how (``Play``). Solo games played in a DM (MarsBot)
use :func:`simcord_bot` alone and script their person themselves (``bench.marsbot_dm``)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core import Game

Play = Callable[[Any, Any, str], Awaitable[None]]
"""``(member, thread, notation)``: play one move as a person would (a slash command, a click)."""


@asynccontextmanager
async def simcord_bot(
    folder: Path, *, url: str | None = None, pool_size: int | None = None, shards: Any = None
) -> AsyncIterator[tuple[Any, Any]]:
    """``(env, bot)``: the real bot under SimCord (no network) on a fresh database in ``folder``
    (or the PostgreSQL database ``url``, with at most ``pool_size`` connections, as the process of
    ``shards``: a :class:`bot.sharding.Shards`); shut down and its store closed afterwards (an open
    aiosqlite thread would keep the process)."""
    from simcord import Env

    from bot import create_bot
    from bot.config import Config

    config = Config(token=None, database_path=str(folder / "bot.sqlite3"), health_seconds=0)
    if url is not None:
        config = replace(config, database_url=url, shards=shards)
    if pool_size is not None:
        config = replace(config, database_pool_size=pool_size)
    bot = create_bot(config)
    env = Env(bot)
    await env.start()
    if shards is not None and not shards.syncs_commands:
        # Only shard 0's process pushes the commands to Discord, which is one for every process;
        # this process's simulated Discord must learn them too (as tests/bot/process_driver.py).
        with env.time_context():
            await bot.tree.sync()
    try:
        yield env, bot
    finally:
        await env.shutdown()
        await bot.store.close()


def board_message(thread: Any) -> Any:
    """The thread's newest message with buttons (the board post), as a message a member can
    click. Read from SimCord's backend: ``thread.history()`` rebuilds every message of the
    thread (3-4 ms for 15 posts with pictures), which would count in a move's time."""
    from simcord import ResponseMessage

    env = thread._env
    posts = env.backend.messages.get(thread.id, {}).values()
    return ResponseMessage(env, max((m for m in posts if m.components), key=lambda m: m.id))


async def time_moves(game: Game, count: int, folder: Path, play: Play) -> list[float]:
    """The durations of ``count`` moves of ``game``'s normal bot player, played by ``play``."""
    name = game.info.name
    durations: list[float] = []
    async with simcord_bot(folder) as (env, bot):
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(person)) for person in ("alice", "bob")]
        while len(durations) < count:
            await members[0].slash(channel, f"{name} new", players=2, opponents=members[1].mention)
            thread = channel.threads[-1]
            await members[1].click(thread.history()[0], label="Join")
            table = await bot.store.open_table_in(thread.id)
            assert table is not None
            while len(durations) < count:
                found = await bot.store.table(table.id)
                assert found is not None and found.state is not None
                if found.status != "active":
                    break
                seat = game.to_act(found.state)[0]
                player = next(m for m in members if m.id == found.seats[seat].user_id)
                notation = game.bot_move(found.state, seat, "normal").notation
                start = time.perf_counter()
                await play(player, thread, notation)
                durations.append(time.perf_counter() - start)
    return durations
