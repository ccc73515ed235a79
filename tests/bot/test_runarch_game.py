"""Two people play RunArch through the real bot: slash commands, buttons, pickers, restarts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table, greedy_move, moved
from tests.bot.test_races import Hold


async def play_move(table: Table, player: Any, notation: str, turn: int) -> None:
    """Make one move, alternating between the surfaces a person can use."""
    kind, *args = notation.split()
    board = table.last_board()
    if kind == "swap":
        if turn % 2 == 0:
            result = await player.slash(table.thread, "runarch swap", a=args[0], b=args[1])
            assert moved(result), result.response.content
        else:
            shown = await player.click(board, label="Swap stones")
            assert shown.ephemeral
            await player.select(shown.response.message, [args[0]])
            await player.select(shown.response.message, [args[1]])
    elif kind == "score":
        if turn % 2 == 0:
            shown = await player.click(board, label="Score a card")
            assert shown.ephemeral
            await player.select(shown.response.message, [f"{args[0]} {args[1]}"])
        else:
            result = await player.slash(table.thread, "runarch score", card=args[0], line=args[1])
            assert moved(result), result.response.content
    else:
        result = await player.click(board, label="End turn")
        assert not result.ephemeral, result.response.content


@pytest.mark.both_backends
async def test_two_members_play_a_complete_game(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, target=30)
    first_board = table.last_board()
    assert "it's your move" in first_board.content
    moves_made = 0
    for turn in range(400):
        state = await table.state()
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        player = await table.player(seat)
        notation = greedy_move(state, seat)
        version_before = (await table.row()).version
        await play_move(table, player, notation, turn)
        row = await table.row()
        assert row.version == version_before + 1, f"{notation} was not applied"
        moves_made += 1
    row = await table.row()
    assert row.status == "finished"
    outcome = GAME.outcome(row.state or {})
    assert outcome is not None and max(outcome.scores) >= 30
    final = table.last_board()
    assert "Game over" in final.content
    assert not final.components, "a finished game has no move buttons"
    results = await table.bot.store.results(row.id)
    assert sorted(r.place for r in results) == sorted(outcome.places)
    assert {r.user_id for r in results} == {table.alice.id, table.bob.id}
    # The stored state is exactly what the stored log replays to.
    assert await table.replayed() == row.state
    assert len(await table.bot.store.moves(row.id)) == moves_made


async def test_game_goes_on_after_a_restart_and_old_buttons_still_work(
    simcord_env: Env, make_bot: Callable[[], Any]
) -> None:
    table = await Table.open(simcord_env)
    player, seat = await table.open_turn_with_a_swap()
    board_before_restart = table.last_board()

    await simcord_env.restart_bot(make_bot())

    result = await player.click(board_before_restart, label="End turn")
    assert not result.ephemeral
    state = await table.state()
    assert GAME.to_act(state) == [1 - seat]
    assert await table.replayed() == state
    other = await table.player(1 - seat)
    assert other.mention in table.last_board().content


async def test_double_click_applies_once(simcord_env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both clicks reach the bot before the board changes (afterwards the old post has no buttons)."""
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    board = table.last_board()
    hold = Hold(simcord_env, table.bot.store, "commit_moves", monkeypatch)
    first = await player.click(board, label="End turn")
    second = await player.click(board, label="End turn")
    version, log, state = await table.snapshot()
    await hold.release()
    assert not second.ephemeral
    assert first.ephemeral
    assert "board has changed" in first.response.content
    assert await table.snapshot() == (version, log, state)
    assert log.count("end") == 1


async def test_a_rest_failure_while_posting_the_board_loses_no_move(simcord_env: Env) -> None:
    """The end of a turn posts a new board (the steps before it edit the turn's post)."""
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    boards_before = len(table.boards())
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    result = await player.slash(table.thread, "runarch end")
    # Whatever the bot logged about the failed post is the injected HTTP error, nothing else.
    assert all(isinstance(e, discord.HTTPException) for e in simcord_env.errors)
    assert result.ephemeral and "move is saved" in result.response.content
    assert len(table.boards()) == boards_before
    version, log, _ = await table.snapshot()
    assert log[-1] == "end"
    # The board comes back on demand and shows the next player's turn.
    shown = await player.slash(table.thread, "runarch board")
    assert not shown.ephemeral
    assert len(table.boards()) == boards_before + 1
    assert (await table.snapshot())[0] == version


async def test_a_tied_result_says_how_the_tie_was_broken(simcord_env: Env) -> None:
    """The final post explains equal scores: the best card put one player ahead (or they share)."""
    from dataclasses import replace

    table = await Table.open(simcord_env)
    row = await table.row()
    assert row.state is not None
    first, second = (row.seats[0].name, row.seats[1].name)
    state = dict(row.state, over=True, scores=[40, 40], best=[8, 9], bonus=[0, 0], resigned=None)
    content = (await table.bot.tables.board_message(replace(row, state=state), [], mover=None))[0]
    assert f"1. {second}: 40 points" in content and f"2. {first}: 40 points" in content
    assert f"**{second}** and **{first}** tied on 40" in content
    assert "(9 against 8) puts" in content
    state.update(best=[8, 8])
    content = (await table.bot.tables.board_message(replace(row, state=state), [], mover=None))[0]
    assert "A tie on 40: the best cards are equal too, so the place is shared." in content
