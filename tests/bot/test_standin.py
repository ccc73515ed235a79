"""Issue 24, section 4: a bot stands in for an absent player (``at_limit:bot``) until they act.

Alice opens a RunArch table with a one-day limit and a stand-in bot whose level she picks in the
lobby; Bob joins. Time passes beyond the limit of whoever is to act: the game's bot at that level
plays their turn and every later one at once, the posts say so, a restart changes nothing, any
command of the absent player takes the seat back, ``/record`` marks the bot's turns, and the
result is rated (a stand-in is no lobby bot player).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simcord import Env

from bot.client import GameBot
from db.boards import BoardKey
from engine.core import Move
from engine.manhattan.game import GAME as GAME_MANHATTAN
from engine.runarch import GAME
from tests.bot.harness import Table, greedy_move, moved, play_by_command
from tests.bot.manhattan_table import ManhattanTable, play

H = 3600
DAY = 24 * H


async def open_with_standin(env: Env, level: str | None = "easy", **options: Any) -> Table:
    """Alice opens with ``at_limit:bot``, picks the bot's ``level`` in the lobby, Bob joins."""
    env.bot.tables.new_seed = lambda: 1  # type: ignore[attr-defined]
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    opened = await alice.slash(
        channel, "runarch new", opponent=bob, limit="1d", reminder="off", at_limit="bot", **options
    )
    assert not opened.ephemeral, opened.response.content
    thread = channel.threads[-1]
    table = Table(env, channel, alice, bob, carol, thread)
    row = await table.bot.store.open_table_in(thread.id)
    assert row is not None
    table.table_id = row.id
    if level is not None:
        changed = await alice.slash(thread, "table settings", bot_level=level)
        assert not changed.ephemeral, changed.response.content
        assert f"a bot ({level}) plays for the player" in changed.response.content
    await bob.click(thread.history()[0], label="Join")
    return table


async def play_a_turn(table: Table, person: Any) -> None:
    """``person`` plays one whole turn by command (greedy steps, then the end of the turn)."""
    seat = (await table.row()).seat_of(person.id)
    for _ in range(10):
        state = await table.state()
        assert GAME.outcome(state) is None and GAME.to_act(state) == [seat]
        move = greedy_move(state, seat)
        result = await play_by_command(person, table.thread, move)
        assert moved(result), result.response.content
        if move == "end":
            return
    raise AssertionError("the turn did not end")


def bot_turn(state: dict[str, Any], seat: int, level: str) -> list[str]:
    """What the game's bot at ``level`` plays for ``seat`` from ``state`` until its turn ends."""
    played = []
    while GAME.outcome(state) is None and GAME.to_act(state) == [seat]:
        move: Move = GAME.bot_move(state, seat, level)
        state, _ = GAME.apply(state, seat, move)
        played.append(move.notation)
    return played


def posts_with(table: Table, text: str) -> list[str]:
    return [m.content for m in table.thread.history() if text in m.content]


