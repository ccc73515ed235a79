"""A table of a game for 2+ players under SimCord, opened the way people open one: the host runs
``/<game> new``, seats bot players or lets the others click Join, and the last one starts it.

Each game's tests subclass it with the game's engine (``GAME``) and name (``NAME``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from simcord import Env

from db.models import TableRow
from engine.core import Game

NAMES = ("alice", "bob", "carol", "dave", "erin")


@dataclass
class LobbyTable:
    GAME: ClassVar[Game]
    NAME: ClassVar[str]

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
    ) -> Self:
        """The host runs ``/<game> new``; the others click Join (the last one starts it), or the
        host seats ``bots`` bot players and starts."""
        env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(name)) for name in NAMES[: players - bots]]
        outsider = guild.add_member(env.create_user("olga"))
        result = await people[0].slash(channel, f"{cls.NAME} new", players=players, **options)
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
        """The seats of people (not bot players) whose move is awaited."""
        row = await self.row()
        return [s for s in self.GAME.to_act(row.state or {}) if s not in row.bots]

    def boards(self) -> list[Any]:
        return [m for m in self.thread.history() if m.attachments]
