"""A finished table still answers: its final board and result, never "there's no game here"."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import Table
from tests.bot.marsbot_table import MarsBotTable


async def resigned(table: Table) -> None:
    """Alice resigns through the command and its confirmation: the game is over."""
    asked = await table.alice.slash(table.thread, "runarch resign")
    await table.alice.click(asked.response.message, label="Yes, resign")
    assert (await table.row()).status == "finished"


async def test_the_board_command_in_a_finished_thread_shows_the_final_board_and_result(
    simcord_env: Env,
) -> None:
    table = await Table.open(simcord_env)
    await resigned(table)
    shown = await table.bob.slash(table.thread, "runarch board")
    assert not shown.ephemeral, "the final board is posted for everyone to see"
    content = shown.response.content
    assert "Game over" in content and "1. bob" in content and "2. alice" in content
    assert shown.response.attachments and shown.response.attachments[0].filename == "runarch.png"
    assert not shown.response.components, "a finished game's board has no buttons"
    assert "no game in this channel" not in content


async def test_other_commands_in_a_finished_thread_say_it_is_over_with_the_result(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await Table.open(simcord_env)
    await resigned(table)
    snapshot = await table.snapshot()
    for user, name, options in (
        (table.bob, "runarch swap", {"a": "A1", "b": "B1"}),
        (table.alice, "runarch hand", {}),
        (table.bob, "undo", {}),
    ):
        refused = await user.slash(table.thread, name, **options)
        content = refused.response.content
        assert refused.ephemeral, name
        assert "This game is over" in content and "1. bob" in content, (name, content)
        assert "/record" in content and "board" in content, "it says what still works"
        assert "no game in this channel" not in content
    user_locales[table.bob.id] = "cs"
    czech = await table.bob.slash(table.thread, "runarch swap", a="A1", b="B1")
    assert czech.ephemeral and "Tahle hra už skončila" in czech.response.content
    assert "1. bob" in czech.response.content
    assert await table.snapshot() == snapshot


async def test_a_finished_marsbot_game_in_a_dm_still_shows_its_board(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env)
    await table.start()
    asked = await table.person.slash("marsbot resign")
    await table.person.click(asked.response.message, label="Confirm")
    assert (await table.row()).status == "finished"
    shown = await table.person.slash("marsbot board")
    assert not shown.ephemeral and "Game over" in shown.response.content
    assert shown.response.attachments
    refused = await table.person.slash("marsbot tile", kind="city", space="C4")
    assert refused.ephemeral and "This game is over" in refused.response.content
    assert "text channel" not in refused.response.content


async def test_a_dm_without_a_game_never_sends_the_player_to_a_text_channel(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    dana = simcord_env.create_user("dana")
    for lang, words in (("en", "no game running in this DM"), ("cs", "soukromé konverzaci")):
        user_locales[dana.id] = lang
        refused = await dana.slash("marsbot board")
        content = refused.response.content
        assert refused.ephemeral and words in content, content
        assert "text channel" not in content and "textovém kanálu" not in content
        assert "marsbot new" in content
