"""Issue 27, measured (taps per turn, median <= 6): the shortcuts that end a turn in the tap that
makes its last move, and the Trade picker's amounts of the trade a turn most often wants. Each
stores the same engine moves as the long way; the placement preview's **Confirm, produce and end
turn** (``place …``, ``done``, ``end``) for a turn without trades, the board's **Convert all and
end turn** (``convert``, ``end``) at the end of the game, the Upgrade picker's "Or upgrade a
tile and produce" (``upgrade …``, ``done``), and every amount of the surplus traded into the
scarcest colour ("Give 24 green, get 6 red") as one choice."""

from __future__ import annotations

from simcord import Env

from bench.moonriser_tapping import _labels
from engine.moonriser.game import GAME
from tests.bot.harness import moved
from tests.bot.moonriser_table import MoonTable
from tests.bot.test_manhattan_discord import components
from tests.bot.test_moonriser_discord import to_development
from tests.bot.test_moonriser_endgame import force, last_trades
from tests.bot.test_moonriser_shortcuts import _previewed
from tests.bot.test_moonriser_trades import in_trade_phase, select_ids, select_options

PRODUCE_AND_END = "Confirm, produce and end turn"


async def test_confirm_produce_and_end_turn_passes_the_turn_in_one_tap(simcord_env: Env) -> None:
    """Place → tile → "Confirm, produce and end turn": 3 taps for a turn's Phase II and III."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    before = len(await table.bot.store.moves(table.table_id))
    preview, suggested = await _previewed(table, me, seat)
    assert _labels(preview)[-4:] == ["Confirm", "Confirm and produce", PRODUCE_AND_END, "Cancel"]
    clicked = await me.click(preview, label=PRODUCE_AND_END)
    assert moved(clicked)
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == [suggested, "done", "end"]
    expected = state
    for move in made:
        expected, _ = GAME.apply(expected, seat, move)
    after = await table.state()
    assert after["seats"][seat] == expected["seats"][seat]
    assert after["active"] != seat and await table.awaited() == [1 - seat]


async def test_confirm_produce_and_end_turn_is_not_offered_over_the_hand_limit(simcord_env: Env) -> None:
    """Seven tiles in hand: after production the turn cannot end before a discard, so the preview
    offers Confirm and Confirm and produce only."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    state["seats"][seat]["hand"] = ["B01"] * 7
    await force(table, state)
    preview, _ = await _previewed(table, me, seat)
    assert "Confirm and produce" in _labels(preview)
    assert PRODUCE_AND_END not in _labels(preview)


async def test_confirm_produce_and_end_turn_reads_in_czech(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    user_locales[me.id] = "cs"
    preview, suggested = await _previewed(table, me, seat)
    assert "Potvrdit, produkovat a ukončit tah" in _labels(preview)
    await me.click(preview, label="Potvrdit, produkovat a ukončit tah")
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[-3:]]
    assert made == [suggested, "done", "end"]


async def test_convert_all_and_end_turn_finishes_the_last_trades_in_one_tap(simcord_env: Env) -> None:
    table, me, seat = await last_trades(simcord_env, {"green": 13, "red": 5}, ["B01"] * 4)
    board = table.boards()[-1]
    assert "Convert all to VP" in _labels(board) and "Convert all and end turn" in _labels(board)
    before = len(await table.bot.store.moves(table.table_id))
    clicked = await me.click(board, label="Convert all and end turn")
    assert moved(clicked)
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == ["convert", "end"]
    after = await table.state()
    assert after["seats"][seat]["tokens"] == {"blue": 0, "red": 1, "green": 1, "yellow": 5}
    assert after["phase"] == "over"  # the other seat had already ended: the game is over


async def test_convert_all_and_end_turn_reads_in_czech(simcord_env: Env) -> None:
    table, me, _ = await last_trades(simcord_env, {"blue": 8}, [])
    await table.people[0].slash(table.thread, "table language", language="cs")
    await table.people[0].slash(table.thread, "moonriser board")
    board = table.boards()[-1]
    assert "Vše směnit na VB a ukončit tah" in _labels(board)
    await me.click(board, label="Vše směnit na VB a ukončit tah")
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[-2:]]
    assert made == ["convert", "end"]


async def test_every_amount_of_the_surplus_into_the_scarcest_colour_is_one_choice(simcord_env: Env) -> None:
    """30 green, 10 blue, 1 red: 6 trades of green into red are listed (the picker's 25 options
    would otherwise hold every pair's small amounts and no 6), so they are 2 taps and one move."""
    table, me, seat = await in_trade_phase(simcord_env, {"green": 30, "blue": 10, "red": 1})
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    shown = {o["value"]: o for o in select_options(opened)}
    assert [n for n in range(2, 8) if f"trade green red {n}" in shown] == [2, 3, 4, 5, 6, 7]
    assert shown["trade green red 6"]["label"] == "Give 24 green, get 6 red"
    assert shown["trade green red 6"]["description"] == "6 trades at once"
    assert "trade green yellow 7" in shown  # everything into VP stays listed
    before = len(await table.bot.store.moves(table.table_id))
    await me.select(opened, ["trade green red 6"], custom_id=select_ids(opened)[0])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == ["trade green red 6"]
    assert (await table.state())["seats"][seat]["tokens"] == {"blue": 10, "red": 7, "green": 6, "yellow": 0}


async def test_upgrade_and_produce_is_one_choice(simcord_env: Env) -> None:
    """Upgrade → "Or upgrade a tile and produce": 2 taps, the upgrade and ``done`` stored."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    upgrade = next(m for m in GAME.legal_moves(state, seat) if m.kind == "upgrade")
    before = len(await table.bot.store.moves(table.table_id))
    opened = (await me.click(table.boards()[-1], label="Upgrade")).response
    first, second = (c for c in components(opened) if "options" in c)
    assert second["placeholder"] == "Or upgrade a tile and produce"
    assert [o["value"] for o in second["options"]] == [o["value"] for o in first["options"]]
    chosen = await me.select(opened, [upgrade.args[0]], custom_id=second["custom_id"])
    assert moved(chosen)
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == [upgrade.notation, "done"]
    expected, _ = GAME.apply(state, seat, upgrade.notation)
    expected, _ = GAME.apply(expected, seat, "done")
    assert await table.state() == expected
    assert expected["phase"] == "trade"


async def test_upgrade_and_produce_reads_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    user_locales[me.id] = "cs"
    state = await table.state()
    upgrade = next(m for m in GAME.legal_moves(state, seat) if m.kind == "upgrade")
    opened = (await me.click(table.boards()[-1], label="Upgrade")).response
    second = [c for c in components(opened) if "options" in c][1]
    assert second["placeholder"] == "Nebo vylepši dílek a produkuj"
    await me.select(opened, [upgrade.args[0]], custom_id=second["custom_id"])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[-2:]]
    assert made == [upgrade.notation, "done"]
