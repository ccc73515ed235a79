"""A Moonriser table under SimCord: people open it through the lobby and play by command."""

from __future__ import annotations

from typing import Any

from engine.moonriser.game import GAME
from tests.bot.lobby_table import LobbyTable


class MoonTable(LobbyTable):
    GAME = GAME
    NAME = "moonriser"


COMMANDS = {
    "base": lambda a: ("moonriser base", {"field": a[0]}),
    "keep": lambda a: ("moonriser keep", {"tiles": " ".join(a)}),
    "plan": lambda a: ("moonriser plan", {"tokens": int(a[0])}),
    "draw": lambda a: ("moonriser draw", {"pile": a[0], **({"count": int(a[1])} if len(a) > 1 else {})}),
    "upgrade": lambda a: ("moonriser upgrade", {"field": a[0]}),
    "done": lambda a: ("moonriser done", {}),
    "trade": lambda a: (
        "moonriser trade",
        {"give": a[0], "get": a[1], **({"times": int(a[2])} if a[2:] else {})},
    ),
    "convert": lambda a: ("moonriser convert", {}),
    "sell": lambda a: ("moonriser sell", {"tiles": " ".join(a[:-1]), "get": a[-1]}),
    "swap": lambda a: ("moonriser swap", {"get": a[0], "give": " ".join(a[1:])}),
    "discard": lambda a: ("moonriser discard", {"tile": " ".join(a)}),
    "end": lambda a: ("moonriser end", {}),
}
"""The slash command that plays each move kind (a placement has a preview first: ``play``)."""


async def play(table: MoonTable, person: Any, notation: str, confirm: str = "Confirm") -> Any:
    """``person`` plays ``notation`` as a player would: by its slash command; a placement is
    previewed and then confirmed with the preview's button."""
    kind, *args = notation.split()
    if kind == "place":
        tile, field, rotation, source = args
        shown = await person.slash(
            table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
        )
        assert shown.ephemeral and shown.response.attachments, shown.response.content
        return await person.click(shown.response, label=confirm)
    command, options = COMMANDS[kind](args)
    return await person.slash(table.thread, command, **options)


def first_select(message: Any) -> str:
    """The custom id of a picker's first select (the Place picker has more: placing at once)."""
    from tests.bot.marsbot_table import components

    return next(c["custom_id"] for c in components(message) if "options" in c)
