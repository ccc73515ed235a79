"""One move reads its table once: each extra read is a transaction of its own (on PostgreSQL a
BEGIN, the statements and a COMMIT, and asyncpg's work on the bot's one event-loop thread),
which is what bounds how many moves a process plays (issue #37). A board button or a command
that checks the table before playing hands that row to the move instead of reading it again;
the commit's version check still refuses a move made on a board that has moved on. A move that
begins a turn whose post opens with a digest reads the log in its commit's transaction."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from bench.concurrent.tables import KINDS, open_tables, script
from bench.simcord_moves import simcord_bot

TABLE_READS = frozenset({"open_table_in", "open_tables_in", "load"})
"""The store operations that read a whole table row (``Store.open_table_in``, ``Store.table``)."""


def counting(bot: Any) -> Counter[str]:
    """Every store operation the bot runs from now on, by name, counted as it starts."""
    backend = bot.store._backend
    real = backend.run
    ops: Counter[str] = Counter()

    async def run(op: Any, *args: Any, write: bool, **kwargs: Any) -> Any:
        ops[op.__name__] += 1
        return await real(op, *args, write=write, **kwargs)

    backend.run = run
    return ops


async def test_each_move_of_each_game_reads_its_table_once_and_commits_once(tmp_path: Path) -> None:
    async with simcord_bot(tmp_path) as (env, bot):
        tables = await open_tables(env, bot, range(len(KINDS)), seed=11)
        ops = counting(bot)
        for table in tables:
            # RunArch's script has swaps, scores (commands) and End turn (a board button);
            # Moonriser's places (preview and Confirm) and ends; the others their commands.
            table.script = script(table, 12)
            while table.left:
                ops.clear()
                await table.play_next()
                await env.settle()
                step = table.script[table.played - 1]
                reads = sum(n for name, n in ops.items() if name in TABLE_READS)
                told = f"{table.kind.label} {step.notation!r}: {dict(ops)}"
                commits = ops["commit_moves"] + ops["commit_moves_logged"]
                assert (reads, commits) == (1, 1), told
                assert "read_log" not in ops, told  # a new turn's digest has its log from the commit
                # the rest: the new board post's id, a player's DM settings
                assert sum(ops.values()) <= 4, told
        assert [await table.matches(bot.store) for table in tables] == [True] * len(KINDS)


async def test_an_undo_button_reads_its_table_once(simcord_env: Any) -> None:
    """The Undo button's own row is the one the undo works on, not read again by channel."""
    from tests.bot.harness import Table
    from tests.bot.test_undo import labels

    table = await Table.open(simcord_env)
    player, _seat = await table.open_turn_with_a_swap()
    board = table.last_board()
    assert "Undo" in labels(board)
    ops = counting(table.bot)
    done = await player.click(board, label="Undo")
    await simcord_env.settle()
    assert not done.ephemeral, done.response.content
    assert sum(n for name, n in ops.items() if name in TABLE_READS) == 1, dict(ops)
    assert await table.bot.store.moves((await table.row()).id) == []  # the swap was taken back
