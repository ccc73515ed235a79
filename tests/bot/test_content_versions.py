"""A corrected content file ships while a table is playing: that game goes on with the content
it started with, and its ``/record`` replays to its real end; a table opened afterwards uses
the correction."""

from __future__ import annotations

from pathlib import Path

from simcord import Env

from engine.core import parse_record, replay_record
from engine.runarch import GAME
from tests.bot.harness import Table, greedy_move, moved, play_by_command
from tests.engine.test_content_versions import V1, V2, correction_shipped

MAX_ACTIONS = 400


async def test_a_correction_shipped_mid_game_changes_neither_the_game_nor_its_record(
    simcord_env: Env, tmp_path: Path
) -> None:
    table = await Table.open(simcord_env, target=30)
    for _ in range(6):  # a few moves under version 1 alone
        state = await table.state()
        seat = GAME.to_act(state)[0]
        await play_by_command(await table.player(seat), table.thread, greedy_move(state, seat))

    with correction_shipped(tmp_path):
        for _ in range(MAX_ACTIONS):
            state = await table.state()
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_act(state)[0]
            result = await play_by_command(await table.player(seat), table.thread, greedy_move(state, seat))
            assert moved(result), result.response.content
        row = await table.row()
        assert row.status == "finished" and row.state is not None
        assert GAME.content(row.state) == V1
        assert await table.replayed() == row.state

        shown = await table.alice.slash(table.thread, "record")
        message = shown.followups[-1] if shown.followups else shown.response
        names = [a.filename for a in message.attachments]
        assert names == [f"runarch-{row.id}.txt", f"runarch-{row.id}.gif"]  # the animation replayed
        text = (await message.attachments[0].read()).decode()
        assert '[Content "cards 1, conditions 1"]' in text
        assert replay_record(GAME, parse_record(text)) == row.state

        # A table opened now plays the correction.
        guild = simcord_env.create_guild()
        hall = guild.create_text_channel("later")
        ann = guild.add_member(simcord_env.create_user("ann"))
        ben = guild.add_member(simcord_env.create_user("ben"))
        await ann.slash(hall, "runarch new", opponent=ben)
        thread = hall.threads[-1]
        await ben.click(thread.history()[0], label="Join")
        later = await table.bot.store.open_table_in(thread.id)
        assert later is not None and later.state is not None
        assert GAME.content(later.state) == V2
