"""When Discord refuses a post: nothing is left half-made, the game still starts, and the user is
told the truth (which permission is missing, whether a move was saved)."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import Table

MISSING = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def setup(env: Env) -> tuple[object, object, object]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return channel, alice, bob


async def test_a_lobby_whose_post_fails_is_not_left_half_made(simcord_env: Env) -> None:
    channel, alice, bob = setup(simcord_env)
    simcord_env.inject_error("POST", "/channels/*/messages", status=500, times=1)
    result = await alice.slash(channel, "runarch new", opponent=bob)
    assert result.ephemeral and "the table was not opened" in result.response.content
    assert channel.threads == []  # the thread the bot made for it is gone
    games = await alice.slash(channel, "games")
    assert "You have no running tables" in games.response.content
    assert await simcord_env.bot.store.open_tables_of(alice.id) == []  # type: ignore[attr-defined]
    again = await alice.slash(channel, "runarch new", opponent=bob)
    assert not again.ephemeral
    (thread,) = channel.threads
    assert "Join" in str(thread.history()[0].components)


async def test_a_lobby_refused_in_an_existing_thread_frees_the_thread(simcord_env: Env) -> None:
    channel, alice, _ = setup(simcord_env)
    await alice.slash(channel, "runarch new")
    (thread,) = channel.threads
    await alice.click(thread.history()[0], label="Cancel")
    simcord_env.inject_error("POST", f"/channels/{thread.id}/messages", times=1, **MISSING)
    result = await alice.slash(thread, "runarch new")
    assert result.ephemeral and "*Send Messages in Threads*" in result.response.content
    assert "not opened" in result.response.content
    assert await simcord_env.bot.store.open_table_in(thread.id) is None  # type: ignore[attr-defined]
    assert not (await alice.slash(thread, "runarch new")).ephemeral  # the thread is free


async def test_a_missing_thread_permission_is_named(simcord_env: Env) -> None:
    channel, alice, bob = setup(simcord_env)
    simcord_env.inject_error("POST", "/channels/*/threads", times=1, **MISSING)
    result = await alice.slash(channel, "runarch new", opponent=bob)
    assert result.ephemeral
    assert result.response.content == (
        "I can't create threads here: give me *Create Public Threads* in this channel."
    )
    assert await simcord_env.bot.store.open_tables_of(alice.id) == []  # type: ignore[attr-defined]


async def test_the_game_starts_and_is_announced_when_the_lobby_redraw_fails(simcord_env: Env) -> None:
    channel, alice, bob = setup(simcord_env)
    await alice.slash(channel, "runarch new", opponent=bob)
    (thread,) = channel.threads
    lobby = thread.history()[0]
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)  # the lobby edit
    clicked = await bob.click(lobby, label="Join")
    store = simcord_env.bot.store  # type: ignore[attr-defined]
    row = await store.open_table_in(thread.id)
    assert row.status == "active"
    first = alice if row.user_at(0) == alice.id else bob
    assert clicked.response is not None and not clicked.ephemeral  # the click is answered by the board
    assert first.mention in clicked.response.content and clicked.response.attachments
    assert any(m.attachments and first.mention in m.content for m in thread.history())
    assert "started" in thread.history()[0].content  # the lobby post was redrawn another way
    simcord_env.raise_errors()


async def test_a_board_that_fails_to_post_on_request_does_not_claim_a_saved_move(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    for who in (table.carol, await table.to_act()):  # a spectator, then a player
        simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
        result = await who.slash(table.thread, "runarch board")
        assert result.ephemeral, result.response.content
        assert "I couldn't post the board" in result.response.content
        assert "saved" not in result.response.content
    simcord_env.inject_error("POST", "/interactions/*", times=1, **MISSING)
    result = await table.carol.slash(table.thread, "runarch board")
    assert "saved" not in result.response.content and "*Attach Files*" in result.response.content


async def test_a_move_whose_board_is_refused_is_saved_and_names_the_permission(simcord_env: Env) -> None:
    """The end of a turn posts a new board (the steps before it edit the turn's post)."""
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    before = len(await table.bot.store.moves(table.table_id))
    simcord_env.inject_error("POST", "/interactions/*", times=1, **MISSING)
    result = await player.slash(table.thread, "runarch end")
    assert len(await table.bot.store.moves(table.table_id)) == before + 1
    assert result.ephemeral
    assert "Your move is saved" in result.response.content and "*Attach Files*" in result.response.content


async def test_a_403_no_command_expects_is_one_plain_line_to_whoever_asked(simcord_env: Env) -> None:
    """A refusal of a permission where no command looks for one (here ``/games``'s answer): the
    player is told, privately, that Discord refused the bot a permission, not left unanswered."""
    channel, alice, _ = setup(simcord_env)
    simcord_env.inject_error("POST", "/interactions/*", times=1, **MISSING)
    result = await alice.slash(channel, "games")
    assert result.ephemeral and result.response.content == (
        "Discord refused me a permission I need here. "
        "Ask a moderator to check my permissions in this channel."
    )
