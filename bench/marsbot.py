"""``python -m bench.marsbot``: MarsBot's tile decision, its turn through the real bot, random games.

Figures (targets from issue #16), each beside a baseline measured in the same run:
- MarsBot's tile decision (p99 <= 5 ms) for every kind of tile it places (ocean, B06's ocean,
  greenery, city, B05's city, CMM) in every position of random complete games and in their
  final maps filled further, one random tile at a time, until no space is left (the crowded
  end). The decision is ``placement.best`` (legal spaces, ranking, the oceans and bonus-icon
  tie-break) and, when several spaces remain, counting through them by a revealed card's cost
  (``placement.counted``). Baselines: listing the map's empty spaces, and one ``GAME.view``.
- A MarsBot turn through the real bot under SimCord (p50 <= 80 ms): a person in a DM answers
  MarsBot's ``card`` question with ``/marsbot card`` (command, engine decision, store commit,
  picture, post), in whole scripted games (``bench.marsbot_dm``); every other move is timed too.
  Baselines through the same bot: ``/marsbot board`` (picture and post, no move) and a refused move;
  the engine's part alone: ``apply`` of each card answer in the random games of the first section.
- 200 random complete games (engine only, the random legal player ``engine.marsbot.randomplay``,
  every option mixed by ``random_options``): time per move, games per second; every game must
  end (by scoring or at the generation limit).
Every section runs once per map (Tharsis, Hellas, Elysium; ``--map`` picks one).
A missed target prints FAIL; the command still exits 0 (it is a report).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.stats import Summary, row, verdict
from engine.core import Rng
from engine.marsbot.content import mars_of
from engine.marsbot.game import GAME
from engine.marsbot.maps import MAPS
from engine.marsbot.placement import best, counted
from engine.marsbot.randomplay import play_random_game, random_move, random_options

State = dict[str, Any]
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"venus": True, "corporation": "C03"},
    {"prelude": True, "difficulty": "hard"},
    {"venus": True, "difficulty": "brutal"},
)
"""The tile decision's games cycle through these options on the map benched (decks and limits differ)."""
KINDS: tuple[tuple[str, str, str | None], ...] = (
    ("ocean", "ocean", None),
    ("B06 ocean", "ocean", "b06"),
    ("greenery", "greenery", None),
    ("city", "city", None),
    ("B05 city", "city", "b05"),
    ("CMM", "cmm", None),
)
"""(name, tile, rule) of every placement decision MarsBot makes."""
REVEALED_COST = 14
CROWDED = 45
"""Tiles on the 61-space map from which a position counts as crowded."""
MOVES_CAP = 10_000
DECISION_P99_MS = 5.0
TURN_P50_MS = 80.0


@dataclass(frozen=True)
class Sizes:
    """How much work each section does; ``--quick`` shrinks everything for the smoke test."""

    position_games: int = 40
    cards: int = 200
    random_games: int = 200


QUICK = Sizes(position_games=2, cards=6, random_games=3)


# --------------------------------------------------------------------------- the tile decision
def decide(state: State, tile: str, rule: str | None) -> str | None:
    """MarsBot's space for ``tile``: the best, or the revealed cost's count among the tied."""
    _, tied, _ = best(state, tile, rule)
    if not tied:
        return None
    return tied[0] if len(tied) == 1 else counted(tied, REVEALED_COST)


def empty_spaces(state: State) -> list[str]:
    """The baseline: one pass over the map listing its empty spaces."""
    tiles = state["map"]
    return [sid for sid in mars_of(state).order if sid not in tiles]


