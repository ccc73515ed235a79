"""Two processes of the bot on one PostgreSQL database, each its own bot, store and scheduler.

Each process is a real operating-system process (:mod:`tests.bot.process_driver`, started with
this interpreter) running the bot in a SimCord environment of its own (its own simulated
gateway, as each shard process has its own connection to Discord) with the same server, people
and table thread (same ids), so a table's interactions can reach either process and each can
post in the thread. The players see both environments' threads as one: what the tests count is
what appears in either. The two share nothing but the database; the test reads the moves and
the table from that database with a store of its own.

Both processes' clocks move on together a minute at a time (as real machines' clocks agree to
well within a minute), far inside a claim's :data:`bot.scheduler.CLAIM_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.scheduler import CLAIM_SECONDS, TICK_SECONDS
from db import Store
from db.models import TableRow
from engine.runarch import GAME
from tests.bot.harness import greedy_move
from tests.bot.process_driver import DIED

H = 3600
ROOT = Path(__file__).resolve().parents[2]
ANSWER_SECONDS = 120.0
"""How long one command may take (an hour of simulated minutes with real database round trips
on a busy machine takes a few seconds)."""
STOP_SECONDS = 20.0


class ProcessFailed(AssertionError):
    pass


class Process:
    """One process of the bot, driven over its stdin and stdout (see :mod:`tests.bot.process_driver`).

    Everything it writes to stderr is kept, so a failure shows the process's traceback."""

    def __init__(self, name: str, child: asyncio.subprocess.Process) -> None:
        self.name = name
        self.child = child
        self.stderr = bytearray()
        self._drain = asyncio.create_task(self._keep_stderr())
        self.people: list[dict[str, Any]] = []
        self.shard_count: int | None = None
        self.shard_ids: list[int] | None = None
        self.died: int | None = None

    @classmethod
    async def start(
        cls, name: str, worker: int, url: str, shards: tuple[int, tuple[int, ...]] | None
    ) -> Process:
        settings = json.dumps({"url": url, "shards": shards, "worker": worker})
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.process_driver", settings,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            cwd=ROOT, env={**os.environ, "RENDER_WORKERS": "0"}, limit=1 << 20,
        )  # fmt: skip
        return cls(name, child)

    async def _keep_stderr(self) -> None:
        assert self.child.stderr is not None
        while chunk := await self.child.stderr.read(1 << 16):
            self.stderr += chunk

    async def failure(self, what: str) -> ProcessFailed:
        """``what`` went wrong, with the end of the process's stderr (its traceback, if it crashed)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._drain), 2)
        text = self.stderr.decode(errors="replace")[-12000:]
        return ProcessFailed(f"process {self.name}: {what}\n--- its stderr ---\n{text}")

    async def read(self) -> dict[str, Any]:
        assert self.child.stdout is not None
        try:
            line = await asyncio.wait_for(self.child.stdout.readline(), ANSWER_SECONDS)
        except TimeoutError:
            raise await self.failure(f"no answer in {ANSWER_SECONDS:.0f} s") from None
        if not line:
            raise await self.failure(f"ended (status {await self.status()}) without answering")
        message: dict[str, Any] = json.loads(line)
        if "error" in message:
            raise await self.failure(f"the command failed:\n{message['error']}")
        return message

    async def ready(self) -> None:
        ready = (await self.read())["ready"]
        self.people, self.shard_count, self.shard_ids = ready["people"], ready["shard_count"], ready["shards"]

    async def ask(self, op: str, **args: Any) -> Any:
        """The process's answer to one command; a process that dies acting answers ``{"died": …}``."""
        await self._write({"op": op, **args})
        message = await self.read()
        if "died" in message:
            self.died = message["died"]
            return message
        return message["ok"]

    async def _write(self, command: dict[str, Any]) -> None:
        assert self.child.stdin is not None
        try:
            self.child.stdin.write((json.dumps(command) + "\n").encode())
            await self.child.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise await self.failure(f"ended (status {await self.status()}) before {command['op']}") from None

    async def status(self) -> int | None:
        """The exit status, once the process has ended (``None`` if it is still running after 5 s)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.child.wait(), 5)
        return self.child.returncode

    async def posts(self, start: str) -> list[str]:
        return list(await self.ask("posts", start=start))

    def serves(self, guild: int) -> bool:
        """Whether Discord sends this process the interactions of server ``guild`` (its shard's)."""
        return self.shard_count is None or (guild >> 22) % self.shard_count in (self.shard_ids or ())

    async def stop(self) -> None:
        """Stop the process cleanly (its environment shut down, its store closed), else kill it.
        A process that did not stop cleanly, unless it was told to die, fails the test."""
        problem = None
        if self.child.returncode is None and self.died is None:
            try:
                await self._write({"op": "stop"})
                if (await self.read()).get("stopped") is not True:
                    problem = "did not say it stopped"
            except ProcessFailed as error:
                problem = str(error)
        try:
            await asyncio.wait_for(self.child.wait(), STOP_SECONDS)
        except TimeoutError:
            self.child.kill()
            await self.child.wait()
            problem = problem or f"did not end within {STOP_SECONDS:.0f} s of stopping"
        await asyncio.wait_for(self._drain, 5)
        expected = DIED if self.died is not None else 0
        if problem is None and self.child.returncode != expected:
            problem = f"ended with status {self.child.returncode}"
        if problem is not None:
            raise await self.failure(problem)

    def kill(self) -> None:
        if self.child.returncode is None:
            self.child.kill()


class Two:
    """Processes A and B on one database, the table A opened, and a store of the test's own."""

    def __init__(self, a: Process, b: Process, store: Store, opened: dict[str, Any]) -> None:
        self.a, self.b, self.store = a, b, store
        self.table_id: int = opened["table"]
        self.alice, self.bob = (a.people[0], a.people[1])
        self.serving = tuple(p for p in (a, b) if p.serves(opened["guild"]))
        """The processes that receive the table's interactions: those running its server's shard."""

    async def row(self) -> TableRow:
        row = await self.store.table(self.table_id)
        assert row is not None
        return row

    async def notations(self) -> list[str]:
        return [m.notation for m in await self.store.moves(self.table_id)]

    async def advance(self, seconds: float, *processes: Process) -> None:
        """Time passes for the processes (both unless named) at once, a scheduler tick at a time;
        a process that died on the way stays behind."""
        processes = processes or (self.a, self.b)
        while seconds > 0 and (alive := [p for p in processes if p.died is None]):
            step = min(seconds, TICK_SECONDS)
            await asyncio.gather(*(p.ask("advance", seconds=step) for p in alive))
            seconds -= step

    async def posts(self, start: str) -> list[str]:
        """The posts starting with ``start`` in the table's thread, whichever process posted them."""
        a, b = await asyncio.gather(self.a.posts(start), self.b.posts(start))
        return a + b

    async def play_on_both(self, steps: int) -> list[str]:
        """The player to act sends each step to both processes at once; returns the steps played.

        Both copies run at once, so often both read the same version and the database's check
        lets one commit; the other process, finding the table moved on, judges its copy again
        on the new position, where the rules refuse it (one swap a turn, a card already scored,
        another's turn): one applies, and the player's other copy gets a private refusal."""
        played = []
        for _ in range(steps):
            row = await self.row()
            assert row.state is not None
            seat = GAME.to_act(row.state)[0]
            notation = greedy_move(row.state, seat)
            processes = (self.a, self.b)
            answers = await asyncio.gather(
                *(p.ask("play", user=row.user_at(seat), move=notation) for p in processes)
            )
            after = await self.row()
            assert after.version == row.version + 1, f"one of the two copies applied, never both: {answers}"
            assert [a["moved"] for a in answers].count(True) == 1, answers
            for process, answer in zip(processes, answers, strict=True):
                if process not in self.serving:
                    assert not answer["answered"], (
                        "Discord sends a server's interactions to its shard's process"
                    )
                elif not answer["moved"]:
                    assert answer["answered"] and answer["private"] and answer["answer"], answers
            played.append(notation)
        return played


@pytest.fixture
async def two(pg_url: str, request: pytest.FixtureRequest) -> AsyncIterator[Two]:
    """Process A opens a RunArch table (Alice against Bob; a reminder after an hour, a limit of
    three); process B sees the same server and thread."""
    shards = getattr(request, "param", (None, None))
    started: list[Process] = []
    try:
        for worker, (name, its_shards) in enumerate(zip("AB", shards, strict=True)):
            started.append(await Process.start(name, worker, pg_url, its_shards))
        a, b = started
        await asyncio.gather(a.ready(), b.ready())
        assert a.people == b.people, "both environments give the people the same ids"
        opened = await a.ask("open")
        await b.ask("mirror", guild=opened["guild"], thread=opened["thread"], name=opened["name"])
        async with Store(pg_url) as store:
            yield Two(a, b, store, opened)
        stops = await asyncio.gather(*(p.stop() for p in started), return_exceptions=True)
        for stopped in stops:
            if isinstance(stopped, BaseException):
                raise stopped
    finally:
        for process in started:
            process.kill()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.child.wait(), 10)


