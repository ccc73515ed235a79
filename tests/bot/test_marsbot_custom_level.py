"""The custom level's private select (issue 26) survives a restart: the command's other options
travel in its id, so a choice made after the bot restarted starts the game exactly as asked; a
choice delivered twice, or made while a game already runs in the DM, starts nothing twice."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable

import pytest
from simcord import Env

from bot.client import GameBot
from cogs.marsbot.custom_level import CustomLevel, level_id, options_of
from engine.marsbot.game import GAME
from engine.marsbot.maps import MAPS
from engine.marsbot.setup import CORPORATION_CHOICES
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.redelivery import Deliveries

BUSY = "A MarsBot game is already running in this DM"


async def test_a_choice_after_a_restart_starts_the_game_with_every_option_asked(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table = await MarsBotTable.open(simcord_env)
    asked = await table.start(difficulty="custom", map="hellas", corporation="C09", venus=True, draft=False)
    await simcord_env.restart_bot(make_bot())
    simcord_env.bot.tables.new_seed = lambda: 3  # type: ignore[attr-defined]
    await table.person.select(asked.response, ["card_vp", "awards_5"])
    row = await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot")  # type: ignore[attr-defined]
    assert row is not None and row.status == "active"
    wanted = {"difficulty": "custom", "map": "hellas", "corporation": "C09", "venus": True, "draft": False}
    assert row.options == GAME.options({**wanted, "modifications": "awards_5+card_vp"})
    assert row.options["prelude"] is False  # not given: the default, as from the command itself
    (post,) = table.posts()
    assert "**Custom**" in post.content and "MarsBot's award values count 5 less" in post.content


async def test_a_choice_delivered_twice_starts_one_game(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    table = await MarsBotTable.open(simcord_env)
    asked = await table.start(difficulty="custom")
    deliveries = Deliveries(simcord_env)
    await table.person.select(asked.response, ["four_cards"])
    choice = deliveries.last()
    first = await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot")  # type: ignore[attr-defined]
    await deliveries.again(choice)
    again = await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot")  # type: ignore[attr-defined]
    assert (again.id, again.version) == (first.id, first.version)
    assert len(table.posts()) == 1
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_choice_while_a_game_runs_in_the_dm_is_refused_kindly(
    simcord_env: Env, make_bot: Callable[[], GameBot], user_locales: dict[int, str]
) -> None:
    table = await MarsBotTable.open(simcord_env)
    first = await table.start(difficulty="custom")
    second = await table.start(difficulty="custom", map="elysium")
    await table.person.select(first.response, ["no_adv"])
    started = await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot")  # type: ignore[attr-defined]
    refused = await table.person.select(second.response, ["card_vp"])
    assert refused.ephemeral and BUSY in refused.response.content
    await simcord_env.restart_bot(make_bot())
    user_locales[table.person.id] = "cs"
    czech = await table.person.select(second.response, ["four_cards"])
    assert czech.ephemeral and "V této konverzaci už hra s MarsBotem běží" in czech.response.content
    still = await simcord_env.bot.store.open_table_in(table.dm.id, "marsbot")  # type: ignore[attr-defined]
    assert (still.id, still.version, still.options) == (started.id, started.version, started.options)
    assert len(table.posts()) == 1


def test_every_combination_of_options_fits_the_select_id_and_comes_back_whole() -> None:
    flags = (None, False, True)
    for map_, corporation, prelude, venus, draft in itertools.product(
        (None, *MAPS), (None, *CORPORATION_CHOICES), flags, flags, flags
    ):
        given = {"map": map_, "corporation": corporation, "prelude": prelude, "venus": venus, "draft": draft}
        options = {"difficulty": "custom", **{k: v for k, v in given.items() if v is not None}}
        custom_id = level_id(options)
        match = CustomLevel.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert len(custom_id) <= 100 and match is not None, custom_id
        assert options_of(match) == options


async def test_two_choices_at_the_same_moment_start_one_game(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both choices read the DM before either opened the game: the store opens one, and the
    other hears the DM's own sentence, not a server thread's."""
    table = await MarsBotTable.open(simcord_env)
    first = await table.start(difficulty="custom")
    second = await table.start(difficulty="custom", map="hellas")
    await table.person.select(first.response, ["no_adv"])
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    started = await store.open_table_in(table.dm.id, "marsbot")

    async def not_yet(channel_id: int, game: str | None = None) -> None:
        return None

    monkeypatch.setattr(store, "open_table_in", not_yet)
    refused = await table.person.select(second.response, ["card_vp"])
    assert refused.ephemeral and BUSY in refused.response.content
    monkeypatch.undo()
    still = await store.open_table_in(table.dm.id, "marsbot")
    assert (still.id, still.version, still.options) == (started.id, started.version, started.options)
    assert len(table.posts()) == 1
