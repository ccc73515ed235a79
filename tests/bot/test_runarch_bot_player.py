"""One person and a bot player play RunArch through the real bot: the lobby's **Add bot player**,
the start, a whole game, unrated results, and the record."""

from __future__ import annotations

from typing import Any

from simcord import Env

from db.boards import BoardKey
from engine.core import parse_record, replay_record
from engine.core.game import replay
from engine.runarch import GAME
from tests.bot.harness import greedy_any_move, greedy_move, leaked_ids, moved, play_by_command

MAX_ACTIONS = 500


async def open_with_a_bot(env: Env, level: str, **options: Any) -> tuple[Any, Any, Any]:
    """Alice opens a RunArch table and fills the other seat with a bot player of ``level``."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, "runarch new", **options)
    assert not opened.ephemeral, opened.response.content
    thread = channel.threads[-1]
    lobby = thread.history()[0]
    assert "The host can fill a free seat with **Add bot player**." in lobby.content
    asked = await alice.click(lobby, label="Add bot player")
    assert asked.ephemeral and "Which level" in asked.response.content
    chosen = await alice.select(asked.response.message, [level])
    assert chosen.response is None, "the private picker closed: the bot took the last seat, the game began"
    assert chosen.followups and not chosen.followups[0].ephemeral, "the first board, for everyone"
    table = await env.bot.store.table((await env.bot.store.open_table_in(thread.id)).id)  # type: ignore[attr-defined]
    return alice, thread, table


async def test_a_person_and_a_bot_player_play_a_whole_game_which_stays_unrated(simcord_env: Env) -> None:
    simcord_env.bot.tables.new_seed = lambda: 1  # type: ignore[attr-defined]
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    alice, thread, table = await open_with_a_bot(simcord_env, "normal", target=30)
    assert table.status == "active", "the bot took the last seat, so the game started by itself"
    bot_seat = next(s.seat for s in table.seats if s.is_bot)
    assert table.bots == {bot_seat: "normal"} and table.seat_of(alice.id) == 1 - bot_seat
    lobby = thread.history()[0]
    assert "Bot 1 (normal)" in lobby.content and "started" in lobby.content and not lobby.components
    for _ in range(MAX_ACTIONS):
        table = await store.table(table.id)
        if table.status != "active":
            break
        seat = table.seat_of(alice.id)
        assert GAME.to_act(table.state) == [seat], "the bot player never keeps anyone waiting"
        bot_row = table.seat_row(bot_seat)
        assert (bot_row.awaited_since, bot_row.remind_at, bot_row.deadline) == (None, None, None)
        result = await play_by_command(alice, thread, greedy_move(table.state, seat))
        assert moved(result), result.response.content
    table = await store.table(table.id)
    assert table.status == "finished"

    moves = await store.moves(table.id)
    by_bot = [m for m in moves if m.seat == bot_seat]
    assert by_bot and all((m.source, m.user_id) == ("bot", None) for m in by_bot)
    assert all((m.source, m.user_id) == ("player", alice.id) for m in moves if m.seat != bot_seat)
    log = [(m.seat, m.notation) for m in moves]
    assert replay(GAME, 2, table.options, table.seed, log) == table.state

    posts = [m for m in thread.history() if m.attachments]
    assert any("**Bot 1 (normal)**" in m.content for m in posts), "the turn log names the bot"
    assert all(m.mentions == [] or [u.id for u in m.mentions] == [alice.id] for m in posts)
    assert not leaked_ids(thread.history(), table.state)

    results = await store.results(table.id)
    assert sorted((r.user_id, r.bot_level) for r in results if r.user_id is None) == [(None, "normal")]
    assert [r.score for r in sorted(results, key=lambda r: r.seat)] == list(GAME.outcome(table.state).scores)
    assert (await store.board(BoardKey("runarch"))).total == 0, "no rating from a game with a bot player"
    assert (await store.board(BoardKey("runarch", "simple"))).total == 0
    for level in ("easy", "normal", "hard"):
        assert (await store.board(BoardKey("runarch", "simple", level=level))).total == 0
    summary = await store.player_summary(alice.id)
    assert summary is not None and summary.games == 1 and summary.ratings == {}

    history = await alice.slash(thread, "history")
    assert "Bot 1 (normal)" in str(history.response.embeds[0].to_dict())
    record = await alice.slash(thread, "record")
    message = record.followups[-1] if record.followups else record.response
    text = (await message.attachments[0].read()).decode()
    parsed = parse_record(text)
    assert "Bot 1 (normal)" in parsed.players and replay_record(GAME, parsed) == table.state


async def test_a_complex_game_with_a_bot_starts_with_the_bots_hidden_setup_choice(simcord_env: Env) -> None:
    """The complex setup is a simultaneous choice: the bot makes its own at the start, unseen,
    and the game waits for the person alone; then the bot plays its turns."""
    simcord_env.bot.tables.new_seed = lambda: 5  # type: ignore[attr-defined]
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    alice, thread, table = await open_with_a_bot(simcord_env, "easy", variant="complex")
    assert table.status == "active" and table.state["phase"] == "setup"
    bot_seat = next(s.seat for s in table.seats if s.is_bot)
    seat = table.seat_of(alice.id)
    assert GAME.to_act(table.state) == [seat]
    (setup,) = await store.moves(table.id)
    assert (setup.seat, setup.source, setup.notation.split()[0], setup.ply) == (bot_seat, "bot", "setup", 0)
    assert not leaked_ids(thread.history(), table.state), "the bot's choice stays hidden"
    for _ in range(30):  # a few turns each: the bot acts whenever the decision is its own
        table = await store.table(table.id)
        assert GAME.to_act(table.state) == [seat]
        result = await play_by_command(alice, thread, greedy_any_move(table.state, seat))
        assert moved(result), result.response.content
    moves = await store.moves(table.id)
    assert sum(m.seat == bot_seat for m in moves) > 5
    assert (
        replay(GAME, 2, table.options, table.seed, [(m.seat, m.notation) for m in moves])
        == (await store.table(table.id)).state
    )
