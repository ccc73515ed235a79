"""Issue 35: with ``at_limit:bot``, bots never play a table on by themselves.

Once every player still in the game is away (their seats held by the stand-in), the bots stop:
the table pauses with a post saying so and how to resume, its clocks stand still, ``/games``
shows it paused, nothing happens however long it waits (a restart changes nothing), and no
result is stored, so bots alone never decide a rated game. Any command of a player brings it
back, ``/table resume`` included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from simcord import Env

from bot.client import GameBot
from db.boards import BoardKey
from engine.manhattan.game import GAME as MANHATTAN
from engine.moonriser.game import GAME as MOONRISER
from engine.runarch import GAME as RUNARCH
from tests.bot.manhattan_table import ManhattanTable, play
from tests.bot.moonriser_table import MoonTable
from tests.bot.test_standin import bot_turn, open_with_standin

DAY = 24 * 3600.0
PAUSED = "⏸️ Every player is away now"


def posts_with(thread: Any, text: str) -> list[str]:
    return [m.content for m in thread.history() if text in m.content]


async def games_line(env: Env, person: Any, channel: Any) -> str:
    shown = await person.slash(channel, "games")
    assert shown.ephemeral
    return str(shown.response.content)


async def still_paused_after(env: Env, store: Any, table_id: int, thread: Any, days: int) -> None:
    """Nothing happens at a paused table, however long: no move, no post, no result."""
    moves, posts = len(await store.moves(table_id)), len(thread.history())
    await env.advance_time(days * DAY)
    row = await store.table(table_id)
    assert row.status == "active" and len(await store.moves(table_id)) == moves
    assert len(thread.history()) == posts, thread.history()[-1].content
    assert all(s.deadline is None and s.remind_at is None for s in row.seats), "a clock runs"
    assert await store.results(table_id) == []


@pytest.mark.both_backends
async def test_two_players_away_pause_the_table_until_one_is_back(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await open_with_standin(simcord_env, level="easy")
    store = table.bot.store
    first = await table.to_act()
    second = table.bob if first is table.alice else table.alice
    row = await table.row()
    first_seat, second_seat = row.seat_of(first.id), row.seat_of(second.id)
    await simcord_env.advance_time(DAY + 60)  # the first is away: the bot plays their turn
    assert (await table.row()).standins == {first_seat: "easy"}
    assert posts_with(table.thread, PAUSED) == []
    expected = bot_turn(await table.state(), second_seat, "easy")
    logged = len(await store.moves(table.table_id))

    await simcord_env.advance_time(DAY + 60)  # the second is away too: one turn, then the pause
    (pause,) = posts_with(table.thread, PAUSED)
    assert "{cmd:" not in pause and "resume" in pause
    moves = (await store.moves(table.table_id))[logged:]
    assert [(m.seat, m.notation, m.source) for m in moves] == [(second_seat, n, "standin") for n in expected]
    row = await table.row()
    assert row.standins == {first_seat: "easy", second_seat: "easy"}
    assert RUNARCH.to_act(row.state or {}) == [first_seat], "the table waits for the first player"
    assert "paused" in await games_line(simcord_env, first, table.channel)

    await still_paused_after(simcord_env, store, table.table_id, table.thread, 2)
    await simcord_env.restart_bot(make_bot())
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    await still_paused_after(simcord_env, store, table.table_id, table.thread, 2)
    board = await store.board(BoardKey("runarch"))
    assert board.total == 0, "no rating moved while bots alone held the table"

    # The second player comes back with /table resume: the bot plays the first one's held turn
    # (someone is here again) and the game waits for the second with a fresh clock.
    logged = len(await store.moves(table.table_id))
    resumed = await second.slash(table.thread, "table resume")
    assert resumed.ephemeral and "the table goes on" in resumed.response.content
    (back,) = posts_with(table.thread, f"**{second.user.name}** is back")
    assert "1 turn" in back and "the paused table goes on" in back
    row = await table.row()
    assert row.standins == {first_seat: "easy"}
    assert RUNARCH.to_act(row.state or {}) == [second_seat]
    moves = (await store.moves(table.table_id))[logged:]
    assert moves and {(m.seat, m.source) for m in moves} == {(first_seat, "standin")}
    clock = row.seat_row(second_seat)
    assert clock is not None and clock.deadline == pytest.approx(store.now() + DAY, abs=5)
    assert "paused" not in await games_line(simcord_env, second, table.channel)
    again = await second.slash(table.thread, "table resume")
    assert again.ephemeral and "isn't paused" in again.response.content
    assert table.bot.store is not None and await table.replayed() == await table.state()


async def test_a_czech_table_says_it_is_paused_in_czech(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await open_with_standin(simcord_env, level=None)
    await table.alice.slash(table.thread, "table language", language="cs")
    await simcord_env.advance_time(DAY + 60)
    await simcord_env.advance_time(DAY + 60)
    (pause,) = posts_with(table.thread, "⏸️ Všichni hráči jsou teď pryč")
    assert "stůl je pozastavený" in pause
    user_locales[table.carol.id] = "cs"
    refused = await table.carol.slash(table.thread, "table resume")
    assert refused.ephemeral and "jen hráč, který je ještě ve hře" in refused.response.content
    user_locales[table.bob.id] = "cs"
    resumed = await table.bob.slash(table.thread, "table resume")
    assert resumed.ephemeral and "stůl pokračuje" in resumed.response.content
    assert posts_with(table.thread, "takže pozastavený stůl pokračuje")


async def test_two_away_and_the_third_resigns_leaves_no_game_to_the_bots(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    """Three players: two are away (held), the third plays on, then resigns. The bots would
    have played the rated game to its end alone; the table pauses instead."""
    table = await ManhattanTable.open(simcord_env, players=3, seed=7, limit="1d", at_limit="bot")
    store = table.bot.store
    for _ in range(2):
        (seat,) = await table.awaited()
        await simcord_env.advance_time(DAY + 60)
        assert seat in (await table.row()).standins
    (present,) = await table.awaited()
    held = set((await table.row()).standins)
    assert len(held) == 2 and present not in held and posts_with(table.thread, PAUSED) == []
    third = await table.person_at(present)
    # The third plays a few moves; the bots play the held seats' turns in between.
    for _ in range(6):
        state = await table.state()
        result = await play(table, third, MANHATTAN.bot_move(state, present, "normal").notation)
        assert result.response is None or not result.ephemeral, result.response.content
        assert (await table.awaited()) == [present]
    assert {m.seat for m in await store.moves(table.table_id) if m.source == "standin"} == held

    asked = await third.slash(table.thread, "manhattan resign")
    await third.click(asked.response.message, label="Confirm")
    row = await table.row()
    assert row.status == "active" and (await store.results(table.table_id)) == []
    assert len(posts_with(table.thread, PAUSED)) == 1
    await still_paused_after(simcord_env, store, table.table_id, table.thread, 2)

    # One of the two comes back with any command: the table goes on with them.
    away = await table.person_at(sorted(held)[0])
    shown = await away.slash(table.thread, "manhattan board")
    assert shown.response.attachments
    assert posts_with(table.thread, "the paused table goes on")
    row = await table.row()
    back_seat = row.seat_of(away.id)
    assert back_seat not in row.standins
    assert MANHATTAN.to_act(row.state or {}) == [back_seat], "the other held seat was played; the game waits"
    clock = row.seat_row(back_seat)
    assert clock is not None and clock.deadline is not None


async def test_three_players_away_one_after_another_pause_the_table(simcord_env: Env) -> None:
    """Moonriser for three: each in turn misses their limit. The stand-in takes the first two
    seats and the game goes on with the third; the third's limit pauses it."""
    table = await MoonTable.open(simcord_env, players=3, seed=7, limit="1d", at_limit="bot")
    store = table.bot.store
    for _ in range(6):
        if posts_with(table.thread, PAUSED):
            break
        await simcord_env.advance_time(DAY + 60)
    assert len(posts_with(table.thread, PAUSED)) == 1
    row = await table.row()
    assert set(row.standins) == {0, 1, 2} and row.status == "active"
    assert "paused" in await games_line(simcord_env, table.people[1], table.channel)
    await still_paused_after(simcord_env, store, table.table_id, table.thread, 2)

    person = table.people[1]
    seat = row.seat_of(person.id)
    shown = await person.slash(table.thread, "moonriser board")
    assert shown.response.attachments
    row = await table.row()
    assert set(row.standins) == {0, 1, 2} - {seat}
    assert MOONRISER.to_act(row.state or {}) == [seat], "the bots played the others' turns; the game waits"
    clock = row.seat_row(seat)
    assert clock is not None and clock.deadline is not None


async def test_one_person_and_a_bot_player_the_person_away_pauses_after_their_turn(simcord_env: Env) -> None:
    """A lobby's bot player is no person: when the only person is away, the stand-in plays their
    one turn, the bot player answers, and the table pauses instead of two bots playing on."""
    table = await MoonTable.open(simcord_env, players=2, bots=1, seed=7, limit="1d", at_limit="bot")
    store = table.bot.store
    (seat,) = await table.awaited()
    logged = len(await store.moves(table.table_id))
    await simcord_env.advance_time(DAY + 60)
    assert len(posts_with(table.thread, PAUSED)) == 1
    moves = (await store.moves(table.table_id))[logged:]
    runs = [m.seat for i, m in enumerate(moves) if i == 0 or moves[i - 1].seat != m.seat]
    assert runs[0] == seat and runs.count(seat) == 1, "the stand-in played one turn for the person"
    row = await table.row()
    assert set(row.standins) == {seat} and MOONRISER.to_act(row.state or {}) == [seat]
    await still_paused_after(simcord_env, store, table.table_id, table.thread, 2)
