"""Whatever a user types (up to Discord's 6,000 characters), they get a short answer and nothing changes.

The command tree is walked, so a new command or option is covered without touching this file.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from discord import app_commands
from simcord import Env

from bot.outgoing import unguarded
from tests.bot.harness import Table

LONG_VALUES = ("x" * 6000, "9" * 6000)
AUTOCOMPLETE_VALUES = ("x" * 6000, "9" * 400, "9" * 6000)


@dataclass
class Context:
    """Where a command is tried, by whom, and which tables must stay as they are."""

    name: str
    user: Any
    channel: Any  # None: the user's DM with the bot
    table_ids: list[int]


def leaves(tree: app_commands.CommandTree) -> Iterator[app_commands.Command[Any, ..., Any]]:
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            yield command


def option_name(parameter: app_commands.Parameter) -> str:
    return str(parameter.display_name)


def free_text(command: app_commands.Command[Any, ..., Any]) -> list[app_commands.Parameter]:
    """String options a user can type anything into (a choice list only sends its values)."""
    return [p for p in command.parameters if p.type is discord.AppCommandOptionType.string and not p.choices]


def required_values(command: app_commands.Command[Any, ..., Any], other: Any) -> dict[str, Any]:
    """A plausible value for every required option, so the command itself runs."""
    values: dict[str, Any] = {}
    for p in command.parameters:
        if not p.required:
            continue
        if p.choices:
            values[option_name(p)] = p.choices[0].value
        elif p.type is discord.AppCommandOptionType.string:
            values[option_name(p)] = "A1"
        elif p.type in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            values[option_name(p)] = p.min_value if p.min_value is not None else 1
        elif p.type is discord.AppCommandOptionType.user:
            values[option_name(p)] = other
    return values


async def snapshot(env: Env, table_ids: list[int]) -> list[Any]:
    store = env.bot.store  # type: ignore[attr-defined]
    rows = [await store.table(i) for i in table_ids]
    return [
        (r.status, r.version, r.state, r.options, r.seats, r.remind_after, r.time_limit, r.on_timeout)
        for r in rows
        if r is not None
    ]


def within_limits(message: Any) -> None:
    assert len(message.content or "") <= 2000, len(message.content)
    total = 0
    for embed in message.embeds:
        data = embed.to_dict()
        assert len(data.get("title", "")) <= 256
        assert len(data.get("description", "")) <= 4096
        assert len(data.get("fields", [])) <= 25
        for field in data.get("fields", []):
            assert len(field["name"]) <= 256 and len(field["value"]) <= 1024
        assert len(data.get("footer", {}).get("text", "")) <= 2048
        assert len(data.get("author", {}).get("name", "")) <= 256
        total += len(embed)
    assert total <= 6000


@pytest.fixture
async def contexts(simcord_env: Env) -> list[Context]:
    """A thread with a running two-player table, a lobby thread (its host), a DM with a solo
    table, and a plain text channel."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    lobby_channel = table.channel.guild.create_text_channel("lobbies")
    opened = await table.alice.slash(lobby_channel, "runarch new")
    assert not opened.ephemeral
    lobby_thread = lobby_channel.threads[-1]
    lobby = await store.open_table_in(lobby_thread.id)
    dana = simcord_env.create_user("dana")
    solo = await dana.slash("runarch solo")
    assert not solo.ephemeral
    solo_table = await store.open_table_in(dana.dm_channel.id)
    every = [table.table_id, lobby.id, solo_table.id]
    return [
        Context("running table", player, table.thread, every),
        Context("spectator", table.carol, table.thread, every),
        Context("lobby", table.alice, lobby_thread, every),
        Context("solo DM", dana, None, every),
        Context("text channel", table.bob, table.channel, every),
    ]


def available(context: Context, command: app_commands.Command[Any, ..., Any]) -> bool:
    if context.channel is None:
        return command.qualified_name in context.user.available_commands()
    return command.qualified_name in context.user.available_commands(context.channel)


async def invoke(context: Context, name: str, options: dict[str, Any]) -> Any:
    if context.channel is None:
        return await context.user.slash(name, **options)
    return await context.user.slash(context.channel, name, **options)


async def test_every_string_option_takes_6000_characters(
    simcord_env: Env, contexts: list[Context], caplog: pytest.LogCaptureFixture
) -> None:
    assert unguarded() == [], "a discord.py module builds messages around the length guard"
    other = contexts[0].user
    tried = 0
    for command in leaves(simcord_env.bot.tree):  # type: ignore[attr-defined]
        for parameter in free_text(command):
            for context in contexts:
                if not available(context, command):
                    continue
                for value in LONG_VALUES:
                    options = required_values(command, other) | {option_name(parameter): value}
                    before = await snapshot(simcord_env, context.table_ids)
                    caplog.clear()
                    result = await invoke(context, command.qualified_name, options)
                    where = (
                        f"/{command.qualified_name} {option_name(parameter)}:{value[:3]}… ({context.name})"
                    )
                    replies = [m for m in [result.response, *result.followups] if m is not None]
                    assert replies, f"{where}: no answer"
                    for reply in replies:
                        within_limits(reply)
                    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], where
                    assert await snapshot(simcord_env, context.table_ids) == before, where
                    simcord_env.raise_errors()
                    tried += 1
    assert tried > 40  # the walk found the commands


async def test_every_autocomplete_takes_6000_characters(
    simcord_env: Env, contexts: list[Context], caplog: pytest.LogCaptureFixture
) -> None:
    tried = 0
    for command in leaves(simcord_env.bot.tree):  # type: ignore[attr-defined]
        typed = [p for p in command.parameters if p.autocomplete]
        for parameter in typed:
            for context in contexts:
                if not available(context, command) or context.channel is None:
                    continue
                for value in AUTOCOMPLETE_VALUES:
                    filled = {
                        option_name(p): value
                        for p in free_text(command)
                        if p is not parameter and not p.autocomplete
                    }
                    caplog.clear()
                    choices = await context.user.autocomplete(
                        context.channel, command.qualified_name, option_name(parameter), value, **filled
                    )
                    where = (
                        f"/{command.qualified_name} {option_name(parameter)}:{value[:3]}… ({context.name})"
                    )
                    assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in choices), where
                    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], where
                    simcord_env.raise_errors()
                    tried += 1
    assert tried > 20
