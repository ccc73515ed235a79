"""Selling 4 hand tiles by taps: the board's sell select names what the sale buys, a private
picker names the tiles (the tiles you need least first), and the move stored is the one
``/moonriser sell`` stores. The hand never shows on the public board or in the thread."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from itertools import combinations
from typing import Any

from simcord import Env

from bench.moonriser_tapping import tap_move
from bot.client import GameBot
from bot.i18n import Tr
from bot.picker import paths
from cogs.moonriser.board_selects import board_selects
from cogs.moonriser.labels import tile_name
from cogs.moonriser.pickers import PICKERS
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked_sells
from engine.moonriser.trading import swaps_left
from tests.bot.hidden_scan import on_show, public_words
from tests.bot.marsbot_table import components
from tests.bot.moonriser_table import MoonTable, play
from tests.bot.test_moonriser_board_selects import board_select
from tests.bot.test_moonriser_discord import to_development
from tests.bot.test_moonriser_endgame import force


async def holding(simcord_env: Env, count: int) -> tuple[MoonTable, Any, int]:
    """A 2-seat table in the first player's Phase III, its hand ``count`` tiles off the Basic
    pile whose ids show nowhere on the board (so a leak is told from a tile on show)."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    await play(table, me, "done")
    state = await table.state()
    assert state["phase"] == "trade" and GAME.to_act(state) == [seat]
    public = json.dumps(GAME.view(state, None))
    pile = state["piles"]["basic"]
    hand = [t for t in pile if not re.search(rf"\b{t}\b", public)][:count]
    for tile in hand:
        pile.remove(tile)
    state["seats"][seat]["hand"] = hand
    await force(table, state)
    return table, me, seat


def stored(moves: list[Any], since: int) -> list[str]:
    return [m.notation for m in moves[since:]]


def hidden_ids(state: dict[str, Any], tiles: list[str]) -> list[str]:
    shown = on_show("moonriser", state)
    return [t for t in tiles if t not in shown]


async def test_four_tiles_are_sold_in_two_taps_as_the_typed_command_stores_them(simcord_env: Env) -> None:
    table, me, seat = await holding(simcord_env, 5)
    before = await table.state()
    hand = list(before["seats"][seat]["hand"])
    board = table.boards()[-1]
    select = board_select(board, "sell")
    assert select["placeholder"] == "Sell 4 tiles from your hand for…"
    assert [(o["label"], o["value"]) for o in select["options"]] == [
        ("Sell 4 tiles for 1 blue", "blue"),
        ("Sell 4 tiles for 1 red", "red"),
        ("Sell 4 tiles for 1 green", "green"),
        ("Sell 4 tiles for 1 VP", "yellow"),
    ]
    logged = len(await table.bot.store.moves(table.table_id))
    opened = await me.select(board, ["green"], custom_id=select["custom_id"])  # tap 1
    assert opened.ephemeral
    assert opened.response.content == "You hold 5 tiles. Which 4 do you sell for 1 green?"
    first, ending = [c for c in components(opened.response) if "options" in c]
    ways = ranked_sells(before, seat)
    assert set(ways) == set(combinations(sorted(hand), 4)), "a tile held twice is one way, not two"
    assert len(first["options"]) == len(ways), "every way to sell 4 of 5 in one select"
    assert first["placeholder"] == "Choose 4 tiles to sell"
    assert all(f"({t})" in first["options"][0]["label"] for t in ways[0])
    assert ending["placeholder"] == "Or sell and end your turn"
    await me.select(opened.response, ["0"], custom_id=first["custom_id"])  # tap 2
    sold = " ".join(["sell", *ways[0], "green"])
    moves = await table.bot.store.moves(table.table_id)
    assert stored(moves, logged) == [sold]
    after = await table.state()
    assert after["seats"][seat]["tokens"]["green"] == before["seats"][seat]["tokens"]["green"] + 1
    assert after["seats"][seat]["hand"] == [t for t in hand if t not in ways[0]]

    typed_table, typer, typed_seat = await holding(simcord_env, 5)
    typed_before = await typed_table.state()
    assert typed_before["seats"][typed_seat]["hand"] == hand
    typed_logged = len(await typed_table.bot.store.moves(typed_table.table_id))
    shuffled = " ".join(reversed(ways[0])).lower()
    await typer.slash(typed_table.thread, "moonriser sell", tiles=shuffled, get="green")
    typed = await typed_table.bot.store.moves(typed_table.table_id)
    assert stored(typed, typed_logged) == [sold], "the same move as typing /moonriser sell"
    assert (await typed_table.state())["seats"][typed_seat] == after["seats"][seat]


