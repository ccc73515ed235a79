"""``python -m bench.runarch``: RunArch speed against baselines measured in the same run.

Figures: engine apply, render (vs. PNG-encoding a blank image of the same size and
settings), store commit (vs. a bare SQLite insert+commit of the same bytes), a whole move
through the real bot under SimCord, and 1000 random complete games. Targets come from the
foundation issue; a missed target prints FAIL but the command still exits 0 (it is a report).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bench.simcord_moves import board_message
from bench.stats import Summary, row, sample, verdict
from engine.core import Move
from engine.runarch import GAME

State = dict[str, Any]


@dataclass(frozen=True)
class Sizes:
    """How much work each section does; ``--quick`` shrinks everything for the smoke test."""

    apply_games: int = 200
    renders: int = 300
    warm_renders: int = 600
    commits: int = 400
    bot_moves: int = 200
    games: int = 1000
    automa_games: int = 200
    solo_trips: int = 100


QUICK = Sizes(
    apply_games=5,
    renders=10,
    warm_renders=40,
    commits=20,
    bot_moves=12,
    games=20,
    automa_games=6,
    solo_trips=6,
)


def uniform(state: State, seat: int, rnd: random.Random) -> Move:
    """Random legal play: any listed move, equally likely."""
    return rnd.choice(GAME.legal_moves(state, seat))


def eager(state: State, seat: int, rnd: random.Random) -> Move:
    """Score whenever possible, otherwise a random legal move: games reach the target."""
    moves = GAME.legal_moves(state, seat)
    scores = [m for m in moves if m.kind == "score"]
    return rnd.choice(scores or moves)


def play(
    seed: int, chooser: Any = uniform, *, seats: int = 2, options: dict[str, Any] | None = None
) -> list[tuple[State, int, Move]]:
    """One complete game: every (state before, seat, move) in order; the automa plays its own seat."""
    rnd = random.Random(seed)
    state = GAME.new(seats, options or {}, seed)
    steps = []
    while not state["over"]:
        seat = GAME.to_act(state)[0]
        if seat in GAME.automated_seats(state):
            move = GAME.choose_automated(state, seat)
        else:
            move = chooser(state, seat, rnd)
        steps.append((state, seat, move))
        state, _ = GAME.apply(state, seat, move)
    return steps


# --------------------------------------------------------------------------- engine
def bench_apply(sizes: Sizes, seed: int) -> tuple[Summary, list[State]]:
    """Time every apply of ``apply_games`` eager games; keep their states for the render section."""
    durations: list[float] = []
    states: list[State] = []
    for g in range(sizes.apply_games):
        for state, seat, move in play(seed + g, eager):
            start = time.perf_counter()
            GAME.apply(state, seat, move.notation)
            durations.append(time.perf_counter() - start)
            states.append(state)
    return Summary.of(durations), states


def bench_games(sizes: Sizes, seed: int) -> tuple[float, int]:
    """Seconds for ``games`` uniformly random complete games, and how many moves they took."""
    start = time.perf_counter()
    moves = sum(len(play(seed + 10_000 + g)) for g in range(sizes.games))
    return time.perf_counter() - start, moves


# --------------------------------------------------------------------------- render
def bench_render(sizes: Sizes, states: list[State], seed: int) -> tuple[float, Summary, Summary, int]:
    """Render varied positions; the baseline encodes a blank image of the same size and palette.

    Tiles (pad x stone) are cached as a long-running bot has them after its first games, so
    the first picture of the process is reported apart and the cache is warmed before timing.
    """
    from bot.i18n import Tr
    from render.kit import blank_like, encode_png
    from render.runarch.board import PAL, SIZE_PX
    from render.runarch.pictures import render_board

    tr = Tr("en")
    names = ["alice", "bob"]
    rnd = random.Random(seed)
    start = time.perf_counter()
    render_board(GAME.view(states[0], None), names, tr)
    first = time.perf_counter() - start
    for state in rnd.sample(states, min(len(states), sizes.warm_renders)):
        render_board(GAME.view(state, None), names, tr)
    views = iter([GAME.view(rnd.choice(states), None) for _ in range(sizes.renders)])
    sizes_seen: list[int] = []

    def one() -> None:
        sizes_seen.append(len(render_board(next(views), names, tr)))

    rendered = Summary.of(sample(one, sizes.renders))
    blank = blank_like(SIZE_PX, PAL)
    encode_png(blank)
    baseline = Summary.of(sample(lambda: encode_png(blank), sizes.renders))
    return first, rendered, baseline, max(sizes_seen)


# --------------------------------------------------------------------------- store
async def bench_store(sizes: Sizes, seed: int, folder: Path) -> tuple[Summary, Summary]:
    """Commit a real game's moves one by one; the baseline inserts the same bytes bare."""
    from db import NewMove, Store

    steps = play(seed, eager)
    while len(steps) < sizes.commits:
        steps += play(seed + len(steps), eager)
    steps = steps[: sizes.commits]
    payloads = [
        (seat, move.notation, json.dumps(GAME.apply(st, seat, move)[0], separators=(",", ":")))
        for st, seat, move in steps
    ]

    store = Store(folder / "store.sqlite3")
    await store.open()
    try:
        table = await store.create_table(
            game="runarch",
            guild_id=1,
            channel_id=2,
            parent_id=None,
            host_id=10,
            host_name="alice",
            options={},
            locale="en",
            seed=seed,
            max_seats=2,
        )
        await store.join(table.id, 11, "bob")
        table = await store.start(table.id, steps[0][0])
        version = table.version
        durations = []
        for i, (seat, notation, _) in enumerate(payloads):
            state = GAME.apply(steps[i][0], seat, notation)[0]
            start = time.perf_counter()
            table = await store.commit_moves(
                table.id,
                expected_version=version,
                moves=[NewMove(seat, notation, 10 + seat)],
                state=state,
                interaction_id=1_000_000 + i,
            )
            durations.append(time.perf_counter() - start)
            version = table.version
    finally:
        await store.close()
    return Summary.of(durations), await _bare_sqlite(payloads, folder / "bare.sqlite3")


