"""One board post per turn: the steps of a turn edit its post; a new post only when the turn passes."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import discord
from simcord import Env

from bot.client import GameBot
from engine.core import GameRecord
from engine.core.game import replay
from engine.runarch import GAME
from render.replay import turn_states
from tests.bot.harness import Table, greedy_move, left_nothing, moved
from tests.bot.test_runarch_game import play_move

NOT_FOUND = {"status": 404, "code": 10008, "message": "Unknown Message"}


def pictures(table: Table) -> list[discord.Message]:
    """Messages with a picture in the thread: the board posts."""
    return [m for m in table.thread.history() if m.attachments]


def button_ids(message: discord.Message) -> list[str]:
    return [item.custom_id or "" for row in message.components for item in row.children]  # type: ignore[attr-defined]


def now(table: Table, message: discord.Message) -> discord.Message:
    """``message`` as it reads now (a message object is a snapshot; the post may be edited since)."""
    return next(m for m in table.thread.history() if m.id == message.id)


def pinged(env: Env, message: discord.Message) -> list[int]:
    return list(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


async def swap_of(table: Table) -> tuple[Any, str, str]:
    """The player to act and the cells of their first legal swap."""
    state = await table.state()
    seat = GAME.to_act(state)[0]
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    return await table.player(seat), swap.args[0], swap.args[1]


async def test_a_whole_game_leaves_one_picture_per_turn(simcord_env: Env) -> None:
    """Played through commands, buttons and pickers; counted independently from the move log:
    the start, then one post whenever someone new is to act or the game ends."""
    table = await Table.open(simcord_env, target=30)
    for turn in range(400):
        state = await table.state()
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        await play_move(table, await table.player(seat), greedy_move(state, seat), turn)
    row = await table.row()
    assert row.status == "finished"
    log = [(m.seat, m.notation) for m in await table.bot.store.moves(row.id)]
    states = [GAME.new(2, row.options, row.seed)]
    for seat, notation in log:
        states.append(GAME.apply(states[-1], seat, notation)[0])
    assert states[-1] == row.state == replay(GAME, 2, row.options, row.seed, log)
    turn_changes = sum(
        1
        for before, after in itertools.pairwise(states)
        if set(GAME.to_act(after)) - set(GAME.to_act(before)) or (after["over"] and not before["over"])
    )
    posts = pictures(table)
    assert len(posts) == turn_changes + 1, "the start, then one post per turn"
    assert len(posts) < len(log) * 0.6, f"{len(posts)} pictures for {len(log)} moves"
    assert row.board_message_id == posts[-1].id and "Game over" in posts[-1].content
    for post in posts[:-1]:
        assert "it's your move" in post.content, "each post names who was to act in its turn"
    record = GameRecord("runarch", row.seed, 2, dict(row.options), ["alice", "bob"], log)
    assert len(list(turn_states(GAME, record))) == len(posts), "the replay has a frame per post"


async def test_a_step_within_the_turn_edits_the_turns_post(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    board = table.last_board()
    count = len(table.thread.history())
    player, a, b = await swap_of(table)
    result = await player.slash(table.thread, "runarch swap", a=a, b=b)
    assert moved(result) and left_nothing(result), "no acknowledgement left behind"
    assert len(table.thread.history()) == count, "no new message in the thread"
    edited = table.last_board()
    assert edited.id == board.id and (await table.row()).board_message_id == board.id
    assert f"swapped {a} and {b}" in edited.content and player.mention in edited.content
    version = (await table.row()).version
    assert all(re.search(rf":{version}(:|$)", custom_id) for custom_id in button_ids(edited)), "fresh buttons"
    # A later step of the same turn adds its line below the swap's.
    state = await table.state()
    seat = GAME.to_act(state)[0]
    if GAME.scoring_options(state, seat):
        option = GAME.scoring_options(state, seat)[0]
        await player.slash(table.thread, "runarch score", card=option["card"], line=option["line"])
        content = table.last_board().content
        assert content.index("swapped") < content.index("scored")
    ended = await player.click(table.last_board(), label="End turn")
    assert not ended.ephemeral, "the end of the turn is a new post"
    assert len(pictures(table)) == 2
    new = table.last_board()
    other = table.bob if player is table.alice else table.alice
    assert other.mention in new.content and pinged(simcord_env, new) == [other.id]
    assert (await table.row()).board_message_id == new.id
    assert f"swapped {a} and {b}" in now(table, board).content, "the old post keeps its turn's story"
    assert now(table, board).components == [], "the old post's buttons are gone"
    assert button_ids(new), "the new post has them"


async def test_a_step_through_a_picker_edits_the_board_and_closes_the_picker(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player, a, b = await swap_of(table)
    board = table.last_board()
    shown = await player.click(board, label="Swap stones")
    await player.select(shown.response.message, [a])
    await player.select(shown.response.message, [b])
    assert shown.response is None, "the picker closed: nothing left behind"
    assert pictures(table) == [board] and f"swapped {a} and {b}" in table.last_board().content
    # The edited board's buttons belong to the new position: they work, the old version is gone.
    ended = await player.click(table.last_board(), label="End turn")
    assert not ended.ephemeral and len(pictures(table)) == 2


async def test_a_click_on_a_button_of_an_older_turns_post_is_still_stale(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    first = table.last_board()
    # Discord refuses to take the old post's buttons off: they stay, and must stay harmless.
    simcord_env.inject_error("PATCH", f"/channels/*/messages/{first.id}", status=500)
    await player.click(first, label="End turn")
    assert len(pictures(table)) == 2 and button_ids(now(table, first))
    snapshot = await table.snapshot()
    late = await player.click(first, label="End turn")
    assert late.ephemeral and "board has changed" in late.response.content
    assert await table.snapshot() == snapshot


async def test_a_deleted_board_post_is_replaced_and_the_next_step_edits_the_new_one(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, variant="complex")
    mod = table.channel.guild.add_member(
        simcord_env.create_user("mod"),
        roles=[
            table.channel.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
        ],
    )
    board = table.last_board()
    await mod.delete(board)
    assert pictures(table) == []
    seat = (await table.row()).seat_of(table.alice.id)
    assert seat is not None
    cards = [c["id"] for c in GAME.view(await table.state(), seat)["setup_hand"]]
    chosen = await table.alice.slash(table.thread, "runarch setup", goal=cards[0], secret=cards[1])
    # acknowledged privately before the picture (an edit was expected), the command leaves no
    # reply: the board could not be edited, so it is posted again in the thread
    assert chosen.acknowledged and chosen.response is None
    (again,) = pictures(table)
    assert "alice** has made the opening choice" in again.content
    assert (await table.row()).board_message_id == again.id
    assert pinged(simcord_env, again) == [], "nobody new is awaited: the new post pings nobody"
    assert table.bob.mention in again.content
    seat = (await table.row()).seat_of(table.bob.id)
    assert seat is not None
    cards = [c["id"] for c in GAME.view(await table.state(), seat)["setup_hand"]]
    await table.bob.slash(table.thread, "runarch setup", goal=cards[0], secret=cards[1])
    state = await table.state()
    if not set(GAME.to_act(state)) - {seat}:
        assert pictures(table) == [again], "the replacement is the turn's post: edited"
    assert "Both have chosen" in table.last_board().content


async def test_a_refused_edit_posts_the_board_anew_and_loses_no_move(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player, a, b = await swap_of(table)
    simcord_env.inject_error(
        "PATCH", "/channels/*/messages/*", status=403, code=50001, message="Missing Access"
    )
    result = await player.slash(table.thread, "runarch swap", a=a, b=b)
    # acknowledged privately before the picture, the command leaves no reply; the board is new
    assert result.acknowledged and result.response is None
    assert f"swapped {a} and {b}" in table.last_board().content
    assert len(pictures(table)) == 2
    assert (await table.row()).board_message_id == table.last_board().id
    assert (await table.bot.store.moves(table.table_id))[-1].notation == f"swap {a} {b}"


async def test_after_a_restart_a_step_posts_the_board_anew_instead_of_erasing_its_story(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    """What the turn's post says lives in memory: after a restart the next step posts a new
    board (pinging nobody) rather than edit the old one down to its own line."""
    table = await Table.open(simcord_env, variant="complex")
    first = table.last_board()
    await choose_setup(table, table.alice)
    assert pictures(table) == [first] and "alice** has made the opening choice" in now(table, first).content
    await simcord_env.restart_bot(make_bot())
    state = await table.state()
    await choose_setup(table, table.bob)
    assert "alice** has made the opening choice" in now(table, first).content, "the old post keeps its lines"
    new = table.last_board()
    assert new.id != first.id and (await table.row()).board_message_id == new.id
    if not set(GAME.to_act(await table.state())) - set(GAME.to_act(state)):
        assert pinged(simcord_env, new) == [], "a step within the turn pings nobody"


async def choose_setup(table: Table, player: Any) -> None:
    seat = (await table.row()).seat_of(player.id)
    assert seat is not None
    cards = [c["id"] for c in GAME.view(await table.state(), seat)["setup_hand"]]
    result = await player.slash(table.thread, "runarch setup", goal=cards[0], secret=cards[1])
    assert moved(result), result.response.content


async def test_after_a_restart_a_new_turn_post_still_takes_the_buttons_off_the_last_one(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    """The bot's memory of the turn's post is gone after a restart; the stored board message id
    still names it, so it does not keep live-looking buttons beside the new post."""
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    board = table.last_board()
    assert button_ids(board)
    await simcord_env.restart_bot(make_bot())
    ended = await player.slash(table.thread, "runarch end")
    assert not ended.ephemeral and len(pictures(table)) == 2
    assert now(table, board).components == [] and button_ids(table.last_board())
    assert "swapped" in now(table, board).content


async def test_a_whole_game_leaves_buttons_only_under_the_newest_post(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, target=30)
    for turn in range(400):
        state = await table.state()
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        await play_move(table, await table.player(seat), greedy_move(state, seat), turn)
        posts = pictures(table)
        assert all(post.components == [] for post in posts[:-1]), f"old buttons left after turn {turn}"
    assert (await table.row()).status == "finished" and pictures(table)[-1].components == []
