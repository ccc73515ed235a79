"""Moonriser's last steps as a player meets them on Discord (issue 27): the last trades in one
step with a single warning before VP are left unconverted, the hand limit said on the board and
settled with one multi-select, pickers that speak in words, refusals that give the one true
reason, and a result that says why a lower score wins."""

from __future__ import annotations

import json
from typing import Any

from simcord import Env

from bot.i18n import Tr
from cogs.moonriser.labels import tile_name
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked_discards
from tests.bot.moonriser_table import MoonTable, first_select, play
from tests.bot.test_moonriser_discord import to_development


async def force(table: MoonTable, state: dict[str, Any]) -> Any:
    """Store ``state`` as the table's position (a test shortcut past many turns) and ask for the
    board, whose buttons then belong to that position."""
    async with table.bot.store._write() as conn:
        await conn.execute(
            "UPDATE game_tables SET state = ?, version = version + 1 WHERE id = ?",
            (json.dumps(state), table.table_id),
        )
    await table.people[0].slash(table.thread, "moonriser board")
    return table.boards()[-1]


def labels(message: Any) -> list[str]:
    """The board's button labels (its selects have none)."""
    return [b.label for row in message.components for b in row.children if hasattr(b, "label")]


def response_labels(response: Any) -> list[str]:
    """The button labels of an interaction's answer (its components as sent: plain dicts)."""
    return [b.get("label") for row in response.components for b in row.get("components", ())]


async def last_trades(
    simcord_env: Env, tokens: dict[str, int], hand: list[str]
) -> tuple[MoonTable, Any, int]:
    """A 2-seat table in the final trades: the other seat ended the game, ``me`` trades last."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    row = state["seats"][seat]
    row["tokens"] = {"blue": 0, "red": 0, "green": 0, "yellow": 0, **tokens}
    row["hand"] = hand
    state.update(phase="final", ending=True, active=None, last_round=state["round"])
    state["seats"][1 - seat]["final_done"] = True
    await force(table, state)
    return table, me, seat


async def test_the_last_trades_convert_everything_in_one_step_and_end_warns_once(simcord_env: Env) -> None:
    table, me, seat = await last_trades(simcord_env, {"green": 13, "red": 5}, ["B01", "B01", "B01", "B01"])
    board = table.boards()[-1]
    assert "Convert all to VP" in labels(board) and "End turn" in labels(board)
    before = await table.state()
    warned = await me.click(board, label="End turn")
    text = warned.response.content
    assert warned.ephemeral and "5 red + 13 green + 4 tiles from the hand" in text and "5 more VP" in text
    assert await table.state() == before  # only a warning
    await me.click(warned.response, label="Cancel")
    await me.click(table.boards()[-1], label="Convert all to VP")
    after = await table.state()
    assert after["seats"][seat]["tokens"] == {"blue": 0, "red": 1, "green": 1, "yellow": 5}
    assert after["seats"][seat]["hand"] == []
    assert "converts 4 red + 12 green + 4 tiles from the hand into 5 VP" in table.boards()[-1].content
    # nothing worth a warning is left: End ends the game at once
    await me.click(table.boards()[-1], label="End turn")
    assert (await table.state())["phase"] == "over"


async def test_the_last_trades_refuse_tokens_and_take_several_trades_at_once(simcord_env: Env) -> None:
    table, me, seat = await last_trades(simcord_env, {"green": 13}, [])
    refused = await me.slash(table.thread, "moonriser trade", give="green", get="red")
    assert refused.ephemeral and "buy victory points only" in refused.response.content
    await me.slash(table.thread, "moonriser trade", give="green", get="yellow", times=3)
    assert (await table.state())["seats"][seat]["tokens"]["yellow"] == 3


async def test_end_warns_in_czech_too(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table, me, _ = await last_trades(simcord_env, {"blue": 4}, [])
    user_locales[me.id] = "cs"
    warned = await me.slash(table.thread, "moonriser end")
    assert warned.ephemeral and "Ještě máš 4 modré" in warned.response.content


async def test_over_the_hand_limit_the_board_says_so_and_one_select_discards_the_excess(
    simcord_env: Env,
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    await play(table, me, "done")
    state = await table.state()
    state["seats"][seat]["hand"] = ["B01", "B02", "B03", "B04", "B05", "B06", "B07"]
    board = await force(table, state)
    shown = labels(board)
    assert "End turn" not in shown and "Discard 2 tiles (hand limit)" in shown
    picking = await me.click(board, label="Discard 2 tiles (hand limit)")
    assert picking.ephemeral and "choose the 2 tiles to discard" in picking.response.content
    suggested, tiles = (row["components"][0] for row in picking.response.components)
    ways = ranked_discards(await table.state(), seat, 25)
    assert [o["value"] for o in suggested["options"]] == [str(i) for i in range(len(ways))]
    assert (tiles["min_values"], tiles["max_values"]) == (2, 2), "any other two tiles below"
    await me.select(picking.response.message, ["1", "4"], custom_id=tiles["custom_id"])
    after = await table.state()
    assert sorted(after["seats"][seat]["hand"]) == ["B01", "B03", "B04", "B06", "B07"]
    assert "End turn" in labels(table.boards()[-1])


async def test_the_suggested_discards_are_the_bots_own_in_one_choice(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    await play(table, me, "done")
    state = await table.state()
    state["seats"][seat]["hand"] = ["B01", "B02", "B03", "B04", "B05", "B06", "B07"]
    board = await force(table, state)
    state = await table.state()
    bot: list[str] = []
    after = state
    while len(bot) < 2:  # the bot discards a tile at a time
        move = GAME.bot_move(after, seat, "normal")
        bot += move.args
        after, _ = GAME.apply(after, seat, move.notation)
    picking = await me.click(board, label="Discard 2 tiles (hand limit)")
    suggested = picking.response.components[0]["components"][0]
    assert ranked_discards(state, seat, 25)[0] == tuple(sorted(bot[:2]))
    await me.select(picking.response.message, ["0"], custom_id=suggested["custom_id"])
    kept = sorted(t for t in state["seats"][seat]["hand"] if t not in bot[:2])
    assert sorted((await table.state())["seats"][seat]["hand"]) == kept


async def test_the_place_picker_says_what_was_chosen_in_words(simcord_env: Env) -> None:
    """Choosing a tile goes straight to its preview (the suggested field and rotation): what the
    player reads on the way names the tile and the field in words, never "B01@supply · C · C10"."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, _, _, source = move.args
    shown = await me.click(table.boards()[-1], label="Place a tile")
    prompts = [shown.response.content]
    preview = (
        await me.select(shown.response, [f"{tile}@{source}"], custom_id=first_select(shown.response))
    ).response
    prompts.append(preview.content)
    assert all("@" not in p and " · " not in p for p in prompts), prompts
    name = tile_name(Tr("en"), state, tile)
    assert f"{name} on **" in prompts[1], prompts[1]