async def _bare_sqlite(payloads: list[tuple[int, str, str]], path: Path) -> Summary:
    """The floor: one INSERT of the same move and state bytes and a COMMIT, same pragmas as the store."""
    conn = await aiosqlite.connect(path)
    try:
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute(
            "CREATE TABLE log (id INTEGER PRIMARY KEY, seat INTEGER, notation TEXT, state TEXT)"
        )
        await conn.commit()
        durations = []
        for seat, notation, state_json in payloads:
            start = time.perf_counter()
            await conn.execute(
                "INSERT INTO log (seat, notation, state) VALUES (?, ?, ?)", (seat, notation, state_json)
            )
            await conn.commit()
            durations.append(time.perf_counter() - start)
    finally:
        await conn.close()
    return Summary.of(durations)


# --------------------------------------------------------------------------- the bot
async def by_hand(member: Any, thread: Any, notation: str) -> Any:
    """A simple game's move as a person makes it: a swap or a score by slash command, the end of
    the turn by the board's **End turn** button. The interaction's result."""
    kind, *args = notation.split()
    if kind == "swap":
        return await member.slash(thread, "runarch swap", a=args[0], b=args[1])
    if kind == "score":
        return await member.slash(thread, "runarch score", card=args[0], line=args[1])
    return await member.click(board_message(thread), label="End turn")


