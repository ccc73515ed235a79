"""Issue 14, section 6: a whole Moonriser game for three through the real bot.

Two people and a bot player. The people play every move by its slash command (a placement
through its private preview and Confirm); what they play is chosen by the engine's own bot
player, so the game is a sensible one and ends. On the way: the bot restarts, one player lets
the time limit pass (the bot plays the smallest safe step for them), the other reads Czech,
and no drawn or kept tile ever shows in the thread.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from simcord import Env

from bot.client import GameBot
from engine.core.game import replay
from engine.moonriser.game import GAME
from tests.bot.moonriser_table import MoonTable, play

DAY = 24 * 3600
PRIVATE_WORDS = ("You drew", "Dobrané dílky")
"""The private message with the tiles just drawn (the keep select's prompt), in English and Czech."""


@pytest.mark.both_backends
async def test_three_players_with_a_bot_play_a_whole_game(
    simcord_env: Env, make_bot: Callable[[], GameBot], user_locales: dict[int, str]
) -> None:
    table = await MoonTable.open(simcord_env, players=3, bots=1, seed=11, limit="1d")
    alice, bob = table.people
    user_locales[bob.id] = "cs"
    row = await table.row()
    assert len(row.bots) == 1 and row.status == "active"
    restarted = timed_out = False
    moves = 0
    for _ in range(3000):
        row = await table.row()
        if row.status != "active":
            break
        awaited = await table.awaited()
        seat = awaited[0]
        person = await table.person_at(seat)
        if moves == 60 and not restarted:
            await simcord_env.restart_bot(make_bot())
            restarted = True
        if moves >= 100 and not timed_out and person is alice and row.state["phase"] == "plan":
            logged = len(await table.bot.store.moves(row.id))
            await simcord_env.advance_time(DAY + 60)

            made = await table.bot.store.moves(row.id)
            assert len(made) > logged and made[logged].seat == seat, "the limit played for alice"
            timed_out = True
            continue
        notation = GAME.bot_move(row.state, seat, "normal").notation
        logged = await table.bot.store.moves(row.id)
        result = await play(table, person, notation, "Potvrdit" if person is bob else "Confirm")
        made = await table.bot.store.moves(row.id)
        assert made[len(logged)].notation == notation, (notation, result.response.content)
        moves += 1
    row = await table.row()
    assert row.status != "active", f"the game did not end after {moves} moves"
    assert restarted and timed_out
    state = row.state
    assert state is not None and GAME.outcome(state) is not None
    log = [(m.seat, m.notation) for m in await table.bot.store.moves(row.id)]
    assert replay(GAME, len(row.seats), row.options, row.seed, log, GAME.content(state)) == state
    # A tile someone drew or kept is only ever told to them, privately: an onlooker sees none,
    # and each player sees only their own, in messages only they can see.
    seen = {reader.name: 0 for reader in (alice, bob)}
    for reader in (table.outsider, alice, bob):
        for message in table.thread.history(viewer=reader):
            if any(word in message.content for word in PRIVATE_WORDS):
                assert reader is not table.outsider and message.flags.ephemeral, message.content
                seen[reader.name] += 1
    assert all(seen.values()), seen
    bobs = [m.content for m in table.thread.history(viewer=bob) if m.flags.ephemeral]
    assert any("Dobrané dílky" in c for c in bobs)
    assert not any("You drew" in c for c in bobs)
    assert table.boards()[-1].attachments
