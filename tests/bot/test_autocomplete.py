"""Autocomplete offers only what the engine would accept."""

from __future__ import annotations

from simcord import Env

from engine.runarch import GAME
from tests.bot.harness import Table


async def test_score_line_autocomplete_offers_only_scoring_lines(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    # Play greedy swaps until some card scores, so there is something to offer.
    for _ in range(60):
        state = await table.state()
        seat = GAME.to_act(state)[0]
        if GAME.scoring_options(state, seat):
            break
        player = await table.player(seat)
        swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
        best = swap
        for move in GAME.legal_moves(state, seat):
            if move.kind == "swap" and GAME.scoring_options(GAME.apply(state, seat, move)[0], seat):
                best = move
                break
        await player.slash(table.thread, "runarch swap", a=best.args[0], b=best.args[1])
        state = await table.state()
        if GAME.scoring_options(state, seat):
            break
        await player.slash(table.thread, "runarch end")
    state = await table.state()
    seat = GAME.to_act(state)[0]
    player = await table.player(seat)
    options = GAME.scoring_options(state, seat)
    assert options, "no scoring appeared in 60 turns"
    card = options[0]["card"]
    choices = await player.autocomplete(table.thread, "runarch score", "line", "", card=card)
    offered = {c["value"] for c in choices}
    assert offered == {o["line"] for o in options if o["card"] == card}
    assert all("points" in c["name"] for c in choices)
    cards = await player.autocomplete(table.thread, "runarch score", "card", "")
    assert {c["value"] for c in cards} == {c["id"] for c in GAME.view(state, seat)["hand"]}


async def test_swap_autocomplete_offers_neighbours_of_the_first_cell(simcord_env: Env) -> None:
    table = await Table.open(simcord_env)
    player = await table.to_act()
    choices = await player.autocomplete(table.thread, "runarch swap", "b", "", a="A1")
    assert {c["value"] for c in choices} == {"A2", "B1", "B2"}
    firsts = await player.autocomplete(table.thread, "runarch swap", "a", "c")
    assert {c["value"] for c in firsts} == {"C1", "C2", "C3", "C4", "C5"}
