"""Solo RunArch against the automa, in the DM with the bot, at every difficulty."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from simcord import Env

from bot.client import GameBot
from engine.core.game import replay
from engine.runarch import GAME
from tests.bot.harness import greedy_any_move, leaked_ids, moved, play_by_command

MAX_ACTIONS = 2500


async def play_solo(env: Env, variant: str, difficulty: str, seed: int = 1) -> tuple[object, object]:
    env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
    dana = env.create_user("dana")
    opened = await dana.slash("runarch solo", variant=variant, difficulty=difficulty)
    assert not opened.ephemeral, opened.response.content
    store = env.bot.store  # type: ignore[attr-defined]
    dm = dana.dm_channel
    table = await store.open_table_in(dm.id)
    assert table is not None and table.status == "active"
    seen = 0
    automa_posts = 0
    for _ in range(MAX_ACTIONS):
        table = await store.table(table.id)
        state = table.state
        if GAME.outcome(state) is not None:
            break
        assert GAME.to_act(state) == [0], "the automa never keeps the person waiting"
        notation = greedy_any_move(state, 0)
        result = await play_by_command(dana, None, notation)
        assert moved(result), f"{notation}: {result.response.content}"
        history = dm.history()
        fresh = history[seen:]
        automa_posts += sum("Automa" in m.content for m in fresh)
        leaks = leaked_ids(history, (await store.table(table.id)).state)  # edited posts too
        assert not leaks, f"after {notation}: hidden cards in the DM's board posts {leaks}"
        seen = len(history)
    table = await store.table(table.id)
    assert table.status == "finished"
    assert automa_posts > 0, "the automa's turns are shown in the turn log"
    results = await store.results(table.id)
    assert sorted(r.user_id is None for r in results) == [False, True]
    return table, results


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
async def test_a_complete_simple_solo_game_at_each_difficulty(simcord_env: Env, difficulty: str) -> None:
    table, results = await play_solo(simcord_env, "simple", difficulty)
    assert table.options["difficulty"] == difficulty  # type: ignore[attr-defined]
    outcome = GAME.outcome(table.state)  # type: ignore[attr-defined]
    by_seat = {r.seat: r for r in results}  # type: ignore[attr-defined]
    assert [by_seat[s].score for s in (0, 1)] == list(outcome.scores)
    assert [by_seat[s].place for s in (0, 1)] == list(outcome.places)


async def test_a_complete_complex_solo_game(simcord_env: Env) -> None:
    table, _ = await play_solo(simcord_env, "complex", "normal")
    assert table.state["variant"] == "complex"  # type: ignore[attr-defined]


async def test_solo_only_in_dms_and_one_at_a_time(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(simcord_env.create_user("erin"))
    refused = await member.slash(channel, "runarch solo")
    assert refused.ephemeral and "DM" in refused.response.content
    assert await simcord_env.bot.store.open_table_in(channel.id) is None  # type: ignore[attr-defined]
    frank = simcord_env.create_user("frank")
    assert not (await frank.slash("runarch solo")).ephemeral
    again = await frank.slash("runarch solo")
    assert again.ephemeral and "already" in again.response.content


async def test_a_solo_game_goes_on_after_a_restart(simcord_env: Env, make_bot: Callable[[], GameBot]) -> None:
    simcord_env.bot.tables.new_seed = lambda: 1  # type: ignore[attr-defined]
    dana = simcord_env.create_user("dana")
    await dana.slash("runarch solo", difficulty="hard")
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    table = await store.open_table_in(dana.dm_channel.id)
    swap = next(m for m in GAME.legal_moves(table.state, 0) if m.kind == "swap")
    await dana.slash("runarch swap", a=swap.args[0], b=swap.args[1])
    board = dana.dm_channel.history()[-1]

    await simcord_env.restart_bot(make_bot())

    result = await dana.click(board, label="End turn")
    assert not result.ephemeral, result.response.content
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    table = await store.table(table.id)
    moves = [m.notation for m in await store.moves(table.id)]
    assert moves[-2:] == ["end", "automa"], "the automa answered at once, after the restart"
    assert "automa" in dana.dm_channel.history()[-1].content.lower()
    assert (
        replay(
            GAME, 1, table.options, table.seed, [(m.seat, m.notation) for m in await store.moves(table.id)]
        )
        == table.state
    )


async def test_solo_posts_need_no_mention_and_games_lists_the_dm(simcord_env: Env) -> None:
    gina = simcord_env.create_user("gina")
    opened = await gina.slash("runarch solo")
    assert "Your move." in opened.response.content
    assert gina.mention not in opened.response.content
    listed = await gina.slash("games")
    assert listed.ephemeral and "our DM" in listed.response.content and "your move" in listed.response.content


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            {},
            [
                "against the **automa** on **normal**",
                "rows and columns, +1 point a card",
                "passes **75** points",
            ],
        ),
        (
            {"difficulty": "hard"},
            ["on **hard**", "both long diagonals, +2 points a card", "passes **75** points", "at least 5"],
        ),
        (
            {"variant": "complex", "difficulty": "easy"},
            ["complex RunArch", "on **easy**", "files a 10th card"],
        ),
    ],
)
async def test_the_first_solo_post_names_the_opponent_its_level_and_the_goal(
    simcord_env: Env, options: dict[str, str], expected: list[str]
) -> None:
    dana = simcord_env.create_user("dana")
    opened = await dana.slash("runarch solo", **options)
    assert not opened.ephemeral
    first = opened.response.content
    assert first.startswith("🤖 You play"), first
    for fragment in expected:
        assert fragment in first, first


async def test_the_first_solo_post_speaks_czech_to_a_czech_player(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    jana = simcord_env.create_user("jana")
    user_locales[jana.id] = "cs"
    opened = await jana.slash("runarch solo", difficulty="hard")
    assert "proti **automě**, obtížnost **těžká**" in opened.response.content
    assert "překročí **75** bodů" in opened.response.content
