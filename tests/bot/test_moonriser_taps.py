"""Issue 27, section 2: the common steps of a turn take few taps on a phone. Not planning is
one tap, an upgrade two (your tile in one select), a placement whose suggestion is taken three
(the whole measure over a 4-seat game: ``python -m bench.moonriser_taps``)."""

from __future__ import annotations

from simcord import Env

from bench.moonriser_tapping import tap_move
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked
from tests.bot.moonriser_table import MoonTable, play
from tests.bot.test_moonriser_discord import to_development
from tests.bot.test_moonriser_endgame import force


async def test_not_planning_is_one_tap(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    while (await table.state())["phase"] in ("base", "setup_keep"):
        for seat in await table.awaited():
            state = await table.state()
            await play(table, await table.person_at(seat), GAME.bot_move(state, seat, "normal").notation)
    (seat,) = await table.awaited()
    assert (await table.state())["phase"] == "plan"
    clicked = await (await table.person_at(seat)).click(table.boards()[-1], label="Don't plan")
    assert clicked.response is None or not clicked.ephemeral
    moves = await table.bot.store.moves(table.table_id)
    assert moves[-1].notation == "plan 0" and (await table.state())["phase"] == "develop"


async def test_an_upgrade_is_one_tap_in_the_boards_upgrade_select(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    upgrade = next(m for m in GAME.legal_moves(state, seat) if m.kind == "upgrade")
    taps = await tap_move(me, table.thread, lambda: table.boards()[-1], state, seat, upgrade.notation)
    assert taps == 1
    assert (await table.bot.store.moves(table.table_id))[-1].notation == upgrade.notation
    assert (await table.state())["tiles"][upgrade.args[0]] != state["tiles"][upgrade.args[0]]


async def test_a_placement_of_the_bots_choice_by_buttons_is_three_taps(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    best = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, source = best.args[0], best.args[3]
    first = ranked(state, seat, tile, source)[0]
    taps = await tap_move(me, table.thread, lambda: table.boards()[-1], state, seat, first.notation)
    assert taps == 3
    assert (await table.state())["tiles"][first.field]["tile"] == tile


async def test_a_turn_without_planning_that_places_a_tile_is_six_taps(simcord_env: Env) -> None:
    """Don't plan, Place → tile → Confirm, Done: produce, End turn: 6 taps (10 before issue 27:
    Plan → pay nothing, Place → tile → row → field → rotation → Confirm, Done, End)."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    while (await table.state())["phase"] in ("base", "setup_keep"):
        for seat in await table.awaited():
            state = await table.state()
            await play(table, await table.person_at(seat), GAME.bot_move(state, seat, "normal").notation)
    (seat,) = await table.awaited()
    me = await table.person_at(seat)
    taps = 0

    async def tap(notation: str) -> None:
        nonlocal taps
        state = await table.state()
        taps += await tap_move(me, table.thread, lambda: table.boards()[-1], state, seat, notation)
        assert (await table.bot.store.moves(table.table_id))[-1].notation == notation

    await tap("plan 0")
    state = await table.state()
    tile, source = next((m.args[0], m.args[3]) for m in GAME.legal_moves(state, seat) if m.kind == "place")
    await tap(ranked(state, seat, tile, source)[0].notation)
    await tap("done")
    await tap("end")
    assert taps == 6
    assert (await table.state())["active"] != seat


async def test_a_turn_that_places_and_trades_once_is_five_taps_with_the_shortcuts(simcord_env: Env) -> None:
    """Don't plan, Place → tile → Confirm and produce, the board's "Or choose a trade and end your
    turn" select: 5 taps (8 without the shortcuts), storing the same five moves as eight taps would."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    board = lambda: table.boards()[-1]  # noqa: E731
    before = len(await table.bot.store.moves(table.table_id))
    state = await table.state()
    tile, source = next((m.args[0], m.args[3]) for m in GAME.legal_moves(state, seat) if m.kind == "place")
    place = ranked(state, seat, tile, source)[0].notation
    taps = await tap_move(me, table.thread, board, state, seat, place, then=("done",))
    state = await table.state()
    state["seats"][seat]["tokens"]["green"] = 9  # something to trade, whatever production gave
    await force(table, state)
    taps += await tap_move(me, table.thread, board, state, seat, "trade green red", then=("end",))
    assert taps == 4  # plus Don't plan (to_development): 5
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == [place, "done", "trade green red", "end"]
    assert (await table.state())["active"] != seat
