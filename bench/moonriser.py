"""``python -m bench.moonriser``: Moonriser's rules and bot player against baselines of the same run.

Figures (targets from issue #14): every legal placement of a full hand (5 tiles + the supply)
over the whole board (p99 <= 20 ms; baseline: one ``apply`` of a placement in the same
positions), the bot player's decision (p99 <= 200 ms), the bot against two random legal players
over 100 seeded 3-player games (it must score strictly highest in >= 90%), a whole move through
the real bot under SimCord (issue 27: p50 <= 20 ms; issue 28: at most twice the other games', so
The Manhattan Project's and RunArch's whole moves are measured in the same run as its baseline),
and 200 random complete 4-player games (<= 60 s).
A missed target prints FAIL; the command still exits 0 (it is a report).

The *random legal player* is the engine's (``engine.moonriser.randomplay.random_move``): a
uniform kind of move legal now (``place``, ``upgrade``, ``done``; ``trade``, ``sell``, ``end``,
...), then a uniform move of that kind, from the game's seeded generator; uniform over raw moves
would almost always place a tile (a full hand has thousands of placements) and never stop.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.stats import Summary, row, verdict
from engine.core import Rng
from engine.moonriser.content import TOKENS, tiles_of
from engine.moonriser.game import GAME
from engine.moonriser.placement import placements
from engine.moonriser.randomplay import random_move

State = dict[str, Any]
FULL_HAND = 5


@dataclass(frozen=True)
class Sizes:
    """How much work each section does; ``--quick`` shrinks everything for the smoke test."""

    positions: int = 300
    bot_games: int = 100
    random_games: int = 200
    via_bot: int = 200


QUICK = Sizes(positions=20, bot_games=3, random_games=3, via_bot=10)


# --------------------------------------------------------------------------- players
def bot_game(
    seed: int, bot_seat: int, level: str = "normal", players: int = 3, others: str | None = None
) -> tuple[State, list[float], int]:
    """One seeded game: ``bot_seat`` plays the bot of ``level``, the others the random legal
    player (or the bot of level ``others``). Final state, the bot's decision times, moves."""
    rng = Rng(seed)
    state = GAME.new(players, {}, seed)
    times: list[float] = []
    moves = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        if seat == bot_seat:
            start = time.perf_counter()
            move = GAME.bot_move(state, seat, level)
            times.append(time.perf_counter() - start)
        elif others is not None:
            move = GAME.bot_move(state, seat, others)
        else:
            move = random_move(state, seat, rng)
        state, _ = GAME.apply(state, seat, move)
        moves += 1
    return state, times, moves


def won(state: State, seat: int) -> bool:
    """``seat`` scored strictly more than every other seat."""
    outcome = GAME.outcome(state)
    assert outcome is not None
    return all(score < outcome.scores[seat] for s, score in enumerate(outcome.scores) if s != seat)