async def test_selling_and_ending_the_turn_is_one_tap_of_the_long_ways_moves(simcord_env: Env) -> None:
    table, me, seat = await holding(simcord_env, 6)
    before = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    board = table.boards()[-1]
    opened = (await me.select(board, ["yellow"], custom_id=board_select(board, "sell")["custom_id"])).response
    _, ending = [c for c in components(opened) if "options" in c]
    await me.select(opened, ["1"], custom_id=ending["custom_id"])
    way = ranked_sells(before, seat)[1]
    made = stored(await table.bot.store.moves(table.table_id), logged)
    assert made == [" ".join(["sell", *way, "yellow"]), "end"]
    expected = copy.deepcopy(before)
    for notation in made:
        expected, _ = GAME.apply(expected, seat, notation)
    assert await table.state() == expected


async def test_a_big_hand_offers_the_least_needed_tiles_first_and_any_4_of_the_hand(simcord_env: Env) -> None:
    table, me, seat = await holding(simcord_env, 10)
    before = await table.state()
    hand = list(before["seats"][seat]["hand"])
    board = table.boards()[-1]
    opened = (await me.select(board, ["red"], custom_id=board_select(board, "sell")["custom_id"])).response
    selects = [c for c in components(opened) if "options" in c]
    assert len(selects) == 2, "over the hand limit after selling: no ending the turn in the same tap"
    best, tiles = selects
    assert best["placeholder"] == "The tiles you need least (or choose 4 below)"
    assert len(best["options"]) == 25
    assert (tiles["min_values"], tiles["max_values"], len(tiles["options"])) == (4, 4, 10)
    logged = len(await table.bot.store.moves(table.table_id))
    await me.select(opened, ["8", "0", "5", "3"], custom_id=tiles["custom_id"])
    chosen = sorted(hand[i] for i in (8, 0, 5, 3))
    assert stored(await table.bot.store.moves(table.table_id), logged) == [" ".join(["sell", *chosen, "red"])]


async def test_a_player_not_on_turn_or_a_stale_picker_is_refused_privately_and_nothing_changes(
    simcord_env: Env,
) -> None:
    table, me, seat = await holding(simcord_env, 5)
    other = await table.person_at(1 - seat)
    board = table.boards()[-1]
    select = board_select(board, "sell")
    before = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))

    refused = await other.select(board, ["blue"], custom_id=select["custom_id"])
    assert refused.ephemeral and refused.response.content.startswith("It's not your turn")
    refused = await table.outsider.select(board, ["blue"], custom_id=select["custom_id"])
    assert refused.ephemeral

    opened = (await me.select(board, ["blue"], custom_id=select["custom_id"])).response
    first = next(c for c in components(opened) if "options" in c)
    before["seats"][seat]["tokens"]["green"] += 4  # the board moves on (another tap, a command)
    await force(table, before)
    moved = await table.state()
    stale = await me.select(opened, ["0"], custom_id=first["custom_id"])
    assert stale.ephemeral and "The board has changed" in stale.response.content
    assert await table.state() == moved
    assert len(await table.bot.store.moves(table.table_id)) == logged


async def test_the_hand_shows_only_privately_before_and_after_a_sale(simcord_env: Env) -> None:
    table, me, seat = await holding(simcord_env, 5)
    state = await table.state()
    hand = list(state["seats"][seat]["hand"])
    secret = hidden_ids(state, hand)
    assert len(secret) == 5
    board = table.boards()[-1]
    opened = await me.select(board, ["blue"], custom_id=board_select(board, "sell")["custom_id"])
    assert opened.ephemeral and all(t in json.dumps(components(opened.response)) for t in secret)
    first = next(c for c in components(opened.response) if "options" in c)
    await me.select(opened.response, ["0"], custom_id=first["custom_id"])
    assert (await table.state())["seats"][seat]["hand"] != hand, "sold"
    words = public_words(table.thread)
    assert "trades 4 tiles from the hand for 1 blue" in words
    leaked = [t for t in secret if re.search(rf"\b{t}\b", words)]
    assert not leaked, leaked
    names = {str(tile_name(Tr("en"), state, t)) for t in secret}
    shown = {str(tile_name(Tr("en"), state, t)) for t in state["supply"]}
    assert not [n for n in names - shown if n in words]


