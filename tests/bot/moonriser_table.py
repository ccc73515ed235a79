"""A Moonriser table under SimCord: people open it through the lobby and play by command."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from simcord import Env

from db.models import TableRow
from engine.moonriser.game import GAME

NAMES = ("alice", "bob", "carol", "dave")


@dataclass
class MoonTable:
    env: Env
    channel: Any
    people: list[Any]
    """Everyone at the table, the host first (joining order, not seat order)."""
    thread: Any
    table_id: int
    outsider: Any = field(default=None)

    @property
    def bot(self) -> Any:
        return self.env.bot

    @classmethod
    async def open(
        cls,
        env: Env,
        *,
        players: int = 3,
        seed: int = 1,
        bots: int = 0,
        level: str = "normal",
        **options: Any,
    ) -> MoonTable:
        """The host runs ``/moonriser new``; the others click Join (the last one starts it), or the
        host seats ``bots`` bot players and starts."""
        env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(name)) for name in NAMES[: players - bots]]
        outsider = guild.add_member(env.create_user("olga"))
        result = await people[0].slash(channel, "moonriser new", players=players, **options)
        assert not result.ephemeral, result.response.content
        thread = channel.threads[-1]
        opened = await env.bot.store.open_table_in(thread.id)  # type: ignore[attr-defined]
        assert opened is not None
        lobby = thread.history()[0]
        for _ in range(bots):
            asked = await people[0].click(lobby, label="Add bot player")
            assert asked.ephemeral, asked.response.content
            await people[0].select(asked.response.message, [level])
            lobby = thread.history()[0]
        for person in people[1:]:
            joined = await person.click(lobby, label="Join")
            assert not joined.ephemeral, joined.response.content
        return cls(env, channel, people, thread, opened.id, outsider)

    async def row(self) -> TableRow:
        row = await self.bot.store.table(self.table_id)
        assert row is not None
        return row

    async def state(self) -> dict[str, Any]:
        row = await self.row()
        assert row.state is not None
        return row.state

    async def person_at(self, seat: int) -> Any:
        row = await self.row()
        user_id = row.user_at(seat)
        return next(p for p in self.people if p.id == user_id)

    async def awaited(self) -> list[int]:
        row = await self.row()
        return [s for s in GAME.to_act(row.state or {}) if s not in row.bots]

    def boards(self) -> list[Any]:
        return [m for m in self.thread.history() if m.attachments]


COMMANDS = {
    "base": lambda a: ("moonriser base", {"field": a[0]}),
    "keep": lambda a: ("moonriser keep", {"tiles": " ".join(a)}),
    "plan": lambda a: ("moonriser plan", {"tokens": int(a[0])}),
    "draw": lambda a: ("moonriser draw", {"pile": a[0], **({"count": int(a[1])} if len(a) > 1 else {})}),
    "upgrade": lambda a: ("moonriser upgrade", {"field": a[0]}),
    "done": lambda a: ("moonriser done", {}),
    "trade": lambda a: ("moonriser trade", {"give": a[0], "get": a[1]}),
    "sell": lambda a: ("moonriser sell", {"tiles": " ".join(a[:-1]), "get": a[-1]}),
    "swap": lambda a: ("moonriser swap", {"get": a[0], "give": " ".join(a[1:])}),
    "discard": lambda a: ("moonriser discard", {"tile": a[0]}),
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
