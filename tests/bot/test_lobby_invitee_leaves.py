"""An invited person who leaves the server no longer holds a seat (heard with the members intent)."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.config import Config


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=str(tmp_path / "bot.sqlite3"), members_intent=True)


async def test_an_invitation_lapses_when_the_invitee_leaves_the_server(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "runarch new", opponent=bob)
    (thread,) = channel.threads
    refused = await carol.click(thread.history()[0], label="Join")
    assert refused.ephemeral and "reserved" in refused.response.content
    guild.remove_member(bob)
    await simcord_env.advance_time(1)
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    row = await store.open_table_in(thread.id)
    assert row is not None and row.invites == () and row.status == "lobby"
    lobby = thread.history()[0]
    assert "reserved for" not in lobby.content and "• free seat" in lobby.content  # the post follows
    await carol.click(lobby, label="Join")
    assert (await store.table(row.id)).status == "active"
