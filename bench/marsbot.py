"""``python -m bench.marsbot``: MarsBot's rules: a tile decision and a whole move, in positions of
random games.

Figures (target from issue #16): MarsBot's tile decision (legal spaces, ranking, tie-break) for
each tile kind, p99 <= 5 ms; one ``apply`` of the person's move with MarsBot's resolution behind
it (a baseline); complete random games (the engine's random legal player,
``engine.marsbot.randomplay``) with every option mix. A missed target prints FAIL; the command
still exits 0 (it is a report).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.stats import Summary, row, verdict
from engine.core import Rng
from engine.marsbot.game import GAME
from engine.marsbot.placement import best
from engine.marsbot.randomplay import random_move

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"venus": True, "corporation": "C02"},
    {"prelude": True, "difficulty": "brutal", "corporation": "CX2"},
    {"difficulty": "hard", "draft": True, "corporation": "random"},
    {"difficulty": "easy", "venus": True, "prelude": True},
)
TILES = ("ocean", "greenery", "city", "cmm")
PLACEMENT_P99_MS = 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.marsbot", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    decisions: list[float] = []
    applies: list[float] = []
    moves = 0
    start = time.perf_counter()
    for seed in range(args.games):
        state = GAME.new(1, OPTIONS[seed % len(OPTIONS)], seed)
        rng = Rng(seed)
        while state["phase"] != "over":
            for tile in TILES:
                began = time.perf_counter()
                best(state, tile)
                decisions.append(time.perf_counter() - began)
            move = random_move(state, rng)
            began = time.perf_counter()
            state, _ = GAME.apply(state, 0, move)
            applies.append(time.perf_counter() - began)
            moves += 1
    elapsed = time.perf_counter() - start
    placement = Summary.of(decisions)
    ok = verdict(placement.p99 <= PLACEMENT_P99_MS)
    print(row("tile decision", placement, f"target p99 <= {PLACEMENT_P99_MS} ms {ok}"))
    print(row("apply (person's move + MarsBot)", Summary.of(applies), "baseline"))
    print(f"{args.games} random games, {moves} moves in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
