"""A Tally table for three driven through the real bot: lobby, secret bids, a private draw,
steps, a reaction out of turn, and the game going on."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import left_nothing, moved
from tests.games.tally.engine import GAME
from tests.games.tally.harness import TallyTable


async def test_three_people_bid_at_once_draw_in_private_and_react_out_of_turn(simcord_env: Env) -> None:
    table = await TallyTable.open(simcord_env, players=3)
    row = await table.row()
    assert row.status == "active" and len(row.seats) == 3
    assert "started" in table.thread.history()[0].content
    first = table.boards()[-1]
    assert all(person.mention in first.content for person in table.people), first.content

    # Round 1: all three bid at once, in an order unrelated to the seats; seat 0 moves first.
    # A bid that leaves others to bid is a step of the same turn: it edits the start's post and
    # leaves the bidder no reply; the last bid hands the turn to seat 0: a new post.
    mover, reactor, third = [await table.player(seat) for seat in range(3)]
    bids = {third: 0, mover: 1, reactor: 2}
    for count, (person, value) in enumerate(bids.items(), start=1):
        result = await person.slash(table.thread, "tally bid", value=value)
        assert moved(result), result.response.content
        if count < 3:
            assert left_nothing(result), "the edited post is the answer"
            assert table.boards()[-1].id == first.id, "a bid within the turn posts nothing new"
            post = table.boards()[-1].content
            assert f"**{person.name}** has chosen a bid." in post
            assert " bid 0." not in table.public_text() and " bid 1." not in table.public_text()
            again = await person.slash(table.thread, "tally bid", value=value)
            assert again.ephemeral and "already bid" in again.response.content
    assert not result.ephemeral, "the revealed bids begin the first turn: a new post"
    turn = table.boards()[-1]
    assert turn.id != first.id
    revealed = turn.content
    for person, value in bids.items():
        assert f"**{person.name}** bid {value}." in revealed, revealed
    assert mover.mention in revealed
    assert GAME.to_act(await table.state()) == [0]

    # The mover draws: the card goes to them alone (once); the thread only says a card was drawn.
    drawn = await mover.slash(table.thread, "tally draw")
    assert drawn.ephemeral and drawn.response is not None, "the private card is the only answer"
    assert f"**{mover.name}** draws a card." in table.boards()[-1].content
    assert table.boards()[-1].id == turn.id
    card = (await table.state())["hands"][0][0]
    answers = [drawn.response, *drawn.followups]
    assert [m.content for m in answers] == [f"🔒 Only you can see this:\nYou drew a card of value {card}."]
    assert all(m.ephemeral for m in answers)
    assert "of value" not in table.public_text()
    assert any("of value" in m.content for m in table.thread.history(viewer=mover))  # ephemeral
    for other in (reactor, third):
        assert not any("of value" in m.content for m in table.thread.history(viewer=other))
    hand = await mover.slash(table.thread, "tally hand")
    assert hand.ephemeral and hand.response.content == f"Your cards: {card}."

    # Two steps and done: the next seat reacts out of turn (a new post); nobody else may act meanwhile.
    for count in (1, 2):
        stepped = await mover.slash(table.thread, "tally step")
        assert moved(stepped) and left_nothing(stepped), stepped
        assert f"**{mover.name}** takes a step ({count} of 2)." in table.boards()[-1].content
        assert table.boards()[-1].id == turn.id
    await mover.slash(table.thread, "tally done")
    asked_post = table.boards()[-1]
    asked = asked_post.content
    assert asked_post.id != turn.id
    assert f"**{mover.name}** took two steps: **{reactor.name}** may challenge" in asked, asked
    assert reactor.mention in asked and third.mention not in asked.split("\n")[-1]
    before = (await table.row()).version
    for person, command in ((third, "tally challenge"), (mover, "tally step"), (reactor, "tally step")):
        refused = await person.slash(table.thread, command)
        assert refused.ephemeral and not moved(refused), (person.name, command, refused.response.content)
    assert (await table.row()).version == before

    # The challenge is right (the mover bid 1): the mover loses both steps, the game goes on. The
    # reactor is also the next to move, so the awaited seat stays the same: the post is edited.
    challenged = await reactor.slash(table.thread, "tally challenge")
    assert moved(challenged) and challenged.ephemeral
    assert table.boards()[-1].id == asked_post.id
    assert "rightly" in table.boards()[-1].content
    state = await table.state()
    assert state["points"] == [0, 0, 0]
    assert GAME.to_act(state) == [1] and (await table.row()).status == "active"
    assert reactor.mention in table.boards()[-1].content
    assert await table.replayed() == state
    assert "of value" not in table.public_text()


async def test_a_bad_bid_is_refused_privately_and_changes_nothing(simcord_env: Env) -> None:
    table = await TallyTable.open(simcord_env, players=2)
    host = table.people[0]
    before = await table.row()
    refused = await host.slash(table.thread, "tally bid", value=7)
    assert refused.ephemeral and "from 0 to 2" in refused.response.content
    early = await host.slash(table.thread, "tally step")
    assert early.ephemeral and "Everyone bids first" in early.response.content
    after = await table.row()
    assert (after.version, after.state) == (before.version, before.state)


async def test_a_table_for_more_than_five_is_refused(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("host"))
    result = await host.slash(channel, "tally new", players=6)
    assert result.ephemeral and "2 to 5 seats" in result.response.content
    assert not channel.threads
