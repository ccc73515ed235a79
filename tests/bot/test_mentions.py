"""No text a user chose (a display name, a typed value) pings anyone: only the player meant is pinged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from simcord import Env

from bot.config import Config


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), members_intent=True)


def pings(env: Env, channel: Any) -> list[tuple[str, list[int], bool]]:
    """Every message of a channel: its content, who it pinged, whether it pinged @everyone."""
    out = []
    for message in channel.history():
        stored = env.backend.get_message(channel.id, message.id)
        out.append((stored.content, list(stored.ping_user_ids), bool(stored.mention_everyone)))
    return out


async def test_names_that_look_like_mentions_ping_nobody(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    carol = guild.add_member(simcord_env.create_user("carol"))
    bob = guild.add_member(simcord_env.create_user("bob", global_name=f"<@{carol.id}>"))
    dave = guild.add_member(simcord_env.create_user("dave", global_name="@everyone"))
    opened = await dave.slash(channel, "runarch new")
    assert not opened.ephemeral
    (thread,) = channel.threads
    await bob.click(thread.history()[0], label="Join")  # the game starts: the first player is pinged
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    row = await store.open_table_in(thread.id)
    first = row.user_at(0)
    lobby = thread.history()[0].content
    assert f"<@\u200b{carol.id}>" in lobby and "@\u200beveryone" in lobby  # shown, as text
    guild.remove_member(bob)  # "bob left the server": the game ends, the post names him
    await simcord_env.advance_time(1)
    posts = pings(simcord_env, thread)
    left = [content for content, _, _ in posts if "left the server" in content]
    assert left and f"<@\u200b{carol.id}>" in left[0]
    for content, pinged, everyone in posts + pings(simcord_env, channel):
        assert carol.id not in pinged and not everyone, content
        assert set(pinged) <= {first, dave.id, bob.id}, content
    boards = [p for p in posts if p[1]]
    assert boards and boards[0][1] == [first]  # the board that started the game pings the first player


async def test_a_lobby_departure_names_the_player_without_pinging(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    carol = guild.add_member(simcord_env.create_user("carol"))
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob", global_name=f"<@{carol.id}> @everyone"))
    await alice.slash(channel, "runarch new")
    (thread,) = channel.threads
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    row = await store.open_table_in(thread.id)
    await store.join(row.id, bob.id, f"<@{carol.id}> @everyone")  # a lobby with him seated
    guild.remove_member(bob)
    await simcord_env.advance_time(1)
    posts = pings(simcord_env, thread)
    freed = [content for content, _, _ in posts if "seat in the lobby is free again" in content]
    assert freed and f"<@\u200b{carol.id}>" in freed[0]
    assert all(pinged == [] and not everyone for _, pinged, everyone in posts), posts
