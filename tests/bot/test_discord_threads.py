"""What Discord does to a table's thread and server over weeks: archives or locks the thread, a
moderator deletes it, the bot is removed and added back, a burst meets rate limits; and
``/table check``. The move behind a post is saved first: players must still get to see it."""

from __future__ import annotations

import sqlite3
from typing import Any

import discord
import pytest
from simcord import Env
from simcord.backend import serializers
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from tests.bot.harness import Table
from tests.conftest import USER_LOCALES

H = 3600
DAY = 24 * H
ARCHIVED = {"status": 400, "code": 50083, "message": "Thread is archived"}
MISSING = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def archive(env: Env, thread: Any, *, locked: bool = False) -> None:
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": locked})


def is_archived(env: Env, thread: Any) -> bool:
    return bool(env.backend.channels[thread.id].thread_metadata.archived)


def reminders(table: Table) -> list[str]:
    return [m.content for m in table.thread.history() if m.content.startswith("⏰")]


def lost_told(table: Table) -> list[discord.Message]:
    """The parent channel's posts saying the table's thread was deleted."""
    return [m for m in table.channel.history() if "was deleted" in m.content]


async def test_an_archived_thread_is_unarchived_and_the_reminder_and_timeout_posted(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    await simcord_env.advance_time(12 * H - 120)
    archive(simcord_env, table.thread)  # 7 days idle, or a moderator archived it
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **ARCHIVED)
    await simcord_env.advance_time(180)
    assert len(reminders(table)) == 1  # refused once, unarchived, posted
    assert not is_archived(simcord_env, table.thread)
    moves = len(await table.bot.store.moves(table.table_id))
    await simcord_env.advance_time(3 * DAY - 12 * H - 120)
    archive(simcord_env, table.thread)
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **ARCHIVED)
    await simcord_env.advance_time(180)  # the limit: the bot moves for the late player, and shows it
    assert len(await table.bot.store.moves(table.table_id)) > moves
    (board,) = [m for m in table.thread.history()[-2:] if "time limit" in m.content and m.attachments]
    assert all(a.size > 1000 for a in board.attachments)  # the pictures, sent whole the second time
    assert not is_archived(simcord_env, table.thread)
    simcord_env.raise_errors()


