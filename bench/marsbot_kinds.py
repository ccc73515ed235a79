"""``python -m bench.marsbot_kinds``: what the board's buttons cost to decide, per state.

The board post's buttons need only which kinds of move are legal. Before issue 28 they were
learnt by listing every legal move (every tile on every space, every raise, cut, take …) and
collecting the kinds; ``GAME.move_kinds`` answers the same without listing them. Over every state
of random complete games (``engine.marsbot.randomplay``, every option mixed) per map, this times
both ways of learning the kinds, and ``cogs.marsbot.board.actions_for`` (the buttons) as shipped.
"""

from __future__ import annotations

import argparse
from typing import Any

from bench.stats import Summary, row, sample
from cogs.marsbot.board import actions_for, person_moves
from engine.core import Rng
from engine.marsbot.game import GAME
from engine.marsbot.maps import MAPS
from engine.marsbot.randomplay import random_move, random_options

PERSON = 0


def states_of(seed: int, map_name: str, games: int) -> list[dict[str, Any]]:
    rng = Rng(seed)
    found = []
    for game in range(games):
        options = random_options(rng, map_name)
        state = GAME.new(1, options, 1000 * game + seed)
        moves = Rng(game ^ 0x5EED)
        while GAME.outcome(state) is None:
            found.append(state)
            state, _ = GAME.apply(state, PERSON, random_move(state, moves))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.marsbot_kinds", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="random games per map")
    args = parser.parse_args(argv)
    print(f"The board's buttons: which kinds of move are legal — {args.games} random games per map")
    for map_name in MAPS:
        states = states_of(args.seed, map_name, args.games)
        listed = [t for s in states for t in sample(lambda s=s: {m.kind for m in person_moves(s)}, 1)]
        asked = [t for s in states for t in sample(lambda s=s: GAME.move_kinds(s, PERSON), 1)]
        buttons = [t for s in states for t in sample(lambda s=s: actions_for(s), 1)]
        before, after = Summary.of(listed), Summary.of(asked)
        print(f"== {map_name}: {len(states)} states")
        print(row("list every legal move (before)", before))
        print(row("GAME.move_kinds (after)", after, f"{before.p50 / after.p50:.0f}x faster at p50"))
        print(row("actions_for (the buttons)", Summary.of(buttons)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
