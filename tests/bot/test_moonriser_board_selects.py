"""Issue 34: a Moonriser turn's decisions are one tap each. The board's selects play exactly the
moves of the long way (button, picker, then each following button), in order; Undo takes the
moves of one tap back as one step; the Place picker offers the best whole placements first."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from simcord import Env

from cogs.moonriser.placing import ends_quietly
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked_offer
from tests.bot.marsbot_table import components
from tests.bot.moonriser_table import MoonTable, play
from tests.bot.test_moonriser_discord import to_development
from tests.bot.test_moonriser_endgame import force


def board_select(message: Any, action: str) -> dict[str, Any]:
    return next(c for c in components(message) if "options" in c and c["custom_id"].split(":")[-1] == action)


async def to_planning(table: MoonTable) -> tuple[int, Any]:
    while (await table.state())["phase"] in ("base", "setup_keep"):
        for seat in await table.awaited():
            state = await table.state()
            await play(table, await table.person_at(seat), GAME.bot_move(state, seat, "normal").notation)
    (seat,) = await table.awaited()
    return seat, await table.person_at(seat)


async def test_upgrading_without_planning_to_the_end_of_the_turn_is_one_tap_of_the_long_ways_moves(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_planning(table)
    state = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    board = table.boards()[-1]
    select = board_select(board, "planupgradeend")
    field = select["options"][0]["value"]
    await me.select(board, [field], custom_id=select["custom_id"])
    long_way = ["plan 0", f"upgrade {field}", "done", "end"]
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == long_way
    expected = copy.deepcopy(state)
    for notation in long_way:
        expected, _ = GAME.apply(expected, seat, notation)
    assert await table.state() == expected


async def test_upgrade_and_produce_on_the_board_is_undone_in_one_step(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_development(table)
    state = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    board = table.boards()[-1]
    select = board_select(board, "upgradethen")
    field = select["options"][0]["value"]
    await me.select(board, [field], custom_id=select["custom_id"])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == [f"upgrade {field}", "done"]
    await me.slash(table.thread, "undo")
    assert await table.state() == state
    assert len(await table.bot.store.moves(table.table_id)) == logged


async def test_the_place_picker_offers_the_bots_placement_first_and_confirm_builds_it(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    opened = (await me.click(table.boards()[-1], label="Place a tile")).response
    options = next(c["options"] for c in components(opened) if "options" in c)
    whole = [o["value"] for o in options if "@" not in o["value"]]
    assert whole and whole == [p.notation for p in ranked_offer(state, seat, len(whole))]
    assert options[: len(whole)] == [o for o in options if "@" not in o["value"]], "whole moves first"
    advice = GAME.bot_move(state, seat, "normal")
    if advice.kind == "place":
        assert options[0]["value"] == advice.notation
    assert any("@" in o["value"] for o in options), "the tiles follow for any other placement"
    first = next(c["custom_id"] for c in components(opened) if "options" in c)
    preview = (await me.select(opened, [options[0]["value"]], custom_id=first)).response
    assert preview.attachments[0].filename == "preview.png"
    await me.click(preview, label="Confirm")
    assert (await table.bot.store.moves(table.table_id))[-1].notation == options[0]["value"]


async def test_placing_at_once_and_producing_is_one_tap_of_the_long_ways_moves_undone_in_one_step(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    opened = (await me.click(table.boards()[-1], label="Place a tile")).response
    first, also, *_ = [c for c in components(opened) if "options" in c]
    assert also["placeholder"] == "Or place at once and produce (no preview)"
    whole = [o["value"] for o in first["options"] if "@" not in o["value"]]
    assert [o["value"] for o in also["options"]] == whole, "the whole placements, not the tiles"
    from_hand = next(v for v in whole if v.endswith(" hand"))  # a supply tile's refill is not undone
    await me.select(opened, [from_hand], custom_id=also["custom_id"])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == [from_hand, "done"]
    expected = copy.deepcopy(state)
    for notation in made:
        expected, _ = GAME.apply(expected, seat, notation)
    assert await table.state() == expected
    undone = await me.slash(table.thread, "undo")
    assert await table.state() == state, undone.response.content
    assert len(await table.bot.store.moves(table.table_id)) == logged


async def test_placing_at_once_producing_and_ending_the_turn_is_one_tap_of_the_long_ways_moves(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    opened = (await me.click(table.boards()[-1], label="Place a tile")).response
    _, also, ending = [c for c in components(opened) if "options" in c]
    assert ending["placeholder"] == "Or place at once, produce and end your turn"
    offered = [o["value"] for o in ending["options"]]
    assert offered and set(offered) <= {o["value"] for o in also["options"]}
    assert all(ends_quietly(state, seat, notation) for notation in offered)
    from_hand = next(v for v in offered if v.endswith(" hand"))  # a supply tile's refill is not undone
    await me.select(opened, [from_hand], custom_id=ending["custom_id"])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == [from_hand, "done", "end"]
    expected = copy.deepcopy(state)
    for notation in made:
        expected, _ = GAME.apply(expected, seat, notation)
    assert await table.state() == expected
    undone = await me.slash(table.thread, "undo")  # as after End turn: an ended turn stands
    assert undone.response.content == "Your turn has ended, so its moves can no longer be taken back."
    assert await table.state() == expected


@pytest.mark.parametrize("seed", [3, 10])  # seed 10: placing is next; seed 3: it is not
async def test_after_a_placement_confirmed_alone_the_place_picker_opens_when_placing_is_next(
    simcord_env: Env, seed: int
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=seed)
    seat, me = await to_development(table)
    logged = len(await table.bot.store.moves(table.table_id))
    opened = (await me.click(table.boards()[-1], label="Place a tile")).response
    first = next(c for c in components(opened) if "options" in c)
    whole = next(o["value"] for o in first["options"] if "@" not in o["value"])
    preview = (await me.select(opened, [whole], custom_id=first["custom_id"])).response
    confirmed = await me.click(preview, label="Confirm")
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == [whole], "Confirm stores the placement alone"
    after = await table.state()
    shown = [
        c["custom_id"]
        for m in confirmed.followups
        if m.ephemeral
        for c in components(m)
        if "options" in c and c["custom_id"].startswith("mrp:")
    ]
    placing = GAME.bot_move(after, seat, "normal").kind == "place"
    assert bool(shown) == placing and all(i.split(":")[3] == "place" for i in shown)
    assert placing == (seed == 10)


async def test_the_bots_trades_are_one_choice_that_stores_each_trade_in_order(simcord_env: Env) -> None:
    """Seed 11, round 9: the bot trades blue, green, blue into red one at a time; the board's
    "Suggested" trade makes them all (and "… and end your turn" then ends), the moves of making
    each trade in turn."""
    trader = 0
    state = GAME.new(4, {}, seed=11)
    while not (state["round"] == 9 and state["phase"] == "trade" and GAME.to_act(state) == [trader]):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, "normal"))
    table = await MoonTable.open(simcord_env, players=4, seed=11)
    board = await force(table, state)
    me = await table.person_at(trader)
    logged = len(await table.bot.store.moves(table.table_id))
    select = board_select(board, "tradethen")
    assert select["options"][0]["value"] == "suggested"
    assert select["options"][0]["label"].startswith("Suggested: give ")
    await me.select(board, ["suggested"], custom_id=select["custom_id"])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == ["trade blue red", "trade green red", "trade blue red", "end"]