async def test_an_archived_board_post_is_edited_after_unarchiving(simcord_env: Env) -> None:
    """A step within a turn edits the turn's post; an archived thread refuses the edit with 50083."""
    table = await Table.open(simcord_env)
    boards = [m.id for m in table.thread.history() if m.attachments]
    archive(simcord_env, table.thread)
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/*", times=1, **ARCHIVED)
    await table.open_turn_with_a_swap()
    assert [m.id for m in table.thread.history() if m.attachments] == boards  # edited, not posted anew
    assert not is_archived(simcord_env, table.thread)
    assert any(
        r.method == "PATCH" and r.path == f"/channels/{table.thread.id}" for r in simcord_env.http_requests
    )


async def test_a_board_asked_for_in_an_archived_thread_is_shown(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    archive(simcord_env, table.thread)
    simcord_env.inject_error("POST", "/interactions/*", times=1, **ARCHIVED)
    result = await table.carol.slash(table.thread, "runarch board")
    assert not result.ephemeral and result.response.attachments
    assert all(a.size > 1000 for a in result.response.attachments)
    assert not is_archived(simcord_env, table.thread)


async def test_a_locked_thread_the_bot_cannot_reopen_is_told_once_in_the_channel(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    await simcord_env.advance_time(12 * H - 120)
    archive(simcord_env, table.thread, locked=True)
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=None, **ARCHIVED)
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}", times=None, **MISSING)
    await simcord_env.advance_time(180)  # the reminder
    await simcord_env.advance_time(3 * DAY)  # the limit: the move is saved, its post refused
    told = [m for m in table.channel.history() if "🔒" in m.content]
    assert len(told) == 1
    assert "*Manage Threads*" in told[0].content and table.thread.mention in told[0].content
    assert table.alice.mention in told[0].content and table.bob.mention in told[0].content
    row = await table.row()
    assert any(m.source == "timeout" for m in await table.bot.store.moves(row.id))


@pytest.mark.both_backends
async def test_a_deleted_thread_is_reopened_by_a_player_in_a_new_thread(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    old = table.thread
    simcord_env.backend.delete_channel(old.id)  # a moderator deletes the thread
    await simcord_env.advance_time(12 * H + 60)  # the reminder finds it gone
    (told,) = [m for m in table.channel.history() if "was deleted" in m.content]
    assert table.alice.mention in told.content and table.bob.mention in told.content
    games = await table.alice.slash(table.channel, "games")
    assert f"thread was deleted, re-open it in {table.channel.mention}" in games.response.content
    refused = await table.carol.click(told, label="Re-open the table")
    assert refused.ephemeral and "Only a player" in refused.response.content
    moves = len(await table.bot.store.moves(table.table_id))
    await table.alice.click(told, label="Re-open the table")
    (new,) = table.channel.threads
    assert new.id != old.id
    row = await table.row()
    assert row.channel_id == new.id and row.status == "active"
    assert len(await table.bot.store.moves(row.id)) == moves  # nothing lost, nothing replayed
    (board,) = [m for m in new.history() if m.attachments]
    assert "re-opened the table" in board.content
    awaited = await table.to_act()
    assert awaited.mention in board.content
    games = await table.alice.slash(new, "games")
    assert new.mention in games.response.content and "deleted" not in games.response.content
    told = next(m for m in table.channel.history() if m.id == told.id)
    assert new.mention in told.content and not told.components  # the button is gone with its use
    assert len(table.channel.threads) == 1


async def test_table_check_lists_what_the_bot_lacks_here_in_both_languages(simcord_env: Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    me = env.bot.user  # type: ignore[union-attr]
    denied = discord.PermissionOverwrite(attach_files=False, embed_links=False, create_public_threads=False)
    channel = guild.create_text_channel("games", overwrites={me: denied})
    fine = guild.create_text_channel("other")
    user = env.create_user("alice")
    alice = guild.add_member(user)
    result = await alice.slash(channel, "table check")
    assert result.ephemeral
    text = result.response.content
    assert "*Attach Files*" in text and "*Embed Links*" in text and "*Create Public Threads*" in text
    assert "*Send Messages in Threads*" not in text
    ok = await alice.slash(fine, "table check")
    assert ok.ephemeral and ok.response.content == "✅ I have every permission I use in this channel."
    await alice.slash(fine, "runarch new")
    (thread,) = fine.threads
    assert (await alice.slash(thread, "table check")).response.content.endswith("in this thread.")
    dm = await user.slash("table check")
    assert dm.ephemeral and "only in a server" in dm.response.content
    USER_LOCALES[alice.id] = "cs"
    czech = await alice.slash(channel, "table check")
    assert "*Přikládat soubory*" in czech.response.content and "*Vkládat odkazy*" in czech.response.content
    assert "V tomto kanálu mi chybí" in czech.response.content


SWEPT = 500
"""Tables whose reminders come due in the same minute (the issue's burst)."""


async def test_a_reminder_sweep_meeting_rate_limits_sends_each_reminder_once(simcord_env: Env) -> None:
    env = simcord_env
    tables = [await Table.open(env) for _ in range(SWEPT)]
    await env.advance_time(12 * H - 120)
    start = len(env.http_requests)
    limited = {"status": 429, "code": 0, "message": "You are being rate limited."}
    refused = tables[::12]  # spread over the sweep: one post in 12 is refused once
    for table in refused:
        env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **limited)
    env.settle_timeout = 60  # 540 posts in one step: more than SimCord's default 5 s on a busy machine
    await env.advance_time(300)  # each 429 without Retry-After is waited out (2 s): the sweep takes longer
    for table in tables:
        assert len(reminders(table)) == 1, table.table_id
    # The sweep posts one reminder at a time, and a refused one is posted again (after the wait the
    # 429 asks for) before the sweep goes on: it slows down instead of dropping or doubling any.
    sweep = env.http_requests[start:]
    posts = [r.path for r in sweep if r.method == "POST" and r.path.endswith("/messages")]
    assert len(posts) == len(tables) + len(refused)
    assert [p for i, p in enumerate(posts) if i == 0 or p != posts[i - 1]] == [
        f"/channels/{t.thread.id}/messages" for t in tables
    ]


@pytest.mark.both_backends
async def test_tables_pause_while_the_bot_is_off_their_server_and_resume_when_it_is_back(
    simcord_env: Env,
) -> None:
    env = simcord_env
    table = await Table.open(env)
    guild_id = table.channel.guild.id
    await env.advance_time(H)
    env.backend.emit("GUILD_DELETE", {"id": str(guild_id)})  # the bot was removed from the server
    await env.advance_time(1)
    before = len(table.thread.history())
    moves = len(await table.bot.store.moves(table.table_id))
    for _ in range(5):  # past the reminder and the 3-day limit (a day at a time: a busy machine)
        await env.advance_time(DAY)
    assert len(table.thread.history()) == before  # no reminder, no move at the limit, no stand-in
    assert len(await table.bot.store.moves(table.table_id)) == moves
    # Nothing can be posted on that server: /games elsewhere (here a DM) says why the table waits.
    paused_words = {"en": "paused: the bot is no longer on this table's server", "cs": "pozastaveno: bot už"}
    for lang, paused in paused_words.items():
        USER_LOCALES[table.alice.id] = lang
        games = await table.alice.user.slash("games")
        assert games.ephemeral and paused in games.response.content, games.response.content
    USER_LOCALES.pop(table.alice.id)
    payload = dict(serializers.guild_create_payload(env.backend, env.backend.guilds[guild_id]))
    payload.pop("unavailable", None)
    env.backend.emit("GUILD_CREATE", payload)  # added back
    await env.advance_time(1)
    (back,) = [m.content for m in table.thread.history() if "I'm back" in m.content]
    assert "5 days" in back
    await env.advance_time(11 * H - 120)  # 1 h had passed before the removal: 11 h are left
    assert reminders(table) == []
    games = await table.alice.user.slash("games")
    assert "paused" not in games.response.content and table.thread.mention in games.response.content
    await env.advance_time(180)
    assert len(reminders(table)) == 1


async def test_a_permission_taken_away_from_the_thread_is_named_once_in_the_channel(simcord_env: Env) -> None:
    """Nobody acted (a reminder, a move at the limit): the players hear it in the parent channel."""
    env = simcord_env
    table = await Table.open(env)
    me = env.bot.user  # type: ignore[union-attr]
    deny = discord.Permissions(send_messages_in_threads=True).value
    env.backend.set_overwrite(
        table.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, allow=0, deny=deny)
    )
    await env.advance_time(12 * H + 60)  # the reminder is refused with 50013
    await env.advance_time(3 * DAY)  # the move at the limit is saved, its board refused
    (told,) = [m.content for m in table.channel.history() if "🚫" in m.content]
    assert "I lack *Send Messages in Threads*" in told  # as discord.py computes it from its cache
    assert table.alice.mention in told and table.thread.mention in told
    assert any(m.source == "timeout" for m in await table.bot.store.moves(table.table_id))


@pytest.mark.both_backends
async def test_a_server_that_took_the_bot_back_while_it_was_stopped_resumes_at_start(
    simcord_env: Env, make_bot: Any
) -> None:
    env = simcord_env
    table = await Table.open(env)
    env.backend.emit("GUILD_DELETE", {"id": str(table.channel.guild.id)})
    await env.advance_time(DAY)
    assert reminders(table) == []
    await env.restart_bot(make_bot())  # the server is there again when the bot starts
    await env.advance_time(1)
    assert len([m for m in table.thread.history() if "I'm back" in m.content]) == 1
    await env.advance_time(12 * H + 60)  # the time away counts from the start
    assert len(reminders(table)) == 1


async def test_a_refused_reopen_names_the_permission_and_can_be_tried_again(simcord_env: Env) -> None:
    """Re-opening makes a thread: without *Create Public Threads* the player who clicked is told so,
    the table stays lost (nothing moved, the button stays) and works once the permission is back."""
    table = await Table.open(simcord_env)
    simcord_env.backend.delete_channel(table.thread.id)
    await simcord_env.advance_time(12 * H + 60)  # the reminder finds the thread gone
    (told,) = [m for m in table.channel.history() if "was deleted" in m.content]
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/threads", times=1, **MISSING)
    refused = await table.alice.click(told, label="Re-open the table")
    (line,) = refused.followups  # the click was acknowledged first (making a thread takes a while)
    assert line.ephemeral and "*Create Public Threads*" in line.content, line
    assert table.channel.threads == []
    games = await table.alice.slash(table.channel, "games")
    assert "thread was deleted, re-open it in" in games.response.content
    told = next(m for m in table.channel.history() if m.id == told.id)
    await table.alice.click(told, label="Re-open the table")
    (new,) = table.channel.threads
    assert (await table.row()).channel_id == new.id
    assert [m for m in new.history() if m.attachments], "a fresh board in the new thread"


@pytest.mark.parametrize("status", [500, 429])
async def test_a_reminder_discord_keeps_refusing_is_posted_once_fifteen_minutes_later(
    simcord_env: Env, status: int
) -> None:
    """Discord failing (5xx) or rate limiting past every retry when a reminder is due: it is not
    marked sent but tried again 15 minutes later, and posted then, once."""
    env = simcord_env
    table = await Table.open(env)
    await env.advance_time(12 * H - 120)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=status, times=None)
    start = len(env.http_requests)
    await env.advance_time(180)  # due: every try refused
    tried = [r for r in env.http_requests[start:] if r.method == "POST" and r.path.endswith("/messages")]
    assert tried and reminders(table) == []
    env.backend.faults.clear()  # Discord works again
    await env.advance_time(11 * 60)
    assert reminders(table) == [], "tried again after 15 minutes, not at once"
    await env.advance_time(5 * 60)
    assert len(reminders(table)) == 1
    await env.advance_time(H)
    assert len(reminders(table)) == 1, "sent once"


@pytest.mark.both_backends
async def test_a_deleted_thread_is_remembered_across_a_restart_and_its_channel_told_once(
    simcord_env: Env, make_bot: Any
) -> None:
    """The loss of a thread is kept in the database: after a restart ``/games`` says so before any
    post finds the thread gone, the post that then finds it gone tells the channel nothing twice,
    and the button posted before the restart re-opens the table, which is no longer called lost
    (after another restart either)."""
    env = simcord_env
    table = await Table.open(env)
    old = table.thread.id
    env.backend.delete_channel(old)
    await env.advance_time(12 * H + 60)  # the reminder finds the thread gone
    (told,) = lost_told(table)
    await env.restart_bot(make_bot())
    games = await table.alice.slash(table.channel, "games")
    assert "thread was deleted, re-open it in" in games.response.content, "known at once after the restart"
    start, moves = len(env.http_requests), len(await table.bot.store.moves(table.table_id))
    await env.advance_time(3 * DAY)  # the move at the limit finds the thread gone again
    assert len(await table.bot.store.moves(table.table_id)) > moves, "a move at the limit was made"
    tried = [r for r in env.http_requests[start:] if r.path.rstrip("/").endswith(f"/channels/{old}")]
    assert tried, "its post looked for the thread, and found it gone"
    assert [m.id for m in lost_told(table)] == [told.id], "the channel was told once"
    moves = len(await table.bot.store.moves(table.table_id))
    await table.bob.click(told, label="Re-open the table")
    (new,) = table.channel.threads
    row = await table.row()
    assert row.channel_id == new.id and row.status == "active"
    assert len(await table.bot.store.moves(row.id)) == moves
    assert [m for m in new.history() if m.attachments and "re-opened the table" in m.content]
    await env.restart_bot(make_bot())
    games = await table.alice.slash(new, "games")
    assert new.mention in games.response.content and "deleted" not in games.response.content


async def test_a_lost_thread_the_channel_was_not_told_of_is_told_by_the_next_post(
    simcord_env: Env, make_bot: Any
) -> None:
    """The parent channel refusing the "was deleted" post (Discord failing) does not leave the
    table marked lost unheard of: ``/games`` does not send players to a button that is not
    there, and the next post that finds the thread gone (after a restart here) tells the channel."""
    env = simcord_env
    table = await Table.open(env)
    env.backend.delete_channel(table.thread.id)
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", times=1)
    await env.advance_time(12 * H + 60)  # the reminder finds the thread gone; the channel refuses
    assert lost_told(table) == []
    games = await table.alice.slash(table.channel, "games")
    assert "deleted" not in games.response.content
    await env.restart_bot(make_bot())
    await env.advance_time(3 * DAY)  # the move at the limit finds the thread gone
    (told,) = lost_told(table)
    assert any(c.label == "Re-open the table" for row in told.components for c in row.children)
    games = await table.alice.slash(table.channel, "games")
    assert "thread was deleted, re-open it in" in games.response.content


async def test_a_lost_thread_the_database_could_not_mark_is_marked_and_told_by_the_next_post(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database busy when a post finds the thread gone: nothing is told that is not stored
    (the reminder's failure is handled as before), and the next post that finds the thread gone
    marks it and tells the channel, once."""
    env = simcord_env
    table = await Table.open(env)
    store = table.bot.store
    mark = store.mark_thread_lost

    async def busy_once(*args: Any) -> bool:
        monkeypatch.setattr(store, "mark_thread_lost", mark)
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "mark_thread_lost", busy_once)
    env.backend.delete_channel(table.thread.id)
    await env.advance_time(12 * H + 60)  # the reminder finds the thread gone; the mark fails
    assert lost_told(table) == [] and (await table.row()).thread_lost_at is None
    moves = len(await store.moves(table.table_id))
    await env.advance_time(3 * DAY)  # the move at the limit finds it gone
    assert len(await store.moves(table.table_id)) > moves
    assert len(lost_told(table)) == 1
    games = await table.alice.slash(table.channel, "games")
    assert "thread was deleted, re-open it in" in games.response.content


async def test_a_thread_marked_lost_that_takes_a_post_after_all_is_no_longer_lost(simcord_env: Env) -> None:
    """An Unknown Channel Discord gives once for a thread that is still there: the next post that
    goes through ends the loss, so ``/games`` no longer sends the players to re-open it."""
    env = simcord_env
    table = await Table.open(env)
    gone = {"status": 404, "code": 10003, "message": "Unknown Channel"}
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **gone)
    await env.advance_time(12 * H + 60)  # the reminder is refused as if the thread were gone
    assert len(lost_told(table)) == 1
    games = await table.alice.slash(table.channel, "games")
    assert "thread was deleted" in games.response.content
    boards = len(table.boards())
    await env.advance_time(3 * DAY)  # the move at the limit is posted in the thread
    assert len(table.boards()) > boards
    games = await table.alice.slash(table.channel, "games")
    assert table.thread.mention in games.response.content and "deleted" not in games.response.content


@pytest.mark.parametrize("status", [500, 429])
async def test_a_move_at_the_limit_whose_post_discord_refuses_is_shown_once_it_works_again(
    simcord_env: Env, status: int
) -> None:
    """The bot's move at the time limit is saved before it is shown: Discord failing then (5xx, or
    429 past every retry) must not leave the players unaware that the turn passed. The post is
    made again a minute later, then after twice as long each time (15 minutes at most), until
    Discord takes it: once, pinging whoever is to act."""
    env = simcord_env
    table = await Table.open(env)
    late = await table.to_act()
    await env.advance_time(12 * H + 60)  # the reminder
    posted = len(table.thread.history())
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=status, times=None)
    await env.advance_time(3 * DAY - 12 * H)  # the limit: the move is saved, its board refused
    assert {m.source for m in await table.bot.store.moves(table.table_id)} == {"timeout"}
    assert len(table.thread.history()) == posted
    env.backend.faults.clear()  # Discord works again
    await env.advance_time(15 * 60 + 61)
    (board,) = [m for m in table.thread.history()[posted:] if m.attachments]
    assert "time limit" in board.content and f"**{late.name}**" in board.content, board.content
    awaited = await table.to_act()
    assert awaited.mention in board.content and awaited is not late
    await env.advance_time(H)
    assert len([m for m in table.thread.history()[posted:] if m.attachments]) == 1, "shown once"


async def test_a_refused_post_at_the_limit_is_dropped_once_a_player_shows_a_newer_board(
    simcord_env: Env,
) -> None:
    """While the post at the limit is owed, the next player moves (their answer is the new board):
    the owed post would show an old turn again, so it is not made."""
    env = simcord_env
    table = await Table.open(env)
    await env.advance_time(12 * H + 60)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, times=None)
    await env.advance_time(3 * DAY - 12 * H)  # the move at the limit, its board refused
    player, _ = await table.open_turn_with_a_swap()  # answered through the interaction: shown
    await player.slash(table.thread, "runarch end")
    boards = [m.id for m in table.thread.history() if m.attachments]
    env.backend.faults.clear()
    await env.advance_time(H)
    assert [m.id for m in table.thread.history() if m.attachments] == boards


NO_ACCESS = {"status": 403, "code": 50001, "message": "Missing Access"}


async def test_a_thread_the_bot_cannot_see_is_named_once_in_the_channel(simcord_env: Env) -> None:
    """50001 (Missing Access: the bot cannot see the thread) is told like a missing permission:
    the reminder refused that way and the move at the limit are heard of in the parent channel,
    once, with what the bot lacks."""
    env = simcord_env
    table = await Table.open(env)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=None, **NO_ACCESS)
    await env.advance_time(12 * H + 60)  # the reminder is refused with 50001
    (told,) = [m.content for m in table.channel.history() if "🚫" in m.content]
    assert "*View Channel*" in told, told
    assert table.alice.mention in told and table.bob.mention in told and table.thread.mention in told
    await env.advance_time(3 * DAY)  # the move at the limit is saved, its board refused
    assert len([m for m in table.channel.history() if "🚫" in m.content]) == 1, "told once"
    assert any(m.source == "timeout" for m in await table.bot.store.moves(table.table_id))
    assert reminders(table) == []


@pytest.mark.parametrize(
    ("refusal", "named"), [(NO_ACCESS, "*View Channel*"), (MISSING, "*Send Messages in Threads*")]
)
async def test_a_thread_and_channel_the_bot_cannot_use_dm_the_awaited_player_once(
    simcord_env: Env, refusal: dict[str, Any], named: str
) -> None:
    """The parent channel refuses too (the whole category hidden from the bot): the player whose
    turn it is gets one DM saying why nothing shows, however many posts are refused."""
    env = simcord_env
    table = await Table.open(env)
    waiting = await table.to_act()
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=None, **refusal)
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", times=None, **refusal)
    await env.advance_time(12 * H + 60)  # the reminder is refused, and so is the channel
    await env.advance_time(2 * H)
    (dm,) = [m.content for m in waiting.user.dm_channel.history() if "🚫" in m.content]
    assert named in dm and f"/{table.thread.id}" in dm, dm
    await env.advance_time(3 * DAY)  # the move at the limit is refused the same way
    assert len([m for m in waiting.user.dm_channel.history() if "🚫" in m.content]) == 1, "DMed once"
    assert any(m.source == "timeout" for m in await table.bot.store.moves(table.table_id))


async def test_a_missing_access_names_read_message_history_when_that_is_what_is_missing(
    simcord_env: Env,
) -> None:
    """50001 for a bot that sees the thread but may not read its history: that is the name given."""
    env = simcord_env
    table = await Table.open(env)
    me = env.bot.user  # type: ignore[union-attr]
    deny = discord.Permissions(read_message_history=True).value
    env.backend.set_overwrite(
        table.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, allow=0, deny=deny)
    )
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=None, **NO_ACCESS)
    await env.advance_time(12 * H + 60)
    (told,) = [m.content for m in table.channel.history() if "🚫" in m.content]
    assert "I lack *Read Message History* there" in told, told
