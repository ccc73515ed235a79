"""An animated GIF replay of a recorded game: the public board at the start and after every turn.

A turn is what the bot posts a new board for (:mod:`engine.core.turns`): it begins when a seat
is newly awaited or the game ends, so a swap and the scorings after it, or the first of two
simultaneous choices, are one turn and one frame. The last position always has its frame.

Any game's board drawer works (``draw(view, names, tr) -> Image``); only the public view
(``game.view(state, None)``) is ever drawn, so a replay shows no hand or secret.

Encoding is cheap because the boards are palette pictures sharing one palette: frames go to
Pillow's GIF writer as they are, with no quantising, so colours cannot shift between frames
(Pillow still writes each frame's colour table: 768 bytes a frame; passing one global
palette instead makes it remap every frame, several times slower for 10 % fewer bytes).
The writer stores each frame after the first as the box around what changed, with unchanged
pixels inside that box set to a spare palette index made transparent (``optimize=True``);
frames stay in place (``disposal=1``); without ``optimize`` the GIF is 2.5 times larger and
only 0.1 s faster. A typical move changes a few tiles and a status line, so the 60-move games
of ``bench/replay_gif.py`` are about 0.5 MB at full size in 0.15-0.45 s: no need to downscale.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engine.core import Game, GameRecord, IllegalMove, State
from engine.core.record import initial_state, move_note
from engine.core.turns import awaited_by, starts_turn

Tr = Callable[..., str]
Draw = Callable[[Mapping[str, Any], Sequence[str], Tr], Image.Image]


def states_of(game: Game, record: GameRecord) -> Iterator[State]:
    """The initial state, then the state after each move of ``record``.

    An illegal move raises ``IllegalMove`` (with a note naming the move) when it is reached.
    """
    state = initial_state(game, record)
    yield state
    for ply, (seat, notation) in enumerate(record.moves, 1):
        try:
            state, _ = game.apply(state, seat, notation)
        except IllegalMove as error:
            error.add_note(move_note(record, ply))
            raise
        yield state


def turn_states(game: Game, record: GameRecord, bots: Collection[int] = ()) -> Iterator[State]:
    """The initial state, each state that begins a turn (when the bot posts a new board) and the last.

    ``bots`` are the table's bot-player seats: like an automa they never wait, so a bot's turn
    is no turn of its own (the record does not say which seats were bots; the table does)."""
    states = states_of(game, record)
    awaited = awaited_by(game, bots)
    shown = previous = next(states)
    yield shown
    for state in states:
        if starts_turn(game, previous, state, awaited):
            shown = state
            yield shown
        previous = state
    if previous is not shown:
        yield previous


def record_gif(game: Game, record: GameRecord, draw: Draw, tr: Tr, bots: Collection[int] = ()) -> bytes:
    """The replay of ``record`` as a looping GIF: the public board drawn by ``draw`` at the start
    and after every turn (timing and merged frames as in :func:`replay_gif`)."""
    frames = (draw(game.view(state, None), record.players, tr) for state in turn_states(game, record, bots))
    return replay_gif(frames)


def replay_gif(
    frames: Iterable[Image.Image], *, frame_ms: int = 700, last_ms: int = 4000, first_ms: int = 1500
) -> bytes:
    """Animate ``frames`` (start, then one per move) as a GIF that loops forever.

    The first frame shows for ``first_ms``, the last for ``last_ms``, the others ``frame_ms``.
    A frame identical to the one before it (a move that changes nothing visible) is not stored:
    its time is added to the previous frame, so each move still takes its own time and the
    GIF has one frame per visible change. When sizes differ (a complex board grows as cards
    are filed), frames are padded right and below to the largest size with their top-left
    pixel's colour. Frames on another palette, or not in palette mode, are left to Pillow,
    which gives each its own colour table.
    """
    runs = _runs(frames)
    if not runs:
        raise ValueError("a replay needs at least one frame")
    total = runs[-1][1] + 1
    durations = [_run_time(start, end, total, frame_ms, first_ms, last_ms) for start, end, _ in runs]
    size = (max(img.width for _, _, img in runs), max(img.height for _, _, img in runs))
    pictures = [_padded(img, size) for _, _, img in runs]
    buf = io.BytesIO()
    pictures[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=pictures[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
        interlace=False,
        **_spare(pictures),
    )
    return buf.getvalue()


def _spare(pictures: Sequence[Image.Image]) -> dict[str, int]:
    """``transparency``: a palette index no frame uses, when all frames share one palette.

    Pillow marks unchanged pixels with it; given one, it skips searching every frame's
    histogram for a free index (a quarter of the time of a benchmarked 60-move replay).
    """
    palette = pictures[0].getpalette() if pictures[0].mode == "P" else None
    if palette is None or any(p.mode != "P" or p.getpalette() != palette for p in pictures[1:]):
        return {}
    top = max(int(p.getextrema()[1]) for p in pictures)
    return {"transparency": top + 1} if top < 255 else {}


def _runs(frames: Iterable[Image.Image]) -> list[tuple[int, int, Image.Image]]:
    """``(first index, last index, picture)`` for each run of identical consecutive frames."""
    runs: list[tuple[int, int, Image.Image]] = []
    previous: tuple[str, tuple[int, int], list[int] | None, bytes] | None = None
    for index, frame in enumerate(frames):
        key = (frame.mode, frame.size, frame.getpalette() if frame.mode == "P" else None, frame.tobytes())
        if key == previous:
            runs[-1] = (runs[-1][0], index, runs[-1][2])
        else:
            runs.append((index, index, frame))
        previous = key
    return runs


def _run_time(start: int, end: int, total: int, frame_ms: int, first_ms: int, last_ms: int) -> int:
    """How long frames ``start``..``end`` (merged) stay together on screen."""

    def one(index: int) -> int:
        if index == total - 1:
            return last_ms
        return first_ms if index == 0 else frame_ms

    return sum(one(index) for index in range(start, end + 1))


def _padded(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``img`` in the top-left corner of ``size``, the rest in its top-left pixel's colour."""
    if img.size == size:
        return img
    canvas = Image.new(img.mode, size, img.getpixel((0, 0)))
    if img.mode == "P":
        canvas.putpalette(img.getpalette() or [])
    canvas.paste(img, (0, 0))
    return canvas
