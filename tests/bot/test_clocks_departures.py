"""A player who leaves the server: heard at once with the members intent, else at the reminder."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from simcord import Env

from bot.config import Config
from tests.bot.four_games import open_game
from tests.bot.harness import Table


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), members_intent=True)


async def test_leaving_the_server_ends_the_game_for_that_player_and_tells_the_table(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    gone, stays = table.bob, table.alice
    table.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    (notice,) = [m.content for m in table.thread.history() if "left the server" in m.content]
    assert "bob" in notice and "Game over" in notice
    row = await table.row()
    assert row.status == "finished" and row.end_reason == "left"
    places = {r.user_id: r.place for r in await table.bot.store.results(row.id)}
    assert places == {stays.id: 1, gone.id: 2}
    # The game counts (a loss for the one who left), and they leave the server's leaderboard.
    local = await stays.slash(table.channel, "leaderboard", game="runarch")
    summary = await table.bot.store.player_summary(stays.id)
    rating = round(summary.ratings[("runarch", "")][0])
    assert local.response.attachments[0].description.splitlines()[1:] == [f"1. alice: {rating} (1 played)"]
    everyone = await stays.slash(table.channel, "leaderboard", game="runarch", scope="global")
    assert "bob" in everyone.response.attachments[0].description


async def test_leaving_frees_a_lobby_seat(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "runarch new")
    (thread,) = channel.threads
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    row = await store.open_table_in(thread.id)
    await store.join(row.id, bob.id, "bob")  # a third seat would start the game; keep it a lobby
    guild.remove_member(bob)
    await simcord_env.advance_time(1)
    row = await store.open_table_in(thread.id)
    assert row is not None and row.status == "lobby" and [s.user_id for s in row.seats] == [alice.id]
    assert any("seat in the lobby is free again" in m.content for m in thread.history())
    assert "Players (1/2): alice" in thread.history()[0].content  # the lobby post follows
    await carol.click(thread.history()[0], label="Join")
    assert (await store.open_table_in(thread.id)).status == "active"


@pytest.mark.parametrize("name", ["moonriser", "manhattan"])
async def test_kicking_a_player_who_already_left_says_so(simcord_env: Env, name: str) -> None:
    """Three players; one leaves the server and the game goes on without them. The host's
    ``/table kick`` of that player answers that they are already gone, and changes nothing."""
    side = await open_game(simcord_env, name, players=3)
    host = side.people[0]
    gone = side.people[2]
    side.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    row = await side.row()
    assert row.status == "active", "the game goes on for the two who stay"
    before = await side.snapshot()
    kicked = await host.slash(side.channel, "table kick", player=gone.user)
    assert kicked.ephemeral and kicked.response is not None
    assert kicked.response.content == "carol has already left this game, so there is nobody to remove."
    assert await side.snapshot() == before


@pytest.mark.parametrize("name", ["moonriser", "manhattan"])
async def test_kicking_a_player_twice_says_they_already_left(simcord_env: Env, name: str) -> None:
    """A player missed their limit and was removed; a second ``/table kick`` (a moderator's, a
    moment later) answers that they are already gone instead of "Something went wrong"."""
    side = await open_game(simcord_env, name, players=3)
    guild = side.channel.guild
    role = guild.create_role("mods", permissions=discord.Permissions(manage_threads=True))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[role])
    late, _ = await side.awaited()
    await simcord_env.advance_time(3 * 24 * 3600 + 60)  # past the limit: the bot acted for them
    row = await side.row()
    assert row.status == "active" and next(s for s in row.seats if s.user_id == late.id).timeouts > 0
    removed = await mod.slash(side.channel, "table kick", player=late.user)
    assert removed.ephemeral and removed.response is not None and "Done" in removed.response.content
    before = await side.snapshot()
    again = await mod.slash(side.channel, "table kick", player=late.user)
    assert again.ephemeral and again.response is not None
    assert again.response.content == f"{late.name} has already left this game, so there is nobody to remove."
    assert await side.snapshot() == before
