"""``python -m bench.moonriser_rules``: the speed of Moonriser's rules engine alone.

Figures: every legal placement (with its cost and VP) of a full hand of 5 tiles plus the supply
over the whole board, at positions taken from random games (target p99 <= 20 ms: the cog's
autocomplete and preview); and random complete 4-player games by ``randomplay.random_move``
(target: 200 games <= 60 s). The pictures, the store and the bot are timed elsewhere. A missed
target prints FAIL but the command still exits 0 (it is a report).
"""

from __future__ import annotations

import argparse
import platform
import time

from bench.stats import Summary, row, verdict
from engine.core import Rng, State
from engine.moonriser.content import tiles_of
from engine.moonriser.game import GAME
from engine.moonriser.placement import placements
from engine.moonriser.randomplay import random_move

HAND = 5
PLACEMENT_TARGET_MS = 20.0
GAMES_TARGET_S = 60.0


def random_game(seed: int, players: int = 4) -> list[State]:
    """Every state of one random complete game."""
    rng = Rng(seed)
    state = GAME.new(players, {}, seed)
    states = [state]
    while state["phase"] != "over":
        seat = rng.choice(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, random_move(state, seat, rng))
        states.append(state)
    return states


def with_full_hand(state: State, rng: Rng) -> tuple[State, int]:
    """``state`` in its active seat's development phase, with 5 random tiles and plenty of tokens."""
    seat = state["active"]
    tileset = tiles_of(state)
    designs = [t.id for t in tileset.tiles.values() if not t.is_base]
    seats = list(state["seats"])
    hand = [rng.choice(designs) for _ in range(HAND)]
    seats[seat] = {**seats[seat], "hand": hand, "tokens": {"blue": 9, "red": 9, "green": 9, "yellow": 0}}
    return {**state, "seats": seats, "phase": "develop"}, seat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.moonriser_rules")
    parser.add_argument("--quick", action="store_true", help="a few games only (the smoke test)")
    args = parser.parse_args(argv)
    games = 6 if args.quick else 200
    version = tiles_of(GAME.new(4, {}, 1)).version
    print(f"Moonriser rules benchmark — Python {platform.python_version()}, tiles v{version}")
    start = time.perf_counter()
    positions: list[State] = []
    for seed in range(games):
        states = random_game(seed)
        positions.extend(s for s in states[::9] if s["active"] is not None)
    total = time.perf_counter() - start
    rng = Rng(1)
    timings, found = [], 0
    for state in positions[: 60 if args.quick else 1000]:
        ready, seat = with_full_hand(state, rng)
        begin = time.perf_counter()
        found += len(placements(ready, seat))
        timings.append(time.perf_counter() - begin)
    summary = Summary.of(timings)
    print(
        row(
            "placements, full hand + supply",
            summary,
            f"{found // len(timings)} each  target p99 <= 20 ms  "
            + verdict(summary.p99 <= PLACEMENT_TARGET_MS),
        )
    )
    scaled = total * 200 / games
    print(
        f"{games} random 4-player games: {total:.1f} s (200 games: {scaled:.1f} s)  target <= 60 s  "
        + verdict(scaled <= GAMES_TARGET_S)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
