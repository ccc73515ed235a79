"""The lobby for 3–4 seats (a test game, ``tests/bot/four_seats.py``): several invitees, seats
reserved for them, free seats, bot players, Start at the game's minimum, and starting by itself
when full."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from simcord import Env

from bot.client import GameBot
from bot.config import Config
from db.models import TableRow
from tests.bot.four_seats import GAME

EXTENSION = "tests.bot.four_seats"


MADE: list[GameBot] = []


def make(config: Config) -> GameBot:
    """A bot with the test game; its store is closed at the end of the test (an open aiosqlite
    connection is a thread that would keep pytest from exiting)."""
    MADE.append(GameBot(config, extra_extensions=(EXTENSION,)))
    return MADE[-1]


@pytest.fixture
async def simcord_bot(bot_config: Config) -> AsyncIterator[GameBot]:
    bot = make(bot_config)
    yield bot
    while MADE:
        await MADE.pop().store.close()


@dataclass
class Server:
    env: Env
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    dan: Any
    erin: Any

    @classmethod
    def make(cls, env: Env) -> Server:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        people = [
            guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dan", "erin")
        ]
        return cls(env, guild, channel, *people)

    @property
    def store(self) -> Any:
        return self.env.bot.store  # type: ignore[attr-defined]

    async def open(self, **options: Any) -> tuple[Any, TableRow]:
        """Alice opens a table; returns its thread and row."""
        before = len(self.channel.threads)
        result = await self.alice.slash(self.channel, "four new", **options)
        assert not result.ephemeral, result.response.content
        assert len(self.channel.threads) == before + 1
        thread = self.channel.threads[-1]
        row = await self.store.open_table_in(thread.id)
        assert row is not None
        return thread, row

    async def row(self, table: TableRow) -> TableRow:
        row = await self.store.table(table.id)
        assert row is not None
        return row


def lobby_of(thread: Any) -> Any:
    return thread.history()[0]


def labels(message: Any) -> set[str]:
    return {child.label for row in message.components for child in row.children}


async def test_several_invitees_hold_their_seats_until_they_join(simcord_env: Env) -> None:
    s = Server.make(simcord_env)
    thread, table = await s.open(seats=4, opponents=f"{s.bob.mention} {s.carol.mention}")
    lobby = lobby_of(thread)
    assert "Players (1/4): alice" in lobby.content
    assert (
        f"reserved for {s.bob.mention}" in lobby.content
        and f"reserved for {s.carol.mention}" in lobby.content
    )
    assert lobby.content.count("• free seat") == 1
    assert s.bob.mention in lobby.content and s.carol.mention in lobby.content
    assert [i.user_id for i in table.invites] == [s.bob.id, s.carol.id]

    await s.dan.click(lobby, label="Join")  # the one seat nobody holds
    refused = await s.erin.click(lobby_of(thread), label="Join")
    assert refused.ephemeral and "reserved for invited players" in refused.response.content
    assert (await s.row(table)).seat_of(s.erin.id) is None

    await s.bob.click(lobby_of(thread), label="Join")
    lobby = lobby_of(thread)
    assert "Players (3/4): alice, dan, bob" in lobby.content
    assert f"reserved for {s.carol.mention}" in lobby.content and "• free seat" not in lobby.content
    await s.carol.click(lobby, label="Join")  # the last seat: the game starts by itself
    row = await s.row(table)
    assert row.status == "active" and len(row.seats) == 4
    assert "started" in lobby_of(thread).content


async def test_the_host_starts_at_the_minimum_and_untaken_invitations_lapse(simcord_env: Env) -> None:
    s = Server.make(simcord_env)
    thread, table = await s.open(seats=4, opponents=s.carol.mention)
    await s.bob.click(lobby_of(thread), label="Join")
    early = await s.alice.click(lobby_of(thread), label="Start")
    assert early.ephemeral and "At least 3 players" in early.response.content
    others = await s.bob.click(lobby_of(thread), label="Start")
    assert others.ephemeral and "Only the host" in others.response.content
    await s.dan.click(lobby_of(thread), label="Join")
    await s.alice.click(lobby_of(thread), label="Start")
    row = await s.row(table)
    assert row.status == "active" and {x.user_id for x in row.seats} == {s.alice.id, s.bob.id, s.dan.id}
    assert row.invites == ()
    assert GAME.to_act(row.state)  # a three-player game is under way


async def test_an_invitee_may_decline_and_the_host_may_withdraw_invitations(
    simcord_env: Env, bot_config: Config
) -> None:
    s = Server.make(simcord_env)
    thread, table = await s.open(seats=4, opponents=f"{s.bob.mention} {s.carol.mention} {s.dan.mention}")
    assert "Withdraw invitation" in labels(lobby_of(thread))
    await s.dan.click(lobby_of(thread), label="Leave")  # declines
    assert [i.user_id for i in (await s.row(table)).invites] == [s.bob.id, s.carol.id]
    assert f"reserved for {s.dan.mention}" not in lobby_of(thread).content

    not_host = await s.bob.click(lobby_of(thread), label="Withdraw invitation")
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    asked = await s.alice.click(lobby_of(thread), label="Withdraw invitation")
    assert asked.ephemeral and "Whose invitation" in asked.response.content
    await simcord_env.restart_bot(make(bot_config))  # the private select still works afterwards
    done = await s.alice.select(asked.response.message, [str(s.bob.id)])
    assert done.response.ephemeral and "bob is withdrawn" in done.response.content
    row = await s.row(table)
    assert [i.user_id for i in row.invites] == [s.carol.id] and row.open_seats == 2
    assert f"reserved for {s.bob.mention}" not in lobby_of(thread).content
    # The last one goes at once, without a question.
    await s.alice.click(lobby_of(thread), label="Withdraw invitation")
    assert (await s.row(table)).invites == ()
    assert "Withdraw invitation" not in labels(lobby_of(thread))
    await s.erin.click(lobby_of(thread), label="Join")
    assert (await s.row(table)).seat_of(s.erin.id) == 1


async def test_bot_players_fill_seats_count_toward_the_minimum_and_never_wait(simcord_env: Env) -> None:
    s = Server.make(simcord_env)
    thread, table = await s.open(seats=3)
    lobby = lobby_of(thread)
    assert "Add bot player" in labels(lobby) and "Remove bot player" not in labels(lobby)
    refused = await s.bob.click(lobby, label="Add bot player")
    assert refused.ephemeral and "Only the host" in refused.response.content

    await s.alice.click(lobby, label="Add bot player")  # one level: seated at once
    lobby = lobby_of(thread)
    assert "Players (2/3): alice, 🤖 Bot 1 (normal)" in lobby.content
    early = await s.alice.click(lobby, label="Start")
    assert early.ephemeral and "At least 3 players" in early.response.content
    await s.alice.click(lobby, label="Remove bot player")
    assert "Bot 1" not in lobby_of(thread).content and (await s.row(table)).bots == {}

    await s.alice.click(lobby_of(thread), label="Add bot player")
    await s.alice.click(lobby_of(thread), label="Add bot player")  # full: the game starts
    row = await s.row(table)
    assert row.status == "active" and sorted(row.bots.values()) == ["normal", "normal"]
    for _ in range(10):
        row = await s.row(table)
        if row.status != "active":
            break
        assert row.state is not None and GAME.to_act(row.state) == [row.seat_of(s.alice.id)]
        for seat in row.seats:  # the bots never wait, so they never have a clock
            assert seat.is_bot == (seat.user_id is None)
            assert not seat.is_bot or (seat.awaited_since, seat.deadline, seat.remind_at) == (
                None,
                None,
                None,
            )
        played = await s.alice.slash(thread, "four add", amount=1)
        assert not played.ephemeral, played.response.content
    row = await s.row(table)
    assert row.status == "finished"
    moves = await s.store.moves(row.id)
    assert {m.source for m in moves if m.user_id is None} == {"bot"}
    assert all(m.notation == "add 2" for m in moves if m.source == "bot")
    results = await s.store.results(row.id)
    assert sorted((r.user_id is None, r.bot_level) for r in results) == [
        (False, None),
        (True, "normal"),
        (True, "normal"),
    ]
    assert await s.store.player_summary(s.alice.id) is not None
    assert (await s.store.player_summary(s.alice.id)).ratings == {}
    boards = [m.content for m in thread.history() if m.attachments]
    assert any("Bot 1 (normal)" in c or "Bot 2 (normal)" in c for c in boards)
    assert all("<@" not in c or s.alice.mention in c for c in boards), "only the person is ever mentioned"


async def test_a_bot_cannot_take_a_seat_held_for_an_invitee(simcord_env: Env) -> None:
    s = Server.make(simcord_env)
    thread, table = await s.open(seats=3, opponents=f"{s.bob.mention} {s.carol.mention}")
    assert "Add bot player" not in labels(lobby_of(thread)), "no free seat for a bot"
    await s.bob.click(lobby_of(thread), label="Leave")  # declines: now one seat is open
    assert "Add bot player" in labels(lobby_of(thread))
    await s.alice.click(lobby_of(thread), label="Add bot player")
    row = await s.row(table)
    assert row.bots == {1: "normal"} and [i.user_id for i in row.invites] == [s.carol.id]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"seats": 5}, "A table for Four Seats has 3 to 4 seats, not 5."),
        ({"seats": 2}, "A table for Four Seats has 3 to 4 seats, not 2."),
        ({"seats": 3, "opponents": "@bob"}, "is not a mention"),
        ({"seats": 4, "opponents": "{alice}"}, "You're the host"),
        ({"seats": 4, "opponents": "{bob} {bob}"}, "twice"),
        ({"seats": 3, "opponents": "{bob} {carol} {dan}"}, "only 2 other seats"),
        ({"seats": 4, "opponents": "{robot}"}, "is a bot and can't be invited"),
        ({"seats": 4, "opponents": "{stranger}"}, "not a member of this server"),
    ],
)
async def test_bad_seat_counts_and_invitations_are_refused_and_open_nothing(
    simcord_env: Env, options: dict[str, Any], expected: str
) -> None:
    s = Server.make(simcord_env)
    robot = s.guild.add_member(simcord_env.create_user("robot", bot=True))
    stranger = simcord_env.create_user("stranger")  # not on this server
    mentions = {"alice": s.alice.mention, "bob": s.bob.mention, "carol": s.carol.mention}
    mentions |= {"dan": s.dan.mention, "robot": robot.mention, "stranger": stranger.mention}
    if "opponents" in options:
        options = {**options, "opponents": options["opponents"].format(**mentions)}
    result = await s.alice.slash(s.channel, "four new", **options)
    assert result.ephemeral and expected in result.response.content, result.response.content
    assert s.channel.threads == [] and await s.store.open_tables_of(s.alice.id) == []
