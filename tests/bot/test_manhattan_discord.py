"""The Manhattan Project's Discord side as a player meets it: the worker-placement pickers that
offer only legal choices, a repair out of turn and a bomb draft that reach each player privately,
an air strike by buttons, autocomplete, and refusals that change nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simcord import Env

from bot.client import GameBot
from bot.i18n import Tr
from cogs.manhattan.labels import amounts_words
from engine.manhattan.content import bombs, buildings
from engine.manhattan.game import GAME
from tests.bot.harness import left_nothing
from tests.bot.manhattan_table import ManhattanTable, play

BOMB_NAMES = [b.name["en"] for b in bombs().values()]


async def mover(table: ManhattanTable) -> tuple[int, Any]:
    (seat,) = await table.awaited()
    return seat, await table.person_at(seat)


async def turn(table: ManhattanTable, *notations: str) -> None:
    """The player to act plays these moves by command (each must be accepted)."""
    seat, person = await mover(table)
    for notation in notations:
        before = len(await table.bot.store.moves(table.table_id))
        result = await play(table, person, notation)
        made = await table.bot.store.moves(table.table_id)
        assert len(made) == before + 1 and made[-1].seat == seat, (notation, result.response.content)


def message_of(response: Any) -> Any:
    return response.message if hasattr(response, "message") else response


def components(message: Any) -> list[dict[str, Any]]:
    """A message's components as plain data (a response holds dicts, a posted message objects)."""
    out = []
    for row in message_of(message).components:
        for c in row.get("components", []) if isinstance(row, dict) else row.children:
            out.append(c if isinstance(c, dict) else c.to_dict())
    return out


def options(response: Any) -> list[tuple[str, str]]:
    """The (label, value) of the select on a message."""
    select = next(c for c in components(response) if "options" in c)
    return [(o["label"], o["value"]) for o in select["options"]]


def calls(table: ManhattanTable) -> list[Any]:
    """The short messages that call a seat asked within a turn (no picture)."""
    history = table.thread.history()
    return [m for m in history if not m.attachments and "it's your move: https://" in m.content]