async def test_moves_sent_to_both_processes_apply_once_and_every_timer_fires_once(two: Two) -> None:
    played = await two.play_on_both(6)
    row = await two.row()
    assert row.state is not None
    waiting = two.alice if row.user_at(GAME.to_act(row.state)[0]) == two.alice["id"] else two.bob
    assert await two.notations() == played, "no move doubled or lost"

    await two.advance(H - 120)
    assert await two.posts("⏰") == []
    await two.advance(180)  # both processes tick through the minute the reminder comes due
    (reminder,) = await two.posts("⏰")
    assert waiting["mention"] in reminder
    await two.advance(2 * H)  # the time limit passes on both
    assert len(await two.posts("⏰")) == 1, "the reminder came once"
    (timeout,) = await two.posts("⌛")
    assert "I played a minimal turn" in timeout
    log = await two.store.moves(two.table_id)
    assert [m.notation for m in log[: len(played)]] == played
    timed_out = log[len(played) :]
    assert timed_out and {m.source for m in timed_out} == {"timeout"}, "one minimal turn, played once"
    assert len({m.seat for m in timed_out}) == 1
    row = await two.row()
    assert row.version == 1 + len(played) + 1, "each step one version, the minimal turn one commit"


async def test_a_process_that_dies_holding_a_reminder_loses_it_only_until_its_claim_ends(two: Two) -> None:
    """Process A claims the due reminder and dies (the process ends, no clean-up) before it posts;
    B, whose first check comes after that (as a process started in A's place), posts it once A's
    claim has ended."""
    a, b = two.a, two.b
    await two.play_on_both(2)
    assert await a.posts("⏰") == []
    await a.ask("die_when_acting")
    await two.advance(H + 120, a)  # A's check comes first: A claims the reminder, then dies
    assert a.died == two.table_id
    assert await a.status() == DIED
    assert await b.posts("⏰") == []

    await b.ask("poke")  # B's first check reads the schedule, as at a start
    await two.advance(H + 120, b)
    assert await b.posts("⏰") == [], "A's claim still holds"
    await two.advance(CLAIM_SECONDS, b)
    assert len(await b.posts("⏰")) == 1, "the reminder came, once, when A's claim ended"


