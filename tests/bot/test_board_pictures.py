"""The board post's pictures: the complex game posts the board and its details as two pictures,
and every picture carries a description (alt text) of the public state in the table's language."""

from __future__ import annotations

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table, leaked_ids


async def test_the_simple_board_post_is_one_described_picture(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    (picture,) = table.last_board().attachments
    alt = picture.description or ""
    assert picture.filename == "runarch.png"
    assert 0 < len(alt) <= 1000
    stones = GAME.view(await table.state(), None)["stones"]
    assert "RunArch board, round 1." in alt
    assert "Score: alice 0, bob 0." in alt or "Score: bob 0, alice 0." in alt
    assert "alice to play" in alt or "bob to play" in alt
    colours = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "V": "violet"}
    assert f"Row 1: A1 {colours[stones[0][1]]} " in alt  # every stone by cell, in words
    assert alt.count("Row ") == 5


async def test_the_complex_board_post_has_a_board_and_a_details_picture(simcord_env: Env) -> None:
    table = await Table.open(simcord_env, variant="complex")
    board = table.last_board()
    main, details = board.attachments
    assert (main.filename, details.filename) == ("runarch.png", "runarch-details.png")
    assert "Both players are choosing their goals" in (main.description or "")
    assert "alice: Choosing goals." in (details.description or "")
    assert all(0 < len(a.description or "") <= 1000 for a in board.attachments)
    assert not leaked_ids([board], await table.state())  # no setup card in any description


async def test_descriptions_follow_the_table_language(simcord_env: Env, user_locales: dict[int, str]) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    petr = guild.add_member(simcord_env.create_user("petr"))
    user_locales[jana.id] = "cs"
    await jana.slash(channel, "runarch new", opponent=petr, variant="complex")
    (thread,) = channel.threads
    await petr.click(thread.history()[0], label="Přisednout")
    main, details = thread.history()[-1].attachments
    assert "Deska RunArch, kolo 1." in (main.description or "")
    assert "Řádek 5: A5 " in (main.description or "")
    assert "jana: Vybírá cíle." in (details.description or "")
