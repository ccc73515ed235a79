"""One process of the bot for tests/bot/test_two_processes.py, driven over stdin and stdout.

``python -m tests.bot.process_driver '{"url": "postgresql://…", "shards": [2, [0]] | null, "worker": 0}'``
starts the real bot (:func:`bot.create_bot`) on that database in a SimCord environment of its
own, makes the same three people as every other process (so their ids agree), and answers
``{"ready": …}``. Then each line read is one JSON command, answered by one JSON line:
``{"ok": result}``, or ``{"error": traceback}`` when the command failed (the process goes on).

Commands (``op``): ``open`` (Alice opens a RunArch table against Bob; Bob joins), ``mirror``
(the same server and thread as another process's, same ids), ``play`` (a person's move by slash
command), ``advance`` (simulated time passes; the scheduler ticks each minute), ``posts`` (the
thread's messages that start with some text), ``poke`` (the scheduler reads the schedule at its
next tick, as after a start), ``die_when_acting`` (the process ends abruptly, no clean-up, the
first time it reaches for Discord to act on a due reminder or limit: it writes
``{"died": table_id}`` first) and ``stop``, answered once the environment has shut down and the
store has closed. End of input stops the process too.

The protocol has the real stdout to itself; anything printed goes to stderr, which the test
shows when something fails.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import traceback
from typing import IO, Any

import simcord
from simcord import Env

from bot import create_bot
from bot.client import GameBot
from bot.config import Config
from bot.sharding import Shards
from tests.bot.harness import moved, play_by_command

DIED = 3
"""The exit status of a process told to die (``die_when_acting``)."""


class Driver:
    """The environment's people, server and table thread, and the commands that act on them."""

    def __init__(self, env: Env, out: IO[str], worker: int) -> None:
        self.env = env
        self.out = out
        self.people = [env.create_user(name) for name in ("alice", "bob", "carol")]
        _own_ids(env, worker)
        self.members: dict[int, Any] = {}
        self.thread: Any = None
        self.channel: Any = None
        """The thread's parent channel, where a deleted thread is told."""

    @property
    def bot(self) -> GameBot:
        return self.env.bot  # type: ignore[return-value]

    def send(self, message: dict[str, Any]) -> None:
        self.out.write(json.dumps(message) + "\n")
        self.out.flush()

    def ready(self) -> dict[str, Any]:
        people = [{"id": p.id, "mention": p.mention} for p in self.people]
        return {
            "people": people,
            "shard_count": getattr(self.bot, "shard_count", None),
            "shards": getattr(self.bot, "shard_ids", None),
        }

    async def open(self) -> dict[str, Any]:
        """Alice opens a table (seed 1; a reminder after an hour, a limit of three) and Bob joins."""
        shards = self.bot.config.shards
        self.bot.tables.new_seed = lambda: 1  # type: ignore[method-assign]
        if shards is not None and shards.count > 1:
            guild = self.env.create_guild(shard_id=shards.ids[0])
        else:
            guild = self.env.create_guild()
        channel = self.channel = guild.create_text_channel("games")
        alice, bob, _carol = self._join(guild)
        await alice.slash(channel, "runarch new", opponent=bob, reminder="1h", limit="3h")
        self.thread = channel.threads[-1]
        row = await self.bot.store.open_table_in(self.thread.id)
        assert row is not None, "the table opened"
        await bob.click(self.thread.history()[0], label="Join")
        return {"guild": guild.id, "thread": self.thread.id, "name": self.thread.name, "table": row.id}

    async def mirror(self, guild: int, thread: int, name: str) -> dict[str, Any]:
        """The server and the table's thread another process made, with the same ids."""
        made_guild = self.env.create_guild(id=guild)
        parent = self.channel = made_guild.create_text_channel("games")
        self._join(made_guild)
        backend = self.env.backend
        made = backend.create_thread(parent.id, name, backend.bot_user.id, message_id=thread, broadcast=False)
        for person in self.people[:2]:
            backend.add_thread_member(made.id, person.id)
        backend.announce_thread_create(made)
        await asyncio.sleep(0)
        self.thread = next(t for t in parent.threads if t.id == thread)
        return {"thread": self.thread.id}

    def _join(self, guild: Any) -> list[Any]:
        members = [guild.add_member(person) for person in self.people]
        self.members = {m.id: m for m in members}
        return members

    async def play(self, user: int, move: str) -> dict[str, Any]:
        result = await play_by_command(self.members[user], self.thread, move)
        answer = result.response
        return {
            "moved": moved(result),
            "answered": result.acknowledged,
            "private": result.ephemeral,
            "answer": None if answer is None else answer.content,
        }

    async def advance(self, seconds: float) -> None:
        """Simulated time passes; the answer waits until the work it started has ended.

        A tick at the last instant can be in a transaction's short pause before it runs again
        (both processes claimed at once and the other won). ``advance_time`` returns with that
        pause pending; the wall clock then ends it through an advance of SimCord's own, and the
        next ``advance_time`` and that one wait for each other until the settle timeout (SimCord
        3.2; about one run in twenty). ``settle`` lets the pause end before the next command."""
        await self.env.advance_time(seconds)
        await self.env.settle()

    def posts(self, start: str) -> list[str]:
        return [m.content for m in self.thread.history() if m.content.startswith(start)]

    def poke(self) -> None:
        self.bot.scheduler.poke()

    def delete_thread(self) -> None:
        """A moderator deletes the table's thread (each process's copy of it)."""
        self.env.backend.delete_channel(self.thread.id)

    def told_lost(self) -> list[str]:
        """The parent channel's posts saying the table's thread was deleted."""
        return [m.content for m in self.channel.history() if "was deleted" in m.content]

    async def games(self, user: int) -> str:
        """What ``/games`` answers ``user`` in the thread's parent channel."""
        result = await self.members[user].slash(self.channel, "games")
        return str(result.response.content)

    async def reopen(self, user: int) -> int:
        """``user`` clicks *Re-open the table* under the channel's post; the new thread's id."""
        told = next(m for m in self.channel.history() if "was deleted" in m.content)
        await self.members[user].click(told, label="Re-open the table")
        self.thread = self.channel.threads[-1]
        return int(self.thread.id)

    def die_when_acting(self) -> None:
        async def dies(table: Any) -> Any:
            self.send({"died": table.id})
            sys.stderr.flush()
            os._exit(DIED)

        self.bot.tables.channel_of = dies  # type: ignore[method-assign]

    async def serve(self, commands: asyncio.StreamReader) -> None:
        """Answer commands until ``stop`` or the end of input."""
        while line := await commands.readline():
            command = json.loads(line)
            op = command.pop("op")
            if op == "stop":
                return
            try:
                with self.env.time_context():
                    result = getattr(self, op)(**command)
                    if asyncio.iscoroutine(result):
                        result = await result
            except Exception as error:
                if isinstance(error, TimeoutError):
                    _print_tasks()
                self.send({"error": traceback.format_exc()})
            else:
                self.send({"ok": result})


