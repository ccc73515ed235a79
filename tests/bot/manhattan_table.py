"""A Manhattan Project table under SimCord: people open it through the lobby and play by command."""

from __future__ import annotations

from typing import Any

from engine.manhattan.game import GAME
from tests.bot.lobby_table import LobbyTable


class ManhattanTable(LobbyTable):
    GAME = GAME
    NAME = "manhattan"


def _rest(args: list[str], start: int) -> dict[str, str]:
    return {"choice": " ".join(args[start:])} if len(args) > start else {}


COMMANDS = {
    "bonus": lambda a: ("manhattan bonus", {"kind": a[0]}),
    "place": lambda a: ("manhattan place", {"space": a[0], "workers": a[1], **_rest(a, 2)}),
    "work": lambda a: ("manhattan work", {"building": a[0], "workers": a[1], **_rest(a, 2)}),
    "bomb": lambda a: ("manhattan build", {"bomb": a[0], "workers": a[1]}),
    "test": lambda a: ("manhattan test", {"bomb": a[0]}),
    "load": lambda a: ("manhattan load", {"bomb": a[0]}),
    "attack": lambda a: ("manhattan strike", {"target": a[0], "what": a[1]}),
    "raid": lambda a: ("manhattan strike", {"target": a[0], "what": a[1]}),
    "repair": lambda a: ("manhattan repair", {"buildings": " ".join(a)}),
    "pick": lambda a: ("manhattan pick", {"bomb": a[0]}),
    "done": lambda a: ("manhattan end", {}),
    "retrieve": lambda a: ("manhattan retrieve", {}),
}
"""The slash command that plays each move kind."""


async def play(table: ManhattanTable, person: Any, notation: str) -> Any:
    """``person`` plays ``notation`` as a player would: by its slash command."""
    kind, *args = notation.split()
    command, options = COMMANDS[kind](args)
    return await person.slash(table.thread, command, **options)
