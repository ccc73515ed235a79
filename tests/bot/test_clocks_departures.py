"""A player who leaves the server: heard at once with the members intent, else at the reminder.

In a game their seat is handled as a time-out (issue 33): the table's at-limit rule applies to
their waiting turn at once, and to each later turn as it comes, until they come back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import Env

from bot.config import Config
from engine.manhattan.game import GAME as GAME_MANHATTAN
from engine.runarch import GAME
from tests.bot.four_games import open_game
from tests.bot.harness import Table
from tests.bot.manhattan_table import ManhattanTable, play
from tests.bot.test_standin import play_a_turn


@pytest.fixture
def bot_config(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> Config:
    url = request.getfixturevalue("pg_url") if backend == "postgres" else None
    return Config(
        token=None, database_path=str(tmp_path / "bot.sqlite3"), database_url=url, members_intent=True
    )


def posts_with(thread: Any, text: str) -> list[str]:
    return [m.content for m in thread.history() if text in m.content]


@pytest.mark.both_backends
async def test_a_player_who_leaves_a_two_player_game_is_timed_out_at_once_until_out(simcord_env: Env) -> None:
    """``at_limit:auto`` (RunArch's default): the player to act leaves; their turn is played as at
    the limit at once, and each later turn of theirs as soon as it comes; at the third in a row
    they are out, the game ends, and it counts (issue 33: "the seat is handled as a time-out")."""
    table = await Table.open(simcord_env)
    gone = await table.to_act()
    stays = table.bob if gone is table.alice else table.alice
    seat = (await table.row()).seat_of(gone.id)
    table.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    (notice,) = posts_with(table.thread, "left the server, so their turn counts as out of time")
    assert f"**{gone.user.name}**" in notice and stays.mention in notice  # then the board: stays is next
    moves = await table.bot.store.moves(table.table_id)
    assert moves and {m.source for m in moves} == {"timeout"} and {m.seat for m in moves} == {seat}
    row = await table.row()
    assert row.status == "active" and GAME.to_act(row.state or {}) == [row.seat_of(stays.id)]
    for turn in (2, 3):
        await play_a_turn(table, stays)
        assert GAME.to_act(await table.state()) == [seat], "the turn came to the one who left"
        board = table.last_board().content
        assert f"**{gone.user.name}** left the server, so this turn counts as out of time" in board
        assert gone.mention not in board, "nobody calls a player who is not there"
        await simcord_env.advance_time(61)  # the scheduler's next look: at once, not after 3 days
        if turn == 2:
            assert len(posts_with(table.thread, "their turn counts as out of time")) == 2
            assert GAME.to_act(await table.state()) == [row.seat_of(stays.id)]
    (out,) = posts_with(table.thread, "is still gone from the server")
    assert f"**{gone.user.name}**" in out and "3 turns in a row out of time" in out and "Game over" in out
    row = await table.row()
    assert row.status == "finished" and row.end_reason == "left"
    assert await table.replayed() == row.state, "nothing lost: the log replays to the board"
    places = {r.user_id: r.place for r in await table.bot.store.results(row.id)}
    assert places == {stays.id: 1, gone.id: 2}
    # The game counts (a loss for the one who left), and they leave the server's leaderboard.
    local = await stays.slash(table.channel, "leaderboard", game="runarch")
    summary = await table.bot.store.player_summary(stays.id)
    rating = round(summary.ratings[("runarch", "")][0])
    assert local.response.attachments[0].description.splitlines()[1:] == [f"1. alice: {rating} (1 played)"]
    everyone = await stays.slash(table.channel, "leaderboard", game="runarch", scope="global")
    assert "bob" in everyone.response.attachments[0].description


async def test_a_czech_table_says_so_in_czech(simcord_env: Env) -> None:
    """The posts are in the table's language: the turn played at once, then what comes next."""
    table = await Table.open(simcord_env)
    changed = await table.alice.slash(table.thread, "table language", language="cs")
    assert changed.response is not None
    gone = await table.to_act()
    stays = table.bob if gone is table.alice else table.alice
    table.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    (notice,) = posts_with(table.thread, "už na serveru není, takže se tah počítá jako po limitu")
    assert notice.startswith(f"🚪 **{gone.user.name}** už na serveru není") and stays.mention in notice
    table.channel.guild.add_member(gone.user)
    await simcord_env.advance_time(1)
    (back,) = posts_with(table.thread, "je zpátky na serveru: tahy tohoto místa zase čekají")
    assert f"**{gone.user.name}**" in back


async def test_at_a_table_that_removes_at_the_limit_a_player_who_leaves_is_out_at_once(
    simcord_env: Env,
) -> None:
    table = await Table.open(simcord_env, at_limit="remove")
    waiting = await table.to_act()
    gone = table.bob if waiting is table.alice else table.alice  # not even their turn
    table.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    (notice,) = posts_with(table.thread, "left the server and is out of the game")
    assert f"**{gone.user.name}**" in notice and "Game over" in notice
    row = await table.row()
    assert row.status == "finished" and row.end_reason == "left"
    places = {r.user_id: r.place for r in await table.bot.store.results(row.id)}
    assert places == {waiting.id: 1, gone.id: 2}


@pytest.mark.both_backends
async def test_a_player_who_comes_back_to_the_server_gets_their_turns_back(simcord_env: Env) -> None:
    """After one turn played for them, the player joins the server again: the thread is told, and
    their next turn waits for them with the usual limit instead of being played at once."""
    table = await Table.open(simcord_env)
    gone = await table.to_act()
    stays = table.bob if gone is table.alice else table.alice
    seat = (await table.row()).seat_of(gone.id)
    table.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    assert posts_with(table.thread, "their turn counts as out of time")
    table.channel.guild.add_member(gone.user)
    await simcord_env.advance_time(1)
    (back,) = posts_with(table.thread, "is back on the server: their turns wait for them again")
    assert f"**{gone.user.name}**" in back
    await play_a_turn(table, stays)
    await simcord_env.advance_time(3600)
    assert GAME.to_act(await table.state()) == [seat], "their turn waits for them"
    waiting = (await table.row()).seat_row(seat)
    assert waiting is not None and waiting.left_at is None and waiting.timeouts == 1
    assert waiting.deadline is not None and waiting.deadline > simcord_env.bot.store.now() + 2 * 24 * 3600  # type: ignore[attr-defined]
    await play_a_turn(table, gone)
    assert (await table.row()).seat_row(seat).timeouts == 0  # type: ignore[union-attr]


async def test_a_stand_in_takes_the_seat_of_a_player_who_left_a_table_of_three(simcord_env: Env) -> None:
    """``at_limit:bot`` at a Manhattan table of three: a player who is not to act leaves. Their
    turn, when it comes, is played by the stand-in at once; the others play on. Back on the
    server, the bot still plays for them until they use a command at the table."""
    table = await ManhattanTable.open(simcord_env, players=3, seed=7, limit="1d", at_limit="bot")
    (first,) = await table.awaited()
    seat = (first + 1) % 3
    gone = await table.person_at(seat)
    table.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    (told,) = posts_with(table.thread, "left the server. From their next turn on, a bot (normal)")
    assert f"**{gone.user.name}**" in told
    assert await table.bot.store.moves(table.table_id) == [], "nothing is played before their turn"
    for _ in range(12):  # the others play until the stand-in has played the turn of the one gone
        if posts_with(table.thread, "left the server, so a bot (normal) stands in"):
            break
        (now,) = await table.awaited()
        assert now != seat
        state = await table.state()
        await play(table, await table.person_at(now), GAME_MANHATTAN.bot_move(state, now, "normal").notation)
        await simcord_env.advance_time(61)
    (took,) = posts_with(table.thread, "left the server, so a bot (normal) stands in")
    assert f"**{gone.user.name}**" in took
    moves = await table.bot.store.moves(table.table_id)
    assert {m.source for m in moves if m.seat == seat} == {"standin"}
    row = await table.row()
    assert row.status == "active" and row.standins == {seat: "normal"} and seat not in await table.awaited()
    table.channel.guild.add_member(gone.user)  # back on the server: the seat stays held until they act
    await simcord_env.advance_time(1)
    (back,) = posts_with(table.thread, "is back on the server. A bot keeps playing their turns")
    assert f"**{gone.user.name}**" in back and (await table.row()).standins == {seat: "normal"}
    shown = await gone.slash(table.thread, "manhattan board")
    assert shown.response.attachments
    assert posts_with(table.thread, "is back and plays their own turns again")
    assert (await table.row()).standins == {}


async def test_a_player_to_act_who_leaves_a_table_of_three_gets_a_minimal_turn_and_it_goes_on(
    simcord_env: Env,
) -> None:
    side = await open_game(simcord_env, "moonriser", players=3)
    gone, seat = await side.awaited()
    side.channel.guild.remove_member(gone)
    await simcord_env.advance_time(1)
    (notice,) = posts_with(side.channel, "left the server, so their turn counts as out of time")
    assert f"**{gone.name}**" in notice
    row = await side.row()
    assert row.status == "active" and seat not in side.game.to_act(row.state or {})
    assert {m.source for m in await side.store.moves(side.table_id) if m.seat == seat} == {"timeout"}
    assert await side.replayed() == row.state


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
    """Three players at a table whose limit removes; one leaves the server and the game goes on
    without them. The host's ``/table kick`` of that player answers that they are already gone,
    and changes nothing."""
    side = await open_game(simcord_env, name, players=3, at_limit="remove")
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
