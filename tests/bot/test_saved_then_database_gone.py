"""A move saved just before the database went away, and the board could not be drawn: the
player hears that the move was saved, in their language, never that nothing was saved."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from db.errors import StorageFault
from engine.marsbot import GAME
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.test_storage_faults import answered

SAID = {
    "en": "That was saved, but the bot's database became unavailable before I could show the board.",
    "cs": "Uložilo se to, ale databáze bota přestala být dostupná dřív, než šlo ukázat desku.",
}


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_a_move_saved_before_the_database_went_away_is_told_as_saved(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, user_locales: dict[int, str], lang: str
) -> None:
    table = await MarsBotTable.open(simcord_env)
    await table.start()
    user_locales[table.person.id] = lang
    service = simcord_env.bot.tables  # type: ignore[attr-defined]

    async def gone(*args: Any, **kwargs: Any) -> Any:
        raise StorageFault("postgresql://bot@db/games", "ConnectionDoesNotExistError: the server went away")

    monkeypatch.setattr(service, "board_message", gone)  # drawing the board reads the database
    before = await table.row()
    space = GAME.view(before.state, 0)["legal"]["ocean"][0]
    played = await table.person.slash("marsbot tile", kind="ocean", space=space)
    assert (await table.row()).version == before.version + 1, "the move was saved"
    assert played.ephemeral and SAID[lang] in answered(played), answered(played)
    assert "Nothing was saved" not in answered(played) and "Nic se neuložilo" not in answered(played)
