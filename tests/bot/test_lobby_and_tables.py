"""Opening, joining, leaving and cancelling tables; /games, /runarch hand and rules."""

from __future__ import annotations

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table


async def test_new_opens_a_thread_with_a_lobby_that_mentions_the_opponent(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    result = await alice.slash(channel, "runarch new", opponent=bob, target=60)
    assert not result.ephemeral
    (thread,) = channel.threads
    assert thread.mention in result.response.content
    lobby = thread.history()[0]
    assert bob.mention in lobby.content
    assert "alice" in lobby.content and "1/2" in lobby.content
    assert "60" in lobby.content
    labels = (
        {c["label"] for row in lobby.components for c in row.get("components", [])}
        if isinstance(lobby.components[0], dict)
        else {child.label for row in lobby.components for child in row.children}
    )
    assert {"Join", "Leave", "Start", "Cancel"} <= labels


async def test_second_player_joining_starts_the_game_and_pings_the_first_player(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    row = await table.row()
    assert row.status == "active"
    assert {s.user_id for s in row.seats} == {table.alice.id, table.bob.id}
    board = table.last_board()
    first = await table.to_act()
    assert first.mention in board.content
    assert board.attachments[0].size < 300_000
    lobby = table.thread.history()[0]
    assert "started" in lobby.content
    assert not lobby.components


async def test_lobby_rules_host_only_start_leave_and_cancel(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "runarch new")
    (thread,) = channel.threads
    lobby = thread.history()[0]
    result = await alice.click(lobby, label="Start")
    assert result.ephemeral and "At least 2 players" in result.response.content
    result = await bob.click(lobby, label="Cancel")
    assert result.ephemeral and "Only the host" in result.response.content
    result = await bob.click(lobby, label="Leave")
    assert result.ephemeral and "not at this table" in result.response.content
    result = await alice.click(lobby, label="Leave")
    assert result.ephemeral and "Cancel" in result.response.content
    result = await alice.click(lobby, label="Cancel")
    assert not result.ephemeral
    assert "cancelled" in thread.history()[0].content
    # The channel is free again: a new table can be opened there.
    assert await simcord_env.bot.store.open_table_in(thread.id) is None  # type: ignore[attr-defined]
    result = await alice.slash(thread, "runarch new")
    assert not result.ephemeral


async def test_games_lists_running_tables_with_links(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    waiting = await table.to_act()
    idle = table.bob if waiting is table.alice else table.alice
    mine = await waiting.slash(table.channel, "games")
    assert mine.ephemeral
    assert table.thread.mention in mine.response.content and "your move" in mine.response.content
    theirs = await idle.slash(table.channel, "games")
    assert "waiting for" in theirs.response.content
    none = await table.carol.slash(table.channel, "games")
    assert none.ephemeral and "no running tables" in none.response.content


async def test_hand_is_private_and_lists_the_cards(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    state = await table.state()
    row = await table.row()
    seat = row.seat_of(table.alice.id)
    assert seat is not None
    result = await table.alice.slash(table.thread, "runarch hand")
    assert result.ephemeral
    for card in GAME.view(state, seat)["hand"]:
        assert card["id"] in result.response.content
    other = GAME.view(state, 1 - seat)["hand"]
    for card in other:
        assert card["id"] not in result.response.content
    assert result.response.attachments and result.response.attachments[0].filename == "hand.png"
    # Nothing in the public thread names a card in a hand.
    public = " ".join(m.content for m in table.thread.history(viewer=table.carol))
    for card in GAME.view(state, seat)["hand"] + other:
        assert card["id"] not in public


async def test_rules_summary(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "runarch rules")
    assert result.ephemeral
    text = result.response.embeds[0].description or ""
    assert "75" in text and "5–10" in text


async def test_resign_asks_then_ends_the_game(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    shown = await table.bob.slash(table.thread, "runarch resign")
    assert shown.ephemeral
    await table.bob.click(shown.response.message, label="Yes, resign")
    row = await table.row()
    assert row.status == "finished"
    results = {r.user_id: r.place for r in await table.bot.store.results(row.id)}
    assert results == {table.alice.id: 1, table.bob.id: 2}
    assert "Game over" in table.last_board().content


async def test_the_started_lobby_still_names_its_host_when_the_draw_seats_the_guest_first(
    simcord_env: Env,
) -> None:
    """Seats are drawn at the start: the lobby must keep naming who opened the table."""
    for seed in range(1, 30):
        table = await Table.open(simcord_env, seed=seed)
        if (await table.row()).user_at(0) == table.bob.id:
            break
    else:
        raise AssertionError("no seed seats the guest first")
    lobby = table.thread.history()[0]
    assert "a new table by alice" in lobby.content, lobby.content
    assert "by bob" not in lobby.content
