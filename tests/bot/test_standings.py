"""Leaderboards, /stats, /history and /privacy after games finished on two servers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from simcord import Env

from bot.client import GameBot
from tests.bot.harness import Table

DAY = 86_400

RESIGN = "Yes, resign"


async def resign_game(channel: Any, winner: Any, loser: Any, **options: Any) -> Any:
    """``winner`` opens a table, ``loser`` joins and resigns at once: a finished, rated game."""
    opened = await winner.slash(channel, "runarch new", opponent=loser, **options)
    assert not opened.ephemeral, opened.response.content
    thread = channel.threads[-1]
    await loser.click(thread.history()[0], label="Join")
    shown = await loser.slash(thread, "runarch resign")
    await loser.click(shown.response.message, label=RESIGN)
    return thread


def board_lines(message: discord.Message) -> list[str]:
    """The leaderboard picture's description (alt text): its heading, then "place. name: value"."""
    (picture,) = message.attachments
    assert picture.filename == "leaderboard.png" and picture.description
    return picture.description.splitlines()


def buttons(message: Any) -> dict[str, bool]:
    """The message's buttons: label -> disabled."""
    rows = message.components
    return {
        c["label"] if isinstance(c, dict) else c.label: bool(
            c.get("disabled") if isinstance(c, dict) else c.disabled
        )
        for row in rows
        for c in (row["components"] if isinstance(row, dict) else row.children)
    }


def names_on(message: discord.Message) -> list[str]:
    return [m[1] for line in board_lines(message)[1:] if (m := re.match(r"\d+\. (.+): \d+ ", line))]


def ratings_on(message: discord.Message) -> list[int]:
    return [int(m[1]) for line in board_lines(message)[1:] if (m := re.match(r"\d+\. .+: (\d+) ", line))]


