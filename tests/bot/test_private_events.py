"""Private events (a card drawn, a card dealt) reach their one player and never the table's thread.

RunArch deals no card in secret to a player by an event, so the tests' own game Parley shows it
(``tests/bot/parley.py``): a draw is private to the drawer, the card dealt at a pass to the
player who gets it.
"""

from __future__ import annotations

import logging

import pytest
from simcord import Env

from tests.bot.parley import open_parley, parley_words

__all__ = ["parley_words"]

pytestmark = pytest.mark.usefixtures("parley_words")

H = 3600


def dms(member: object) -> list[str]:
    return [m.content for m in member.user.dm_channel.history()]  # type: ignore[attr-defined]


async def test_a_card_drawn_is_told_to_the_drawer_alone_in_the_answer_to_their_click(
    simcord_env: Env,
) -> None:
    table = await open_parley(simcord_env)
    first = await table.member(0)
    other = table.bob if first is table.alice else table.alice
    drawn = await first.click(table.boards()[-1], label="Draw")
    private = [m for m in drawn.followups if "secret card" in m.content]
    assert len(private) == 1 and private[0].ephemeral, [m.content for m in drawn.followups]
    assert "You drew the secret card 1." in private[0].content
    assert await table.log() == ["draw"]
    assert "drew a card" in table.text(), "the draw itself is public"
    assert "secret card" not in table.text(), "the card is not"
    assert table.channel.history(viewer=other) == table.channel.history(viewer=None)  # nothing just for them
    assert not any("secret card" in text for text in dms(first) + dms(other))


@pytest.mark.parametrize("status", [500, 404])
async def test_a_drawn_card_whose_private_answer_is_refused_comes_by_dm(
    simcord_env: Env, status: int
) -> None:
    """Discord refuses the private follow-up (failing, or the interaction's token unknown): the
    card reaches its drawer by DM, with the table's link, and still nobody else."""
    table = await open_parley(simcord_env)
    first = await table.member(0)
    other = table.bob if first is table.alice else table.alice
    code = 10015 if status == 404 else 0  # Unknown Webhook: the interaction's token is gone
    simcord_env.inject_error("POST", "/webhooks/*", status=status, code=code, times=1)
    drawn = await first.click(table.boards()[-1], label="Draw")
    assert await table.log() == ["draw"], "the move stands"
    assert not any("secret card" in m.content for m in drawn.followups)
    (dm,) = [text for text in dms(first) if "secret card" in text]
    assert "You drew the secret card 1." in dm and f"/{table.channel.id}" in dm
    assert "secret card" not in table.text() and not any("secret card" in text for text in dms(other))


async def test_a_card_dealt_by_another_players_move_comes_by_dm(simcord_env: Env) -> None:
    table = await open_parley(simcord_env)
    first = await table.member(0)
    other = table.bob if first is table.alice else table.alice
    passed = await first.click(table.boards()[-1], label="Pass")
    assert not any("secret card" in m.content for m in passed.followups), "not the passer's to see"
    (dm,) = [text for text in dms(other) if "secret card" in text]
    assert "You start your turn with the secret card 1." in dm and "Parley" in dm
    assert f"/{table.channel.id}" in dm, "the DM links the table"
    assert "secret card" not in table.text()
    assert not any("secret card" in text for text in dms(first))


async def test_a_failed_dm_is_logged_and_nothing_private_goes_public(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    table = await open_parley(simcord_env)
    first = await table.member(0)
    other = table.bob if first is table.alice else table.alice
    simcord_env.inject_error(
        "POST",
        f"/channels/{other.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send",
    )
    with caplog.at_level(logging.INFO, logger="bot.private_events"):
        passed = await first.click(table.boards()[-1], label="Pass")
    assert await table.log() == ["pass"], "the move stands"
    assert not dms(other) and "secret card" not in table.text()
    assert not any("secret card" in m.content for m in passed.followups)
    assert any("could not DM a private event" in r.getMessage() for r in caplog.records)


async def test_a_card_dealt_when_the_bot_passes_at_the_time_limit_comes_by_dm(simcord_env: Env) -> None:
    table = await open_parley(simcord_env, time_limit=24 * H)
    first = await table.member(0)
    other = table.bob if first is table.alice else table.alice
    await simcord_env.advance_time(24 * H + 120)
    assert await table.log() == ["pass"]
    (dm,) = [text for text in dms(other) if "secret card" in text]
    assert "You start your turn with the secret card 1." in dm
    assert "ran out of time" in table.text() and "secret card" not in table.text()
    assert not any("secret card" in text for text in dms(first))