async def test_refusals_name_the_one_true_reason(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    (seat,) = await table.awaited()
    placing = await table.person_at(seat)
    nowhere = await placing.slash(table.thread, "moonriser base", field="Z99")
    assert nowhere.ephemeral and "There is no field Z99" in nowhere.response.content
    seat, me = await to_development(table)
    await play(table, me, "done")
    hand = GAME.view(await table.state(), seat)["hand"]
    two = await me.slash(table.thread, "moonriser sell", tiles=" ".join(hand[:2]), get="blue")
    assert two.ephemeral and "Sell exactly 4 tiles from your hand at once, not 2" in two.response.content
    unknown = await me.slash(table.thread, "moonriser discard", tile="B99")
    assert unknown.ephemeral and "There is no tile B99" in unknown.response.content
    swap = await me.slash(table.thread, "moonriser swap", get="blue", give="red")
    assert swap.ephemeral and "None of your tiles has a 1:2 trade into blue" in swap.response.content


async def test_the_result_says_why_a_lower_score_wins(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    state["seats"][seat]["tokens"]["yellow"] = 9
    await force(table, state)
    asked = await me.slash(table.thread, "moonriser resign")
    await me.click(asked.response, label="Confirm")
    final = table.boards()[-1].content
    assert f"1. alice: 0 points\n2. {me.name}: 9 points" in final
    assert f"**{me.name}** resigned and takes the last place, whatever the score" in final


async def test_the_rules_say_the_tiles_are_reconstructed_and_name_the_round_stop(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    english = (await table.people[0].slash(table.thread, "moonriser rules")).response.embeds[0]
    scoring = english.fields[0].value
    assert "reconstruction" in scoring and "30" in scoring and "victory points only" in scoring
    user_locales[table.people[1].id] = "cs"
    czech = (await table.people[1].slash(table.thread, "moonriser rules")).response.embeds[0]
    assert "rekonstrukce" in czech.fields[0].value and "30" in czech.fields[0].value


async def test_the_trade_picker_of_the_last_trades_says_so(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    """The others' last trades are no Phase III: the picker says they buy VP only, at 4 for 1."""
    table, me, _ = await last_trades(simcord_env, {"green": 8}, [])
    shown = await me.click(table.boards()[-1], label="Trade")
    assert shown.ephemeral and "Phase III" not in shown.response.content
    assert "last trades" in shown.response.content and "victory points only" in shown.response.content
    user_locales[me.id] = "cs"
    czech = await me.click(table.boards()[-1], label="Trade")
    assert "Fáze III" not in czech.response.content and "Poslední obchody" in czech.response.content


async def test_end_warning_offers_convert_all_and_end_turn_the_same_moves_as_the_long_way(
    simcord_env: Env,
) -> None:
    """At the last trades End's warning offers **Convert all and end turn** beside Confirm, so
    the player need not go back to the board: one tap stores ``convert`` then ``end``, the very
    moves (and position) of the board's Convert all to VP followed by End."""
    table, me, seat = await last_trades(simcord_env, {"green": 13, "red": 5}, ["B01", "B01", "B01", "B01"])
    before = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    warned = await me.click(table.boards()[-1], label="End turn")
    assert response_labels(warned.response) == ["Confirm", "Convert all and end turn", "Cancel"]
    assert "**Convert all and end turn** converts it all and ends your turn" in warned.response.content
    await me.click(warned.response, label="Convert all and end turn")
    moves = await table.bot.store.moves(table.table_id)
    assert [(m.seat, m.notation) for m in moves[logged:]] == [(seat, "convert"), (seat, "end")]
    long_way = GAME.apply(GAME.apply(before, seat, "convert")[0], seat, "end")[0]
    after = await table.state()
    assert after == long_way and after["phase"] == "over"
    assert after["seats"][seat]["tokens"]["yellow"] == 5
    assert "converts 4 red + 12 green + 4 tiles from the hand into 5 VP" in "\n".join(
        m.content for m in table.boards()[-2:]
    )


async def test_end_warning_offers_convert_all_and_end_turn_in_czech(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table, me, seat = await last_trades(simcord_env, {"blue": 4}, [])
    user_locales[me.id] = "cs"
    warned = await me.slash(table.thread, "moonriser end")
    assert "Vše směnit na VB a ukončit tah" in response_labels(warned.response)
    assert "ukončí tvůj tah jedním klepnutím" in warned.response.content
    await me.click(warned.response, label="Vše směnit na VB a ukončit tah")
    after = await table.state()
    assert after["phase"] == "over" and after["seats"][seat]["tokens"]["blue"] == 0
