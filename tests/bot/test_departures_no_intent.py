"""Without the members intent Discord does not tell the bot that a player left the server: their
reminder asks (10007 Unknown Member), and from then on it is as if the bot had heard at once."""

from __future__ import annotations

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table
from tests.bot.test_standin import play_a_turn

H = 3600


async def test_the_reminder_finds_the_player_gone_and_their_turns_are_timed_out_from_then_on(
    simcord_env: Env,
) -> None:
    table = await Table.open(simcord_env)
    gone = await table.to_act()
    stays = table.bob if gone is table.alice else table.alice
    seat = (await table.row()).seat_of(gone.id)
    table.channel.guild.remove_member(gone)  # nobody tells the bot
    await simcord_env.advance_time(H)
    assert await table.bot.store.moves(table.table_id) == []
    await simcord_env.advance_time(12 * H)  # the reminder comes due and finds them gone
    assert not [m for m in table.thread.history() if m.content.startswith("⏰")], "no reminder for nobody"
    (notice,) = [m.content for m in table.thread.history() if "their turn counts as out of time" in m.content]
    assert f"**{gone.user.name}** left the server" in notice
    assert {m.source for m in await table.bot.store.moves(table.table_id)} == {"timeout"}
    await play_a_turn(table, stays)
    assert GAME.to_act(await table.state()) == [seat]
    await simcord_env.advance_time(61)  # their next turn: at once, no reminder asked first
    assert len([m for m in table.thread.history() if "their turn counts as out of time" in m.content]) == 2
    row = await table.row()
    assert row.status == "active" and GAME.to_act(row.state or {}) == [row.seat_of(stays.id)]
    # Back, unheard by the bot: their first command at the table says so.
    table.channel.guild.add_member(gone.user)
    shown = await gone.slash(table.thread, "runarch board")
    assert shown.response.attachments
    (back,) = [m.content for m in table.thread.history() if "is back on the server" in m.content]
    assert f"**{gone.user.name}**" in back
    assert (await table.row()).seat_row(seat).left_at is None  # type: ignore[union-attr]