def random_game(seed: int, players: int = 4) -> int:
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
def development_positions(count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` development positions of random 3- and 4-player games, the seat to move holding
    a full hand of random tiles and tokens enough to pay for any of them anywhere."""
    rnd = random.Random(seed)
    out: list[tuple[State, int]] = []
    game = 0
    while len(out) < count:
        state = GAME.new(3 + game % 2, {}, seed + game)
        ids = [t.id for t in tiles_of(state).tiles.values() if not t.is_base]
        play = Rng(seed + game)
        game += 1
        while state["phase"] != "over" and len(out) < count:
            seat = GAME.to_act(state)[0]
            if state["phase"] == "develop" and rnd.random() < 0.3:
                full = dict(state)
                seats = list(state["seats"])
                tokens = {**dict.fromkeys(TOKENS, 40), "yellow": seats[seat]["tokens"]["yellow"]}
                seats[seat] = {**seats[seat], "hand": rnd.sample(ids, FULL_HAND), "tokens": tokens}
                full["seats"] = seats
                out.append((full, seat))
            state, _ = GAME.apply(state, seat, random_move(state, seat, play))
    return out


def bench_placements(sizes: Sizes, seed: int) -> tuple[Summary, Summary, int]:
    """Every legal placement (with cost and VP) of a full hand; baseline one ``apply`` of one."""
    positions = development_positions(sizes.positions, seed)
    listed: list[float] = []
    applied: list[float] = []
    most = 0
    for state, seat in positions:
        start = time.perf_counter()
        found = placements(state, seat)
        listed.append(time.perf_counter() - start)
        most = max(most, len(found))
        if found:
            move = found[len(found) // 2].notation
            start = time.perf_counter()
            GAME.apply(state, seat, move)
            applied.append(time.perf_counter() - start)
    return Summary.of(listed), Summary.of(applied), most


def bench_bot(sizes: Sizes, seed: int) -> tuple[int, Summary, float, int]:
    """The normal bot in one seat (turn by turn) against two random legal players: wins,
    decision times, seconds and moves in all."""
    wins = 0
    times: list[float] = []
    moves = 0
    start = time.perf_counter()
    for game in range(sizes.bot_games):
        seat = game % 3
        final, spent, count = bot_game(seed + game, seat)
        wins += won(final, seat)
        times += spent
        moves += count
    return wins, Summary.of(times), time.perf_counter() - start, moves


def bench_random_games(sizes: Sizes, seed: int) -> tuple[float, int]:
    start = time.perf_counter()
    moves = sum(random_game(seed + 50_000 + game) for game in range(sizes.random_games))
    return time.perf_counter() - start, moves


def _command(notation: str) -> tuple[str, dict[str, Any]]:
    """The slash command a person uses for a move (a placement is previewed, then confirmed)."""
    kind, *a = notation.split()
    if kind in ("base", "upgrade"):
        options: dict[str, Any] = {"field": a[0]}
    elif kind in ("keep",):
        options = {"tiles": " ".join(a)}
    elif kind == "plan":
        options = {"tokens": int(a[0])}
    elif kind == "draw":
        options = {"pile": a[0], **({"count": int(a[1])} if len(a) > 1 else {})}
    elif kind == "place":
        options = {"tile": f"{a[0]}@{a[3]}", "field": a[1], "rotation": int(a[2])}
    elif kind == "trade":
        options = {"give": a[0], "get": a[1]}
    elif kind == "sell":
        options = {"tiles": " ".join(a[:-1]), "get": a[-1]}
    elif kind == "swap":
        options = {"get": a[0], "give": " ".join(a[1:])}
    elif kind == "discard":
        options = {"tile": a[0]}
    else:
        options = {}
    return f"moonriser {kind}", options


async def by_command(member: Any, thread: Any, notation: str) -> None:
    """A move as a person makes it: its slash command; a placement is previewed, then confirmed."""
    name, options = _command(notation)
    result = await member.slash(thread, name, **options)
    if name == "moonriser place":
        await member.click(result.response, label="Confirm")


async def bench_via_bot(sizes: Sizes, folder: Any) -> Summary:
    """Two members play the bot player's choices by slash command through the real bot under
    SimCord: command, engine, store commit, picture and post. A placement is its preview plus
    the Confirm click, timed together as one move."""
    from bench.simcord_moves import time_moves

    return Summary.of(await time_moves(GAME, sizes.via_bot, folder, by_command))


async def bench_other_games(sizes: Sizes, folder: Path) -> dict[str, Summary]:
    """The same whole move in The Manhattan Project and RunArch (their own benchmarks' players),
    as many moves: the baseline a Moonriser move is held to."""
    from bench import manhattan, runarch

    (folder / "manhattan").mkdir()
    (folder / "runarch").mkdir()
    return {
        "Manhattan Project": await manhattan.bench_via_bot(
            manhattan.Sizes(via_bot=sizes.via_bot), folder / "manhattan"
        ),
        "RunArch": await runarch.bench_bot(runarch.Sizes(bot_moves=sizes.via_bot), 1, folder / "runarch"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.moonriser", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    print(
        f"Moonriser benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, seed {args.seed}"
    )

    listed, applied, most = bench_placements(sizes, args.seed)
    note = f"{listed.p50 / applied.p50:.1f}x apply  up to {most} placements  target p99 <= 20 ms"
    print(row("all placements, full hand", listed, f"{note}  {verdict(listed.p99 <= 20)}"))
    print(row("  baseline: one apply (place)", applied))

    wins, decided, seconds, moves = bench_bot(sizes, args.seed)
    note = f"{decided.p50 / applied.p50:.1f}x apply  target p99 <= 200 ms  {verdict(decided.p99 <= 200)}"
    print(row("bot decision (normal)", decided, note))
    share = wins / sizes.bot_games
    print(
        f"bot vs 2 random legal players: won {wins} of {sizes.bot_games} seeded 3-player games "
        f"({share:.0%}) in {seconds:.1f} s ({moves} moves)  target >= 90%  {verdict(share >= 0.9)}"
    )

    with tempfile.TemporaryDirectory() as folder:
        via = asyncio.run(bench_via_bot(sizes, Path(folder)))
        others = asyncio.run(bench_other_games(sizes, Path(folder)))
    other = sum(s.p50 for s in others.values()) / len(others)
    ratio = via.p50 / other
    ok = via.p50 <= 20 and ratio <= 2
    note = f"{via.p50 / applied.p50:.0f}x apply  {ratio:.1f}x other games  target p50 <= 20 ms, <= 2x"
    print(row("whole move via SimCord", via, f"{note}  {verdict(ok)}"))
    for name, summary in others.items():
        print(row(f"  baseline: {name} move", summary))

    seconds, moves = bench_random_games(sizes, args.seed)
    target = 60 * sizes.random_games / 200
    games = sizes.random_games
    print(
        f"{games} random complete 4-player games: {seconds:.2f} s ({moves / games:.0f} moves per game, "
        f"{seconds / moves * 1e6:.0f} us/move)  target <= {target:g} s  {verdict(seconds <= target)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
