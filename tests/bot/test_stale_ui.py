"""Buttons and pickers that outlive what they were shown for: old boards, pickers across a restart."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import Table


async def test_an_old_board_after_the_end_says_the_game_is_over_and_where_its_record_is(
    simcord_env: Env,
) -> None:
    table = await Table.open(simcord_env)
    board = table.last_board()
    asked = await table.alice.slash(table.thread, "runarch resign")
    await table.alice.click(asked.response, label="Yes, resign")
    assert (await table.row()).status == "finished"
    for player in (table.alice, table.bob):
        for label in ("Swap stones", "My cards"):
            late = await player.click(board, label=label)
            assert late.ephemeral
            assert "This game is over" in late.response.content, late.response.content
            assert "/record" in late.response.content


async def test_an_old_board_of_an_abandoned_table_says_it_was_closed(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    board = table.last_board()
    asked = await table.alice.slash(table.thread, "table abandon")
    await table.alice.click(asked.response, label="Abandon the table")
    late = await table.bob.click(board, label="Swap stones")
    assert late.ephemeral and "closed before the game ended" in late.response.content
