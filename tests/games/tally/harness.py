"""A Tally table under SimCord: the bot with the test game's cog, and people who play it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from simcord import Env

from bot.client import GameBot
from bot.config import Config
from db.models import TableRow
from engine.core.game import replay
from tests.games.tally.engine import GAME

EXTENSION = "tests.games.tally.cog"
NAMES = ("alice", "bob", "carol", "dave", "erin")


def tally_bot(config: Config) -> GameBot:
    """The real bot with Tally loaded after its own cogs."""
    return GameBot(config, extra_extensions=(EXTENSION,))


@dataclass
class TallyTable:
    env: Env
    channel: Any
    people: list[Any]
    """Everyone at the table, the host first (in joining order, not seat order)."""
    thread: Any
    table_id: int
    outsider: Any = field(default=None)

    @property
    def bot(self) -> GameBot:
        return self.env.bot  # type: ignore[return-value]

    @classmethod
    async def open(cls, env: Env, *, players: int = 3, seed: int = 1, **options: Any) -> TallyTable:
        """The host runs ``/tally new players:N``; the others click Join; the last one starts it.

        The seed is fixed, so the seat order and the cards drawn replay exactly."""
        env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
        outsider = guild.add_member(env.create_user("olga"))
        result = await people[0].slash(channel, "tally new", players=players, **options)
        assert not result.ephemeral, result.response
        thread = channel.threads[-1]
        opened = await env.bot.store.open_table_in(thread.id)  # type: ignore[attr-defined]
        assert opened is not None
        lobby = thread.history()[0]
        for person in people[1:]:
            joined = await person.click(lobby, label="Join")
            assert not joined.ephemeral, joined.response
        return cls(env, channel, people, thread, opened.id, outsider)

    async def row(self) -> TableRow:
        row = await self.bot.store.table(self.table_id)
        assert row is not None
        return row

    async def state(self) -> dict[str, Any]:
        row = await self.row()
        assert row.state is not None
        return row.state

    async def player(self, seat: int) -> Any:
        """The person in ``seat``."""
        user_id = (await self.row()).user_at(seat)
        return next(p for p in self.people if p.id == user_id)

    async def seat(self, person: Any) -> int:
        seat = (await self.row()).seat_of(person.id)
        assert seat is not None
        return seat

    def boards(self) -> list[discord.Message]:
        """Board posts in the thread, oldest first."""
        posts = self.thread.history()
        return [m for m in posts if m.attachments and m.attachments[0].filename == "tally.png"]

    def public_text(self) -> str:
        """Everything an onlooker can read in the thread."""
        return "\n".join(m.content for m in self.thread.history(viewer=self.outsider))

    async def replayed(self) -> dict[str, Any]:
        row = await self.row()
        moves = await self.bot.store.moves(row.id)
        return replay(GAME, len(row.seats), row.options, row.seed, [(m.seat, m.notation) for m in moves])
