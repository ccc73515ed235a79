"""Two processes of the bot on one PostgreSQL database, each its own bot, store and scheduler.

Each process is a SimCord environment of its own (its own simulated gateway, as each shard
process has its own connection to Discord) with the same server, people and table thread
(same ids), so a table's interactions can reach either process and each can post in the
thread. The players see both environments' threads as one: what the tests count is what
appears in either. Each process runs in a thread with its own event loop (SimCord allows one
environment per loop); both share nothing but the database, and both schedulers tick through
the same simulated minutes at once.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import pytest
import simcord
from simcord import Env

from bot import create_bot
from bot.config import Config
from bot.scheduler import CLAIM_SECONDS
from bot.sharding import Shards
from engine.runarch import GAME
from tests.bot.harness import Table, greedy_move, play_by_command

T = TypeVar("T")
H = 3600


class Process:
    """One process of the bot: a thread with its own event loop, SimCord environment, bot and store.

    (SimCord runs one environment per event loop, and two processes share no loop either.) The
    test hands it coroutines to run with :meth:`run`."""

    def __init__(self, config: Config) -> None:
        self.bot = create_bot(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.env: Env
        self.alice: Any = None
        self.bob: Any = None
        self.table_thread: Any = None
        self._running: Any = None

    async def run(self, work: Callable[..., Awaitable[T]], *args: Any) -> T:
        """``await work(*args)`` on this process's loop, inside its environment's clock."""

        async def inside() -> T:
            with self.env.time_context():
                return await work(*args)

        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(inside(), self.loop))

    async def start(self) -> None:
        """The environment lives in one task of the process's loop, from start to :meth:`stop`."""
        ready: asyncio.Future[Env] = asyncio.get_running_loop().create_future()
        caller = asyncio.get_running_loop()

        async def life() -> None:
            self._running = asyncio.Event()
            try:
                # Real PostgreSQL round trips happen while time is advanced (every simulated
                # minute's tick, the time limit's move): on a busy CI machine hours of simulated
                # time can take more than SimCord's default 5 s to settle.
                async with simcord.run(self.bot, settle_timeout=60.0) as env:
                    caller.call_soon_threadsafe(ready.set_result, env)
                    await self._running.wait()
            except BaseException as error:
                if not ready.done():
                    caller.call_soon_threadsafe(ready.set_exception, error)
                raise
            finally:
                await self.bot.store.close()

        self._life = asyncio.run_coroutine_threadsafe(life(), self.loop)
        self.env = await ready

    async def stop(self) -> None:
        try:
            if self._running is not None:
                self.loop.call_soon_threadsafe(self._running.set)
                await asyncio.wrap_future(self._life)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)
            self.loop.close()

    def posts(self, start: str) -> list[str]:
        return [m.content for m in self.table_thread.history() if m.content.startswith(start)]


def _config(url: str, shards: Shards | None) -> Config:
    return Config(token=None, database_url=url, shards=shards)


def _people(env: Env) -> tuple[Any, Any, Any]:
    """The first things made in an environment, so both get the same ids."""
    return env.create_user("alice"), env.create_user("bob"), env.create_user("carol")


@pytest.fixture
async def two(pg_url: str, request: pytest.FixtureRequest) -> AsyncIterator[tuple[Process, Process]]:
    """Process A opens a RunArch table (Alice against Bob; a reminder after an hour, a limit of
    three); process B sees the same server and thread."""
    shards = getattr(request, "param", (None, None))
    a, b = Process(_config(pg_url, shards[0])), Process(_config(pg_url, shards[1]))
    try:
        await a.start()
        await b.start()
        for process in (a, b):
            if process.bot.config.shards is not None and not process.bot.config.shards.syncs_commands:
                # Only shard 0's process pushes the commands; Discord is one for both, so this
                # process's simulated Discord learns them too (the same ids follow in both).
                await process.run(process.bot.tree.sync)
        people_a = await a.run(_async(_people), a.env)
        people_b = await b.run(_async(_people), b.env)
        assert [p.id for p in people_a] == [p.id for p in people_b]
        shard, count = (0, 1) if shards[0] is None else (shards[0].ids[0], shards[0].count)
        opened = await a.run(_open, a.env, people_a, shard, count)
        a.alice, a.bob, a.table_thread = opened.alice, opened.bob, opened.thread

        async def mirror() -> Any:
            guild = b.env.create_guild(id=opened.channel.guild.id)
            parent = guild.create_text_channel("games")
            b.alice, b.bob, _carol = (guild.add_member(person) for person in people_b)
            backend = b.env.backend
            made = backend.create_thread(
                parent.id, opened.thread.name, backend.bot_user.id, message_id=opened.thread.id,
                broadcast=False,
            )  # fmt: skip
            for person in people_b[:2]:
                backend.add_thread_member(made.id, person.id)
            backend.announce_thread_create(made)
            await asyncio.sleep(0)
            return next(t for t in parent.threads if t.id == opened.thread.id)

        b.table_thread = await b.run(mirror)
        yield a, b
    finally:
        await a.stop()
        await b.stop()


