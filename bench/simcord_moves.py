"""A whole move through the real bot under SimCord, timed: command, engine, store commit,
picture and post. Two members open 2-player tables of a game and play its bot player's choices
the way a person types them; each game says how (``Play``)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from engine.core import Game

Play = Callable[[Any, Any, str], Awaitable[None]]
"""``(member, thread, notation)``: play one move as a person would (a slash command, a click)."""


async def time_moves(game: Game, count: int, folder: Path, play: Play) -> list[float]:
    """The durations of ``count`` moves of ``game``'s normal bot player, played by ``play``."""
    from simcord import Env

    from bot import create_bot
    from bot.config import Config

    name = game.info.name
    bot = create_bot(Config(token=None, database_path=str(folder / "bot.sqlite3")))
    env = Env(bot)
    await env.start()
    durations: list[float] = []
    try:
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
    finally:
        await env.shutdown()
        await bot.store.close()
    return durations
