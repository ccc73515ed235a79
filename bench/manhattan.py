"""``python -m bench.manhattan``: The Manhattan Project's rules and bot against baselines of the same run.

Figures (targets from issue #15): every legal move of a seat in its turn, in positions of
5-player games of random legal players and of bots (p99 <= 20 ms; baseline: one ``apply`` in
the same positions); 200 random complete 5-player games (<= 90 s; the 40-round limit ends the
stalled ones); the normal bot against two random legal players over 100 seeded 3-player games
(it must place first in >= 90%), three normal bots over 100 seeded 3-player games (someone must
reach the winning score, not the round limit, in >= 80%), the bot's decisions (p99 <= 200 ms);
and a whole move through the real bot under SimCord (p50 <= 50 ms; two members play the bot
player's choices by slash command). A missed target prints FAIL; the command still exits 0 (it is a report).

The *random legal player* is the engine's (``engine.manhattan.randomplay.random_move``): a
uniform kind of move legal now (``place``, ``work``, ``done``, ``retrieve``, ``bomb``, ...), then
a uniform move of that kind, from the game's seeded generator.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.stats import Summary, row, verdict
from engine.core import Rng
from engine.manhattan.game import GAME
from engine.manhattan.randomplay import random_move
from engine.manhattan.scoring import target, total

State = dict[str, Any]
BOT_PLAYERS = 3
RANDOM_PLAYERS = 5


@dataclass(frozen=True)
class Sizes:
    """How much work each section does; ``--quick`` shrinks everything for the smoke test."""

    position_games: int = 6
    bot_games: int = 100
    self_games: int = 100
    random_games: int = 200
    via_bot: int = 200


QUICK = Sizes(position_games=1, bot_games=2, self_games=1, random_games=2, via_bot=10)


# --------------------------------------------------------------------------- players
def bot_game(
    seed: int, bot_seats: tuple[int, ...], level: str = "normal", players: int = BOT_PLAYERS
) -> tuple[State, list[float], int]:
    """One seeded game: ``bot_seats`` play the bot of ``level``, the others the random legal
    player. Final state, the bots' decision times, moves."""
    rng = Rng(seed)
    state = GAME.new(players, {}, seed)
    times: list[float] = []
    moves = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        if seat in bot_seats:
            start = time.perf_counter()
            move = GAME.bot_move(state, seat, level)
            times.append(time.perf_counter() - start)
        else:
            move = random_move(state, seat, rng)
        state, _ = GAME.apply(state, seat, move)
        moves += 1
    return state, times, moves


def placed_first(state: State, seat: int) -> bool:
    """``seat`` alone in first place (a shared first place, as when nobody scored, is no win)."""
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.places[seat] == 1 and list(outcome.places).count(1) == 1


def reached(state: State) -> bool:
    """Someone reached the winning score (the game did not stop at the round limit)."""
    winner = state["winner"]
    return winner is not None and total(state, winner) >= target(state)


def random_game(seed: int, players: int = RANDOM_PLAYERS) -> int:
    """A complete game of random legal players; how many moves it took."""
    rng = Rng(seed)
    state = GAME.new(players, {}, seed)
    moves = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, random_move(state, seat, rng))
        moves += 1
    return moves


# --------------------------------------------------------------------------- sections
def turn_positions(sizes: Sizes, seed: int) -> list[tuple[State, int]]:
    """Every position of a seat in its turn (no repair or draft pending) in 5-player games of
    random legal players and of normal bots (bots build up more buildings and workers)."""
    out: list[tuple[State, int]] = []
    for game in range(sizes.position_games):
        bots = tuple(range(RANDOM_PLAYERS)) if game % 2 else ()
        rng = Rng(seed + game)
        state = GAME.new(RANDOM_PLAYERS, {}, seed + game)
        while state["phase"] != "over":
            seat = GAME.to_act(state)[0]
            if state["phase"] == "play" and state["pending"] is None:
                out.append((state, seat))
            move = GAME.bot_move(state, seat, "normal") if bots else random_move(state, seat, rng)
            state, _ = GAME.apply(state, seat, move)
    return out