async def test_the_sale_speaks_czech_to_a_czech_player(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table, me, _ = await holding(simcord_env, 5)
    user_locales[me.id] = "cs"
    board = table.boards()[-1]  # the board speaks the server's language, the picker the player's
    opened = (await me.select(board, ["blue"], custom_id=board_select(board, "sell")["custom_id"])).response
    assert opened.content == "Dílky v ruce: 5. Které 4 vyměníš za 1 modrý?"
    first, ending = [c for c in components(opened) if "options" in c]
    assert first["placeholder"] == "Vyber 4 dílky, které vyměníš"
    assert ending["placeholder"] == "Nebo vyměň dílky a ukonči tah"


async def test_a_sell_picker_shown_before_a_restart_answers_with_a_fresh_one(
    simcord_env: Env, make_bot: Callable[[], GameBot]
) -> None:
    table, me, seat = await holding(simcord_env, 5)
    board = table.boards()[-1]
    opened = (await me.select(board, ["red"], custom_id=board_select(board, "sell")["custom_id"])).response
    state = await table.state()
    await simcord_env.restart_bot(make_bot())
    first = next(c for c in components(opened) if "options" in c)
    late = await me.select(opened, ["0"], custom_id=first["custom_id"])
    assert late.response.content.startswith("This picker has expired")
    assert "Which 4 do you sell for 1 red?" in late.response.content
    assert await table.state() == state, "the fresh picker is shown, nothing sold"
    fresh = next(c for c in components(late.response) if "options" in c)
    logged = len(await table.bot.store.moves(table.table_id))
    await me.select(late.response, ["0"], custom_id=fresh["custom_id"])
    way = ranked_sells(state, seat)[0]
    assert stored(await table.bot.store.moves(table.table_id), logged) == [" ".join(["sell", *way, "red"])]


async def test_the_taps_bench_sells_in_two_taps_and_any_4_of_a_big_hand_in_five(simcord_env: Env) -> None:
    table, me, seat = await holding(simcord_env, 5)
    state = await table.state()
    way = " ".join(["sell", *ranked_sells(state, seat)[-1], "blue"])
    board = lambda: table.boards()[-1]  # noqa: E731
    assert await tap_move(me, table.thread, board, state, seat, way, ("end",)) == 2
    made = stored(await table.bot.store.moves(table.table_id), 0)
    assert made[-2:] == [way, "end"]

    big, person, big_seat = await holding(simcord_env, 10)
    state = await big.state()
    listed = set(ranked_sells(state, big_seat, 25))
    other = next(c for c in combinations(sorted(state["seats"][big_seat]["hand"]), 4) if c not in listed)
    notation = " ".join(["sell", *other, "green"])
    taps = await tap_move(person, big.thread, lambda: big.boards()[-1], state, big_seat, notation)
    assert taps == 5, "the sell select, then 4 tiles of the hand"
    assert stored(await big.bot.store.moves(big.table_id), 0)[-1] == notation


def test_the_public_trade_selects_never_name_hand_tiles_the_private_trade_picker_does() -> None:
    """Seed 2: a seat with a 1:2 trade symbol and tiles in hand. Paying it with 2 tiles names
    them (``swap red A04 B06``): the board's trade selects leave it to the Trade picker."""
    state = GAME.new(4, {}, seed=2)
    while True:
        seat = GAME.to_act(state)[0]
        hand = state["seats"][seat]["hand"]
        if state["phase"] == "trade" and any(swaps_left(state, seat).values()) and len(hand) >= 2:
            break
        state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, "normal"))
    private = set(paths(PICKERS, PICKERS.specs["trade"], state, seat).values())
    assert any(v.startswith("swap") and set(v.split()[2:]) <= set(hand) for v in private)
    public = json.dumps([[o.to_dict() for o in s.item.options] for s in board_selects(1, 1, state, Tr("en"))])
    assert [s.action for s in board_selects(1, 1, state, Tr("en"))][:2] == ["trade", "tradethen"]
    assert not [t for t in hand if re.search(rf"\b{t}\b", public)]
