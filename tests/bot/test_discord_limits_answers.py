"""Every command that needs no option answers within Discord's limits, in English and in Czech.

The guard of ``tests/conftest.py`` checks each answer as Discord would (content, embeds, components,
and our own texts that ``bot.outgoing`` would have had to shorten); this test makes sure every such
command is asked at least once in each language, in a server channel and in a DM, so a text no
other test reaches (the rules summaries, a Czech refusal) is checked too."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from tests.test_discord_limits import pushed_commands


def leaves(node: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Each invocable (sub)command of a payload with its own payload."""
    name = f"{path} {node['name']}".strip()
    nested = [o for o in node.get("options") or [] if o.get("type") in (1, 2)]
    if not nested:
        return [(name, node)]
    return [leaf for option in nested for leaf in leaves(option, name)]


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_every_command_without_options_answers_within_discords_limits(
    simcord_env: Env, user_locales: dict[int, str], lang: str
) -> None:
    """Each answer is checked by the guard, which fails this test naming the command's request."""
    commands = [
        path
        for command in await pushed_commands(simcord_env.bot)
        for path, leaf in leaves(command)
        if not any(option.get("required") for option in leaf.get("options") or [])
    ]
    assert len(commands) > 20
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(simcord_env.create_user("jana"))
    user_locales[member.id] = lang
    asked = 0
    for path in commands:
        for where in ("server", "dm"):
            if where == "server" and path in member.available_commands(channel):
                result = await member.slash(channel, path)
            elif where == "dm" and path in member.user.available_commands():
                result = await member.user.slash(path)
            else:
                continue
            await simcord_env.settle()
            assert result.acknowledged, f"/{path} ({where}) was not answered"
            asked += 1
    assert asked >= len(commands)
