"""The bot on PostgreSQL when the database goes away: "nothing was saved", then play goes on.

A restart of the server (every connection closed) costs nobody a move; a database that cannot
be reached at all answers every move privately that nothing was saved, changes nothing, and
once it is back the same move is played.
"""

from __future__ import annotations

import urllib.parse

import asyncpg
import pytest
from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table, greedy_move, moved, play_by_command
from tests.bot.test_storage_faults import SAYS, answered
from tests.pg_support import with_database

TERMINATE = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1"


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_a_lost_database_says_nothing_was_saved_and_play_goes_on_when_it_is_back(
    simcord_env: Env, pg_url: str
) -> None:
    table = await Table.open(simcord_env, target=30)
    name = urllib.parse.urlsplit(pg_url).path.lstrip("/")
    admin = await asyncpg.connect(with_database(pg_url, "postgres"))
    try:
        player, _seat = await table.open_turn_with_a_swap()  # a restart of the server costs nothing
        await admin.execute(TERMINATE, name)
        state = await table.state()
        seat = GAME.to_act(state)[0]
        player = await table.player(seat)
        move = greedy_move(state, seat)
        before, posts = await table.snapshot(), len(table.boards())

        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute(TERMINATE, name)
        refused = await play_by_command(player, table.thread, move)
        assert refused.ephemeral and SAYS in answered(refused), answered(refused)
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert await table.snapshot() == before and len(table.boards()) == posts

        again = await play_by_command(player, table.thread, move)
        assert moved(again), answered(again)
        assert (await table.row()).version == before[0] + 1
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()
