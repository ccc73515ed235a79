"""Each game played in Czech sends nothing over Discord's limits.

Most behavioural tests play in English; Czech texts run longer (declined names, longer words), so
a Czech button label or select option could pass every English test and be refused by Discord.
Here every person speaks Czech, so the table, its posts, pickers and replies are Czech, and the
limits guard of ``tests/conftest.py`` checks each request (it fails the test naming the request)."""

from __future__ import annotations

import random

import pytest
import simcord.interactions as sim_interactions
from simcord import Env

from tests.bot.four_games import GAMES, open_game, typed_kind

MOVES = 40


def everyone_speaks_czech(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every person's Discord is in Czech (on top of ``user_locales``'s wrapper)."""
    original = sim_interactions.base_payload

    def czech(backend, *, user_id: int, **kwargs):  # type: ignore[no-untyped-def]
        record, payload = original(backend, user_id=user_id, **kwargs)
        payload["locale"] = "cs"
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", czech)


@pytest.mark.parametrize("name", GAMES)
async def test_a_game_in_czech_sends_nothing_over_discords_limits(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    side = await open_game(simcord_env, name)  # the test harness joins by the English labels
    await side.slash(side.people[0], "table language", language="cs")
    everyone_speaks_czech(monkeypatch)
    assert (await side.row()).locale == "cs"
    rng = random.Random(name)
    played = 0
    for _ in range(MOVES):
        row = await side.row()
        if row.state is None or not any(row.user_at(s) is not None for s in side.game.to_act(row.state)):
            break  # over, or only a bot player to act
        person, seat = await side.awaited()
        state = await side.state()
        moves = [m for m in side.game.legal_moves(state, seat) if typed_kind(name, m.kind)]
        if not moves:
            break
        await side.play(person, rng.choice(moves[:8]).notation)
        await simcord_env.settle()
        played += 1
        if played % 10 == 0:  # the board asked for too, as a player would
            await side.slash(person, f"{name} board")
    channel = side.channel or side.people[0].dm_channel
    assert any("na tahu" in m.content for m in channel.history())  # the posts were Czech
    assert played >= 10
