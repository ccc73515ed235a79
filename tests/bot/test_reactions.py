"""Several seats at once: a reaction out of turn goes through the same loop as any move, both
seats' moves commit when made at the same moment, and each awaited seat has its own clock.

Shown with the tests' own game Parley (``tests/bot/parley.py``): a poke during your turn lets
the other player answer while you go on.
"""

from __future__ import annotations

import pytest
from simcord import Env

from engine.core.game import replay
from tests.bot.parley import GAME, ParleyTable, open_parley, parley_words
from tests.bot.test_races import Hold

__all__ = ["parley_words"]

pytestmark = pytest.mark.usefixtures("parley_words")

H = 3600
DAY = 24 * H


def pinged(table: ParleyTable, message_id: int) -> list[int]:
    return list(table.env.backend.get_message(table.channel.id, message_id).ping_user_ids)


def reminders(table: ParleyTable, member: object) -> list[str]:
    mention = member.mention  # type: ignore[attr-defined]
    return [m.content for m in table.channel.history() if m.content.startswith("⏰") and mention in m.content]


async def players(table: ParleyTable) -> tuple[object, object]:
    """The player whose turn it is, and the other."""
    first = await table.member(0)
    return first, table.bob if first is table.alice else table.alice


async def test_a_reaction_out_of_turn_is_a_move_like_any_other(simcord_env: Env) -> None:
    table = await open_parley(simcord_env)
    mover, other = await players(table)
    await mover.click(table.boards()[-1], label="Poke")
    assert len(table.boards()) == 2, "someone new is awaited: a new post"
    poke = table.boards()[-1]
    assert pinged(table, poke.id) == [other.id]  # type: ignore[attr-defined]
    assert other.mention in poke.content and mover.mention in poke.content  # type: ignore[attr-defined]
    answered = await other.click(poke, label="Answer")
    assert answered.response is not None and not answered.ephemeral
    assert len(table.boards()) == 2, "the answer edits the turn's post: the player to act is the same"
    assert "answered" in table.boards()[-1].content
    await mover.click(table.boards()[-1], label="Draw")
    assert await table.log() == ["poke", "answer", "draw"]
    row = await table.row()
    assert GAME.to_act(row.state or {}) == [await table.seat(mover)]
    assert row.state == replay(
        GAME, 2, row.options, row.seed, [(m.seat, m.notation) for m in await table.bot.store.moves(row.id)]
    )


async def test_a_reaction_and_the_turns_own_move_made_at_once_both_commit(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's draw is read against the board before the answer; the answer commits
    first. Neither move depends on the other, so the draw is applied again, not refused."""
    table = await open_parley(simcord_env)
    mover, other = await players(table)
    await mover.click(table.boards()[-1], label="Poke")
    board = table.boards()[-1]
    version = (await table.row()).version
    hold = Hold(simcord_env, table.bot.store, "commit_moves", monkeypatch)
    drawn = await mover.click(board, label="Draw")
    answered = await other.click(board, label="Answer")
    assert answered.response is not None and "changed" not in answered.response.content
    await hold.release()
    texts = [drawn.response.content if drawn.response else ""] + [m.content for m in drawn.followups]
    assert not any("board has changed" in text for text in texts), texts
    assert any("You drew the secret card 1." in text for text in texts), "the drawer still hears their card"
    assert hold.calls == 3, "the draw lost the race once and was applied again"
    row = await table.row()
    assert row.version == version + 2
    assert sorted(await table.log()) == ["answer", "draw", "poke"]
    assert "drew a card" in table.boards()[-1].content and "answered" in table.boards()[-1].content
    assert len(table.boards()) == 2


async def test_a_seat_awaited_during_anothers_turn_has_its_own_reminder_and_limit(simcord_env: Env) -> None:
    table = await open_parley(simcord_env, remind_after=12 * H, time_limit=DAY)
    mover, other = await players(table)
    mover_seat, other_seat = await table.seat(mover), await table.seat(other)
    deadline = (await table.row()).seat_row(mover_seat).deadline  # type: ignore[union-attr]
    await simcord_env.advance_time(6 * H)
    await mover.click(table.boards()[-1], label="Poke")
    row = await table.row()
    assert row.seat_row(mover_seat).deadline == deadline, "the poke does not restart the mover's clock"  # type: ignore[union-attr]
    assert row.seat_row(other_seat).deadline == deadline + 6 * H, "the answer has a clock of its own"  # type: ignore[union-attr]

    await simcord_env.advance_time(6 * H + 60)  # 12 h since the start, 6 h since the poke
    assert len(reminders(table, mover)) == 1 and reminders(table, other) == []
    await simcord_env.advance_time(6 * H)  # 12 h since the poke
    assert len(reminders(table, other)) == 1 and len(reminders(table, mover)) == 1

    # The mover's limit comes first: the bot passes for them; the answer still waits, on its own clock.
    await simcord_env.advance_time(6 * H)
    assert await table.log() == ["poke", "pass"]
    row = await table.row()
    assert GAME.to_act(row.state or {}) == [other_seat]
    assert row.seat_row(other_seat).deadline == deadline + 6 * H  # type: ignore[union-attr]
    assert "ran out of time" in table.text()

    # At the answer's own limit the bot answers for them (and passes: the turn is theirs now).
    await simcord_env.advance_time(6 * H)
    assert await table.log() == ["poke", "pass", "answer", "pass"]
    row = await table.row()
    assert GAME.to_act(row.state or {}) == [mover_seat]
    assert row.seat_row(mover_seat).deadline is not None
    assert row.seat_row(other_seat).deadline is None  # type: ignore[union-attr]
    assert pinged(table, table.boards()[-1].id) == [mover.id]  # type: ignore[attr-defined]
