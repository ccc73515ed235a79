"""The tables of the concurrent benchmark: opened through the real bot, their moves scripted up
front from the engine, played the way a person plays them, and checked against the script.

RunArch, Moonriser and The Manhattan Project are 2-player tables in threads of one server
channel (the host's ``/<game> new`` and the guest's **Join**); their moves are the game's
normal bot player's, made as each game's own benchmark makes them (RunArch: ``/runarch swap``,
``/runarch score`` and the board's **End turn** button; Moonriser: its slash commands, a
placement previewed and confirmed; The Manhattan Project: its slash commands). MarsBot is a solo
game in a person's DM with the bot, scripted by ``bench.marsbot_dm``'s person. Every script
step is the state after the move and the automated replies the bot makes right after it, and
the log lines they add: after the run the stored state and log must equal the script's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bench import manhattan, marsbot_dm, moonriser, runarch
from bench.simcord_moves import Play
from engine.core import Game
from engine.manhattan.game import GAME as MANHATTAN
from engine.marsbot.game import GAME as MARSBOT
from engine.moonriser.game import GAME as MOONRISER
from engine.runarch import GAME as RUNARCH

State = dict[str, Any]
Chooser = Callable[[State, int], str]
"""``(state, seat) -> notation``: what the scripted person plays next."""


@dataclass(frozen=True)
class Step:
    """One scripted move: who makes it, its notation, and what it must leave behind."""

    seat: int
    notation: str
    state: State
    """The state after the move and the automated replies (as the store keeps it: JSON)."""
    logged: tuple[tuple[int, str], ...]
    """The (seat, notation) lines the move adds to the log, the automated replies included."""


@dataclass
class Table:
    """A running table, its players and its script; ``played`` counts the moves made so far."""

    kind: Kind
    table_id: int
    seed: int
    where: Any
    """The table's thread, or ``None`` for a game in the player's DM."""
    players: dict[int, Any]
    """Seat -> the member (or DM user) who plays it."""
    start: State
    start_log: int
    script: list[Step] = field(default_factory=list)
    played: int = 0

    @property
    def left(self) -> int:
        return len(self.script) - self.played

    async def play_next(self) -> None:
        """The next scripted move, as a person makes it (one interaction or more)."""
        step = self.script[self.played]
        self.played += 1
        await self.kind.play(self.players[step.seat], self.where, step.notation)

    async def matches(self, store: Any) -> bool:
        """The stored state and log are the script's after the moves played: none lost or doubled."""
        row = await store.table(self.table_id)
        log = [(m.seat, m.notation) for m in await store.moves(self.table_id)]
        done = self.script[: self.played]
        expected = done[-1].state if done else self.start
        wanted = [line for step in done for line in step.logged]
        return row is not None and _canon(row.state) == _canon(expected) and log[self.start_log :] == wanted


@dataclass(frozen=True)
class Kind:
    """A game as the benchmark drives it."""

    label: str
    name: str
    game: Game
    play: Play
    chooser: Callable[[int], Chooser]
    """A table's scripted person from its seed."""
    solo: bool = False


def _bot_player(game: Game) -> Callable[[int], Chooser]:
    return lambda seed: lambda state, seat: game.bot_move(state, seat, "normal").notation


def _marsbot_person(seed: int) -> Chooser:
    person = marsbot_dm.Person(random.Random(seed))
    return lambda state, seat: person.next_move(state)


async def _in_dm(user: Any, where: Any, notation: str) -> None:
    name, options = marsbot_dm.command(notation)
    await user.slash(name, **options)


KINDS: tuple[Kind, ...] = (
    Kind("RunArch", "runarch", RUNARCH, runarch.by_hand, _bot_player(RUNARCH)),
    Kind("Moonriser", "moonriser", MOONRISER, moonriser.by_command, _bot_player(MOONRISER)),
    Kind("Manhattan Project", "manhattan", MANHATTAN, manhattan.by_command, _bot_player(MANHATTAN)),
    Kind("MarsBot", "marsbot", MARSBOT, _in_dm, _marsbot_person, solo=True),
)


def _canon(state: Any) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def script(table: Table, moves: int) -> list[Step]:
    """Up to ``moves`` moves of the table's scripted person from its start (fewer if the game
    ends), each followed by the automated replies the table service makes."""
    from bot.tables import TableService

    game, choose, state = table.kind.game, table.kind.chooser(table.seed), table.start
    steps: list[Step] = []
    while len(steps) < moves and game.outcome(state) is None:
        seat = game.to_act(state)[0]
        notation = choose(state, seat)
        after, _ = game.apply(state, seat, notation)
        replies: list[Any] = []
        after, _ = TableService.run_automated(game, after, replies)
        state = json.loads(_canon(after))
        logged = ((seat, notation), *((m.seat, m.notation) for m in replies))
        steps.append(Step(seat, notation, state, logged))
    return steps


class Opener:
    """Opens tables through the real bot, one after another (SimCord's ordinary, settled
    operations): the players' users, the lobby or the DM, the seed the table gets."""

    def __init__(self, env: Any, bot: Any, shard: int | None = None) -> None:
        self.env, self.bot = env, bot
        self.guild = env.create_guild() if shard is None else env.create_guild(shard_id=shard)
        self.channel = self.guild.create_text_channel("games")
        self.opened = 0

    async def open(self, kind: Kind, seed: int) -> Table:
        self.opened += 1
        self.bot.tables.new_seed = lambda: seed
        store = self.bot.store
        if kind.solo:
            user = self.env.create_user(f"solo{self.opened}")
            await user.slash(f"{kind.name} new")
            row = await store.open_table_in(user.dm_channel.id, kind.name)
            where, people = None, {user.id: user}
        else:
            host, guest = (self.guild.add_member(self.env.create_user(f"t{self.opened}{s}")) for s in "ab")
            if kind.name == "runarch":
                await host.slash(self.channel, "runarch new", opponent=guest)
            else:
                await host.slash(self.channel, f"{kind.name} new", players=2, opponents=guest.mention)
            where = self.channel.threads[-1]
            await guest.click(where.history()[0], label="Join")
            row = await store.open_table_in(where.id)
            people = {host.id: host, guest.id: guest}
        if row is None or row.status != "active" or row.state is None:
            raise AssertionError(f"the {kind.label} table did not start")
        players = {seat.seat: people[seat.user_id] for seat in row.seats if seat.user_id in people}
        return Table(kind, row.id, seed, where, players, row.state, len(await store.moves(row.id)))


async def open_tables(
    env: Any, bot: Any, indices: Iterable[int], seed: int, *, shard: int | None = None
) -> list[Table]:
    """The tables of the run numbered ``indices``, the four games in turn (equal shares over the
    run); their scripts still empty. ``shard``: the servers' shard, when the bot runs only that
    one (another process plays the others)."""
    opener = Opener(env, bot, shard)
    return [await opener.open(KINDS[i % len(KINDS)], seed * 1_000_003 + i) for i in indices]


def in_dm(index: int) -> bool:
    """Whether the run's table ``index`` is played in a direct message (a solo game)."""
    return KINDS[index % len(KINDS)].solo
