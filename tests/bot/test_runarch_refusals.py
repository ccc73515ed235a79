"""Every wrong action gets a clear private answer and changes nothing."""

from __future__ import annotations

from typing import Any

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table


async def refused(table: Table, result: Any, *fragments: str) -> None:
    assert result.ephemeral, f"expected a private answer, got {result.response.content!r}"
    for fragment in fragments:
        assert fragment in result.response.content, result.response.content


async def test_non_player_cannot_move(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    before = await table.snapshot()
    result = await table.carol.slash(table.thread, "runarch swap", a="A1", b="B1")
    await refused(table, result, "not playing at this table")
    result = await table.carol.click(table.last_board(), label="Swap stones")
    await refused(table, result, "not playing at this table")
    assert await table.snapshot() == before


async def test_out_of_turn_player_is_told_who_is_to_move(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    state = await table.state()
    waiting = await table.player(GAME.to_act(state)[0])
    idle = table.bob if waiting is table.alice else table.alice
    before = await table.snapshot()
    result = await idle.slash(table.thread, "runarch swap", a="A1", b="B1")
    await refused(table, result, "not your turn", waiting.name)
    result = await idle.click(table.last_board(), label="Swap stones")
    await refused(table, result, "not your turn")
    assert await table.snapshot() == before


async def test_bad_and_non_adjacent_cells_are_refused(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    before = await table.snapshot()
    await refused(table, await player.slash(table.thread, "runarch swap", a="Z9", b="A1"), "Z9")
    await refused(table, await player.slash(table.thread, "runarch swap", a="A1", b="C1"), "A1", "C1")
    await refused(table, await player.slash(table.thread, "runarch swap", a="B2", b="B2"), "B2")
    await refused(table, await player.slash(table.thread, "runarch end"))
    assert await table.snapshot() == before


async def test_a_line_that_does_not_match_is_refused(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    state = await table.state()
    seat = GAME.to_act(state)[0]
    player = await table.player(seat)
    hand = GAME.view(state, seat)["hand"]
    scoring = {(o["card"], o["line"]) for o in GAME.scoring_options(state, seat)}
    lines = [f"row{r}" for r in range(1, 6)] + [f"col{c}" for c in "ABCDE"]
    card, line = next((c["id"], ln) for c in hand for ln in lines if (c["id"], ln) not in scoring)
    before = await table.snapshot()
    result = await player.slash(table.thread, "runarch score", card=card, line=line)
    await refused(table, result, card)
    other = next(c for c in ("C01", "C02", "C03", "C04", "C05") if c not in {h["id"] for h in hand})
    await refused(table, await player.slash(table.thread, "runarch score", card=other, line="row1"), other)
    await refused(table, await player.slash(table.thread, "runarch score", card=card, line="row9"), "row9")
    assert await table.snapshot() == before


async def test_second_game_in_a_busy_thread_is_refused(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    before = await table.snapshot()
    threads = len(table.channel.threads)
    result = await table.carol.slash(table.thread, "runarch new")
    await refused(table, result, "already has a game")
    assert len(table.channel.threads) == threads
    assert await table.snapshot() == before


async def test_game_commands_outside_a_table(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    before = await table.snapshot()
    for name, options in (
        ("runarch swap", {"a": "A1", "b": "B1"}),
        ("runarch score", {"card": "C01", "line": "row1"}),
        ("runarch end", {}),
        ("runarch board", {}),
        ("runarch hand", {}),
        ("runarch resign", {}),
    ):
        result = await table.alice.slash(table.channel, name, **options)
        await refused(table, result, "no game in this channel")
    assert await table.snapshot() == before


async def test_stale_picker_after_the_board_moved_on(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    state = await table.state()
    seat = GAME.to_act(state)[0]
    player = await table.player(seat)
    shown = await player.click(table.last_board(), label="Swap stones")
    swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
    await player.slash(table.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
    before = await table.snapshot()
    await player.select(shown.response.message, [swap.args[0]])
    result = await player.select(shown.response.message, [swap.args[1]])
    await refused(table, result, "board has changed")
    assert await table.snapshot() == before
