"""``/record`` in a finished table's thread: the moves as a replayable text file and a GIF replay."""

from __future__ import annotations

import io

from PIL import Image
from simcord import Env

from engine.core import parse_record, replay_record
from engine.runarch import GAME
from tests.bot.harness import Table, greedy_any_move, greedy_move, moved, play_by_command
from tests.bot.test_dm_tables import other_table

MAX_ACTIONS = 400


async def finish_by_greedy_play(table: Table) -> None:
    for _ in range(MAX_ACTIONS):
        state = await table.state()
        if GAME.outcome(state) is not None:
            return
        seat = GAME.to_act(state)[0]
        result = await play_by_command(await table.player(seat), table.thread, greedy_move(state, seat))
        assert moved(result), result.response.content
    raise AssertionError("the game did not end")


async def test_record_of_a_finished_game_replays_to_its_final_position(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, target=30)
    running = await table.alice.slash(table.thread, "record")
    assert running.ephemeral and "still going" in running.response.content
    await finish_by_greedy_play(table)
    row = await table.row()
    moves = await table.bot.store.moves(row.id)

    shown = await table.carol.slash(table.thread, "record")  # a spectator may ask too
    assert not shown.ephemeral
    message = shown.followups[-1] if shown.followups else shown.response
    text_file, gif_file = message.attachments
    assert text_file.filename == f"runarch-{row.id}.txt" and gif_file.filename == f"runarch-{row.id}.gif"

    text = (await text_file.read()).decode()
    assert f'[Seed "{row.seed}"]' in text
    record = parse_record(text)
    seated = {s.seat: s.name for s in row.seats}
    assert record.players == [seated[0], seated[1]] and set(record.players) == {"alice", "bob"}
    assert len(record.moves) == len(moves) and record.moves[-1] == (moves[-1].seat, moves[-1].notation)
    assert replay_record(GAME, record) == row.state
    assert "Result" in record.headers and record.headers["Table"] == str(row.id)

    gif = Image.open(io.BytesIO(await gif_file.read()))
    assert gif.format == "GIF" and gif.is_animated
    assert 2 <= gif.n_frames <= len(moves) + 1
    assert gif_file.size <= 3_000_000


async def test_record_of_a_solo_game_in_the_dm_includes_the_automas_moves(simcord_env: Env) -> None:
    simcord_env.bot.tables.new_seed = lambda: 3  # type: ignore[attr-defined]
    dana = simcord_env.create_user("dana")
    await dana.slash("runarch solo", difficulty="easy")
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    table = await store.open_table_in(dana.dm_channel.id)
    assert table is not None
    for _ in range(MAX_ACTIONS):
        state = (await store.table(table.id)).state
        if GAME.outcome(state) is not None:
            break
        await play_by_command(dana, None, greedy_any_move(state, 0))
    final = await store.table(table.id)
    assert final.status == "finished"
    await other_table(simcord_env, dana)  # a newer table of another game, running in the same DM

    shown = await dana.slash("record")
    message = shown.followups[-1] if shown.followups else shown.response
    record = parse_record((await message.attachments[0].read()).decode())
    automa_moves = [i for i, (seat, _) in enumerate(record.moves) if seat == 1]
    assert automa_moves and all(record.comment(i) == "automa" for i in automa_moves)
    assert record.players == ["dana", "Automa"] and record.seats == 1
    assert replay_record(GAME, record) == final.state

    # The solo board of that level shows the game; solo games are not rated against people.
    results = await store.results(final.id)
    (mine,) = [r for r in results if r.user_id == dana.id]
    (automa,) = [r for r in results if r.user_id is None]
    outcome = "won" if mine.place == 1 else "lost"
    board = await dana.slash("leaderboard", game="runarch", variant="solo:simple:easy")
    alt = board.response.attachments[0].description or ""
    assert alt.splitlines()[0].startswith("RunArch · solo · simple · easy · All servers")
    best = f"best game {outcome} {mine.score}–{automa.score}"  # the game's result, the automa's score
    assert alt.splitlines()[1] == f"1. dana: {mine.score} (1 played), {best}"
    rated = await dana.slash("leaderboard", game="runarch")
    assert "dana" not in (rated.response.attachments[0].description or "")


async def test_record_refuses_where_there_is_no_finished_game(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    hall = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    ben = guild.add_member(simcord_env.create_user("ben"))
    nothing = await ann.slash(hall, "record")
    assert nothing.ephemeral and "No game has been played here" in nothing.response.content

    await ann.slash(hall, "runarch new", opponent=ben)
    thread = hall.threads[-1]
    lobby = await ann.slash(thread, "record")
    assert lobby.ephemeral and "hasn't started yet" in lobby.response.content
    await ann.click(thread.history()[0], label="Cancel")
    cancelled = await ann.slash(thread, "record")
    assert cancelled.ephemeral and "closed before the game ended" in cancelled.response.content
    assert not [m for m in thread.history() if m.attachments and m.attachments[0].filename.endswith(".txt")]


async def test_a_game_whose_log_no_longer_replays_still_gets_its_text_record(simcord_env: Env) -> None:
    """A game finished under an earlier version of the rules (here: its first move rewritten in
    the store as the old rules wrote it): the text record is given, and no false animation."""
    table = await Table.open(simcord_env, target=30)
    await finish_by_greedy_play(table)
    row = await table.row()
    async with table.bot.store._write() as conn:
        await conn.execute(
            "UPDATE moves SET notation = 'setup C01 C02 C03' WHERE table_id = ? AND ply = 0", (row.id,)
        )
    shown = await table.alice.slash(table.thread, "record")
    assert not shown.ephemeral
    message = shown.followups[-1] if shown.followups else shown.response
    assert [a.filename for a in message.attachments] == [f"runarch-{row.id}.txt"]
    assert "earlier version of the rules" in message.content
    text = (await message.attachments[0].read()).decode()
    assert "setup C01 C02 C03" in text
