"""The four games behind one small driver, so a defect shared by every game is tested in each.

``open_game(env, name)`` opens a table the way people do (a RunArch table for two, Moonriser
and The Manhattan Project for three through the lobby, MarsBot in a DM) and returns a
``GameSide``: whose move is awaited, typed moves, ``/undo`` and what must not change after a
refusal."""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from simcord import Env

from db.models import TableRow
from engine.core import Game
from engine.core.game import replay
from engine.manhattan.game import GAME as MANHATTAN
from engine.marsbot import GAME as MARSBOT
from engine.moonriser.game import GAME as MOONRISER
from engine.runarch import GAME as RUNARCH
from tests.bot import manhattan_table, moonriser_table
from tests.bot.harness import Table, play_by_command
from tests.bot.manhattan_table import ManhattanTable
from tests.bot.marsbot_table import MarsBotTable
from tests.bot.moonriser_table import MoonTable

GAMES = ("runarch", "moonriser", "manhattan", "marsbot")
ENGINES: dict[str, Game] = {
    "runarch": RUNARCH,
    "moonriser": MOONRISER,
    "manhattan": MANHATTAN,
    "marsbot": MARSBOT,
}


@dataclass
class GameSide:
    env: Env
    name: str
    table_id: int
    channel: Any
    """The table's thread, or ``None`` for a game in the person's DM."""
    people: list[Any]
    typed: Callable[[Any, str], Awaitable[Any]]
    """Plays a notation as the person would type it."""

    @property
    def game(self) -> Game:
        return ENGINES[self.name]

    @property
    def store(self) -> Any:
        return self.env.bot.store  # type: ignore[attr-defined]

    async def row(self) -> TableRow:
        row = await self.store.table(self.table_id)
        assert row is not None
        return row

    async def state(self) -> dict[str, Any]:
        row = await self.row()
        assert row.state is not None
        return row.state

    async def person_at(self, seat: int) -> Any:
        row = await self.row()
        return next(p for p in self.people if p.id == row.user_at(seat))

    async def awaited(self) -> tuple[Any, int]:
        """The first person whose move is awaited, and their seat."""
        row = await self.row()
        assert row.state is not None
        seat = next(s for s in self.game.to_act(row.state) if row.user_at(s) is not None)
        return await self.person_at(seat), seat

    async def play(self, person: Any, notation: str) -> Any:
        return await self.typed(person, notation)

    async def slash(self, person: Any, command: str, **options: Any) -> Any:
        if self.channel is None:
            return await person.slash(command, **options)
        return await person.slash(self.channel, command, **options)

    async def undo(self, person: Any) -> Any:
        return await self.slash(person, "undo")

    def posts(self) -> list[Any]:
        """The board posts of the table's thread or DM, oldest first."""
        channel = self.channel if self.channel is not None else self.people[0].dm_channel
        return [m for m in channel.history() if m.attachments]

    async def snapshot(self) -> tuple[int, list[str], dict[str, Any]]:
        """What must not change after a refused action: version, log, state."""
        row = await self.row()
        moves = await self.store.moves(row.id)
        assert row.state is not None
        return row.version, [m.notation for m in moves], row.state

    async def replayed(self) -> dict[str, Any]:
        row = await self.row()
        log = [(m.seat, m.notation) for m in await self.store.moves(row.id)]
        return replay(
            self.game, len(row.seats), row.options, row.seed, log, self.game.content(row.state or {})
        )

    async def advance_until(self, found: Callable[[dict[str, Any], int], Any], limit: int = 40) -> Any:
        """Play the awaited person's first typed move until ``found(state, seat)`` gives something."""
        for _ in range(limit):
            person, seat = await self.awaited()
            state = await self.state()
            result = found(state, seat)
            if result:
                return result
            move = next(m for m in self.game.legal_moves(state, seat) if typed_kind(self.name, m.kind))
            await self.play(person, move.notation)
        raise AssertionError(f"{self.name}: nothing found in {limit} moves")


def typed_kind(game: str, kind: str) -> bool:
    """Moves the driver plays by a plain typed command (a Moonriser placement needs a preview)."""
    return not (game == "moonriser" and kind == "place")


def undoable_steps(game: Game, name: str, state: dict[str, Any], seat: int, count: int) -> list[str] | None:
    """``count`` successive moves of ``seat`` that the seat could each take back (nothing
    revealed, no automated reply, the seat still to act after each), or ``None``."""
    if count == 0:
        return []
    for move in itertools.islice(game.legal_moves(state, seat), 300):
        if not typed_kind(name, move.kind):
            continue
        after, _ = game.apply(state, seat, move)
        automated = set(game.automated_seats(after))
        if not game.can_undo(state, seat, move, after) or seat not in game.to_act(after):
            continue
        if automated & set(game.to_act(after)):
            continue
        rest = undoable_steps(game, name, after, seat, count - 1)
        if rest is not None:
            return [move.notation, *rest]
    return None


async def open_game(env: Env, name: str, *, players: int = 3, **options: Any) -> GameSide:
    """A running table of ``name``, opened as people open one (``players`` for Moonriser and
    The Manhattan Project; ``options`` as the ``new`` command takes them)."""
    if name == "runarch":
        table = await Table.open(env, **options)
        return GameSide(
            env,
            name,
            table.table_id,
            table.thread,
            [table.alice, table.bob],
            lambda person, notation: play_by_command(person, table.thread, notation),
        )
    if name == "moonriser":
        moon = await MoonTable.open(env, players=players, **options)
        return GameSide(
            env,
            name,
            moon.table_id,
            moon.thread,
            moon.people,
            lambda person, notation: moonriser_table.play(moon, person, notation),
        )
    if name == "manhattan":
        manhattan = await ManhattanTable.open(env, players=players, **options)
        return GameSide(
            env,
            name,
            manhattan.table_id,
            manhattan.thread,
            manhattan.people,
            lambda person, notation: manhattan_table.play(manhattan, person, notation),
        )
    mars = await MarsBotTable.open(env)
    opened = await mars.start(**options)
    assert not opened.ephemeral, opened.response.content
    assert mars.table_id is not None

    async def typed(person: Any, notation: str) -> Any:
        return await mars.play(notation)

    return GameSide(env, name, mars.table_id, None, [mars.person], typed)
