"""Issue 13, section 7: Tally tables for 4 and 5 driven through the real bot, each step checked
as the players see it.

The first table: a host opens five seats with three invitees, seats a bot player and the last
invitee's Join starts it; everyone bids at once (the bot by itself); a reaction out of turn; a
step taken back with the board's Undo button, then a draw that stops undo with its reason; a
reacting seat times out; that player is kicked and the game goes on; the end, unrated because a
bot sat at the table. The second table: four people and no bot, to the end, rated. Both finish
with ``/record``, and neither thread ever shows a drawn card; a new board post appears only when
the game starts waiting for someone new (or ends), or when a move is taken back.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

from PIL import Image
from simcord import Env

from bot.tables import TableService
from engine.core import parse_record, replay_record
from engine.core.turns import awaited_by, starts_turn, steps, turn_started
from tests.bot.harness import moved
from tests.games.tally.engine import GAME
from tests.games.tally.harness import TallyTable

DAY = 24 * 3600
ROW = re.compile(r"^\d+\. (\w+): (\d+) ", re.MULTILINE)
"""A leaderboard row in its picture's description: place, name and rating."""
CARD_WORDS = ("of value", "🔒")
"""What a drawn card's private message says: never in the thread for anyone but its drawer."""


@dataclass
class Scene:
    table: TallyTable
    drawers: dict[int, Any] = field(default_factory=dict)
    """Seat -> the person who drew a card there (only they may see it)."""

    async def act(self, person: Any, command: str, **options: Any) -> Any:
        """``person`` makes a move by slash command. When it makes the game wait for a person it
        did not wait for (at any step of it, the bot players' replies included) or ends the game,
        it is answered by a new, public board post; else it edits the turn's post and leaves no
        reply behind (a private event of the mover may follow, privately)."""
        row, boards = await self.table.row(), self.table.boards()
        logged = len(await self.table.bot.store.moves(row.id))
        result = await person.slash(self.table.thread, command, **options)
        assert moved(result), (person.name, command, result.response.content)
        now = self.table.boards()
        commit = [(m.seat, m.notation) for m in (await self.table.bot.store.moves(row.id))[logged:]]
        assert row.state is not None and commit, (person.name, command)
        if turn_started(GAME, steps(GAME, row.state, commit), awaited_by(GAME, row.bots)):
            assert not result.ephemeral and len(now) == len(boards) + 1, (person.name, command)
            assert result.response.id == now[-1].id
        else:
            answers = [m for m in (result.response, *result.followups) if m is not None]
            assert len(now) == len(boards), (person.name, command)
            assert all(m.ephemeral and m.content.startswith("🔒") for m in answers), "only private events"
        return result

    async def person(self, seat: int) -> Any:
        return await self.table.player(seat)

    def no_card_in_thread(self) -> None:
        """No drawn card in the thread, whoever reads it: an onlooker, or any player but its drawer
        (who alone sees their private answers there)."""
        readers = [self.table.outsider, *(p for p in self.table.people if p not in self.drawers.values())]
        for reader in readers:
            for message in self.table.thread.history(viewer=reader):
                text = message.content + "".join(a.description or "" for a in message.attachments)
                assert not any(word in text for word in CARD_WORDS), (reader.name, text)

    async def check_posts_per_turn(self) -> int:
        """One board post at the start, one per turn of the stored log (by the bot's own rule,
        applied move by move) and one per move taken back: nothing else. Returns the turns."""
        row = await self.table.row()
        moves = await self.table.bot.store.moves(row.id)
        state = GAME.new(len(row.seats), row.options, row.seed)
        turns = 0
        for m in moves:
            after, _ = GAME.apply(state, m.seat, m.notation)
            turns += starts_turn(GAME, state, after, awaited_by(GAME, row.bots))
            state = after
        assert state == row.state
        assert len(self.table.boards()) == 1 + turns, (len(self.table.boards()), turns)
        return turns

    async def play_out(self) -> None:
        """Everyone awaited makes the smallest move until the game ends (the bot plays itself)."""
        for _ in range(200):
            row = await self.table.row()
            assert row.state is not None
            if row.status != "active":
                return
            seat = sorted(TableService.awaited(GAME, row.state, row.bots))[0]
            phase = row.state["phase"]
            command = {"bid": "tally bid", "react": "tally allow"}.get(phase, "tally done")
            await self.act(await self.person(seat), command, **({"value": 0} if phase == "bid" else {}))
        raise AssertionError("the game did not end")

    async def check_record(self, turns: int) -> None:
        """``/record`` from an onlooker: a text record that replays to the stored end, and a GIF
        with a frame per turn at most (plus the start)."""
        row = await self.table.row()
        moves = await self.table.bot.store.moves(row.id)
        shown = await self.table.outsider.slash(self.table.thread, "record")
        assert not shown.ephemeral, shown.response.content
        message = shown.followups[-1] if shown.followups else shown.response
        text_file, gif_file = message.attachments
        assert (text_file.filename, gif_file.filename) == (f"tally-{row.id}.txt", f"tally-{row.id}.gif")
        record = parse_record((await text_file.read()).decode())
        assert record.moves == [(m.seat, m.notation) for m in moves]
        assert replay_record(GAME, record) == row.state
        seats = sorted(row.seats, key=lambda s: s.seat)
        assert record.players == [f"Bot {s.name} ({s.bot_level})" if s.is_bot else s.name for s in seats]
        gif = Image.open(io.BytesIO(await gif_file.read()))
        assert gif.format == "GIF" and gif.is_animated and 2 <= gif.n_frames <= turns + 1


