"""``python -m bench.marsbot_render``: MarsBot's pictures against the blank-encode floor.

Measured the way the other games' are (``bench.manhattan_render``): varied positions are
rendered once the sprite caches are warm (a long-running bot has them after its first
pictures; the first picture of the process is reported apart), and the baseline PNG-encodes a
blank picture of the same size and palette with the same settings. The positions are views
(``view(state, 0)``) of complete games the random legal player played (``engine.marsbot.
randomplay``) with and without Venus, the cube card's cubes and Prelude, sampled every few moves, so
maps fill and tracks advance (and are cut) as in real games. Whole MarsBot turns through the
bot have 80 ms p50; the board picture is meant to stay well under 60 ms p50.
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

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"venus": True, "corporation": "C03"},
    {"prelude": True, "difficulty": "hard"},
    {"venus": True, "difficulty": "brutal"},
)
TARGET_P50_MS = 60.0
TARGET_BYTES = 500 * 1024


def views(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` views of random complete games, a position every few moves."""
    from engine.core import Rng
    from engine.marsbot.game import GAME
    from engine.marsbot.randomplay import random_move

    out: list[dict[str, Any]] = []
    game = 0
    while len(out) < count:
        state = GAME.new(1, OPTIONS[game % len(OPTIONS)], seed + game)
        rng = Rng(seed + game)
        moves = 0
        while GAME.outcome(state) is None and len(out) < count and moves < 4000:
            state, _ = GAME.apply(state, 0, random_move(state, rng))
            moves += 1
            if moves % 3 == 0:
                out.append(GAME.view(state, 0))
        out.append(GAME.view(state, 0))
        game += 1
    return out[:count]


def _time(
    render: Callable[[dict[str, Any]], bytes], positions: list[dict[str, Any]], renders: int, seed: int
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
        sizes.append(len(render(next(it))))

    return first, Summary.of(sample(one, renders)), chosen, max(sizes)


def _blank(sizes: list[tuple[int, int]]) -> Summary:
    from render.kit import blank_like, encode_png
    from render.marsbot.style import PAL

    blanks = [blank_like(size, PAL) for size in sizes]
    for blank in blanks[:3]:
        encode_png(blank)
    it = iter(blanks)
    return Summary.of(sample(lambda: encode_png(next(it)), len(blanks)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.marsbot_render", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    renders = 12 if args.quick else 300
    print(
        f"MarsBot render benchmark — Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, seed {args.seed}"
    )
    from bot.i18n import Tr
    from render.marsbot import board as M

    tr = Tr("en")
    positions = views(12 if args.quick else renders, args.seed)
    parts: tuple[
        tuple[str, Callable[[dict[str, Any]], bytes], Callable[[dict[str, Any]], tuple[int, int]]], ...
    ]
    parts = (
        ("board", lambda v: M.board_png(v, tr), M.picture_size),
        ("map", lambda v: M.map_png(v, tr), M.map_size),
        ("tracks", lambda v: M.tracks_png(v, tr), M.tracks_size),
    )
    ok = True
    for name, render, size_of in parts:
        first, rendered, chosen, biggest = _time(render, positions, renders, args.seed)
        blank = _blank([size_of(v) for v in chosen])
        ratio = rendered.p50 / blank.p50
        label = f"{name}, first picture of a process"
        print(f"{label:<36} {first * 1000:.1f} ms (builds the sprite caches)")
        fast = rendered.p50 < TARGET_P50_MS
        small = biggest < TARGET_BYTES
        ok = ok and fast and small
        note = f"{ratio:.2f}x blank  target p50 < {TARGET_P50_MS:.0f} ms  {verdict(fast)}"
        print(row(f"render marsbot {name}", rendered, note))
        note = f"largest PNG {biggest / 1024:.0f} KB  target < 500 KB  {verdict(small)}"
        print(row("  baseline: blank PNG encode", blank, note))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
