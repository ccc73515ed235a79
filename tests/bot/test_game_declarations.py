"""Shared code knows no game: it names the table's game's commands, and takes the seats of an
event, the name of the game's own opponent and its resign move from what the game declares."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from simcord import Env

from bot.adapter import GameAdapter
from bot.board_post import BoardPosts
from bot.i18n import Tr
from engine.core import Event
from engine.registry import discovered
from engine.runarch import GAME, RunArch
from tests.bot.harness import Table

MENTION = re.compile(r"</([a-z_ -]+):(\d+)>")


class Other(RunArch):
    """A second game beside RunArch, registered without commands of its own."""

    info = dataclasses.replace(GAME.info, name="othergame")


def add_other_game(env: Env) -> None:
    service: Any = env.bot.tables  # type: ignore[attr-defined]
    runarch = service.adapters["runarch"]
    service.register(
        GameAdapter(
            game=Other(),
            title_key="runarch.title",
            render_board=runarch.render_board,
            board_view=runarch.board_view,
            commands={"new": "othergame open"},
        )
    )


def declare(monkeypatch: pytest.MonkeyPatch, **changes: Any) -> None:
    monkeypatch.setattr(GAME, "info", dataclasses.replace(GAME.info, **changes))


async def test_without_a_table_the_bot_names_every_games_command(simcord_env: Env) -> None:
    add_other_game(simcord_env)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    listed = await alice.slash(channel, "games")
    assert listed.ephemeral
    shipped = {f"{name} new" for name in discovered()}
    assert shipped >= {"moonriser new", "runarch new"}
    assert {name for name, _ in MENTION.findall(listed.response.content)} == shipped
    assert "`/othergame open`" in listed.response.content  # not a synced command: named as text
    assert " or " in listed.response.content
    nothing = await alice.slash(channel, "table settings")
    assert "`/othergame open`" in nothing.response.content and "runarch new" in nothing.response.content


async def test_a_games_own_command_names_only_that_game(simcord_env: Env) -> None:
    """``/runarch end`` where no table is: the way to start a RunArch table, not any game."""
    add_other_game(simcord_env)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    refused = await alice.slash(channel, "runarch end")
    assert {name for name, _ in MENTION.findall(refused.response.content)} == {"runarch new", "games"}
    assert "othergame" not in refused.response.content


async def test_czech_lists_the_games_commands_with_its_own_conjunction(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    add_other_game(simcord_env)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    user_locales[jana.id] = "cs"
    listed = await jana.slash(channel, "games")
    assert " nebo " in listed.response.content and "`/othergame open`" in listed.response.content


async def test_a_stale_board_and_a_self_kick_point_at_the_tables_own_game(simcord_env: Env) -> None:
    add_other_game(simcord_env)
    table = await Table.open(simcord_env, limit="1d")
    old = table.last_board()
    player, _ = await table.open_turn_with_a_swap()
    # Discord refuses to take the old post's buttons off, so a late click on them can still come.
    simcord_env.inject_error("PATCH", f"/channels/*/messages/{old.id}", status=500)
    await player.click(table.last_board(), label="End turn")  # the next turn gets a post of its own
    assert table.last_board().id != old.id
    stale = await player.click(old, label="Score a card")
    assert stale.ephemeral
    assert {name for name, _ in MENTION.findall(stale.response.content)} == {"runarch board"}
    kicked = await table.alice.slash(table.thread, "table kick", player=table.alice)
    assert {name for name, _ in MENTION.findall(kicked.response.content)} == {"runarch resign"}


def test_event_seats_are_the_ones_the_game_declares() -> None:
    names = ["**alice**", "**bob**"]
    tie = Event("runarch.tie_best_card", {"seat": 0, "opponent": 1, "score": 9, "best": 8, "other_best": 7})
    tr = Tr("en")
    only_seat = BoardPosts.event_text(tr, tie, ["alice", "bob"], seat_params=("seat",))
    assert "alice" in only_seat and "bob" not in only_seat
    both = BoardPosts.event_text(tr, tie, ["alice", "bob"], seat_params=GAME.info.seat_params)
    assert all(name in both for name in names)


async def test_the_automas_name_is_the_one_the_game_declares(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    declare(monkeypatch, automa_name_key="runarch.title")
    dana = simcord_env.create_user("dana")
    opened = await dana.slash("runarch solo")
    descriptions = [a.description or "" for a in opened.response.attachments]
    assert "Score: dana 0, RunArch 0." in descriptions[0]
    assert "Automa" not in descriptions[0]


async def test_resigning_plays_the_games_declared_move(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game without a resign move (its forfeit is its own) refuses the button and keeps playing."""
    table = await Table.open(simcord_env)
    shown = await table.bob.slash(table.thread, "runarch resign")
    before = await table.snapshot()
    declare(monkeypatch, resign_move=None)
    refused = await table.bob.click(shown.response.message, label="Yes, resign")
    assert refused.ephemeral and "can't do that" in refused.response.content
    assert await table.snapshot() == before