def _clock(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


@dataclass
class Decisions:
    """Decision durations by kind (seconds), the baselines', and the positions' tile counts."""

    by_kind: dict[str, list[float]]
    empty: list[float]
    views: list[float]
    tiles: list[int]
    answers: list[float]
    """``apply`` of each answer to MarsBot's card question: the engine's part of its turn."""
    placed: int = 0

    def time(self, state: State, view: bool) -> None:
        for name, tile, rule in KINDS:
            start = time.perf_counter()
            space = decide(state, tile, rule)
            self.by_kind[name].append(time.perf_counter() - start)
            self.placed += space is not None
        self.empty.append(_clock(lambda: empty_spaces(state)))
        if view:
            self.views.append(_clock(lambda: GAME.view(state, 0)))
        self.tiles.append(len(state["map"]))


def crowd(state: State, rnd: random.Random) -> list[State]:
    """The final map filled one random tile of either side at a time until no space is left."""
    mars = mars_of(state)
    tiles = dict(state["map"])
    out: list[State] = []
    empty = [sid for sid in mars.order if sid not in tiles]
    rnd.shuffle(empty)
    for sid in empty:
        space = mars.spaces[sid]
        owner = rnd.choice(("person", "marsbot"))
        if space.ocean:
            kind = "ocean"
        elif space.reserved is not None:
            kind, owner = "city", "person"
        else:
            kind = rnd.choice(("greenery", "greenery", "city", "special"))
        tiles[sid] = {"tile": kind, "owner": owner}
        out.append({**state, "map": dict(tiles)})
    return out


def bench_decisions(sizes: Sizes, seed: int, map_name: str) -> Decisions:
    """Every kind of decision in every position of random complete games and their crowded ends."""
    found = Decisions({name: [] for name, _, _ in KINDS}, [], [], [], [])
    warm = GAME.new(1, {"map": map_name}, seed)
    for _, tile, rule in KINDS:
        decide(warm, tile, rule)  # content (map, tracks) is loaded once per process
    GAME.view(warm, 0)
    rnd = random.Random(seed)
    for game in range(sizes.position_games):
        state = GAME.new(1, {**OPTIONS[game % len(OPTIONS)], "map": map_name}, seed + game)
        rng = Rng(seed + game)
        moves = 0
        while GAME.outcome(state) is None and moves < MOVES_CAP:
            found.time(state, view=moves % 4 == 0)
            move = random_move(state, rng)
            start = time.perf_counter()
            state, _ = GAME.apply(state, 0, move)
            if move.kind == "card":
                found.answers.append(time.perf_counter() - start)
            moves += 1
        for crowded in crowd(state, rnd):
            found.time(crowded, view=True)
    return found


# --------------------------------------------------------------------------- random games
def random_game(seed: int, options: dict[str, Any]) -> tuple[int, str | None, int]:
    """A complete game of the random legal player: moves, how it ended, its last generation."""
    state, moves = play_random_game(seed, options, MOVES_CAP)
    return moves, state["ended"], state["generation"]


def bench_random_games(sizes: Sizes, seed: int, map_name: str) -> tuple[float, int, Counter[str], int]:
    """Seconds, moves, how the games ended (``None``: stopped unfinished), generations played."""
    ended: Counter[str] = Counter()
    moves = generations = 0
    rng = Rng(seed)
    start = time.perf_counter()
    for game in range(sizes.random_games):
        count, how, generation = random_game(seed + 50_000 + game, random_options(rng, map_name))
        moves += count
        generations += generation
        ended[str(how)] += 1
    return time.perf_counter() - start, moves, ended, generations


# --------------------------------------------------------------------------- report
def _max_ms(seconds: list[float]) -> str:
    return f"max={max(seconds) * 1000:.3f} ms"


def report_decisions(found: Decisions, games: int) -> None:
    crowded = sum(1 for n in found.tiles if n >= CROWDED)
    print(
        f"tile decision: {len(found.tiles)} positions of {games} random complete games and their "
        f"filled-up maps ({min(found.tiles)}–{max(found.tiles)} tiles; {crowded} with >= {CROWDED}); "
        f"{found.placed} decisions found a space"
    )
    empty = Summary.of(found.empty)
    for name, _, _ in KINDS:
        durations = found.by_kind[name]
        print(row(f"  {name}", Summary.of(durations), _max_ms(durations)))
    every = [d for durations in found.by_kind.values() for d in durations]
    decided = Summary.of(every)
    view = Summary.of(found.views)
    note = (
        f"{_max_ms(every)}  {decided.p50 / empty.p50:.1f}x empty list  {decided.p50 / view.p50:.2f}x view  "
        f"target p99 <= {DECISION_P99_MS:g} ms  {verdict(decided.p99 <= DECISION_P99_MS)}"
    )
    print(row("tile decision, every kind", decided, note))
    print(row("  baseline: list the empty spaces", empty))
    print(row("  baseline: one GAME.view", view))


def report_turns(sizes: Sizes, seed: int, answers: list[float], map_name: str) -> None:
    from bench.marsbot_dm import play_games

    with tempfile.TemporaryDirectory() as folder:
        timed = asyncio.run(play_games(sizes.cards, Path(folder), seed, options={"map": map_name}))
    board, refused = Summary.of(timed.board), Summary.of(timed.refused)
    turn = Summary.of(timed.moves["card"])
    note = (
        f"{turn.p50 / board.p50:.2f}x board  {turn.p50 / refused.p50:.1f}x refused  "
        f"target p50 <= {TURN_P50_MS:g} ms  {verdict(turn.p50 <= TURN_P50_MS)}"
    )
    print(row("MarsBot turn (/marsbot card)", turn, note))
    every = Summary.of(timed.every_move())
    print(
        row(
            "  engine: apply a card answer",
            Summary.of(answers),
            "in the random games above (the engine part of a turn)",
        )
    )
    print(row("every move via SimCord", every, f"{every.p50 / board.p50:.2f}x board"))
    print(row("  baseline: /marsbot board", board))
    print(row("  baseline: a refused move", refused))
    kinds = sorted(timed.moves.items(), key=lambda item: -len(item[1]))
    by_kind = ", ".join(f"{kind} {Summary.of(d).p50:.1f} (n={len(d)})" for kind, d in kinds)
    print(f"  p50 by move (ms): {by_kind}")
    games = f"{timed.games} game{'' if timed.games == 1 else 's'}"
    print(f"  played in a DM: {games} ({timed.finished} to the final score), {timed.generations} generations")


def report_random_games(sizes: Sizes, seed: int, map_name: str) -> None:
    seconds, moves, ended, generations = bench_random_games(sizes, seed, map_name)
    games = sizes.random_games
    unfinished = ended.pop("None", 0)
    how = ", ".join(f"{count} {name}" for name, count in sorted(ended.items()))
    print(
        f"{games} random complete games, every option mixed: {seconds:.2f} s ({games / seconds:.1f} games/s, "
        f"{moves / games:.0f} moves and {generations / games:.1f} generations per game, "
        f"{seconds / moves * 1e6:.0f} us/move)  ended: {how}; unfinished {unfinished}  "
        f"target all end  {verdict(unfinished == 0)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.marsbot", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", choices=MAPS, help="bench this map only (default: each map in turn)")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    print(f"MarsBot benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, seed {args.seed}")
    for map_name in (args.map,) if args.map else MAPS:
        print(f"== {map_name}")
        decisions = bench_decisions(sizes, args.seed, map_name)
        report_decisions(decisions, sizes.position_games)
        report_turns(sizes, args.seed, decisions.answers, map_name)
        report_random_games(sizes, args.seed, map_name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
