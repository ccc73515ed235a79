"""Benchmark sections for the complex rules and the solo automa (issue #3), each with a baseline
measured in the same run: the automa's turn against an ordinary engine apply, a solo round trip
through the bot against a two-player move, complex games against simple ones."""

from __future__ import annotations

import random
import time
from pathlib import Path

from bench.runarch import State, eager, play
from bench.stats import Summary
from engine.runarch import GAME

DIFFICULTIES = ("easy", "normal", "hard")


def bench_automa(games: int, seed: int) -> Summary:
    """Time ``choose_automated`` + ``apply`` for every automa turn of random solo games."""
    durations: list[float] = []
    for g in range(games):
        options = {"variant": ("simple", "complex")[g % 2], "difficulty": DIFFICULTIES[g % 3]}
        for state, seat, _ in play(seed + g, eager, seats=1, options=options):
            if seat not in GAME.automated_seats(state):
                continue
            start = time.perf_counter()
            GAME.apply(state, seat, GAME.choose_automated(state, seat))
            durations.append(time.perf_counter() - start)
    return Summary.of(durations)


def bench_complex_games(games: int, seed: int) -> tuple[float, int]:
    """Seconds for ``games`` uniformly random complete complex games, and their moves."""
    start = time.perf_counter()
    moves = sum(len(play(seed + 20_000 + g, options={"variant": "complex"})) for g in range(games))
    return time.perf_counter() - start, moves


async def bench_solo_bot(round_trips: int, seed: int, folder: Path) -> Summary:
    """A person plays solo in a DM; each timed step is the ``end`` that makes the automa answer:
    the person's move, the automa's turn, the commit and the new picture."""
    from simcord import Env

    from bot import create_bot
    from bot.config import Config

    bot = create_bot(Config(token=None, database_path=str(folder / "solo.sqlite3"), health_seconds=0))
    env = Env(bot)
    await env.start()
    rnd = random.Random(seed)
    durations: list[float] = []
    try:
        users = iter(env.create_user(f"solo{i}") for i in range(1000))
        while len(durations) < round_trips:
            user = next(users)
            await user.slash("runarch solo")
            table = await bot.store.open_table_in(user.dm_channel.id)
            assert table is not None
            while len(durations) < round_trips:
                row = await bot.store.table(table.id)
                assert row is not None and row.state is not None
                if row.status != "active":
                    break
                state: State = row.state
                move = eager(state, 0, rnd)
                start = time.perf_counter()
                if move.kind == "swap":
                    await user.slash("runarch swap", a=move.args[0], b=move.args[1])
                elif move.kind == "score":
                    await user.slash("runarch score", card=move.args[0], line=move.args[1])
                else:
                    await user.slash("runarch end")
                    durations.append(time.perf_counter() - start)
    finally:
        await env.shutdown()
        await bot.store.close()
    return Summary.of(durations)


def bench_render_complex(renders: int, seed: int) -> tuple[Summary, int]:
    """Render complex and solo positions from random games (caches warm); the largest PNG in bytes.

    Its baseline is the simple board's render in the same run (printed beside it)."""
    from bot.i18n import Tr
    from render.runarch.pictures import render_board

    tr = Tr("en")
    states: list[State] = []
    for g in range(4):
        seats = 1 if g % 2 else 2
        steps = play(seed + 30_000 + g, eager, seats=seats, options={"variant": "complex"})
        states.extend(state for state, _, _ in steps[:: max(1, len(steps) // 50)])
    rnd = random.Random(seed)
    names = ["alice", "bob"]
    for state in states[:20]:
        render_board(GAME.view(state, None), names, tr)
    biggest = 0
    durations: list[float] = []
    for _ in range(renders):
        view = GAME.view(rnd.choice(states), None)
        start = time.perf_counter()
        png = render_board(view, names, tr)
        durations.append(time.perf_counter() - start)
        biggest = max(biggest, len(png))
    return Summary.of(durations), biggest
