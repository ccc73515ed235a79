"""The shared picker's whole moves (``PickSpec.whole``) in a game that previews its moves: a whole
move chosen first shows the preview, and **Confirm** stores the very move the steps would."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import discord
import pytest
from simcord import Env

from bot.i18n import Tr
from cogs.moonriser.pickers import PICKERS
from engine.core import State
from engine.moonriser.game import GAME
from tests.bot.moonriser_table import MoonTable, first_select
from tests.bot.test_manhattan_discord import components, message_of
from tests.bot.test_moonriser_discord import to_development


def first_three(tr: Tr, state: State, seat: int, notations: Sequence[str]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"Whole: {n}", value=n) for n in sorted(notations)[:3]]


async def test_a_whole_move_with_a_preview_is_one_choice_then_confirm(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the bot registered this very dict
    monkeypatch.setitem(PICKERS.specs, "place", replace(PICKERS.specs["place"], whole=first_three))  # type: ignore[arg-type]
    # Moonriser's Place lists its own ranked placements first (cogs.moonriser.pickers.whole_places);
    # without them the shared mechanism is the only source of whole moves, as in a game without its own
    monkeypatch.setattr("cogs.moonriser.pickers.whole_places", lambda *args: [])
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    wanted = sorted(m.notation for m in GAME.legal_moves(state, seat) if m.kind == "place")[0]
    asked = await me.click(table.boards()[-1], label="Place a tile")
    select = next(c for c in components(asked.response) if "options" in c)
    values = [o["value"] for o in select["options"]]
    assert values[:3] == [
        f"={n}" for n in sorted(m.notation for m in GAME.legal_moves(state, seat) if m.kind == "place")[:3]
    ]
    assert len(values) <= 25 and any("@" in v for v in values[3:]), "the tiles follow, step by step"
    first = first_select(asked.response)
    shown = await me.select(message_of(asked.response), [f"={wanted}"], custom_id=first)
    assert "Confirm" in [c.get("label") for c in components(shown.response)], "previewed, not played"
    assert (await table.bot.store.moves(table.table_id))[-1].notation != wanted
    await me.click(message_of(shown.response), label="Confirm")
    assert (await table.bot.store.moves(table.table_id))[-1].notation == wanted