@pytest.mark.parametrize("two", [((2, (0,)), (2, (1,)))], indirect=True)
async def test_each_process_fires_only_the_timers_of_tables_on_its_own_shards(two: Two) -> None:
    """The table's server is on shard 0 (process A's): its reminder and limit are A's alone,
    however often B ticks. B could post in the thread (its copy of it is there), but it does not."""
    a, b = two.a, two.b
    assert a.shard_ids == [0] and b.shard_ids == [1]
    played = await two.play_on_both(2)
    await two.advance(3 * H + 120)
    assert len(await a.posts("⏰")) == 1 and len(await a.posts("⌛")) == 1
    assert await b.posts("⏰") == [] and await b.posts("⌛") == []
    assert len(played) == 2


async def test_a_thread_one_process_found_deleted_is_known_to_the_other_and_told_once(two: Two) -> None:
    """A finds the thread gone at the reminder and tells the channel; B, which never posted
    there, has ``/games`` say so, and its own post at the limit that finds the thread gone tells
    the channel nothing more. A re-opens the table: ``/games`` on B no longer calls it lost."""
    a, b = two.a, two.b
    await two.play_on_both(2)
    await asyncio.gather(a.ask("delete_thread"), b.ask("delete_thread"))
    await two.advance(H + 120, a)  # A's reminder finds the thread gone
    assert len(await a.ask("told_lost")) == 1
    assert (await two.row()).thread_lost_at is not None
    games = await b.ask("games", user=two.alice["id"])
    assert "thread was deleted, re-open it in" in games, "B knows without posting"
    moves = len(await two.notations())
    await b.ask("poke")  # B reads the schedule, as at a start
    await two.advance(3 * H + 240, b)  # B catches up with A; its move at the limit finds the thread gone
    assert len(await two.notations()) > moves, "B made the move at the limit"
    assert await b.ask("told_lost") == [] and len(await a.ask("told_lost")) == 1, "told once"
    new = await a.ask("reopen", user=two.bob["id"])
    row = await two.row()
    assert row.channel_id == new and row.thread_lost_at is None
    games = await b.ask("games", user=two.alice["id"])
    assert "deleted" not in games and f"<#{new}>" in games