def bench_legal(sizes: Sizes, seed: int) -> tuple[Summary, Summary, int]:
    """Every legal move of the seat in its turn; baseline one ``apply`` of one of them."""
    listed: list[float] = []
    applied: list[float] = []
    most = 0
    for state, seat in turn_positions(sizes, seed):
        start = time.perf_counter()
        moves = list(GAME.legal_moves(state, seat))
        listed.append(time.perf_counter() - start)
        most = max(most, len(moves))
        move = moves[len(moves) // 2]
        start = time.perf_counter()
        GAME.apply(state, seat, move)
        applied.append(time.perf_counter() - start)
    return Summary.of(listed), Summary.of(applied), most


def bench_random_games(sizes: Sizes, seed: int) -> tuple[float, int]:
    start = time.perf_counter()
    moves = sum(random_game(seed + 50_000 + game) for game in range(sizes.random_games))
    return time.perf_counter() - start, moves


def bench_bot(sizes: Sizes, seed: int) -> tuple[int, list[float], float]:
    """The normal bot in one seat against two random legal players: games it placed first in,
    its decision times, seconds in all."""
    wins = 0
    times: list[float] = []
    start = time.perf_counter()
    for game in range(sizes.bot_games):
        seat = game % BOT_PLAYERS
        final, spent, _ = bot_game(seed + game, (seat,))
        wins += placed_first(final, seat)
        times += spent
    return wins, times, time.perf_counter() - start


def bench_self(sizes: Sizes, seed: int) -> tuple[int, float, list[float], float]:
    """Three normal bots: games that reached the winning score, their mean last round, decision
    times, seconds in all."""
    done = 0
    rounds = 0
    times: list[float] = []
    start = time.perf_counter()
    for game in range(sizes.self_games):
        final, spent, _ = bot_game(seed + 1000 + game, tuple(range(BOT_PLAYERS)))
        done += reached(final)
        rounds += final["round"]
        times += spent
    return done, rounds / max(1, sizes.self_games), times, time.perf_counter() - start


# --------------------------------------------------------------------------- through the bot
async def by_command(member: Any, thread: Any, notation: str) -> None:
    """A move as a person makes it: the slash command typed for its notation."""
    from cogs.manhattan.typed import slash_for

    name, options = slash_for(notation)
    await member.slash(thread, name, **options)


async def bench_via_bot(sizes: Sizes, folder: Path) -> Summary:
    """Two members play the bot player's choices by slash command through the real bot under
    SimCord: command, engine, store commit, picture and post, timed together as one move."""
    from bench.simcord_moves import time_moves

    return Summary.of(await time_moves(GAME, sizes.via_bot, folder, by_command))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.manhattan", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    print(
        f"The Manhattan Project benchmark — Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, seed {args.seed}"
    )

    listed, applied, most = bench_legal(sizes, args.seed)
    note = f"{listed.p50 / applied.p50:.1f}x apply  up to {most} moves  target p99 <= 20 ms"
    print(row("legal moves of a turn", listed, f"{note}  {verdict(listed.p99 <= 20)}"))
    print(row("  baseline: one apply", applied))

    seconds, moves = bench_random_games(sizes, args.seed)
    games = sizes.random_games
    limit = 90 * games / 200
    print(
        f"{games} random complete {RANDOM_PLAYERS}-player games: {seconds:.2f} s ({moves / games:.0f} moves "
        f"per game, {seconds / moves * 1e6:.0f} us/move)  target <= {limit:g} s  {verdict(seconds <= limit)}"
    )

    wins, against_random, seconds = bench_bot(sizes, args.seed)
    share = wins / sizes.bot_games
    print(
        f"bot vs 2 random legal players: placed first in {wins} of {sizes.bot_games} seeded "
        f"{BOT_PLAYERS}-player games ({share:.0%}) in {seconds:.1f} s  target >= 90%  {verdict(share >= 0.9)}"
    )
    done, rounds, among_bots, seconds = bench_self(sizes, args.seed)
    share = done / sizes.self_games
    print(
        f"3 normal bots: the winning score reached in {done} of {sizes.self_games} seeded games "
        f"({share:.0%}), {rounds:.1f} rounds on average, in {seconds:.1f} s  target >= 80%  "
        f"{verdict(share >= 0.8)}"
    )
    decided = Summary.of(against_random + among_bots)
    note = f"{decided.p50 / applied.p50:.1f}x apply  target p99 <= 200 ms  {verdict(decided.p99 <= 200)}"
    print(row("bot decision (normal)", decided, note))

    with tempfile.TemporaryDirectory() as folder:
        via = asyncio.run(bench_via_bot(sizes, Path(folder)))
    note = f"{via.p50 / applied.p50:.0f}x apply  target p50 <= 50 ms  {verdict(via.p50 <= 50)}"
    print(row("whole move via SimCord", via, note))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
