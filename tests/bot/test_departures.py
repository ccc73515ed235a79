"""A seat the bot removed (a ``/table kick``, the time limit) is shown as such, not as "resigned":
on the picture beside its name and in the picture's description, in the table's language."""

from __future__ import annotations

from typing import Any

import discord
from simcord import Env

from bot.i18n import Tr
from render.departures import DEPARTURES
from render.manhattan.board import render_board
from tests.bot.manhattan_table import ManhattanTable

DAY = 24 * 3600


async def _kick_two(env: Env, table: ManhattanTable) -> Any:
    """Two players miss the time limit (the bot moves for them) and a moderator kicks both: the
    third wins. The final board post."""
    guild = table.channel.guild
    role = guild.create_role("mods", permissions=discord.Permissions(manage_threads=True))
    mod = guild.add_member(env.create_user("mod"), roles=[role])
    late: list[Any] = []
    while len(late) < 2:
        (seat,) = table.GAME.to_act(await table.state())
        person = await table.person_at(seat)
        await env.advance_time(DAY + 60)
        if person not in late:
            late.append(person)
    for person in late:
        kicked = await mod.slash(table.thread, "table kick", player=person.user)
        assert kicked.ephemeral, kicked.response.content
    row = await table.row()
    assert row.status == "finished" and row.end_reason == "kicked"
    final = table.thread.history()[-1]
    return final, [p.name for p in late]


async def test_a_kicked_manhattan_player_is_not_shown_as_resigned(simcord_env: Env) -> None:
    for lang, kicked, resigned in (("en", "kicked", "resigned"), ("cs", "vyloučení", "vzdání")):
        table = await ManhattanTable.open(simcord_env, players=3, seed=4, limit="1d")
        await table.bot.store.set_locale(table.table_id, lang)
        final, names = await _kick_two(simcord_env, table)
        board, _ = final.attachments
        described = board.description or ""
        assert all(f"{name} ({kicked})" in described for name in names), described
        assert resigned not in described
        winner = next(p.name for p in table.people if p.name not in names)
        won = f"{winner} wins." if lang == "en" else f"Vítězí {winner}."
        assert won in described, described  # the final description names the winner


def test_the_picture_labels_a_removed_seat_by_how_it_left() -> None:
    """The label drawn beside the seat's name: the key the picture asks for is the departure's."""
    asked: list[str] = []

    class Recording(Tr):
        def __call__(self, key: str, /, **params: Any) -> str:
            asked.append(key)
            return super().__call__(key, **params)

    from engine.manhattan.game import GAME

    state = GAME.new(3, {}, 4)
    for seat in (0, 1):
        state, _, _ = GAME.forfeit(state, seat)
    view = {**GAME.view(state, None), DEPARTURES: {0: "kicked", 1: "timeout"}}
    render_board(view, ["ann", "ben", "cyd"], Recording("en"))
    assert "render.manhattan.kicked" in asked and "render.manhattan.timeout" in asked
    assert "render.manhattan.resigned" not in asked


async def test_a_kicked_runarch_player_is_named_as_kicked_on_the_final_board(simcord_env: Env) -> None:
    from tests.bot.harness import Table

    table = await Table.open(simcord_env)
    guild = table.channel.guild
    role = guild.create_role("mods", permissions=discord.Permissions(manage_threads=True))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[role])
    late = await table.to_act()
    await simcord_env.advance_time(3 * DAY + 60)
    await table.open_turn_with_a_swap()
    other = next(p for p in (table.alice, table.bob) if p.id != late.id)
    await other.slash(table.thread, "runarch end")
    assert (await mod.slash(table.thread, "table kick", player=late.user)).ephemeral
    described = table.thread.history()[-1].attachments[0].description or ""
    assert f"Out of the game: {late.name} (kicked)" in described, described
