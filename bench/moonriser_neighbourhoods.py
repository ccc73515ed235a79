"""``python -m bench.moonriser_neighbourhoods``: how often Productive neighbourhoods form, per tile version.

Plays seeded 4-player games of normal bot players for each shipped version of the tiles (pieces
and layouts the newest) and prints, per game on average, the Productive neighbourhoods and
Bonus relationships on the final board, the neighbourhoods of one owner (those that produce),
and the share of the final score they bring. Issue #27's target: at least 3 neighbourhoods a
game with ``tiles.v2`` (``docs/rules/moonriser-tiles.md``). Deterministic: the same seeds give
the same figures on any machine.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from statistics import mean
from typing import Any

from engine.moonriser.content import TILE_LIBRARY, newest
from engine.moonriser.game import GAME
from engine.moonriser.relations import colony, hoods, links
from engine.moonriser.scoring import scores

State = dict[str, Any]
TARGET = 3.0
"""Neighbourhoods per 4-player game of normal bots that v2 must reach on average."""


@dataclass(frozen=True)
class Figures:
    """What one finished game's board holds."""

    hoods: int
    own_hoods: int
    links: int
    hood_vp: int
    total_vp: int


def bot_game(seed: int, tiles: int, players: int = 4, level: str = "normal") -> State:
    """One seeded game of ``players`` bot players of ``level`` with tile version ``tiles``."""
    state = GAME.new(players, {}, seed, {**newest(), "tiles": tiles})
    moves = 0
    while state["phase"] != "over":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, level))
        moves += 1
        if moves > 5000:
            raise RuntimeError(f"game {seed} with tiles v{tiles} does not end")
    return state


def figures(state: State) -> Figures:
    tiles = colony(state)
    formed = list(hoods(tiles))
    own = sum(1 for _, fields in formed if len({tiles[f].owner for f in fields}) == 1)
    rows = scores(state)
    return Figures(
        hoods=len(formed),
        own_hoods=own,
        links=len(links(tiles)),
        hood_vp=sum(row["neighbourhoods"] for row in rows),
        total_vp=sum(row["total"] for row in rows),
    )


def measure(tiles: int, games: int, first_seed: int = 1) -> list[Figures]:
    return [figures(bot_game(first_seed + n, tiles)) for n in range(games)]


def report(tiles: int, found: list[Figures]) -> str:
    share = sum(f.hood_vp for f in found) / max(1, sum(f.total_vp for f in found))
    return (
        f"tiles v{tiles}: {len(found)} games · neighbourhoods {mean(f.hoods for f in found):.2f} a game "
        f"(of one owner {mean(f.own_hoods for f in found):.2f}, none in {sum(f.hoods == 0 for f in found)}) "
        f"· relationships {mean(f.links for f in found):.2f} a game · neighbourhood VP {share:.1%} of all VP"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="seeded games per tile version (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    args = parser.parse_args(argv)
    for version in TILE_LIBRARY.versions():
        found = measure(version, args.games, args.seed)
        print(report(version, found), flush=True)
        if version >= 2:
            average = mean(f.hoods for f in found)
            print(f"  target >= {TARGET:.0f} a game: {'ok' if average >= TARGET else 'FAIL'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