async def open_five_with_invitees_and_a_bot(env: Env) -> Scene:
    """Alice opens five seats for bob, carol and dave (invited) and seats a hard bot player in
    the free one; dave's Join, the last seat, starts the game by itself."""
    env.bot.tables.new_seed = lambda: 7  # type: ignore[attr-defined]
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol, dave = (
        guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")
    )
    olga = guild.add_member(env.create_user("olga"))
    invited = f"{bob.mention} {carol.mention} {dave.mention}"
    opened = await alice.slash(channel, "tally new", players=5, opponents=invited, rounds=2, limit="1d")
    assert not opened.ephemeral, opened.response.content
    thread = channel.threads[-1]
    lobby = thread.history()[0]
    assert "Players (1/5): alice" in lobby.content and lobby.content.count("• free seat") == 1
    assert all(f"reserved for {p.mention}" in lobby.content for p in (bob, carol, dave))

    asked = await alice.click(lobby, label="Add bot player")
    assert asked.ephemeral and "Which level" in asked.response.content
    await alice.select(asked.response.message, ["hard"])
    lobby = thread.history()[0]
    assert "Players (2/5): alice, 🤖 Bot 1 (hard)" in lobby.content and "• free seat" not in lobby.content
    refused = await olga.click(lobby, label="Join")
    assert refused.ephemeral and "reserved for invited players" in refused.response.content

    for person in (bob, carol):
        await person.click(thread.history()[0], label="Join")
        assert (await env.bot.store.open_table_in(thread.id)).status == "lobby"  # type: ignore[attr-defined]
    await dave.click(thread.history()[0], label="Join")
    row = await env.bot.store.open_table_in(thread.id)  # type: ignore[attr-defined]
    assert row is not None and row.status == "active" and len(row.seats) == 5
    assert "started" in thread.history()[0].content
    table = TallyTable(env, channel, [alice, bob, carol, dave], thread, row.id, olga)
    return Scene(table)


