"""How a player types each move: the slash command and its options for a move's notation.

The inverse of what the commands build; the tests and the benchmark play moves the way a person
does with it, so a renamed option is changed here once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cogs.manhattan.seats import COLOURS


def _rest(args: list[str], start: int) -> dict[str, str]:
    return {"choice": " ".join(args[start:])} if len(args) > start else {}


COMMANDS: dict[str, Callable[[list[str]], tuple[str, dict[str, Any]]]] = {
    "bonus": lambda a: ("manhattan bonus", {"worker": a[0]}),
    "place": lambda a: ("manhattan place", {"space": a[0], "workers": a[1], **_rest(a, 2)}),
    "work": lambda a: ("manhattan work", {"building": a[0], "workers": a[1], **_rest(a, 2)}),
    "bomb": lambda a: ("manhattan build", {"bomb": a[0], "workers": a[1]}),
    "test": lambda a: ("manhattan test", {"bomb": a[0]}),
    "load": lambda a: ("manhattan load", {"bomb": a[0]}),
    "attack": lambda a: ("manhattan strike", {"target": COLOURS[int(a[0])], "what": a[1]}),
    "raid": lambda a: ("manhattan strike", {"target": COLOURS[int(a[0])], "what": a[1]}),
    "repair": lambda a: ("manhattan repair", {"buildings": " ".join(a)}),
    "pick": lambda a: ("manhattan pick", {"bomb": a[0]}),
    "done": lambda a: ("manhattan end", {}),
    "retrieve": lambda a: ("manhattan retrieve", {}),
}


def slash_for(notation: str) -> tuple[str, dict[str, Any]]:
    """``place build E 2`` -> (``manhattan place``, {space: build, workers: E, choice: 2})."""
    kind, *args = notation.split()
    return COMMANDS[kind](args)
