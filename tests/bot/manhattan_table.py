"""A Manhattan Project table under SimCord: people open it through the lobby and play by command."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from simcord import Env

from db.models import TableRow
from engine.manhattan.game import GAME

NAMES = ("alice", "bob", "carol", "dave", "erin")


@dataclass
class ManhattanTable:
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
    ) -> ManhattanTable:
        """The host runs ``/manhattan new``; the others click Join (the last one starts it), or the
        host seats ``bots`` bot players and starts."""
        env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(name)) for name in NAMES[: players - bots]]
        outsider = guild.add_member(env.create_user("olga"))
        result = await people[0].slash(channel, "manhattan new", players=players, **options)
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

    async def seat_of(self, person: Any) -> int:
        row = await self.row()
        seat = row.seat_of(person.id)
        assert seat is not None
        return seat

    async def awaited(self) -> list[int]:
        row = await self.row()
        return [s for s in GAME.to_act(row.state or {}) if s not in row.bots]

    def boards(self) -> list[Any]:
        return [m for m in self.thread.history() if m.attachments]


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
