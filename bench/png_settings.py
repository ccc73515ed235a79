"""``python -m bench.png_settings``: PNG encoder settings measured on every game's real pictures.

Each game plays seeded random legal moves (the automated seats choose as in play); at a few
points of its game the public board and its details picture are drawn once, and each picture
is encoded with every candidate setting. Per game and setting: the bytes of all its pictures
and the encoding time (p50 per picture), each as a ratio to the settings in use
(``render.kit.PNG_OPTIONS``, marked ``*``) and to the previous ones (level 1, ``Z_RLE``; issue 28).

A report, not a test: it exits 0.
"""

from __future__ import annotations

import argparse
import io
import platform
import random
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bench.stats import Summary
from bot.i18n import Tr
from engine.core import Game
from render import kit

SETTINGS: Mapping[str, Mapping[str, Any]] = {
    "level 1, Z_RLE (before)": {"optimize": False, "compress_level": 1, "compress_type": zlib.Z_RLE},
    "level 1": {"optimize": False, "compress_level": 1},
    "level 2": {"optimize": False, "compress_level": 2},
    "level 3": {"optimize": False, "compress_level": 3},
    "level 6": {"optimize": False, "compress_level": 6},
    "level 9": {"optimize": False, "compress_level": 9},
    "level 6, Z_FILTERED": {"optimize": False, "compress_level": 6, "compress_type": zlib.Z_FILTERED},
    "optimize": {"optimize": True},
}
"""Candidate settings, by name; the first is the one before issue 28."""

BEFORE = "level 1, Z_RLE (before)"


@dataclass(frozen=True)
class Sizes:
    """How much work the run does; ``--quick`` shrinks it for the smoke test."""

    points: int = 4
    """Positions per game, spread over one random game."""
    repeats: int = 15
    """Encodings of each picture per setting."""
    moves: int = 400
    """At most this many moves of the random game."""


QUICK = Sizes(points=1, repeats=1, moves=20)


def games() -> dict[str, tuple[Game, int, Sequence[Callable[..., Any]]]]:
    """Each game's engine, seat count and public pictures (board, details)."""
    from engine.manhattan import GAME as MANHATTAN
    from engine.marsbot import GAME as MARSBOT
    from engine.moonriser import GAME as MOONRISER
    from engine.runarch import GAME as RUNARCH
    from render.manhattan import board as manhattan
    from render.marsbot import board as marsbot
    from render.marsbot import claims
    from render.moonriser import board as moonriser
    from render.runarch import pictures as runarch

    return {
        "runarch": (RUNARCH, 2, (runarch.render_board, runarch.render_details)),
        "moonriser": (MOONRISER, 4, (moonriser.render_board, moonriser.render_details)),
        "manhattan": (MANHATTAN, 4, (manhattan.render_board, manhattan.render_details)),
        "marsbot": (MARSBOT, 1, (marsbot.render_board, claims.render_claims)),
    }


def positions(game: Game, seats: int, sizes: Sizes, seed: int) -> list[dict[str, Any]]:
    """``sizes.points`` public views spread over one seeded game of random legal moves."""
    points = sizes.points
    rnd = random.Random(seed)
    state = game.new(seats, game.options({}), seed)
    states = [state]
    for _ in range(sizes.moves):
        if game.outcome(state) is not None:
            break
        waiting = game.to_act(state)
        if not waiting:
            break
        seat = waiting[0]
        if seat in game.automated_seats(state):
            move = game.choose_automated(state, seat)
        else:
            moves = list(game.legal_moves(state, seat))
            if not moves:
                break
            move = rnd.choice(moves)
        state, _ = game.apply(state, seat, move)
        states.append(state)
    step = max(1, len(states) // points)
    return [game.view(s, None) for s in states[step - 1 :: step][:points]]


def pictures_of(draws: Sequence[Callable[..., Any]], views: Sequence[Mapping[str, Any]], seats: int):
    """The palette images the pictures of ``views`` encode (the renderers' own, caught on their
    way to ``kit.encode_png``)."""
    captured: list[Image.Image] = []
    original = kit.encode_png

    def keep(img: Image.Image) -> bytes:
        captured.append(img)
        return b""

    names = [f"Player {n + 1}" for n in range(seats)]
    kit.encode_png = keep  # type: ignore[assignment]
    try:
        for view in views:
            for draw in draws:
                draw(view, names, Tr("en"))
    finally:
        kit.encode_png = original  # type: ignore[assignment]
    return captured


def encoded(img: Image.Image, options: Mapping[str, Any]) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", **options)
    return buf.getvalue()


def name_of(options: Mapping[str, Any]) -> str:
    return next((name for name, o in SETTINGS.items() if dict(o) == dict(options)), "render.kit")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.png_settings", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the command works")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else Sizes()
    settings = dict(SETTINGS)
    current = name_of(kit.PNG_OPTIONS)
    settings.setdefault(current, kit.PNG_OPTIONS)
    print(f"PNG settings benchmark — Python {platform.python_version()}, seed {args.seed}; * = render.kit's")
    totals: dict[str, list[float]] = {name: [0.0, 0.0] for name in settings}
    for game_name, (game, seats, draws) in games().items():
        images = pictures_of(draws, positions(game, seats, sizes, args.seed), seats)
        pixels = sum(img.width * img.height for img in images) / len(images)
        print(f"{game_name}: {len(images)} pictures, {pixels / 1000:.0f} kpx each on average")
        sizes_of = {name: sum(len(encoded(img, o)) for img in images) for name, o in settings.items()}
        times: dict[str, list[float]] = {name: [] for name in settings}
        for _ in range(sizes.repeats):  # settings take turns, so the machine's load falls on all alike
            for name, options in settings.items():
                for img in images:
                    start = time.perf_counter()
                    encoded(img, options)
                    times[name].append(time.perf_counter() - start)
        figures = {name: (sizes_of[name], Summary.of(times[name])) for name in settings}
        base_size, base_time = figures[current]
        old_size, old_time = figures[BEFORE]
        for name, (size, time_) in figures.items():
            mark = "*" if name == current else " "
            totals[name][0] += size / old_size
            totals[name][1] += time_.p50 / old_time.p50
            print(
                f" {mark} {name:<26} {size / 1024:8.1f} KB {size / base_size:5.2f}x"
                f" ({size / old_size:5.2f}x before)  encode p50 {time_.p50:6.2f} ms"
                f" {time_.p50 / base_time.p50:5.2f}x ({time_.p50 / old_time.p50:5.2f}x before)"
            )
    count = len(games())
    print("mean over the games, against before:")
    for name, (size, spent) in totals.items():
        mark = "*" if name == current else " "
        print(f" {mark} {name:<26} bytes {size / count:5.2f}x  encode {spent / count:5.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