def _async(fn: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """A plain function as work for :meth:`Process.run` (called on that process's loop)."""

    async def call(*args: Any) -> T:
        return fn(*args)

    return call


async def _open(env: Env, people: tuple[Any, Any, Any], shard: int, count: int) -> Table:
    env.bot.tables.new_seed = lambda: 1  # type: ignore[attr-defined]
    guild = env.create_guild(shard_id=shard) if count > 1 else env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(p) for p in people)
    await alice.slash(channel, "runarch new", opponent=bob, reminder="1h", limit="3h")
    thread = channel.threads[-1]
    table = Table(env, channel, alice, bob, carol, thread)
    row = await table.bot.store.open_table_in(thread.id)
    assert row is not None
    table.table_id = row.id
    await bob.click(thread.history()[0], label="Join")
    return table


async def _advance(a: Process, b: Process, seconds: float) -> None:
    """Time passes for both processes at once: both schedulers tick through the same minutes."""
    await asyncio.gather(a.run(a.env.advance_time, seconds), b.run(b.env.advance_time, seconds))


def _both_posts(a: Process, b: Process, start: str) -> list[str]:
    """The posts starting with ``start`` in the table's thread, whichever process posted them."""
    return [m for p in (a, b) for m in p.posts(start)]


async def _play_on_both(a: Process, b: Process, steps: int) -> list[str]:
    """The player to act sends each step to both processes at once; returns the steps played."""
    store = a.bot.store
    (row,) = await a.run(store.open_tables_in, a.table_thread.id)
    played = []
    for _ in range(steps):
        row = await a.run(store.table, row.id)
        seat = GAME.to_act(row.state)[0]
        notation = greedy_move(row.state, seat)
        alice_acts = row.user_at(seat) == a.alice.id
        actors = [(p, p.alice if alice_acts else p.bob) for p in (a, b)]
        await asyncio.gather(*(p.run(play_by_command, who, p.table_thread, notation) for p, who in actors))
        after = await a.run(store.table, row.id)
        assert after.version == row.version + 1, "one of the two copies applied, never both"
        played.append(notation)
    return played


async def test_moves_sent_to_both_processes_apply_once_and_every_timer_fires_once(
    two: tuple[Process, Process],
) -> None:
    a, b = two
    store = a.bot.store
    played = await _play_on_both(a, b, 6)
    (row,) = await a.run(store.open_tables_in, a.table_thread.id)
    waiting = a.alice if row.user_at(GAME.to_act(row.state)[0]) == a.alice.id else a.bob
    log = await a.run(store.moves, row.id)
    assert [m.notation for m in log] == played, "no move doubled or lost"

    await _advance(a, b, H - 120)
    assert _both_posts(a, b, "⏰") == []
    await _advance(a, b, 180)  # both processes tick through the minute the reminder comes due
    (reminder,) = _both_posts(a, b, "⏰")
    assert waiting.mention in reminder
    await _advance(a, b, 2 * H)  # the time limit passes on both
    assert len(_both_posts(a, b, "⏰")) == 1, "the reminder came once"
    (timeout,) = _both_posts(a, b, "⌛")
    assert "I played a minimal turn" in timeout
    log = await a.run(store.moves, row.id)
    assert [m.notation for m in log[: len(played)]] == played
    timed_out = log[len(played) :]
    assert timed_out and {m.source for m in timed_out} == {"timeout"}, "one minimal turn, played once"
    assert len({m.seat for m in timed_out}) == 1
    row = await a.run(store.table, row.id)
    assert row.version == 1 + len(played) + 1, "each step one version, the minimal turn one commit"


async def test_a_process_that_dies_holding_a_reminder_loses_it_only_until_its_claim_ends(
    two: tuple[Process, Process],
) -> None:
    """Process A claims the due reminder and dies before it posts; B, whose first check comes
    after that (as a process started in A's place), posts it once A's claim has ended."""
    a, b = two
    await _play_on_both(a, b, 2)
    reached_for_discord = []

    async def dies(table: Any) -> Any:
        reached_for_discord.append(table.id)
        a.bot.scheduler.stop()  # A is gone: it never ticks again
        raise RuntimeError("the process stopped here")

    a.bot.tables.channel_of = dies  # type: ignore[method-assign]
    await a.run(a.env.advance_time, H + 120)  # A's check comes first: A claims the reminder
    assert reached_for_discord and _both_posts(a, b, "⏰") == []

    await b.run(_async(b.bot.scheduler.poke))  # B's first check reads the schedule, as at a start
    await b.run(b.env.advance_time, H + 120)
    assert _both_posts(a, b, "⏰") == [], "A's claim still holds"
    await _advance(a, b, CLAIM_SECONDS)
    assert len(b.posts("⏰")) == 1 and a.posts("⏰") == [], "the reminder came, once, when A's claim ended"


@pytest.mark.parametrize("two", [(Shards(2, (0,)), Shards(2, (1,)))], indirect=True)
async def test_each_process_fires_only_the_timers_of_tables_on_its_own_shards(
    two: tuple[Process, Process],
) -> None:
    """The table's server is on shard 0 (process A's): its reminder and limit are A's alone,
    however often B ticks. B could post in the thread (its copy of it is there), but it does not."""
    a, b = two
    played = await _play_on_both(a, b, 2)
    assert a.bot.shard_ids == [0] and b.bot.shard_ids == [1]
    await _advance(a, b, 3 * H + 120)
    assert len(a.posts("⏰")) == 1 and len(a.posts("⌛")) == 1
    assert b.posts("⏰") == [] and b.posts("⌛") == []
    assert len(played) == 2
