"""A Manhattan Project table under SimCord: people open it through the lobby and play by command."""

from __future__ import annotations

from typing import Any

from cogs.manhattan.typed import slash_for
from engine.manhattan.game import GAME
from tests.bot.lobby_table import LobbyTable


class ManhattanTable(LobbyTable):
    GAME = GAME
    NAME = "manhattan"


async def play(table: ManhattanTable, person: Any, notation: str) -> Any:
    """``person`` plays ``notation`` as a player would: by its slash command."""
    command, options = slash_for(notation)
    return await person.slash(table.thread, command, **options)