async def bench_bot(sizes: Sizes, seed: int, folder: Path) -> Summary:
    """Two members play through the real bot under SimCord; each awaited command or click is one move."""
    from simcord import Env

    from bot import create_bot
    from bot.config import Config

    bot = create_bot(Config(token=None, database_path=str(folder / "bot.sqlite3"), health_seconds=0))
    env = Env(bot)
    await env.start()
    rnd = random.Random(seed)
    durations: list[float] = []
    try:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
        while len(durations) < sizes.bot_moves:
            await members[0].slash(channel, "runarch new", opponent=members[1])
            thread = channel.threads[-1]
            await members[1].click(thread.history()[0], label="Join")
            table = await bot.store.open_table_in(thread.id)
            assert table is not None
            while len(durations) < sizes.bot_moves:
                row = await bot.store.table(table.id)
                assert row is not None and row.state is not None
                if row.status != "active":
                    break
                state = row.state
                seat = GAME.to_act(state)[0]
                player = next(m for m in members if m.id == row.seats[seat].user_id)
                move = eager(state, seat, rnd)
                start = time.perf_counter()
                await by_hand(player, thread, move.notation)
                durations.append(time.perf_counter() - start)
    finally:
        await env.shutdown()
        await bot.store.close()
    return Summary.of(durations)


# --------------------------------------------------------------------------- report
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.runarch", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--games", type=int, help="random complete games to time (default 1000)")
    parser.add_argument("--moves", type=int, help="moves to play through the bot (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    from bench.runarch_variants import bench_automa, bench_complex_games, bench_render_complex, bench_solo_bot

    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    if args.games:
        sizes = Sizes(**{**sizes.__dict__, "games": args.games})
    if args.moves:
        sizes = Sizes(**{**sizes.__dict__, "bot_moves": args.moves})

    print(f"RunArch benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, seed {args.seed}")
    applied, states = bench_apply(sizes, args.seed)
    print(row("engine apply", applied))

    first, rendered, blank, biggest = bench_render(sizes, states, args.seed)
    print(f"{'render, first picture of a process':<34} {first * 1000:.1f} ms (builds the sprite caches)")
    ratio = rendered.p50 / blank.p50
    print(row("render board", rendered, f"{ratio:.2f}x blank  target <= 3x  {verdict(ratio <= 3)}"))
    print(row("  baseline: blank PNG encode", blank, f"largest board PNG {biggest / 1024:.0f} KB"))
    complex_render, complex_biggest = bench_render_complex(sizes.renders, args.seed)
    note = (
        f"{complex_render.p50 / rendered.p50:.2f}x simple board  largest {complex_biggest / 1024:.0f} KB  "
        f"target < 400 KB  {verdict(complex_biggest < 400 * 1024)}"
    )
    print(row("render complex/solo board", complex_render, note))

    with tempfile.TemporaryDirectory() as tmp:
        committed, bare = asyncio.run(bench_store(sizes, args.seed, Path(tmp)))
        print(row("store commit", committed, f"{committed.p50 / bare.p50:.2f}x bare"))
        print(row("  baseline: bare insert+commit", bare))
        moved = asyncio.run(bench_bot(sizes, args.seed, Path(tmp)))
        solo = asyncio.run(bench_solo_bot(sizes.solo_trips, args.seed, Path(tmp)))
    ok = moved.p50 <= 50 and moved.p99 <= 150
    print(row("whole move via SimCord", moved, f"target p50 <= 50, p99 <= 150  {verdict(ok)}"))
    note = f"{solo.p50 / moved.p50:.2f}x a 2-player move  target p50 <= 80  {verdict(solo.p50 <= 80)}"
    print(row("solo round trip via SimCord", solo, note))

    automa = bench_automa(sizes.automa_games, args.seed)
    note = f"{automa.p50 / applied.p50:.1f}x apply  target p99 <= 20  {verdict(automa.p99 <= 20)}"
    print(row("automa turn", automa, note))

    seconds, moves = bench_games(sizes, args.seed)
    target = 20 * sizes.games / 1000
    print(
        f"{sizes.games} random complete games: {seconds:.2f} s ({moves} moves, "
        f"{seconds / moves * 1e6:.1f} us/move)  target <= {target:g} s  {verdict(seconds <= target)}"
    )
    complex_seconds, complex_moves = bench_complex_games(sizes.games, args.seed)
    target = 60 * sizes.games / 1000
    ok = complex_seconds <= target
    print(
        f"{sizes.games} random complete complex games: {complex_seconds:.2f} s ({complex_moves} moves, "
        f"{complex_seconds / seconds:.1f}x simple)  target <= {target:g} s  {verdict(ok)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
