"""The table's small posts meet Discord's refusals as its boards do (issue 33): a vacation notice,
a call within a turn and a lobby redraw go through ``bot.table_channel.deliver``, so an archived
thread is unarchived and the post made, and a deleted one marks the table as lost. And a
vacation does not let the stand-in play at a table whose server the bot was removed from."""

from __future__ import annotations

from typing import Any

from simcord import Env
from simcord.backend import serializers

from tests.bot.harness import Table
from tests.bot.manhattan_table import ManhattanTable, play
from tests.bot.test_discord_threads import ARCHIVED, archive, is_archived
from tests.bot.test_manhattan_discord import calls, turn
from tests.bot.test_standin import open_with_standin, posts_with

H = 3600
DAY = 24 * H
LOST = {"status": 404, "code": 10003, "message": "Unknown Channel"}


async def test_a_vacation_notice_into_an_archived_thread_arrives_after_unarchiving(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    archive(simcord_env, table.thread)  # 7 days idle, or a moderator archived it
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **ARCHIVED)
    started = await table.alice.slash(table.thread, "vacation", days=3)
    assert started.ephemeral and "Enjoy your break" in started.response.content
    (notice,) = [m.content for m in table.thread.history() if "is on vacation until" in m.content]
    assert "alice" in notice
    assert not is_archived(simcord_env, table.thread)
    simcord_env.raise_errors()


async def test_an_abandon_notice_into_an_archived_thread_arrives_after_unarchiving(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "table abandon")
    archive(simcord_env, table.thread)
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **ARCHIVED)
    await table.alice.click(asked.response, label="Abandon the table")
    assert (await table.row()).status == "cancelled"
    (notice,) = [m.content for m in table.thread.history() if "abandoned the table" in m.content]
    assert "alice" in notice
    assert not is_archived(simcord_env, table.thread)


async def test_a_lobby_redraw_into_an_archived_thread_is_made_after_unarchiving(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "runarch new")
    (thread,) = channel.threads
    archive(simcord_env, thread)
    simcord_env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", times=1, **ARCHIVED)
    changed = await alice.slash(thread, "table settings", limit="2d")
    assert changed.response is not None and "2 days" in changed.response.content
    assert "2 days per move" in thread.history()[0].content, "the lobby post shows the new limit"
    assert not is_archived(simcord_env, thread)


async def drafting(env: Env) -> tuple[ManhattanTable, Any, str]:
    """A Manhattan table of three whose first bomb pick is about to call the next seat: the
    table, the person to pick and their pick."""
    table = await ManhattanTable.open(env, players=3, seed=6)
    for notations in (("place uni2 L", "done"), ("place mine2 L", "done"), ("place mine1 L", "done")):
        await turn(table, *notations)
    for notations in (("place uni3 L", "done"), ("place factory2 L", "done"), ("place air1 L", "done")):
        await turn(table, *notations)
    await turn(table, "place design E+S")
    (seat,) = await table.awaited()
    return table, await table.person_at(seat), f"pick {(await table.state())['pending']['cards'][0]}"


async def test_a_call_into_an_archived_thread_arrives_after_unarchiving(simcord_env: Env) -> None:
    table, picker, pick = await drafting(simcord_env)
    archive(simcord_env, table.thread)
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **ARCHIVED)
    await play(table, picker, pick)
    (asked,) = await table.awaited()
    (call,) = calls(table)
    assert (await table.person_at(asked)).mention in call.content
    assert not is_archived(simcord_env, table.thread)


async def test_a_call_into_a_deleted_thread_marks_the_table_lost_like_a_board(simcord_env: Env) -> None:
    table, picker, pick = await drafting(simcord_env)
    moves = len(await table.bot.store.moves(table.table_id))
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", times=1, **LOST)
    await play(table, picker, pick)
    assert len(await table.bot.store.moves(table.table_id)) == moves + 1, "the pick is saved"
    (told,) = [m for m in table.channel.history() if "was deleted" in m.content]
    assert picker.mention in told.content
    assert any(c.label == "Re-open the table" for row in told.components for c in row.children)
    games = await picker.slash(table.channel, "games")
    assert "thread was deleted, re-open it in" in games.response.content


async def test_a_vacation_does_not_wake_the_stand_in_at_a_table_whose_server_lost_the_bot(
    simcord_env: Env,
) -> None:
    """The bot was removed from the server: its tables are paused, and a player's vacation taken
    meanwhile (on another server) must not let the stand-in play for them there. Once the bot is
    back, their waiting turn is played at once, as for anyone on vacation at such a table."""
    env = simcord_env
    table = await open_with_standin(env)
    late = await table.to_act()
    guild_id = table.channel.guild.id
    other = env.create_guild()
    elsewhere = other.create_text_channel("elsewhere")
    there = other.add_member(late.user)
    env.backend.emit("GUILD_DELETE", {"id": str(guild_id)})  # the bot was removed from the server
    await env.advance_time(1)
    moves = len(await table.bot.store.moves(table.table_id))
    started = await there.slash(elsewhere, "vacation", days=5)
    assert started.ephemeral, started.response.content
    for _ in range(3):  # past the table's limit of 1 day, within the vacation
        await env.advance_time(DAY)
    assert len(await table.bot.store.moves(table.table_id)) == moves, "nobody played while paused"
    payload = dict(serializers.guild_create_payload(env.backend, env.backend.guilds[guild_id]))
    payload.pop("unavailable", None)
    env.backend.emit("GUILD_CREATE", payload)  # added back
    await env.advance_time(1)
    assert any("I'm back" in m.content for m in table.thread.history())
    assert not [m for m in table.channel.history() if "was deleted" in m.content], "its thread is there"
    await env.advance_time(61)  # back on the server, the vacation lets the stand-in play at once
    assert posts_with(table, "is on vacation, so a bot (easy) stands in")
    assert {m.source for m in (await table.bot.store.moves(table.table_id))[moves:]} == {"standin"}