class League:
    """Server One: ann, ben, cid. Server Two: dan, eva, and ann, who plays on both."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.one, self.two = env.create_guild(name="One"), env.create_guild(name="Two")
        self.hall1 = self.one.create_text_channel("games")
        self.hall2 = self.two.create_text_channel("games")
        users = {name: env.create_user(name) for name in ("ann", "ben", "cid", "dan", "eva", "fay")}
        self.m1 = {n: self.one.add_member(users[n]) for n in ("ann", "ben", "cid", "fay")}
        self.m2 = {n: self.two.add_member(users[n]) for n in ("ann", "dan", "eva")}
        self.threads: list[Any] = []

    async def play(self) -> None:
        m1, m2 = self.m1, self.m2
        for winner, loser in (("ann", "ben"), ("ann", "ben"), ("ann", "cid"), ("cid", "ben")):
            self.threads.append(await resign_game(self.hall1, m1[winner], m1[loser]))
        for winner, loser in (("dan", "eva"), ("dan", "ann")):
            self.threads.append(await resign_game(self.hall2, m2[winner], m2[loser]))


async def test_server_boards_show_local_players_in_order_and_global_shows_all(simcord_env: Env) -> None:
    league = League(simcord_env)
    await league.play()

    one = await league.m1["ben"].slash(league.hall1, "leaderboard", game="runarch")
    assert not one.ephemeral
    assert names_on(one.response) == ["ann", "cid", "ben"]  # dan and eva never played here
    assert "This server" in board_lines(one.response)[0]
    two = await league.m2["eva"].slash(league.hall2, "leaderboard", game="runarch", scope="server")
    assert names_on(two.response) == ["dan", "ann", "eva"]

    everyone = await league.m1["fay"].slash(league.hall1, "leaderboard", game="runarch", scope="global")
    assert set(names_on(everyone.response)) == {"ann", "ben", "cid", "dan", "eva"}
    values = ratings_on(everyone.response)
    assert values == sorted(values, reverse=True)
    assert names_on(everyone.response)[-1] == "ben"  # three losses
    assert "All servers" in board_lines(everyone.response)[0]

    # A variant board: these games were all simple; the complex board is empty.
    simple = await league.m1["ann"].slash(league.hall1, "leaderboard", game="RunArch", variant="simple")
    assert names_on(simple.response) == ["ann", "cid", "ben"]
    empty = await league.m1["ann"].slash(league.hall1, "leaderboard", game="runarch", variant="complex")
    assert names_on(empty.response) == [] and "Nobody" in board_lines(empty.response)[1]


async def test_opting_out_hides_a_player_from_global_boards_only(simcord_env: Env) -> None:
    league = League(simcord_env)
    await league.play()
    eva, dan = league.m2["eva"], league.m2["dan"]

    off = await eva.slash(league.hall2, "privacy", **{"global": "off"})
    assert off.ephemeral and "hidden from global" in off.response.content
    everyone = await dan.slash(league.hall2, "leaderboard", game="runarch", scope="global")
    assert "eva" not in names_on(everyone.response) and len(names_on(everyone.response)) == 4
    local = await dan.slash(league.hall2, "leaderboard", game="runarch")
    assert "eva" in names_on(local.response)
    mine = await eva.slash(league.hall2, "leaderboard", game="runarch", scope="global")
    assert "eva" not in names_on(mine.response)
    assert board_lines(mine.response)[-1].startswith("You are hidden from global boards")
    state = await eva.slash(league.hall2, "privacy")
    assert state.ephemeral and "You are hidden" in state.response.content

    await eva.slash(league.hall2, "privacy", **{"global": "on"})
    again = await dan.slash(league.hall2, "leaderboard", game="runarch", scope="global")
    assert "eva" in names_on(again.response)


async def test_stats_and_history_show_the_games(simcord_env: Env) -> None:
    league = League(simcord_env)
    await league.play()
    ann = league.m1["ann"]

    shown = await ann.slash(league.hall1, "stats")
    assert not shown.ephemeral
    (embed,) = shown.response.embeds
    assert embed.title == "Statistics of ann"
    text = embed.description or ""
    assert "**4** games played, **3** won (75 %)" in text
    assert "Longest winning streak: **3**" in text and "Favourite game: **RunArch**" in text
    field = embed.fields[0]
    assert field.name == "RunArch" and "after 4 rated games (3 won)" in (field.value or "")
    assert "simple: 4 games, 3 won, rating" in (field.value or "")
    assert shown.response.attachments[0].filename == "rating.png"
    assert embed.image.url == "attachment://rating.png" or (embed.image.url or "").endswith("rating.png")

    other = await league.m1["fay"].slash(league.hall1, "stats", player=league.m1["ben"].user)
    assert "**3** games played, **0** won (0 %)" in (other.response.embeds[0].description or "")

    history = await ann.slash(league.hall1, "history")
    (embed,) = history.response.embeds
    assert embed.title == "Last games of ann" and len(embed.fields) == 4
    newest = embed.fields[0].value or ""
    assert "1. dan (" in newest and "2. ann (" in newest
    lost_thread = league.threads[-1]
    assert f"https://discord.com/channels/{league.two.id}/{lost_thread.id}" in newest
    oldest = embed.fields[-1].value or ""
    assert f"https://discord.com/channels/{league.one.id}/{league.threads[0].id}" in oldest


async def test_bad_input_gets_a_private_answer(simcord_env: Env) -> None:
    league = League(simcord_env)
    await league.play()
    fay, ann = league.m1["fay"], league.m1["ann"]

    unknown = await ann.slash(league.hall1, "leaderboard", game="chess")
    assert unknown.ephemeral and "I don't know a game called “chess”" in unknown.response.content
    assert "RunArch" in unknown.response.content
    bad_board = await ann.slash(league.hall1, "leaderboard", game="runarch", variant="expert")
    assert bad_board.ephemeral and "no board called “expert”" in bad_board.response.content
    never = await ann.slash(league.hall1, "stats", player=fay.user)
    assert never.ephemeral and "fay hasn't finished a game" in never.response.content
    never_me = await fay.slash(league.hall1, "history")
    assert never_me.ephemeral and "You haven't finished a game" in never_me.response.content
    dm = await ann.user.slash("leaderboard", game="runarch", scope="server")
    assert dm.ephemeral and "not a server" in dm.response.content
    solo_dm = await ann.user.slash("leaderboard", game="runarch")  # in a DM the global board is the default
    assert not solo_dm.ephemeral and "All servers" in board_lines(solo_dm.response)[0]


async def test_pages_turn_with_buttons_and_the_caller_keeps_their_place(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    guild = simcord_env.create_guild()
    hall = guild.create_text_channel("games")
    people = [guild.add_member(simcord_env.create_user(f"p{i:02d}")) for i in range(12)]
    for winner, loser in zip(people[::2], people[1::2], strict=True):
        await resign_game(hall, winner, loser)
    loser = people[-1]
    first = await loser.slash(hall, "leaderboard", game="runarch")
    lines = board_lines(first.response)
    assert "page 1 of 2" in lines[0] and len(lines) == 1 + 10 + 1  # ten rows, then the caller's own row
    assert lines[-1].startswith(("7. p11", "8. p11", "9. p11", "10. p11", "11. p11", "12. p11"))
    assert buttons(first.response) == {"◀ Previous": True, "Next ▶": False}

    await simcord_env.restart_bot(make_bot())  # the buttons outlive the process that drew them
    await people[0].click(first.response, label="Next ▶")
    turned = hall.history()[-1]
    assert turned.id == first.response.id
    lines = board_lines(turned)
    assert "page 2 of 2" in lines[0] and [line.split(".")[0] for line in lines[1:]] == ["11", "12"]
    assert any("p11" in line for line in lines[1:])  # still the asker's place, whoever clicked
    assert buttons(turned) == {"◀ Previous": False, "Next ▶": True}


async def test_autocomplete_offers_games_and_their_boards(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    hall = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    offered = await ann.autocomplete(hall, "leaderboard", "game", "run")
    assert [c["value"] for c in offered] == ["runarch"]
    boards = await ann.autocomplete(hall, "leaderboard", "variant", "", game="runarch")
    values = [c["value"] for c in boards]
    assert values[:3] == ["", "simple", "complex"] and "solo:complex:hard" in values and len(values) == 9
    solos = await ann.autocomplete(hall, "leaderboard", "variant", "hard", game="runarch")
    assert {c["name"] for c in solos} == {"solo · simple · hard", "solo · complex · hard"}


async def test_an_abandoned_table_is_unrated_and_a_timed_out_player_loses(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    asked = await table.alice.slash(table.thread, "table abandon")
    await table.alice.click(asked.response, label="Abandon the table")
    for who in (table.alice, table.bob):
        nothing = await who.slash(table.channel, "stats")
        assert nothing.ephemeral and "You haven't finished a game" in nothing.response.content

    late_table = await Table.open(simcord_env, at_limit="remove", limit="1d")
    late = await late_table.to_act()
    await simcord_env.advance_time(DAY + 60)
    assert (await late_table.row()).end_reason == "timeout"
    board = await late.slash(late_table.channel, "leaderboard", game="runarch")
    assert names_on(board.response)[-1] == late.user.name  # the late player is last
    shown = await late.slash(late_table.channel, "stats")
    assert "**1** game played, **0** won (0 %)" in (shown.response.embeds[0].description or "")
    history = await late.slash(late_table.channel, "history")
    (field,) = history.response.embeds[0].fields
    assert "Ended early: a player ran out of time." in (field.value or "")


async def test_czech_players_get_a_czech_board_and_statistics(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    league = League(simcord_env)
    await league.play()
    jana = league.m1["cid"]
    user_locales[jana.id] = "cs"
    board = await jana.slash(league.hall1, "leaderboard", game="runarch")
    heading = board_lines(board.response)[0]
    assert heading == "RunArch · všechny varianty · Tento server · strana 1 z 1"
    unknown = await jana.slash(league.hall1, "leaderboard", game="šachy")
    assert unknown.ephemeral and "Hru „šachy“ neznám" in unknown.response.content
    stats = await jana.slash(league.hall1, "stats")
    assert "Odehráno her: **2**, vyhráno: **1** (50 %)" in (stats.response.embeds[0].description or "")


def test_every_board_survives_its_button_id() -> None:
    """A page button stores the board as a value; reading it back gives the same board."""
    from bot.boards import Board, boards_of
    from engine.runarch import GAME

    for board in boards_of(GAME):
        assert Board.from_value(board.game, board.value) == board
    assert len({b.value for b in boards_of(GAME)}) == 9
