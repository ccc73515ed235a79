"""A move's interaction is acknowledged before its pictures are drawn: however long drawing (or
waiting for the table's other posts) takes, Discord's 3 seconds are never missed."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from simcord import Env

from bot.i18n import Tr
from engine.runarch import GAME
from render.runarch.pictures import render_board
from tests.bot.harness import Table, moved


def watch_drawing(env: Env, table: Table, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether the newest interaction was already answered, each time a board is drawn."""
    seen: list[bool] = []

    def drawing(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> bytes:
        newest = max(env.backend.interactions.values(), key=lambda record: record.id)
        seen.append(newest.responded)
        return render_board(view, names, tr)

    adapters = table.bot.tables.adapters
    monkeypatch.setitem(adapters, "runarch", dataclasses.replace(adapters["runarch"], render_board=drawing))
    return seen


async def test_a_board_button_move_is_acknowledged_before_its_picture(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await Table.open(simcord_env)
    player, _ = await table.open_turn_with_a_swap()
    seen = watch_drawing(simcord_env, table, monkeypatch)
    before = table.last_board()
    ended = await player.click(before, label="End turn")  # a new turn: a new board post
    assert seen == [True]
    assert not ended.ephemeral and table.last_board().id != before.id


async def test_a_command_editing_the_turns_post_is_acknowledged_before_its_picture(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await Table.open(simcord_env)
    state = await table.state()
    seat = GAME.to_act(state)[0]
    player = await table.player(seat)
    seen = watch_drawing(simcord_env, table, monkeypatch)
    swaps = [m for m in GAME.legal_moves(state, seat) if m.kind == "swap"]
    first = await player.slash(table.thread, "runarch swap", a=swaps[0].args[0], b=swaps[0].args[1])
    assert moved(first) and first.response is None  # within the turn: the post is edited, no reply
    assert seen == [True]
    assert len(table.boards()) == 1