def _print_tasks() -> None:
    """Where every task of the process waits, on stderr (for a bot that did not settle)."""
    for task in asyncio.all_tasks():
        print(f"--- {task.get_name()}", file=sys.stderr)
        awaited: Any = task.get_coro()
        while awaited is not None:
            frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "gi_frame", None)
            if frame is not None:
                print(
                    f"  {frame.f_code.co_filename}:{frame.f_lineno} {frame.f_code.co_name}", file=sys.stderr
                )
            awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "gi_yieldfrom", None)
            if awaited is not None and not (hasattr(awaited, "cr_frame") or hasattr(awaited, "gi_frame")):
                print(f"  waits on {awaited!r}", file=sys.stderr)
                break


def _own_ids(env: Env, worker: int) -> None:
    """From now on the ids this environment makes (messages, interactions) differ from every other
    process's, as all of Discord's ids do (its ids carry the number of the worker that made them).

    Each environment counts the same sequence per simulated millisecond, so without this an
    interaction here could carry the id of another one in the other process, and the bot would
    rightly take it for that one delivered again."""
    allocate = env.backend.snowflake

    def snowflake() -> int:
        return allocate() | worker << 21

    env.backend.snowflake = snowflake  # type: ignore[method-assign]


def _config(settings: dict[str, Any]) -> Config:
    shards = settings.get("shards")
    return Config(
        token=None,
        database_url=settings["url"],
        shards=None if shards is None else Shards(shards[0], tuple(shards[1])),
    )


def _protocol_out() -> IO[str]:
    """The real stdout for the answers alone; whatever else is printed goes to stderr."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


async def _stdin() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 20)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


async def main(settings: dict[str, Any]) -> None:
    out = _protocol_out()
    logging.basicConfig(
        level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    commands = await _stdin()
    # As tests/conftest.py has it: pictures drawn in this process, no frozen heap.
    os.environ["RENDER_WORKERS"] = "0"
    GameBot.freeze_heap = False
    bot = create_bot(_config(settings))
    try:
        # Real PostgreSQL round trips happen while time is advanced (every simulated minute's
        # tick, the time limit's move): on a busy CI machine that can exceed SimCord's default 5 s.
        async with simcord.run(bot, settle_timeout=60.0) as env:
            shards = bot.config.shards
            if shards is not None and not shards.syncs_commands:
                # Only shard 0's process pushes the commands; Discord is one for all, so this
                # process's simulated Discord learns them too (the same ids follow in every process).
                with env.time_context():
                    await bot.tree.sync()
            driver = Driver(env, out, settings["worker"])
            driver.send({"ready": driver.ready()})
            await driver.serve(commands)
    finally:
        await bot.store.close()
    out.write(json.dumps({"stopped": True}) + "\n")
    out.flush()


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