def pinged(env: Env, message: Any) -> list[int]:
    return list(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def labels(message: Any) -> list[str]:
    return [c["label"] for c in components(message) if "label" in c]


async def test_placing_a_worker_by_buttons_offers_only_legal_spaces_and_workers(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    board = table.boards()[-1]
    assert "Main board" in labels(board) and "My bombs" in labels(board)
    asked = await me.click(board, label="Main board")
    assert asked.ephemeral
    state = await table.state()
    legal = [m.notation for m in GAME.legal_moves(state, seat) if m.kind == "place"]
    assert len(legal) <= 25
    # Every legal placement fits in the select: each is offered whole, the bot's choice first.
    moves = [value.removeprefix("=") for _, value in options(asked.response)]
    assert sorted(moves) == sorted(legal) and moves[0] == GAME.bot_move(state, seat, "normal").notation
    # No scientist yet: the reactor and enrichment (scientist only) and bomb design are not offered.
    assert not {n.split()[1] for n in legal} & {"reactor", "enrich", "design", "mine3"}
    select = next(c for c in components(asked.response) if "options" in c)
    mine = next(o for o in select["options"] if o["value"] == "=place mine2 L")
    assert (mine["label"], mine["description"]) == ("Mine (middle) · 1 laborer", "3 uranium ore")
    # One tap places the laborer.
    await me.select(message_of(asked.response), ["=place mine2 L"])
    after = await table.state()
    assert after["spaces"]["mine2"]["seat"] == seat
    assert after["seats"][seat]["ore"] == state["seats"][seat]["ore"] + 3
    other = 1 - seat
    assert after["seats"][other]["ore"] == state["seats"][other]["ore"] + 1
    board = table.boards()[-1]
    assert "End turn" in labels(board)
    assert "places 1 laborer on Mine (middle)" in board.content


async def test_a_refused_move_is_explained_privately_and_changes_nothing(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    _, other = (1 - seat, await table.person_at(1 - seat))
    state = await table.state()
    refused = await me.slash(table.thread, "manhattan place", space="reactor", workers="L")
    assert refused.ephemeral and "can't go on Reactor" in refused.response.content
    out_of_turn = await other.slash(table.thread, "manhattan place", space="mine2", workers="L")
    assert out_of_turn.ephemeral
    early = await me.slash(table.thread, "manhattan end")
    assert early.ephemeral and "at least one worker" in early.response.content
    unknown = await me.slash(table.thread, "manhattan work", building="M03", workers="L")
    assert unknown.ephemeral
    assert await table.state() == state
    assert not await table.bot.store.moves(table.table_id)


async def test_autocomplete_offers_only_what_the_engine_accepts(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    state = await table.state()
    legal = list(GAME.legal_moves(state, seat))
    spaces = await me.autocomplete(table.thread, "manhattan place", "space", "")
    assert {c["value"] for c in spaces} == {m.args[0] for m in legal if m.kind == "place"}
    workers = await me.autocomplete(table.thread, "manhattan place", "workers", "", space="build")
    assert {c["value"] for c in workers} == {
        m.args[1] for m in legal if m.kind == "place" and m.args[0] == "build"
    }
    slots = await me.autocomplete(table.thread, "manhattan place", "choice", "", space="build", workers="L")
    assert {c["value"] for c in slots} == {
        m.args[2] for m in legal if m.kind == "place" and m.args[0] == "build"
    }
    assert all("Slot" in c["name"] for c in slots)


async def test_a_strike_then_a_repair_out_of_turn_reach_their_players(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    first, _ = await mover(table)
    await turn(table, "place build L 1", "done")
    card = (await table.state())["seats"][first]["buildings"][0]["card"]
    second, striker = await mover(table)
    # The air strike by buttons: the target, shooting down its fighter, then bombing its building.
    await turn(table, "place strike1 L")
    asked = await striker.click(table.boards()[-1], label="Air strike")
    assert [value for _, value in options(asked.response)] == [str(first)]
    kinds = await striker.select(message_of(asked.response), [str(first)])
    assert {value for _, value in options(kinds.response)} == {"fighter", "bomber"}, (
        "no raid while they have a fighter"
    )
    await striker.select(message_of(kinds.response), ["fighter"])
    # No fighter left to attack with, and they have one building: choosing them bombs it.
    asked = await striker.click(table.boards()[-1], label="Air strike")
    await striker.select(message_of(asked.response), [str(first)])
    state = await table.state()
    assert state["seats"][first]["buildings"][0]["damage"] == 1 and state["seats"][first]["fighters"] == 0
    await turn(table, "done")
    await turn(table, "place mine2 L", "done")
    # The striker repairs nothing of their own, but the repair space asks the damaged player.
    await turn(table, "place repair L")
    (waiting,) = GAME.to_act(await table.state())
    assert waiting == first
    victim = await table.person_at(first)
    board = table.boards()[-1]
    assert victim.mention in board.content and "Repair" in labels(board)
    (call,) = calls(table)
    assert pinged(simcord_env, call) == [victim.id], "asked out of turn: called, not a new picture"
    money = (await table.state())["seats"][first]["money"]
    asked = await victim.click(board, label="Repair")
    assert asked.ephemeral
    choices = options(asked.response)
    assert ("Repair nothing", "repair none") in choices
    await victim.select(message_of(asked.response), [f"repair {card}"])
    state = await table.state()
    assert state["seats"][first]["buildings"][0]["damage"] == 0
    assert state["seats"][first]["money"] == money - 2, "another player's first repair costs $2"
    assert GAME.to_act(state) == [second], "the striker goes on with the turn"
    assert table.boards()[-1].id == board.id, "the answer edited the striker's post"
    (call,) = calls(table)
    assert pinged(simcord_env, call) == [striker.id], "the answered call went; the striker is called back"


async def test_a_call_within_the_turn_speaks_the_tables_language(simcord_env: Env) -> None:
    """A Czech table calls the one seat asked with "jsi na tahu" ("ty"), linking the post."""
    table = await ManhattanTable.open(simcord_env, players=3, seed=6)
    host = table.people[0]
    changed = await host.slash(table.thread, "table language", language="cs")
    assert changed.response is not None
    for notations in (("place uni2 L", "done"), ("place mine2 L", "done"), ("place mine1 L", "done")):
        await turn(table, *notations)
    for notations in (("place uni3 L", "done"), ("place factory2 L", "done"), ("place air1 L", "done")):
        await turn(table, *notations)
    await turn(table, "place design E+S")
    _, me = await mover(table)
    await play(table, me, f"pick {(await table.state())['pending']['cards'][0]}")
    (asked,) = await table.awaited()
    person = await table.person_at(asked)
    (call,) = [
        m for m in table.thread.history() if not m.attachments and "jsi na tahu: https://" in m.content
    ]
    assert (
        call.content.startswith(f"{person.mention}, jsi na tahu: ")
        and table.boards()[-1].jump_url in call.content
    )


async def test_a_bomb_draft_goes_round_the_table_privately(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=6)
    designer, me = await mover(table)
    await turn(table, "place uni2 L", "done")
    await turn(table, "place mine2 L", "done")
    await turn(table, "place mine1 L", "done")
    await turn(table, "place uni3 L", "done")
    await turn(table, "place factory2 L", "done")
    await turn(table, "place air1 L", "done")
    state = await table.state()
    offer = list(state["offer"])
    assert len(offer) == 4
    await turn(table, "place design E+S")
    post, pictures = table.boards()[-1], len(table.boards())
    hands: dict[int, list[str]] = {}
    for _ in range(3):
        (seat,) = await table.awaited()
        person = await table.person_at(seat)
        board = table.boards()[-1]
        assert board.id == post.id and len(table.boards()) == pictures, "each pick edits the designer's post"
        assert person.mention in board.content and "Pick a bomb" in labels(board)
        if seat != designer:  # an edit notifies nobody: a short call does, without a picture
            (call,) = calls(table)
            assert person.mention in call.content and post.jump_url in call.content
            assert pinged(simcord_env, call) == [person.id]
        asked = await person.click(board, label="Pick a bomb")
        assert asked.ephemeral and asked.response.attachments, "the cards passed come as a private picture"
        picker = asked.followups[-1]
        assert picker.flags.ephemeral
        choice = options(picker)[0][1]
        await person.select(message_of(picker), [choice])
        hands[seat] = GAME.view(await table.state(), seat)["hand"]
    state = await table.state()
    assert len(table.boards()) == pictures, "the draft added no picture"
    (call,) = calls(table)  # each answered call went; the designer goes on with the turn
    assert me.mention in call.content and GAME.to_act(state) == [designer]
    await turn(table, "done")
    assert calls(table) == [], "the next turn's post answers the last call"
    assert len(state["seats"][designer]["hand"]) == 2, "the designer also gets the last card"
    assert sorted(c for h in (state["seats"][s]["hand"] for s in range(3)) for c in h) == sorted(offer)
    assert len(state["offer"]) == 4, "four new designs are laid out"
    # Nobody's pick ever shows in the thread: an onlooker sees no card that went into a hand.
    names = [bombs()[c].name["en"] for c in offer]
    for message in table.thread.history(viewer=table.outsider):
        for name in names:
            assert f"{name} (" not in message.content, message.content
    mine = await me.slash(table.thread, "manhattan bombs")
    assert mine.ephemeral and mine.response.attachments
    assert all(bombs()[c].name["en"] in mine.response.content for c in state["seats"][designer]["hand"])


async def test_after_a_restart_a_pick_still_calls_the_next_picker(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    """The bot's memory of the turn's post is gone: the pick posts the board anew, and it pings
    the seat asked next. (The call made before the restart stays: its id was in that memory.)"""
    table = await ManhattanTable.open(simcord_env, players=3, seed=6)
    for notations in (("place uni2 L", "done"), ("place mine2 L", "done"), ("place mine1 L", "done")):
        await turn(table, *notations)
    for notations in (("place uni3 L", "done"), ("place factory2 L", "done"), ("place air1 L", "done")):
        await turn(table, *notations)
    await turn(table, "place design E+S")
    designer, me = await mover(table)
    await play(table, me, f"pick {(await table.state())['pending']['cards'][0]}")
    (second,) = await table.awaited()
    await simcord_env.restart_bot(make_bot())
    picker = await table.person_at(second)
    await play(table, picker, f"pick {(await table.state())['pending']['cards'][0]}")
    (third,) = await table.awaited()
    post = table.boards()[-1]
    assert pinged(simcord_env, post) == [(await table.row()).user_at(third)], "the next picker is pinged"
    await play(table, await table.person_at(third), f"pick {(await table.state())['pending']['cards'][0]}")
    assert table.boards()[-1].id == post.id, "the post made after the restart is edited again"
    call = calls(table)[-1]
    assert pinged(simcord_env, call) == [me.id] and GAME.to_act(await table.state()) == [designer]


async def test_rules_come_privately_with_the_legend_in_the_readers_language(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    _, me = await mover(table)
    shown = await me.slash(table.thread, "manhattan rules")
    assert shown.ephemeral and shown.response.attachments[0].filename == "legend.png"
    assert "70 / 60 / 50 / 45" in str(shown.response.embeds[0].to_dict())
    user_locales[me.id] = "cs"
    czech = await me.slash(table.thread, "manhattan rules")
    text = str(czech.response.embeds[0].to_dict())
    assert "Projekt Manhattan" in text and "Hlavní deska" in text


async def test_the_board_pictures_are_described_without_any_hidden_card(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=3, seed=6)
    await turn(table, "place uni2 L", "done")
    await turn(table, "place mine2 L", "done")
    await turn(table, "place mine1 L", "done")
    await turn(table, "place uni3 L", "done")
    await turn(table, "place factory2 L", "done")
    await turn(table, "place air1 L", "done")
    await turn(table, "place design E+S")
    for _ in range(3):
        (seat,) = await table.awaited()
        state = await table.state()
        card = GAME.view(state, seat)["draft"][0]
        await play(table, await table.person_at(seat), f"pick {card}")
    state = await table.state()
    hidden = {c for row in state["seats"] for c in row["hand"]}
    board = table.boards()[-1]
    described = " ".join(a.description or "" for a in board.attachments)
    assert "Points (target 60)" in described and "Market:" in described
    for card in hidden:
        assert card not in described and bombs()[card].name["en"] not in described


async def test_undo_takes_a_placement_back_but_not_a_finished_turn(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    state = await table.state()
    await turn(table, "place mine2 L")
    took = await me.slash(table.thread, "undo")
    assert left_nothing(took), "the undo edited the turn's post and left no reply"
    assert "took back" in table.boards()[-1].content
    assert await table.state() == state
    await turn(table, "place mine2 L", "done")
    refused = await me.slash(table.thread, "undo")
    assert refused.ephemeral and "passed to the next player" in refused.response.content
    assert GAME.to_act(await table.state()) == [1 - seat]


async def test_a_picker_step_with_several_answers_still_asks(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    await turn(table, "place uni2 L", "done")
    await turn(table, "place mine2 L", "done")
    seat, me = await mover(table)
    asked = await me.click(table.boards()[-1], label="Main board")
    step = await me.select(message_of(asked.response), ["mine1"])
    assert {value for _, value in options(step.response)} == {"L", "E"}, "a laborer or the new engineer"
    assert "mine1" not in (await table.state())["spaces"], "nothing is played before the choice"
    await me.select(message_of(step.response), ["E"])
    assert (await table.state())["spaces"]["mine1"] == {"seat": seat, "workers": ["E"]}


async def test_a_building_with_two_yields_offers_both_in_words(simcord_env: Env) -> None:
    table = await ManhattanTable.open(simcord_env, players=2, seed=4)
    seat, me = await mover(table)
    state = await table.state()
    cards = buildings()
    slot = next(
        i + 1
        for i, card in enumerate(state["market"][:4])
        if card is not None and len(cards[card].outputs) == 2 and cards[card].need.kind == "any"
    )
    card = state["market"][slot - 1]
    await turn(table, f"place build L {slot}", "done")
    await turn(table, "place mine2 L", "done")
    offered = await me.autocomplete(table.thread, "manhattan work", "choice", "", building=card, workers="L")
    words = {c["value"]: c["name"] for c in offered}
    assert set(words) == {"1", "2"}
    for option, output in zip(("1", "2"), cards[card].outputs, strict=True):
        assert words[option] == f"Take {amounts_words(Tr('en'), output)}", words
    assert GAME.to_act(await table.state()) == [seat]
