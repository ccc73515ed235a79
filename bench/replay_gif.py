"""``python -m bench.replay_gif``: the animated replay of a whole RunArch game, against a baseline
measured in the same run.

A seeded game of about 60 moves (simple, then complex) is turned into a GIF by ``record_gif``;
the baseline draws and PNG-encodes the same boards one by one with ``render_board`` (what
posting every position as a picture would cost). Targets: 2 s and 3 MB for a 60-move game.
A missed target prints FAIL but the command still exits 0 (it is a report).
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import time
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bench.runarch import eager, play
from bench.stats import Summary, row, sample, verdict
from engine.core import GameRecord
from engine.runarch import GAME

TARGET_S = 2.0
TARGET_BYTES = 3 * 1024 * 1024
NAMES = ["alice", "bob"]


@dataclass(frozen=True)
class Sizes:
    """How much work each section does; ``--quick`` shrinks everything for the smoke test."""

    runs: int = 5
    max_rounds: int = 15
    """The round limit that ends an eager game after about 60 moves."""
    moves: int | None = None
    """Keep only the first moves (``None``: the whole game)."""


QUICK = Sizes(runs=1, max_rounds=10, moves=12)


def game_record(seed: int, variant: str, sizes: Sizes) -> GameRecord:
    """A seeded eager game of ``variant`` played to its round limit, as a record."""
    options: dict[str, Any] = {"variant": variant, "max_rounds": sizes.max_rounds}
    steps = play(seed, eager, options=options)[: sizes.moves]
    return GameRecord("runarch", seed, 2, options, NAMES, [(seat, move.notation) for _, seat, move in steps])


@dataclass(frozen=True)
class Result:
    """One variant's figures."""

    record: GameRecord
    cold: float
    gif: Summary
    drawing: Summary
    baseline: Summary
    gif_bytes: int
    png_bytes: int
    frames: int
    loops: bool
    ends_right: bool


def bench_variant(seed: int, variant: str, sizes: Sizes) -> Result:
    """Time ``record_gif`` (the first call apart: it fills the sprite caches) and the baselines."""
    from bot.i18n import Tr
    from render.replay import record_gif, states_of
    from render.runarch.pictures import board_image, render_board

    tr = Tr("en")
    record = game_record(seed, variant, sizes)
    start = time.perf_counter()
    gif = record_gif(GAME, record, board_image, tr)
    cold = time.perf_counter() - start
    gif_times = sample(lambda: record_gif(GAME, record, board_image, tr), sizes.runs)
    views = [GAME.view(state, None) for state in states_of(GAME, record)]
    pngs: list[bytes] = []

    def draw_all() -> None:
        for view in views:
            board_image(view, NAMES, tr)

    def png_each() -> None:
        pngs[:] = [render_board(view, NAMES, tr) for view in views]

    drawing = sample(draw_all, sizes.runs)
    baseline = sample(png_each, sizes.runs)
    img = Image.open(io.BytesIO(gif))
    return Result(
        record=record,
        cold=cold,
        gif=Summary.of(gif_times),
        drawing=Summary.of(drawing),
        baseline=Summary.of(baseline),
        gif_bytes=len(gif),
        png_bytes=sum(map(len, pngs)),
        frames=img.n_frames,
        loops=img.info.get("loop") == 0 and img.is_animated,
        ends_right=_last_frame_is(img, board_image(views[-1], NAMES, tr)),
    )


def _last_frame_is(gif: Image.Image, board: Image.Image) -> bool:
    """Decode every frame; the last must show ``board`` (in RGB: the GIF may store it differently)."""
    for index in range(gif.n_frames):
        gif.seek(index)
        gif.load()
    expected = board.convert("RGB")
    return gif.convert("RGB").crop((0, 0, *expected.size)).tobytes() == expected.tobytes()


def report(variant: str, r: Result) -> None:
    moves = len(r.record.moves)
    print(f"{variant} game: {moves} moves, {moves + 1} positions, seed {r.record.seed}")
    print(f"{'  record_gif, first call of a process':<34} {r.cold * 1000:.1f} ms (fills the sprite caches)")
    ok = r.gif.p50 <= TARGET_S * 1000 and r.gif_bytes <= TARGET_BYTES
    note = (
        f"{r.gif.p50 / r.baseline.p50:.2f}x baseline  GIF {r.gif_bytes / 1024:.0f} KB  "
        f"target <= {TARGET_S:g} s, <= {TARGET_BYTES // 2**20} MB  {verdict(ok)}"
    )
    print(row(f"record_gif {variant}", r.gif, note))
    print(row("  of which drawing the boards", r.drawing, f"{r.drawing.p50 / r.gif.p50:.0%} of record_gif"))
    print(row("  baseline: render_board per frame", r.baseline, f"PNGs {r.png_bytes / 1024:.0f} KB in all"))
    valid = "yes" if r.frames >= 2 and r.loops and r.ends_right else "NO"
    print(
        f"  GIF valid: {valid} ({r.frames} frames for {moves + 1} positions, loops forever: {r.loops}, "
        f"last frame is the final board: {r.ends_right})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.replay_gif", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short run: checks the command works")
    parser.add_argument("--runs", type=int, help="timed runs per variant (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    if args.runs:
        sizes = Sizes(**{**sizes.__dict__, "runs": args.runs})
    print(
        f"Replay GIF benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, seed {args.seed}"
    )
    for variant in ("simple", "complex"):
        report(variant, bench_variant(args.seed, variant, sizes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
