"""Taking a move back through the real bot: the Undo button under a board and ``/undo``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
from simcord import Env

from bot.client import GameBot
from engine.runarch import GAME
from tests.bot.harness import Table, greedy_move, left_nothing, play_by_command
from tests.bot.test_races import Hold
from tests.bot.test_turn_posts import button_ids


def labels(message: discord.Message) -> list[str]:
    return [c.label or "" for row in message.components for c in row.children]  # type: ignore[attr-defined]


async def test_a_swap_taken_back_restores_the_board_and_old_buttons_go_stale(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    before = await table.state()
    player, seat = await table.open_turn_with_a_swap()
    swapped_board = table.last_board()
    swapped_version = (await table.row()).version
    assert "Undo" in labels(swapped_board)

    swap_line = next(line for line in swapped_board.content.splitlines() if "swapped" in line)
    count = len(table.thread.history())
    done = await player.click(swapped_board, label="Undo")
    assert not done.ephemeral, done.response.content
    assert done.response.id == swapped_board.id, "the click edited the turn's post itself"
    assert len(table.thread.history()) == count, "no new post, no new reply"
    row = await table.row()
    assert row.state == before, "the board is back where it was before the swap"
    assert row.version == swapped_version + 1, "the version goes up, never back to an old number"
    assert await table.bot.store.moves(row.id) == []
    assert await table.replayed() == row.state
    board = table.last_board()
    assert board.id == swapped_board.id
    assert f"↩️ **{player.name}** took back: {swap_line}" in board.content, "it says what was taken back"
    assert board.content.count("swapped") == 1, "the undone step's own line is gone from the story"
    assert "Undo" not in labels(board), "nothing is left to take back"
    assert player.mention in board.content, "the same player is to move again"

    assert all(str(row.version) in ids for ids in button_ids(board)), "the post's buttons are the new board's"
    snapshot = await table.snapshot()
    again = await player.slash(table.thread, "undo")
    assert again.ephemeral and "no move to take back" in again.response.content
    assert await table.snapshot() == snapshot

    # The turn goes on from the restored position.
    _, same_seat = await table.open_turn_with_a_swap()
    assert same_seat == seat


async def test_a_double_clicked_undo_takes_back_one_step(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both clicks reach the bot before the post is edited (the second Undo button is then gone)."""
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    board = table.last_board()
    hold = Hold(simcord_env, table.bot.store, "take_back", monkeypatch)
    first = await player.click(board, label="Undo")
    second = await player.click(board, label="Undo")
    assert not second.ephemeral, "the second click took the swap back"
    snapshot = await table.snapshot()
    await hold.release()
    assert first.ephemeral and "older board" in first.response.content
    assert await table.snapshot() == snapshot, "the held click changed nothing"


