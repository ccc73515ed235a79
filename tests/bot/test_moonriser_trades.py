"""Issue 27: several identical trades are one choice. The Trade picker offers, for each give →
get pair, every amount the player can afford ("Give 12 green, get 3 VP · 3 trades at once"),
so trading away a surplus is two taps (Trade, then the amount) and lands as one move."""

from __future__ import annotations

from typing import Any

from simcord import Env

from bench.moonriser_taps import trade_run
from cogs.moonriser.pickers import trade_multiples
from engine.moonriser.game import GAME
from engine.moonriser.trading import rates, trade_moves
from tests.bot.moonriser_table import MoonTable, play
from tests.bot.test_manhattan_discord import components
from tests.bot.test_moonriser_discord import to_development
from tests.bot.test_moonriser_endgame import force


async def in_trade_phase(simcord_env: Env, tokens: dict[str, int]) -> tuple[MoonTable, Any, int]:
    """A 2-seat table in the first player's Phase III, holding ``tokens`` (and no trade advantage)."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    await play(table, me, "done")
    state = await table.state()
    assert state["phase"] == "trade" and set(rates(state, seat).values()) == {4}
    state["seats"][seat]["tokens"] = {"blue": 0, "red": 0, "green": 0, "yellow": 0, **tokens}
    await force(table, state)
    return table, me, seat


def select_ids(message: Any) -> list[str]:
    """The custom ids of a message's selects, top to bottom."""
    return [c["custom_id"] for c in components(message) if "options" in c]


def select_options(message: Any) -> list[dict[str, Any]]:
    return next(c for c in components(message) if "options" in c)["options"]


async def test_three_trades_at_once_are_two_taps_and_one_move(simcord_env: Env) -> None:
    table, me, seat = await in_trade_phase(simcord_env, {"green": 13, "red": 1})
    moves = len(await table.bot.store.moves(table.table_id))
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    shown = {o["value"]: o for o in select_options(opened)}
    assert shown["trade green yellow 3"]["label"] == "Give 12 green, get 3 VP"
    assert shown["trade green yellow 3"]["description"] == "3 trades at once"
    assert shown["trade green yellow 2"]["label"] == "Give 8 green, get 2 VP"
    assert shown["trade green yellow"]["label"] == "Give 4 green, get 1 VP"
    assert "trade green yellow 4" not in shown and "trade red yellow" not in shown  # only what you can pay
    values = list(shown)  # each pair's amounts together, smallest first
    assert values.index("trade green yellow") + 1 == values.index("trade green yellow 2")
    # tap 2 in the picker's first select (the second also ends the turn): the trades are made
    await me.select(opened, ["trade green yellow 3"], custom_id=select_ids(opened)[0])
    made = await table.bot.store.moves(table.table_id)
    assert len(made) == moves + 1 and made[-1].notation == "trade green yellow 3"
    assert (await table.state())["seats"][seat]["tokens"] == {"blue": 0, "red": 1, "green": 1, "yellow": 3}


async def test_the_amounts_are_counted_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table, me, _ = await in_trade_phase(simcord_env, {"green": 20})
    user_locales[me.id] = "cs"
    # the board speaks the server's language, the picker the player's
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    described = {o["value"]: o.get("description") for o in select_options(opened)}
    assert described["trade green yellow 2"] == "2 výměny najednou"
    assert described["trade green yellow 4"] == "4 výměny najednou"
    assert described["trade green yellow 5"] == "5 výměn najednou"
    assert described["trade green yellow"] is None


def test_within_25_options_come_the_single_trades_then_small_amounts_and_everything_into_vp() -> None:
    """Rich in every colour: the 9 single trades, 2 of each pair, everything of a colour into VP,
    then 3 of the first pairs: Discord's 25 options."""
    state = GAME.new(2, {}, seed=3)
    state["phase"] = "trade"
    state["seats"][0]["tokens"] = {"blue": 40, "red": 40, "green": 40, "yellow": 0}
    legal = trade_moves(state, 0)
    assert len(legal) == 9
    more = trade_multiples(state, 0, legal)
    assert len(legal) + len(more) == 25
    assert [m.args[2] for m in more] == ["2"] * 9 + ["10"] * 3 + ["3"] * 4
    assert {m.args[1] for m in more if m.args[2] == "10"} == {"yellow"}


def test_the_bench_makes_the_bots_trades_of_a_turn_as_one_per_pair_and_reaches_its_state() -> None:
    """``bench.moonriser_taps``: the bot trades one at a time (blue, green, blue into red); a
    person makes each pair's trades at once, and the position after them is the bot's (seed 11 with
    tiles v2: the first seat in round 9)."""
    trader = 0
    state = GAME.new(4, {}, seed=11)
    while not (state["round"] == 9 and state["phase"] == "trade" and GAME.to_act(state) == [trader]):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, "normal"))
    bot = []
    after = state
    while (move := GAME.bot_move(after, trader, "normal").notation).startswith("trade"):
        bot.append(move)
        after, _ = GAME.apply(after, trader, move)
    assert bot == ["trade blue red", "trade green red", "trade blue red"]
    made, expected = trade_run(state, trader, bot[0])
    assert made == ["trade blue red 2", "trade green red"] and expected == after
    assert trade_run(state, trader, bot[0], grouped=False)[0] == bot
    for move in made:
        state, _ = GAME.apply(state, trader, move)
    assert state == after