async def test_five_seats_with_invitees_and_a_bot_through_undo_a_timeout_and_a_kick(simcord_env: Env) -> None:
    scene = await open_five_with_invitees_and_a_bot(simcord_env)
    table = scene.table
    alice, bob, carol, dave = table.people
    row = await table.row()
    (bot_seat,) = row.bots
    assert row.bots == {bot_seat: "hard"}
    seats = {seat: await table.player(seat) for seat in range(5) if seat != bot_seat}
    assert (seats, bot_seat) == ({0: alice, 1: dave, 2: carol, 3: bob}, 4), "seed 7 seats them so"

    # The start: one post mentioning the four people; the bot has bid already, by itself.
    (start,) = table.boards()
    assert (
        all(p.mention in start.content for p in table.people) and "Bot 1" not in start.content.split("\n")[-1]
    )
    state = await table.state()
    assert state["bids"][bot_seat] == 2 and GAME.to_act(state) == [0, 1, 2, 3]

    # Simultaneous bids, in an order that is not the seats': the first three edit the start's post.
    for person, value in ((bob, 2), (carol, 0), (alice, 1)):
        await scene.act(person, "tally bid", value=value)
        assert (
            table.boards() == [start] and f"**{person.name}** has chosen a bid." in table.boards()[-1].content
        )
    assert " bid 2." not in table.public_text()
    await scene.act(dave, "tally bid", value=0)  # the last bid shows them all: alice's turn begins
    revealed = table.boards()[-1].content
    assert (
        "**Bot 1 (hard)** bid 2." in revealed and "**alice** bid 1." in revealed and alice.mention in revealed
    )

    # Undo: alice steps, takes it back with the board's Undo button; the board is as before.
    before = await table.row()
    await scene.act(alice, "tally step")
    board = table.boards()[-1]
    assert "Undo" in {c.label for r in board.components for c in r.children}
    intruder = await dave.click(board, label="Undo")
    assert intruder.ephemeral and "**alice** has moved since" in intruder.response.content  # his bid stays
    undone = await alice.click(board, label="Undo")
    assert not undone.ephemeral and undone.response.id == board.id, "the turn's post itself is edited"
    assert "↩️ **alice** took back: **alice** takes a step (1 of 2)." in table.boards()[-1].content
    after = await table.row()
    assert after.state == before.state and after.version > before.version
    assert await table.replayed() == after.state
    assert "Undo" not in {c.label for r in table.boards()[-1].components for c in r.children}
    again = await alice.slash(table.thread, "undo")  # nothing more to take back: one step only
    assert again.ephemeral and (await table.row()).version == after.version, again.response.content

    # A step, then a draw: the card is alice's alone, and undo now stops with its reason.
    await scene.act(alice, "tally step")
    drawn = await scene.act(alice, "tally draw")
    scene.drawers[0] = alice
    card = (await table.state())["hands"][0][0]
    assert [m.content for m in (drawn.response, *drawn.followups)] == [
        f"🔒 Only you can see this:\nYou drew a card of value {card}."
    ]
    refused = await alice.slash(table.thread, "undo")
    assert (
        refused.ephemeral
        and "A drawn card can't be taken back: you have seen it." in refused.response.content
    )
    assert (await table.state())["hands"][0] == [card]
    scene.no_card_in_thread()

    # A reaction out of turn: alice's two steps let dave challenge, rightly (she bid 1).
    await scene.act(alice, "tally step")
    await scene.act(alice, "tally done")
    asking = table.boards()[-1].content
    assert (
        "**alice** took two steps: **dave** may challenge or allow them." in asking and dave.mention in asking
    )
    early = await carol.slash(table.thread, "tally allow")
    assert early.ephemeral and "dave" in early.response.content
    await scene.act(dave, "tally challenge")  # dave moves next as well: the same post, edited
    assert "**dave** challenges the two steps, rightly" in table.boards()[-1].content
    assert (await table.state())["points"][:2] == [0, 0]

    # The timeout of a reacting seat: dave's two steps wait for carol, who never answers.
    await scene.act(dave, "tally step")
    await scene.act(dave, "tally step")
    await scene.act(dave, "tally done")
    assert GAME.to_act(await table.state()) == [2]
    posts = len(table.boards())
    await simcord_env.advance_time(DAY - 120)
    assert len(table.boards()) == posts
    reminders = [m.content for m in table.thread.history() if m.content.startswith("⏰")]
    assert len(reminders) == 1 and carol.mention in reminders[0], reminders  # the reactor's own reminder
    await simcord_env.advance_time(240)
    notice = table.boards()[-1].content
    assert len(table.boards()) == posts + 1, "bob is awaited now: a new post"
    assert "⌛ **carol** ran out of time (1 day), so I played a minimal turn for them." in notice
    assert "**carol** allows the two steps: **dave** keeps 2 points." in notice and bob.mention in notice
    moves = await table.bot.store.moves(table.table_id)
    assert [(m.seat, m.notation, m.source) for m in moves[-2:]] == [
        (2, "allow", "timeout"),
        (2, "done", "timeout"),
    ]

    # carol missed her limit: the host removes her and the other four play on.
    unkicked = await table.state()
    kicked = await alice.slash(table.thread, "table kick", player=carol.user)
    assert kicked.ephemeral, kicked.response.content
    assert len(table.boards()) == posts + 1, "bob is still the one awaited: the turn's post is edited"
    assert "removed **carol** from the game" in table.boards()[-1].content
    row = await table.row()
    assert row.status == "active" and row.state["out"] == [2]
    last = (await table.bot.store.moves(row.id))[-1]
    assert (last.seat, last.notation, last.source) == (2, GAME.forfeit(unkicked, 2)[2].notation, "kicked")
    assert await table.replayed() == row.state
    refused = await carol.slash(table.thread, "tally done")
    assert refused.ephemeral and (await table.row()).version == row.version, refused.response.content

    # To the end: bob ends his turn; the bot plays its own (a private draw nobody is told), alice
    # allows its two steps; round 2 is played with the smallest moves.
    await scene.act(bob, "tally done")
    bot_turn = table.boards()[-1].content
    assert "**Bot 1 (hard)** draws a card." in bot_turn and "**Bot 1 (hard)** took two steps" in bot_turn
    assert alice.mention in bot_turn and GAME.to_act(await table.state()) == [0]
    await scene.play_out()

    # Results: every seat has a place, carol (removed) last; unrated, because a bot sat here.
    row = await table.row()
    assert row.status == "finished"
    results = await table.bot.store.results(row.id)
    assert sorted(r.seat for r in results) == [0, 1, 2, 3, 4]
    assert sorted(r.place for r in results)[0] == 1 and max(r.place for r in results) == 5
    assert next(r for r in results if r.seat == 2).place == 5
    assert next(r for r in results if r.seat == bot_seat).user_id is None
    final = table.boards()[-1].content
    assert "Game over" in final and all(p.name in final for p in table.people) and "Bot 1 (hard)" in final
    for person in table.people:
        summary = await table.bot.store.player_summary(person.id)
        assert summary is not None and summary.games == 1 and summary.ratings == {}, person.name
    board = await bob.slash(table.channel, "leaderboard", game="tally")
    assert "Nobody is on this board yet." in _board_text(board), _board_text(board)
    assert not any(f"{p.name}:" in _board_text(board) for p in table.people)
    (embed,) = (await bob.slash(table.channel, "stats")).response.embeds
    assert "**1** game played" in (embed.description or "") and "Rating" not in str(embed.to_dict())

    scene.no_card_in_thread()
    turns = await scene.check_posts_per_turn()
    await scene.check_record(turns)


