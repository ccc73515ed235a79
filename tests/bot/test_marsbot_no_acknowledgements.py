"""Issue 34 for MarsBot: a whole game by buttons (and the person's own reports typed) in which no
tap that made a move leaves a private acknowledgement behind: the board post says it all."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord import Env

from bench.acks import private_left
from bench.marsbot_taps import play_by_buttons
from tests.bot.marsbot_table import MarsBotTable


def recording(table: MarsBotTable, left: list[tuple[str, list[str]]]) -> None:
    """Wrap the person's taps and commands: each one that stored a move adds what it left privately."""
    person, store = table.person, table.env.bot.store  # type: ignore[attr-defined]

    def wrapped(name: str, act: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def tap(*args: Any, **kwargs: Any) -> Any:
            before = len(await store.moves(table.table_id))
            result = await act(*args, **kwargs)
            if len(await store.moves(table.table_id)) > before:
                left.append((name, private_left(result)))
            return result

        return tap

    for name in ("click", "select", "submit_modal", "slash"):
        setattr(person, name, wrapped(name, getattr(person, name)))


@pytest.mark.parametrize("options", [{}, {"difficulty": "hard", "corporation": "C05"}])
async def test_no_marsbot_move_leaves_a_private_acknowledgement(
    simcord_env: Env, options: dict[str, Any]
) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(**options)
    left: list[tuple[str, list[str]]] = []
    recording(table, left)
    taps = await play_by_buttons(table, first=30)
    assert (await table.row()).status != "active", "the game was played to its end"
    assert len(left) > 30 and taps.answers, "moves by buttons and typed ones were watched"
    assert [(name, texts) for name, texts in left if texts] == []
