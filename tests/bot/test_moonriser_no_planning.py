"""Issue 27, measured: taps per turn. Most turns do not plan; in Phase I the board offers
"Place a tile, no planning", which plays ``plan 0`` (the same move as **Don't plan**) and opens
Phase II's picker at once, and the upgrade selects without planning (issue 34): one tap less
on almost every turn."""

from __future__ import annotations

from typing import Any

from simcord import Env

from bench.moonriser_tapping import _labels, _select_ids
from bot.i18n import Tr
from engine.moonriser.game import GAME
from engine.moonriser.suggest import ranked
from tests.bot.moonriser_table import MoonTable, first_select, play


async def to_planning(table: MoonTable) -> tuple[int, Any]:
    """Bases down, three tiles kept each: the first player's Phase I."""
    while (await table.state())["phase"] in ("base", "setup_keep"):
        for seat in await table.awaited():
            state = await table.state()
            await play(table, await table.person_at(seat), GAME.bot_move(state, seat, "normal").notation)
    (seat,) = await table.awaited()
    assert (await table.state())["phase"] == "plan"
    return seat, await table.person_at(seat)


async def test_placing_without_planning_is_three_taps_and_stores_plan_0_first(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_planning(table)
    before = len(await table.bot.store.moves(table.table_id))
    opened = await me.click(table.boards()[-1], label="Place a tile, no planning")  # tap 1
    state = await table.state()
    assert state["phase"] == "develop"
    picker = opened.followups[-1] if opened.followups else opened.response
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, source = move.args[0], move.args[3]
    preview = await me.select(picker, [f"{tile}@{source}"], custom_id=first_select(picker))  # tap 2
    await me.click(preview.response, label="Confirm")  # tap 3
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == ["plan 0", ranked(state, seat, tile, source)[0].notation]


async def test_upgrading_without_planning_is_one_tap_of_the_boards_select(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_planning(table)
    before = len(await table.bot.store.moves(table.table_id))
    after, _ = GAME.apply(await table.state(), seat, "plan 0")
    upgrade = next(m for m in GAME.legal_moves(after, seat) if m.kind == "upgrade")
    board = table.boards()[-1]
    assert "Upgrade, no planning" not in _labels(board), "the select does it in one tap"
    alone = next(i for i in _select_ids(board) if i.endswith(":planupgradealone"))
    await me.select(board, [upgrade.args[0]], custom_id=alone)  # upgrade only
    made = [m.notation for m in (await table.bot.store.moves(table.table_id))[before:]]
    assert made == ["plan 0", upgrade.notation]


async def test_another_player_tapping_it_changes_nothing(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, _ = await to_planning(table)
    other = await table.person_at(1 - seat)
    state = await table.state()
    count = len(await table.bot.store.moves(table.table_id))
    refused = await other.click(table.boards()[-1], label="Place a tile, no planning")
    assert refused.ephemeral and "turn" in refused.response.content
    assert await table.state() == state
    assert len(await table.bot.store.moves(table.table_id)) == count


async def test_the_buttons_are_offered_only_in_phase_one(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_planning(table)
    assert "Place a tile, no planning" in _labels(table.boards()[-1])
    await me.click(table.boards()[-1], label="Don't plan")
    shown = _labels(table.boards()[-1])
    assert "Place a tile" in shown and "Place a tile, no planning" not in shown


async def test_no_planning_reads_in_czech(simcord_env: Env, user_locales: dict[int, str]) -> None:
    assert Tr("cs")("moonriser.button.place_now") == "Vyložit dílek bez plánování"
    assert Tr("cs")("moonriser.pick.planupgradealone_board_placeholder") == "Bez plánování: vylepšit dílek…"
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_planning(table)
    user_locales[me.id] = "cs"  # the board speaks the table's language, the picker the player's
    opened = await me.click(table.boards()[-1], label="Place a tile, no planning")
    picker = opened.followups[-1] if opened.followups else opened.response
    assert picker.content.startswith(Tr("cs")("moonriser.pick.place_prompt", chosen="").strip()[:20])
    assert (await table.bot.store.moves(table.table_id))[-1].notation == "plan 0"
