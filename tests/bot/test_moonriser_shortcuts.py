"""Issue 27, measured: taps per turn. Shortcuts that make two of a turn's engine moves in one
tap, each judged by the engine in order and stored as the same moves as two taps would: the
placement preview's **Confirm and produce** (``place …`` then ``done``) and the Trade picker's
second select, "Or choose a trade and end your turn" (``trade …`` then ``end``). A refusal of
either move refuses both and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from bench.moonriser_tapping import _labels
from bot.pick_spec import Shortcut
from cogs.moonriser import placing
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked
from tests.bot.harness import moved
from tests.bot.moonriser_table import MoonTable, first_select
from tests.bot.test_manhattan_discord import components
from tests.bot.test_moonriser_discord import to_development
from tests.bot.test_moonriser_endgame import force, last_trades
from tests.bot.test_moonriser_trades import in_trade_phase, select_ids


async def _previewed(table: MoonTable, me: Any, seat: int) -> tuple[Any, str]:
    """Place a tile → the first tile: its preview (on the suggestion) and the suggested move."""
    state = await table.state()
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, source = move.args[0], move.args[3]
    opened = await me.click(table.boards()[-1], label="Place a tile")
    preview = await me.select(opened.response, [f"{tile}@{source}"], custom_id=first_select(opened.response))
    return preview.response, ranked(state, seat, tile, source)[0].notation


async def test_confirm_and_produce_builds_and_ends_phase_two_in_one_tap(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    before = len(await table.bot.store.moves(table.table_id))
    preview, suggested = await _previewed(table, me, seat)
    assert "Confirm and produce" in _labels(preview)
    clicked = await me.click(preview, label="Confirm and produce")  # the third tap
    assert moved(clicked)
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == [suggested, "done"]
    expected, _ = GAME.apply(state, seat, suggested)
    expected, _ = GAME.apply(expected, seat, "done")
    assert await table.state() == expected
    assert (await table.state())["phase"] == "trade"


async def test_confirm_and_produce_on_a_stale_preview_changes_nothing(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    preview, _ = await _previewed(table, me, seat)
    await me.slash(table.thread, "moonriser done")  # the board moves on under the open preview
    state = await table.state()
    count = len(await table.bot.store.moves(table.table_id))
    late = await me.click(preview, label="Confirm and produce")
    assert late.ephemeral and "changed" in (late.response.content or late.followups[-1].content)
    assert await table.state() == state
    assert len(await table.bot.store.moves(table.table_id)) == count


async def test_a_refused_second_move_refuses_the_first_too(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All or none: a shortcut whose later move the engine refuses stores nothing, not half."""
    monkeypatch.setattr(placing, "Shortcut", lambda label, then: Shortcut(label, ("done", "done")))
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    count = len(await table.bot.store.moves(table.table_id))
    preview, _ = await _previewed(table, me, seat)
    refused = await me.click(preview, label="Confirm and produce")
    assert refused.ephemeral and not moved(refused)
    assert await table.state() == state
    assert len(await table.bot.store.moves(table.table_id)) == count


async def test_confirm_and_produce_reads_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    user_locales[me.id] = "cs"
    preview, suggested = await _previewed(table, me, seat)
    assert "Potvrdit a produkovat" in _labels(preview)
    await me.click(preview, label="Potvrdit a produkovat")
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[-2:]]
    assert made == [suggested, "done"]


async def test_the_last_trade_and_end_turn_are_one_choice(simcord_env: Env) -> None:
    """Trade → "Or choose a trade and end your turn": 2 taps, the trade and ``end`` stored."""
    table, me, seat = await in_trade_phase(simcord_env, {"green": 13, "red": 1})
    state = await table.state()
    before = len(await table.bot.store.moves(table.table_id))
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    first, second = (c for c in components(opened) if "options" in c)
    assert second["placeholder"] == "Or choose a trade and end your turn"
    assert [o["value"] for o in second["options"]] == [o["value"] for o in first["options"]]
    chosen = await me.select(opened, ["trade green yellow 3"], custom_id=second["custom_id"])
    assert moved(chosen)
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == ["trade green yellow 3", "end"]
    expected, _ = GAME.apply(state, seat, "trade green yellow 3")
    expected, _ = GAME.apply(expected, seat, "end")
    assert (await table.state())["seats"][seat]["tokens"] == expected["seats"][seat]["tokens"]
    assert (await table.state())["active"] != seat


async def test_trade_and_end_on_a_stale_picker_changes_nothing(simcord_env: Env) -> None:
    table, me, _ = await in_trade_phase(simcord_env, {"green": 13, "red": 1})
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    await me.slash(table.thread, "moonriser trade", give="green", get="red")  # the board moves on
    state = await table.state()
    count = len(await table.bot.store.moves(table.table_id))
    late = await me.select(opened, ["trade green yellow 2"], custom_id=select_ids(opened)[1])
    assert late.ephemeral and "changed" in (late.response.content or late.followups[-1].content)
    assert await table.state() == state
    assert len(await table.bot.store.moves(table.table_id)) == count


async def test_trade_and_end_is_not_offered_over_the_hand_limit(simcord_env: Env) -> None:
    """Over the hand limit the turn cannot end before a discard: the picker has one select."""
    table, me, seat = await in_trade_phase(simcord_env, {"green": 13})
    state = await table.state()
    state["seats"][seat]["hand"] = ["B01"] * 7
    await force(table, state)
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    assert len(select_ids(opened)) == 1


async def test_trade_and_end_is_not_offered_in_the_last_trades(simcord_env: Env) -> None:
    """At the end of the game End first warns what is left to convert: no trade-and-end there."""
    table, me, _ = await last_trades(simcord_env, {"green": 13}, [])
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    assert len(select_ids(opened)) == 1


async def test_trade_and_end_reads_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    table, me, _ = await in_trade_phase(simcord_env, {"green": 13})
    user_locales[me.id] = "cs"
    opened = (await me.click(table.boards()[-1], label="Trade")).response
    second = [c for c in components(opened) if "options" in c][1]
    assert second["placeholder"] == "Nebo vyber obchod a ukonči tah"
    await me.select(opened, ["trade green yellow"], custom_id=second["custom_id"])
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[-2:]]
    assert made == ["trade green yellow", "end"]


async def test_undo_after_confirm_and_produce_takes_back_the_shortcut_as_one_step(simcord_env: Env) -> None:
    """The shortcut stores two moves, the placement and the production: one Undo takes back
    both, as the one tap made them (issue 34); the moves before it stay."""
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    logged = len(await table.bot.store.moves(table.table_id))
    preview, suggested = await _previewed(table, me, seat)
    await me.click(preview, label="Confirm and produce")
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
    assert made == [suggested, "done"]
    await me.slash(table.thread, "undo")
    assert await table.state() == state
    assert len(await table.bot.store.moves(table.table_id)) == logged
