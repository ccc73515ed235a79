"""``python -m bench.moonriser_render``: Moonriser's board picture against the blank-encode floor.

Measured the way RunArch's is (``bench.runarch.bench_render``): varied positions are rendered
with ``render_board`` once the sprite caches are warm (a long-running bot has them after its
first pictures; the first picture of the process is reported apart), and the baseline
PNG-encodes a blank picture of the same size and palette with the same settings. Target from
issue #14: render <= 3x the floor, PNG < 500 KB. The supply picture and one tile's picture
(issue 27) are measured the same way, in English and Czech. The positions are public views of random
legal games for 2-4 players, sampled from an empty board to a full one.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from bench.stats import Summary, row, sample, verdict

NAMES = ["alice", "bob", "cecilie", "dan"]


def views(count: int, seed: int) -> list[dict]:
    """``count`` public views of real games: 2, 3 and 4 players, random legal play, sampled
    from an empty board to a full one (a position every few moves until the game ends)."""
    from engine.core import Rng
    from engine.moonriser.game import GAME
    from engine.moonriser.randomplay import random_move

    out: list[dict] = []
    game = 0
    while len(out) < count:
        players = 2 + game % 3
        state = GAME.new(players, {}, seed + game)
        rng = Rng(seed * 1000 + game)
        moves = 0
        while GAME.outcome(state) is None and len(out) < count:
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, random_move(state, seat, rng))
            moves += 1
            if moves % 40 == 0:
                out.append(GAME.view(state, None))
        if GAME.outcome(state) is not None:
            out.append(GAME.view(state, None))
        game += 1
    return out[:count]


def bench_render(renders: int, seed: int) -> tuple[float, Summary, Summary, int, float]:
    """First picture, warm renders, the blank baseline, the largest PNG, and the ratio."""
    from bot.i18n import Tr
    from render.kit import blank_like, encode_png
    from render.moonriser.board import PAL, picture_size, render_board

    tr = Tr("en")
    positions = views(max(renders, 12), seed)
    start = time.perf_counter()
    render_board(positions[0], NAMES, tr)
    first = time.perf_counter() - start
    for view in positions:  # warm: every layout's empty board and every tile sprite
        render_board(view, NAMES, tr)
    rnd = random.Random(seed)
    chosen = [rnd.choice(positions) for _ in range(renders)]
    it = iter(chosen)
    sizes: list[int] = []

    def one() -> None:
        sizes.append(len(render_board(next(it), NAMES, tr)))

    rendered = Summary.of(sample(one, renders))
    blanks = [blank_like(picture_size(view), PAL) for view in chosen]
    for blank in blanks[:3]:
        encode_png(blank)
    bt = iter(blanks)
    baseline = Summary.of(sample(lambda: encode_png(next(bt)), renders))
    return first, rendered, baseline, max(sizes), rendered.p50 / baseline.p50


def bench_cards(renders: int, seed: int) -> list[tuple[str, Summary, Summary, float]]:
    """The supply picture and one tile's picture (issue 27, target <= 3x the blank encode of
    the same size), warm: a card is drawn once per tile and language, then only pasted."""
    import io

    from PIL import Image

    from bot.i18n import Tr
    from render.kit import blank_like, encode_png
    from render.moonriser.board import PAL
    from render.moonriser.supply import render_supply

    positions = [v for v in views(max(renders, 12), seed) if v.get("tiles")]
    rnd = random.Random(seed)
    out = []
    for lang in ("en", "cs"):
        tr = Tr(lang)
        jobs = {
            "supply": lambda v, tr=tr: render_supply(v, tr),
            "one tile": lambda v, tr=tr: _tile(v, tr, rnd),
        }
        for name, job in jobs.items():
            for view in positions:  # warm: every card of these games
                job(view)
            chosen = [rnd.choice(positions) for _ in range(renders)]
            it = iter(chosen)
            sizes: list[tuple[int, int]] = []

            def one(job=job, it=it, sizes=sizes) -> None:  # type: ignore[no-untyped-def]
                sizes.append(Image.open(io.BytesIO(job(next(it)))).size)

            rendered = Summary.of(sample(one, renders))
            blanks = [blank_like(size, PAL) for size in sizes]
            bt = iter(blanks)
            baseline = Summary.of(sample(lambda bt=bt: encode_png(next(bt)), renders))
            out.append((f"{name} ({lang})", rendered, baseline, rendered.p50 / baseline.p50))
    return out


def _tile(view: dict, tr: object, rnd: random.Random) -> bytes:
    from render.moonriser.supply import render_tile

    field = rnd.choice(sorted(view["tiles"]))
    return render_tile(view, view["tiles"][field]["tile"], tr, f"{field} · {NAMES[0]}")  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.moonriser_render", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    renders = 12 if args.quick else 300
    print(
        f"Moonriser render benchmark — Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, seed {args.seed}"
    )
    first, rendered, blank, biggest, ratio = bench_render(renders, args.seed)
    print(f"{'render, first picture of a process':<34} {first * 1000:.1f} ms (builds the sprite caches)")
    print(row("render moonriser board", rendered, f"{ratio:.2f}x blank  target <= 3x  {verdict(ratio <= 3)}"))
    note = f"largest board PNG {biggest / 1024:.0f} KB  target < 500 KB  {verdict(biggest < 500 * 1024)}"
    print(row("  baseline: blank PNG encode", blank, note))
    for name, rendered, baseline, ratio in bench_cards(renders, args.seed):
        print(row(f"render {name}", rendered, f"{ratio:.2f}x blank  target <= 3x  {verdict(ratio <= 3)}"))
        print(row("  baseline: blank PNG encode", baseline, "the same sizes"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
