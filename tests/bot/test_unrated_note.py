"""The leaderboard and /stats say that games with a bot player are unrated."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import Table
from tests.bot.test_finished_tables import resigned


async def test_the_leaderboard_says_games_with_a_bot_player_are_unrated(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await Table.open(simcord_env)
    await resigned(table)
    board = await table.bob.slash(table.channel, "leaderboard", game="runarch")
    assert "Games with a bot player are unrated" in board.response.content
    user_locales[table.alice.id] = "cs"
    czech = await table.alice.slash(table.channel, "leaderboard", game="runarch")
    assert "Hry s botem se do hodnocení nepočítají" in czech.response.content


async def test_stats_say_games_with_a_bot_player_are_unrated(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await Table.open(simcord_env)
    await resigned(table)
    shown = await table.bob.slash(table.channel, "stats")
    (embed,) = shown.response.embeds
    assert "Games with a bot player are unrated" in (embed.footer.text or "")
    user_locales[table.alice.id] = "cs"
    czech = await table.alice.slash(table.channel, "stats")
    assert "Hry s botem se do hodnocení nepočítají" in (czech.response.embeds[0].footer.text or "")


async def test_a_solo_board_ranks_scores_and_says_nothing_of_ratings(simcord_env: Env) -> None:
    dana = simcord_env.create_user("dana")
    board = await dana.slash("leaderboard", game="runarch", variant="solo:simple:easy")
    assert board.response is not None and "unrated" not in board.response.content
