"""Buttons and pickers that outlive what they were shown for: old boards, pickers across a restart."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest
from simcord import Env

from bot.client import GameBot
from engine.runarch import GAME
from tests.bot.harness import Table, moved


async def test_an_old_board_after_the_end_says_the_game_is_over_and_where_its_record_is(
    simcord_env: Env,
) -> None:
    table = await Table.open(simcord_env)
    board = table.last_board()
    asked = await table.alice.slash(table.thread, "runarch resign")
    # Discord refuses to take the old board's buttons off (normally they go with the final post).
    simcord_env.inject_error("PATCH", f"/channels/*/messages/{board.id}", status=500)
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


async def test_a_picker_used_after_a_restart_is_replaced_by_a_fresh_one(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    assert shown.ephemeral
    await simcord_env.restart_bot(make_bot())

    expired = await player.select(shown.response.message, [swap.args[0]])
    assert expired.response is not None
    assert expired.response.ephemeral, "the answer is private"
    assert "This picker has expired" in expired.response.content
    assert "a fresh one" in expired.response.content
    assert (await table.row()).version == 1, "the expired picker played nothing"

    fresh = expired.response.message
    await player.select(fresh, [swap.args[0]])
    await player.select(fresh, [swap.args[1]])
    assert (await table.row()).version == 2, "the fresh picker plays the swap"
    assert (await table.bot.store.moves(table.table_id))[-1].notation == swap.notation


async def test_a_picker_used_after_a_restart_says_why_it_cannot_be_reopened(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    """The swap is done by command meanwhile: there is no second swap to pick."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    await simcord_env.restart_bot(make_bot())
    done = await player.slash(table.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
    assert moved(done)
    snapshot = await table.snapshot()
    expired = await player.select(shown.response.message, [swap.args[0]])
    assert expired.response is not None
    assert "This picker has expired" in expired.response.content
    assert "a fresh one" not in expired.response.content
    assert not expired.response.components, "no picker is offered for a swap already made"
    assert await table.snapshot() == snapshot


async def test_a_live_picker_is_answered_once(simcord_env: Env) -> None:
    """Without a restart the picker's own view answers; the expired-picker item stays silent."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    second = await player.select(shown.response.message, [swap.args[0]])
    assert "expired" not in second.response.content and not second.followups
    played = await player.select(shown.response.message, [swap.args[1]])
    assert not any("expired" in m.content for m in played.followups)
    assert (await table.row()).version == 2


async def test_a_setup_picker_half_chosen_before_a_restart_starts_afresh(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env, variant="complex")
    seat = (await table.row()).seat_of(table.alice.id)
    assert seat is not None
    cards = [c["id"] for c in GAME.view(await table.state(), seat)["setup_hand"]]
    shown = await table.alice.click(table.last_board(), label="Choose goals")
    await table.alice.select(shown.response.message, cards[:1])  # the public goal; the secret is next
    await simcord_env.restart_bot(make_bot())
    expired = await table.alice.select(shown.response.message, [cards[1]])
    assert expired.response is not None and "a fresh one" in expired.response.content
    assert all(card in expired.response.content for card in cards), "the fresh picker lists the 4 cards"
    assert (await table.row()).version == 1
    await table.alice.select(expired.response.message, cards[:1])
    await table.alice.select(expired.response.message, [cards[1]])
    moves = await table.bot.store.moves(table.table_id)
    assert [m.notation for m in moves if m.user_id == table.alice.id] == [
        " ".join(["setup", cards[0], cards[1]])
    ]


# ------------------------------------------------------------- a picker left open too long


async def test_a_picker_left_open_past_its_timeout_says_so_and_loses_its_select(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    shown = await player.click(table.last_board(), label="Swap stones")
    assert shown.response is not None and shown.response.components
    await simcord_env.advance_time(590)
    assert shown.response.components, "the picker still waits before its 10 minutes are up"
    await simcord_env.advance_time(20)
    expired = shown.response
    assert expired.ephemeral
    assert "This picker has expired" in expired.content, expired.content
    assert "button under the board again" in expired.content
    assert not expired.components, "nothing is left to pick in vain"
    assert (await table.row()).version == 1
    again = await player.click(table.last_board(), label="Swap stones")
    assert again.ephemeral and again.response is not None and again.response.components


async def test_a_picker_expires_ten_minutes_after_its_last_step(simcord_env: Env) -> None:
    """The second step of a swap is a new picker in the same message: its own 10 minutes count."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    await simcord_env.advance_time(300)
    await player.select(shown.response.message, [swap.args[0]])
    await simcord_env.advance_time(400)
    assert shown.response.components, "the second step still waits"
    assert "expired" not in shown.response.content
    played = await player.select(shown.response.message, [swap.args[1]])
    assert (await table.row()).version == 2
    assert not any("expired" in m.content for m in played.followups)
    assert shown.response is None, "the picker that made the move closed"
    await simcord_env.advance_time(700)
    assert shown.response is None and not simcord_env.errors, "nothing is marked expired later"


async def test_a_refused_picker_still_expires_ten_minutes_after_it_was_shown(simcord_env: Env) -> None:
    """A refusal comes as a new message and leaves the picker; the picker's own message is still
    edited when it expires, within the 15 minutes its interaction token allows."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    await player.select(shown.response.message, [swap.args[0]])
    await simcord_env.advance_time(500)
    await player.slash(table.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
    refused = await player.select(shown.response.message, [swap.args[1]])
    assert refused.response is not None and refused.response.ephemeral
    assert refused.response.id != shown.response.id, "the refusal is a message of its own"
    assert "expired" not in refused.response.content
    assert shown.response.components, "the picker stays until it expires"
    await simcord_env.advance_time(110)
    assert "This picker has expired" in shown.response.content
    assert not shown.response.components


async def test_the_fresh_picker_after_a_restart_expires_too(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    await simcord_env.restart_bot(make_bot())
    expired = await player.select(shown.response.message, [swap.args[0]])
    assert expired.response is not None and "a fresh one" in expired.response.content
    await simcord_env.advance_time(610)
    assert "left open too long" in shown.response.content, shown.response.content
    assert not shown.response.components
    assert (await table.row()).version == 1


# ------------------------------------------------------------- private confirmations


async def test_resign_confirmed_after_a_restart_resigns_once(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "runarch resign")
    boards = len(table.boards())
    await simcord_env.restart_bot(make_bot())
    confirmed = await table.alice.click(asked.response, label="Yes, resign")
    assert confirmed.acknowledged, "answered after the restart"
    assert confirmed.response is None, "the confirmation closed: the final board says it all"
    row = await table.row()
    assert row.status == "finished"
    assert [m.notation for m in await table.bot.store.moves(table.table_id)][-1:] == ["resign"]
    assert len(table.boards()) == boards + 1, "one final board"
    assert asked.response is None, "the confirmation cannot be pressed twice"


async def test_resign_confirmed_after_the_game_ended_says_so(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "runarch resign")
    await simcord_env.restart_bot(make_bot())
    bobs = await table.bob.slash(table.thread, "runarch resign")
    await table.bob.click(bobs.response, label="Yes, resign")
    assert (await table.row()).status == "finished"
    snapshot = await table.snapshot()
    results = await table.bot.store.results(table.table_id)
    late = await table.alice.click(asked.response, label="Yes, resign")
    assert late.ephemeral and late.response is not None
    assert "This game is over" in late.response.content, late.response.content
    assert await table.snapshot() == snapshot
    assert await table.bot.store.results(table.table_id) == results


async def test_resign_confirmed_after_its_old_two_minute_timeout_still_resigns(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "runarch resign")
    await simcord_env.advance_time(600)
    confirmed = await table.alice.click(asked.response, label="Yes, resign")
    assert confirmed.acknowledged
    assert (await table.row()).status == "finished"


async def test_abandon_confirmed_after_a_restart_closes_the_table(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "table abandon")
    await simcord_env.restart_bot(make_bot())
    confirmed = await table.alice.click(asked.response, label="Abandon the table")
    assert confirmed.response is not None and confirmed.response.ephemeral
    assert "Done" in confirmed.response.content
    assert (await table.row()).status == "cancelled"
    notices = [m for m in table.thread.history() if "abandoned the table" in m.content]
    assert len(notices) == 1
    assert not asked.response.components


async def test_keep_playing_after_a_restart_keeps_the_table(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "table abandon")
    await simcord_env.restart_bot(make_bot())
    kept = await table.alice.click(asked.response, label="Keep playing")
    assert kept.response is not None and kept.response.ephemeral
    assert "The table goes on" in kept.response.content
    assert (await table.row()).status == "active"


async def test_abandon_confirmed_after_the_game_ended_says_so(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "table abandon")
    await simcord_env.restart_bot(make_bot())
    resigned = await table.bob.slash(table.thread, "runarch resign")
    await table.bob.click(resigned.response, label="Yes, resign")
    late = await table.alice.click(asked.response, label="Abandon the table")
    assert late.ephemeral and late.response is not None
    assert "already over" in late.response.content, late.response.content
    assert (await table.row()).status == "finished"
    assert await table.bot.store.results(table.table_id), "the game keeps its result"


async def test_abandoning_a_lobby_does_not_close_the_game_started_since(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    """Confirmed for a lobby, the button does not close the running game that lobby became."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "runarch new", opponent=bob)
    thread = channel.threads[-1]
    asked = await alice.slash(thread, "table abandon")
    await simcord_env.restart_bot(make_bot())
    await bob.click(thread.history()[0], label="Join")
    bot: GameBot = simcord_env.bot  # type: ignore[assignment]
    table = await bot.store.open_table_in(thread.id)
    assert table is not None and table.status == "active"
    late = await alice.click(asked.response, label="Abandon the table")
    assert late.ephemeral and late.response is not None
    assert "has started since you asked" in late.response.content, late.response.content
    assert "/table abandon" in late.response.content
    assert (await bot.store.table(table.id)).status == "active"  # type: ignore[union-attr]


async def test_a_picker_whose_board_moved_on_is_refused_at_its_next_decision(simcord_env: Env) -> None:
    """The version is checked at every step, not only when the move is played: the second stone
    of a swap is never offered on a board that is no longer the one the picker was opened on."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swaps = [m for m in GAME.legal_moves(state, seat) if m.kind == "swap"]
    shown = await player.click(table.last_board(), label="Swap stones")
    await player.slash(table.thread, "runarch swap", a=swaps[0].args[0], b=swaps[0].args[1])
    snapshot = await table.snapshot()
    late = await player.select(shown.response.message, [swaps[-1].args[0]])
    assert late.response is not None and late.response.ephemeral
    assert "board has changed" in late.response.content, late.response.content
    assert await table.snapshot() == snapshot


async def test_a_picker_used_after_a_restart_while_the_store_fails_still_answers(
    simcord_env: Env, make_bot: Callable[[], GameBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The expired picker reads the table to open a fresh one: a storage fault there gets the
    "nothing was saved" answer, not a click left unanswered."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    state = await table.state()
    swap = next(m for m in GAME.legal_moves(state, GAME.to_act(state)[0]) if m.kind == "swap")
    shown = await player.click(table.last_board(), label="Swap stones")
    await simcord_env.restart_bot(make_bot())
    bot = simcord_env.bot

    async def failing(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    # every way of reading the table fails (the picker's own table is the read it makes)
    monkeypatch.setattr(bot.store, "table", failing)  # type: ignore[attr-defined]
    monkeypatch.setattr(bot.store, "open_table_in", failing)  # type: ignore[attr-defined]
    monkeypatch.setattr(bot.store, "open_tables_in", failing)  # type: ignore[attr-defined]
    expired = await player.select(shown.response.message, [swap.args[0]])
    assert expired.ephemeral and "Nothing was saved and the board is unchanged." in expired.response.content
    monkeypatch.undo()
    assert (await table.row()).version == 1