async def test_undo_after_the_opponent_moved_is_refused_with_the_reason(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    first, seat = await table.open_turn_with_a_swap()
    ended = await first.click(table.last_board(), label="End turn")
    assert not ended.ephemeral
    assert "Undo" not in labels(table.last_board()), "ending a turn cannot be taken back"
    mine = await first.slash(table.thread, "undo")
    assert mine.ephemeral and "turn has ended" in mine.response.content
    other, _ = await table.open_turn_with_a_swap()
    snapshot = await table.snapshot()

    refused = await first.slash(table.thread, "undo")
    assert refused.ephemeral
    assert f"**{other.name}** has moved since" in refused.response.content
    assert await table.snapshot() == snapshot
    # The opponent may still take back their own swap.
    taken = await other.slash(table.thread, "undo")
    assert left_nothing(taken), "the turn's post shows the undo; no reply is left behind"
    assert (await table.snapshot())[1] == snapshot[1][:-1]
    assert GAME.to_act(await table.state()) == [1 - seat]


async def test_undo_by_a_spectator_is_refused(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    await table.open_turn_with_a_swap()
    snapshot = await table.snapshot()
    for surface in ("slash", "button"):
        if surface == "slash":
            refused = await table.carol.slash(table.thread, "undo")
        else:
            refused = await table.carol.click(table.last_board(), label="Undo")
        assert refused.ephemeral and "not playing at this table" in refused.response.content
    assert await table.snapshot() == snapshot


async def test_a_scoring_that_drew_a_card_cannot_be_taken_back(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, target=30)
    for _ in range(200):
        state = await table.state()
        seat = GAME.to_act(state)[0]
        notation = greedy_move(state, seat)
        player = await table.player(seat)
        await play_by_command(player, table.thread, notation)
        if notation.startswith("score"):
            break
    else:
        raise AssertionError("greedy play never scored")
    assert "Undo" not in labels(table.last_board())
    snapshot = await table.snapshot()
    refused = await player.slash(table.thread, "undo")
    assert refused.ephemeral and "A card was drawn since" in refused.response.content
    assert await table.snapshot() == snapshot


async def test_the_undo_button_works_after_a_restart(simcord_env: Env, make_bot: Callable[[], Any]) -> None:
    table = await Table.open(simcord_env)
    before = await table.state()
    player, _ = await table.open_turn_with_a_swap()
    board = table.last_board()
    await simcord_env.restart_bot(make_bot())
    done = await player.click(board, label="Undo")
    assert not done.ephemeral, done.response.content
    assert await table.state() == before


async def test_a_solo_player_cannot_take_back_past_the_automa(simcord_env: Env) -> None:
    dana = simcord_env.create_user("dana")
    simcord_env.bot.tables.new_seed = lambda: 3  # type: ignore[attr-defined]
    await dana.slash("runarch solo")
    row = await _solo_row(simcord_env, dana.id)
    state = row.state
    assert state is not None
    swap = next(m for m in GAME.legal_moves(state, 0) if m.kind == "swap")
    await dana.slash("runarch swap", a=swap.args[0], b=swap.args[1])
    undone = await dana.slash("undo")
    assert left_nothing(undone)
    assert (await _solo_row(simcord_env, dana.id)).state == state
    await dana.slash("runarch swap", a=swap.args[0], b=swap.args[1])
    await dana.slash("runarch end")
    refused = await dana.slash("undo")
    assert refused.ephemeral and "**Automa** has moved since" in refused.response.content


async def _solo_row(env: Env, user_id: int) -> Any:
    bot: GameBot = env.bot  # type: ignore[assignment]
    tables = await bot.store.open_tables_of(user_id)
    assert tables
    return tables[0]


async def test_undo_speaks_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await Table.open(simcord_env)
    await table.alice.slash(table.thread, "table language", language="cs")
    player, _ = await table.open_turn_with_a_swap()
    user_locales[table.carol.id] = "cs"
    refused = await table.carol.slash(table.thread, "undo")
    assert refused.ephemeral and "U tohoto stolu nehraješ" in refused.response.content
    swap_line = table.last_board().content.splitlines()[0]
    user_locales[player.id] = "cs"
    undone = await player.slash(table.thread, "undo")
    assert left_nothing(undone)
    assert f"↩️ **{player.name}** bere zpět: {swap_line}" in table.last_board().content


async def test_an_undo_that_loses_to_the_end_of_the_turn_changes_nothing_and_says_why(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo reads the table, then End turn is committed first: the undo takes nothing back."""
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    board = table.last_board()
    hold = Hold(simcord_env, table.bot.store, "take_back", monkeypatch)
    undone = await player.click(board, label="Undo")
    ended = await player.click(board, label="End turn")
    assert not ended.ephemeral
    snapshot = await table.snapshot()
    await hold.release()
    assert undone.ephemeral and undone.response is not None
    assert "turn has ended" in undone.response.content
    assert await table.snapshot() == snapshot
    assert snapshot[1][-1] == "end"


async def test_a_move_that_loses_to_an_undo_is_refused_as_stale(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await Table.open(simcord_env)
    before = await table.state()
    player, _ = await table.open_turn_with_a_swap()
    board = table.last_board()
    hold = Hold(simcord_env, table.bot.store, "commit_moves", monkeypatch)
    ended = await player.click(board, label="End turn")
    undone = await player.click(board, label="Undo")
    assert not undone.ephemeral
    await hold.release()
    assert ended.ephemeral and ended.response is not None
    assert "board has changed" in ended.response.content
    assert await table.state() == before and await table.replayed() == before