async def test_four_people_without_a_bot_play_to_the_end_and_are_rated(simcord_env: Env) -> None:
    table = await TallyTable.open(simcord_env, players=4, seed=3, rounds=2)
    scene = Scene(table)
    assert (await table.row()).bots == {}
    first = await table.player(0)
    for seat in (3, 1, 0, 2):
        await scene.act(await table.player(seat), "tally bid", value=1)
    drawn = await scene.act(first, "tally draw")
    scene.drawers[0] = first
    assert not drawn.followups and "of value" in drawn.response.content, "the card is the only answer"
    await scene.act(first, "tally step")
    await scene.act(first, "tally done")
    await scene.play_out()

    row = await table.row()
    assert row.status == "finished"
    results = await table.bot.store.results(row.id)
    assert sorted(r.seat for r in results) == [0, 1, 2, 3] and all(r.user_id for r in results)
    assert min(r.place for r in results) == 1
    ratings = {}
    for person in table.people:
        summary = await table.bot.store.player_summary(person.id)
        assert summary is not None and summary.games == 1
        rating, games, _ = summary.ratings[("tally", "")]
        assert games == 1 and round(rating) != 1000, (person.name, rating)
        ratings[person.name] = round(rating)
    places = {_name(table, r.user_id): r.place for r in results}
    winner = min(places, key=places.__getitem__)
    assert all(ratings[winner] > ratings[n] for n in ratings if places[n] > places[winner])
    board = await table.outsider.slash(table.channel, "leaderboard", game="tally")
    rows = dict(ROW.findall(_board_text(board)))
    assert {name: int(value) for name, value in rows.items()} == ratings, _board_text(board)
    (embed,) = (await table.outsider.slash(table.channel, "stats", player=first.user)).response.embeds
    assert f"Rating **{ratings[first.name]}** after 1 rated game" in str(embed.to_dict())

    scene.no_card_in_thread()
    turns = await scene.check_posts_per_turn()
    await scene.check_record(turns)


def _name(table: TallyTable, user_id: int | None) -> str:
    return next(p.name for p in table.people if p.id == user_id)


def _board_text(result: Any) -> str:
    """A leaderboard answer as text: its message and its picture's description (the rows)."""
    message = result.response
    return message.content + "".join(a.description or "" for a in message.attachments)


async def test_with_a_bot_a_new_post_comes_only_when_a_person_is_newly_awaited(simcord_env: Env) -> None:
    """A bot player never waits: a round that ends with alice's move and opens with her bid (the
    bot bids at once) goes on in the same post; she is not asked anew."""
    simcord_env.bot.tables.new_seed = lambda: 2  # type: ignore[attr-defined]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    olga = guild.add_member(simcord_env.create_user("olga"))
    await alice.slash(channel, "tally new", players=2, rounds=3)
    thread = channel.threads[-1]
    asked = await alice.click(thread.history()[0], label="Add bot player")
    await alice.select(asked.response.message, ["easy"])
    row = await simcord_env.bot.store.open_table_in(thread.id)  # type: ignore[attr-defined]
    assert row is not None and row.status == "active" and row.bots
    scene = Scene(TallyTable(simcord_env, channel, [alice], thread, row.id, olga))
    rounds_in_place = 0
    for _ in range(40):
        before = await scene.table.state()
        if before["phase"] == "over":
            break
        command = {"bid": "tally bid", "react": "tally allow"}.get(before["phase"], "tally done")
        result = await scene.act(alice, command, **({"value": 1} if before["phase"] == "bid" else {}))
        after = await scene.table.state()
        rounds_in_place += after["round"] > before["round"] and result.ephemeral
    assert (await scene.table.row()).status == "finished"
    assert rounds_in_place, "a round opened with alice alone to bid: the post was edited"
    await scene.check_posts_per_turn()