async def test_the_bot_stands_in_until_the_player_acts_and_the_game_stays_rated(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await open_with_standin(simcord_env, level="easy")
    store = table.bot.store
    late = await table.to_act()
    other = table.bob if late is table.alice else table.alice
    seat = (await table.row()).seat_of(late.id)
    assert seat is not None
    before = await table.state()
    expected = bot_turn(before, seat, "easy")
    assert expected != bot_turn(before, seat, "normal"), "the levels differ here: the host's choice shows"

    await simcord_env.advance_time(DAY - 120)
    assert posts_with(table, "stands in") == []
    await simcord_env.advance_time(180)
    (notice,) = posts_with(table, "stands in for them")
    assert f"**{late.user.name}** ran out of time (1 day), so a bot (easy) stands in" in notice
    assert other.mention in notice  # the board post pings whoever is next
    moves = await store.moves(table.table_id)
    assert [m.notation for m in moves] == expected and {m.source for m in moves} == {"standin"}
    assert all(m.user_id is None and m.seat == seat for m in moves)
    row = await table.row()
    assert row.standins == {seat: "easy"} and GAME.to_act(row.state or {}) != [seat]

    # The other player's turn hands the turn back: the bot plays it at once, and says so.
    await play_a_turn(table, other)
    assert GAME.to_act(await table.state()) == [row.seat_of(other.id)]
    assert posts_with(table, f"A bot stood in for **{late.user.name}**: 2 turns so far.")
    # A restart in between: the held seat is in the database.
    await simcord_env.restart_bot(make_bot())
    await play_a_turn(table, other)
    assert posts_with(table, f"A bot stood in for **{late.user.name}**: 3 turns so far.")
    moves = await store.moves(table.table_id)
    assert {m.source for m in moves if m.seat == seat} == {"standin"}
    assert await table.replayed() == await table.state()

    # Any command of the absent player takes the seat back; their next turn waits for them.
    shown = await late.slash(table.thread, "runarch board")
    assert shown.response.attachments, shown.response.content
    (back,) = posts_with(table, "is back and plays their own turns again")
    assert f"**{late.user.name}**" in back and "3 turns" in back
    assert (await table.row()).standins == {}
    logged = len(await store.moves(table.table_id))
    await play_a_turn(table, other)
    assert len(await store.moves(table.table_id)) > logged
    assert GAME.to_act(await table.state()) == [seat], "the game waits for the player again"
    waiting = (await table.row()).seat_row(seat)
    assert waiting is not None and waiting.deadline is not None
    await play_a_turn(table, late)
    assert {m.source for m in (await store.moves(table.table_id))[-3:] if m.seat == seat} <= {"player"}

    # The game ends (the other resigns); /record marks the bot's turns; the result is rated.
    resigned = await other.slash(table.thread, "runarch resign")
    await other.click(resigned.response.message, label="Yes, resign")
    row = await table.row()
    assert row.status == "finished", posts_with(table, "Game over")
    shown = await table.carol.slash(table.thread, "record")
    message = shown.followups[-1] if shown.followups else shown.response
    text = (await message.attachments[0].read()).decode()
    stood_in = [m for m in await store.moves(row.id) if m.source == "standin"]
    assert len(stood_in) >= 3 and text.count("a bot stood in for the player") == len(stood_in)
    results = await store.results(row.id)
    assert all(r.bot_level is None for r in results) and {r.user_id for r in results} == {late.id, other.id}
    board = await store.board(BoardKey("runarch"))
    assert board.total == 2, "a stand-in keeps the game rated"


async def test_vacation_lets_the_bot_play_the_waiting_turn(simcord_env: Env) -> None:
    table = await open_with_standin(simcord_env, level=None)
    late = await table.to_act()
    seat = (await table.row()).seat_of(late.id)
    assert seat is not None
    expected = bot_turn(await table.state(), seat, "normal")  # RunArch's bot: easy, normal
    await late.slash(table.thread, "vacation", days=3)
    await simcord_env.advance_time(120)
    (notice,) = posts_with(table, "is on vacation, so a bot (normal) stands in")
    assert late.user.name in notice
    moves = await table.bot.store.moves(table.table_id)
    assert [m.notation for m in moves] == expected and {m.source for m in moves} == {"standin"}


async def test_a_turn_that_comes_during_a_vacation_is_played_by_the_stand_in(simcord_env: Env) -> None:
    table = await open_with_standin(simcord_env)
    first = await table.to_act()
    away = table.bob if first is table.alice else table.alice
    seat = (await table.row()).seat_of(away.id)
    await away.slash(table.thread, "vacation", days=2)
    assert posts_with(table, "stands in") == []  # not their turn: nothing to play yet
    await play_a_turn(table, first)
    await simcord_env.advance_time(120)
    (notice,) = posts_with(table, "is on vacation, so a bot (easy) stands in")
    assert away.user.name in notice
    moves = await table.bot.store.moves(table.table_id)
    assert {m.source for m in moves if m.seat == seat} == {"standin"}
    assert GAME.to_act(await table.state()) == [(await table.row()).seat_of(first.id)]


async def test_undo_never_takes_back_the_stand_ins_turn(simcord_env: Env) -> None:
    table = await open_with_standin(simcord_env)
    late = await table.to_act()
    await simcord_env.advance_time(DAY + 60)
    other = table.bob if late is table.alice else table.alice
    before = await table.bot.store.moves(table.table_id)
    assert before and {m.source for m in before} == {"standin"}
    for person in (late, other):
        refused = await person.slash(table.thread, "undo")
        assert refused.ephemeral and "take back" in refused.response.content.lower(), refused.response.content
        assert await table.bot.store.moves(table.table_id) == before


async def test_the_settings_refuse_a_level_without_a_stand_in_and_a_wrong_level(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)  # started: at_limit and bot_level change only in the lobby
    started = await table.alice.slash(table.thread, "table settings", at_limit="bot")
    assert started.ephemeral and "already started" in started.response.content
    shown = await table.bob.slash(table.thread, "table settings")
    assert "at the limit I play a minimal turn" in shown.response.content
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    dana, erik = (guild.add_member(simcord_env.create_user(name)) for name in ("dana", "erik"))
    await dana.slash(channel, "runarch new", opponent=erik)
    thread = channel.threads[-1]
    alone = await dana.slash(thread, "table settings", bot_level="easy")
    assert alone.ephemeral and "only with `at_limit:bot`" in alone.response.content
    wrong = await dana.slash(thread, "table settings", at_limit="bot", bot_level="brutal")
    assert wrong.ephemeral and "easy, normal" in wrong.response.content
    row = await table.bot.store.open_table_in(thread.id)
    assert row is not None and row.standin_level is None


async def test_a_czech_manhattan_table_for_three_gets_its_stand_in(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=7, limit="1d", at_limit="bot")
    await table.people[0].slash(table.thread, "table language", language="cs")
    (seat,) = await table.awaited()
    late = await table.person_at(seat)
    expected = GAME_MANHATTAN.bot_move(await table.state(), seat, "normal").notation
    await simcord_env.advance_time(DAY + 60)
    (notice,) = posts_with(table, "hraje za tohle místo bot (střední)")
    assert f"**{late.user.name}**: časový limit (1 den) vypršel" in notice
    moves = await table.bot.store.moves(table.table_id)
    assert moves[0].notation == expected and {m.source for m in moves} == {"standin"}
    assert seat not in await table.awaited() and (await table.row()).standins == {seat: "normal"}
    # The next person plays their turn by command; the bot's turns for the absent one follow at once.
    for _ in range(12):
        (now,) = await table.awaited()
        if now == seat:
            break
        person = await table.person_at(now)
        state = await table.state()
        await play(table, person, GAME_MANHATTAN.bot_move(state, now, "normal").notation)
        if posts_with(table, f"**{late.user.name}**: bot za tohle místo zatím odehrál 2 tahy."):
            break
    assert posts_with(table, f"**{late.user.name}**: bot za tohle místo zatím odehrál 2 tahy.")
    back = await late.slash(table.thread, "manhattan board")
    assert back.response.attachments
    (told,) = posts_with(table, "je zpátky a hraje zase bez bota")
    assert "odehrál 2 tahy" in told
