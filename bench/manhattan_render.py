"""``python -m bench.manhattan_render``: the Manhattan Project's pictures against the blank-encode floor.

Measured the way Moonriser's are (``bench.moonriser_render``): varied positions are rendered
once the sprite caches are warm (a long-running bot has them after its first pictures; the
first picture of the process is reported apart), and the baseline PNG-encodes a blank picture
of the same size and palette with the same settings. The positions are public views of
complete games for 2-5 players played by the engine's bot (which builds, bombs and strikes,
so boards fill up the way real ones do), sampled every few moves from the start to the end.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from bench.stats import Summary, row, sample, verdict

NAMES = ["alice", "bob", "cecilie", "dan", "eva"]


def views(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` public views of bot games, 2 to 5 players, a position every few moves."""
    from engine.manhattan.game import GAME

    out: list[dict[str, Any]] = []
    game = 0
    while len(out) < count:
        players = 2 + game % 4
        state = GAME.new(players, {}, seed + game)
        moves = 0
        while GAME.outcome(state) is None and len(out) < count and moves < 4000:
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, "normal"))
            moves += 1
            if moves % 25 == 0:
                out.append(GAME.view(state, None))
        out.append(GAME.view(state, None))
        game += 1
    return out[:count]


def _time(
    render: Callable[[dict[str, Any]], bytes | None], positions: list[dict[str, Any]], renders: int, seed: int
) -> tuple[float, Summary, list[dict[str, Any]], int]:
    """First picture, warm renders, the positions drawn, the largest PNG."""
    start = time.perf_counter()
    render(positions[0])
    first = time.perf_counter() - start
    for view in positions:
        render(view)
    rnd = random.Random(seed)
    chosen = [rnd.choice(positions) for _ in range(renders)]
    it = iter(chosen)
    sizes: list[int] = []

    def one() -> None:
        sizes.append(len(render(next(it)) or b""))

    return first, Summary.of(sample(one, renders)), chosen, max(sizes)


def _blank(sizes: list[tuple[int, int]]) -> Summary:
    from render.kit import blank_like, encode_png
    from render.manhattan.style import PAL

    blanks = [blank_like(size, PAL) for size in sizes]
    for blank in blanks[:3]:
        encode_png(blank)
    it = iter(blanks)
    return Summary.of(sample(lambda: encode_png(next(it)), len(blanks)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.manhattan_render", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    renders = 12 if args.quick else 300
    print(
        f"Manhattan Project render benchmark — Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, seed {args.seed}"
    )
    from bot.i18n import Tr
    from render.manhattan import board as M
    from render.manhattan.details import details_size

    tr = Tr("en")
    positions = views(max(renders, 12) if not args.quick else 12, args.seed)
    parts = (
        ("board", lambda v: M.render_board(v, NAMES, tr), M.picture_size),
        ("details", lambda v: M.render_details(v, NAMES, tr), details_size),
    )
    for name, render, size_of in parts:
        first, rendered, chosen, biggest = _time(render, positions, renders, args.seed)
        blank = _blank([size_of(v) for v in chosen])
        ratio = rendered.p50 / blank.p50
        label = f"{name}, first picture of a process"
        print(f"{label:<36} {first * 1000:.1f} ms (builds the sprite caches)")
        print(row(f"render manhattan {name}", rendered, f"{ratio:.2f}x blank"))
        note = f"largest PNG {biggest / 1024:.0f} KB  target < 500 KB  {verdict(biggest < 500 * 1024)}"
        print(row("  baseline: blank PNG encode", blank, note))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
