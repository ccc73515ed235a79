"""A replay GIF shows the public board at the start and after every turn, loops, and stays small."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import Image, ImageSequence

from bot.i18n import Tr
from engine.core import GameRecord, IllegalMove, State
from engine.runarch import GAME
from render.replay import record_gif, replay_gif, states_of, turn_states
from render.runarch.board import SIZE_PX
from render.runarch.pictures import board_image
from tests.engine.runarch_support import play_game

MAX_BYTES = 3 * 1024 * 1024
TR = Tr("en")


def finished_record(seats: int, options: dict[str, Any], seed: int = 5) -> GameRecord:
    """A greedy game played to its end (``max_rounds`` keeps it near 60 moves)."""
    final, log, _, _ = play_game(seed, seats=seats, options={"max_rounds": 15, **options}, style="greedy")
    assert final["over"]
    players = ["Alice", "Automa" if seats == 1 else "Bob"]
    return GameRecord("runarch", seed, seats, {"max_rounds": 15, **options}, players, log)


def pictures(record: GameRecord) -> list[Image.Image]:
    """The board at the start and after each turn, as RGB, drawn one by one."""
    return [board_image(GAME.view(s, None), record.players, TR).convert("RGB") for s in turns(record)]


def waiting_people(state: State) -> set[int]:
    """The seats waiting for a person (the automa's seat never waits: it answers at once)."""
    return set(GAME.to_act(state)) - set(GAME.automated_seats(state))


def new_turn(a: State, b: State) -> bool:
    """A turn begins when a person is newly awaited (not when one of two setup choices is made,
    nor at a swap that leaves the same player to act) or when the game ends."""
    return bool(waiting_people(b) - waiting_people(a)) or (b["over"] and not a["over"])


def turns(record: GameRecord) -> list[State]:
    """The start, each state that begins a turn, and the final state."""
    states = list(states_of(GAME, record))
    kept = [states[0]] + [b for a, b in itertools.pairwise(states) if new_turn(a, b)]
    return kept if kept[-1] is states[-1] else [*kept, states[-1]]


def decoded(gif: bytes) -> tuple[Image.Image, list[Image.Image]]:
    img = Image.open(io.BytesIO(gif))
    return img, [frame.convert("RGB") for frame in ImageSequence.Iterator(img)]


def shows(frame: Image.Image, picture: Image.Image) -> bool:
    """``frame`` is ``picture`` (frames padded to the largest board: the rest is background)."""
    top = frame.crop((0, 0, *picture.size))
    if top.tobytes() != picture.tobytes():
        return False
    rest = frame.crop((0, picture.height, frame.width, frame.height))
    return rest.height == 0 or rest.getcolors() == [(rest.width * rest.height, picture.getpixel((0, 0)))]


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (2, {"variant": "complex"}), (1, {"variant": "complex"})],
    ids=["simple", "complex", "solo complex"],
)
def test_the_replay_is_the_board_after_every_move(seats: int, options: dict[str, Any]) -> None:
    record = finished_record(seats, options)
    assert 40 <= len(record.moves) <= 80
    gif = record_gif(GAME, record, board_image, TR)
    assert len(gif) <= MAX_BYTES
    img, frames = decoded(gif)
    assert img.format == "GIF" and img.is_animated
    assert img.info["loop"] == 0  # forever
    boards = pictures(record)
    distinct = [boards[0]] + [b for a, b in itertools.pairwise(boards) if a.tobytes() != b.tobytes()]
    assert len(frames) == len(distinct)  # one frame per turn plus the start, repeats merged
    states = list(states_of(GAME, record))
    turn_count = sum(1 for a, b in itertools.pairwise(states) if new_turn(a, b))
    assert turn_count + 1 <= len(boards) <= turn_count + 2 < len(record.moves)  # fewer frames than moves
    assert len(distinct) >= len(boards) * 0.9
    assert img.size == SIZE_PX  # every frame is the whole board: nothing padded around it
    assert shows(frames[0], boards[0])
    assert shows(frames[-1], boards[-1])
    assert all(shows(frame, board) for frame, board in zip(frames, distinct, strict=True))


class Spy:
    """The game, noting whose view each drawn picture came from."""

    def __init__(self) -> None:
        self.seats: list[int | None] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.seats.append(seat)
        return GAME.view(state, seat)


def test_only_the_public_view_is_drawn() -> None:
    record = GameRecord(
        "runarch",
        3,
        2,
        {"variant": "complex"},
        ["a", "b"],
        play_game(3, options={"variant": "complex"}, max_moves=8)[1],
    )
    spy = Spy()
    record_gif(spy, record, board_image, TR)  # type: ignore[arg-type]
    assert spy.seats == [None] * len(list(turn_states(GAME, record)))


def test_an_illegal_move_stops_the_replay() -> None:
    record = GameRecord("runarch", 3, 2, {}, ["a", "b"], [(0, "swap A1 E5")])
    with pytest.raises(IllegalMove):
        record_gif(GAME, record, board_image, TR)


def test_a_record_without_moves_is_one_still_picture() -> None:
    record = GameRecord("runarch", 3, 2, {}, ["a", "b"], [])
    _, frames = decoded(record_gif(GAME, record, board_image, TR))
    assert len(frames) == 1
    assert shows(frames[0], pictures(record)[0])


# ----------------------------------------------------------------------------- replay_gif


def test_repeated_frames_are_merged_keeping_each_moves_time() -> None:
    red, blue = Image.new("RGB", (40, 30), "red"), Image.new("RGB", (40, 30), "blue")
    frames = [red, red, blue, blue, blue, red]
    img, decoded_frames = decoded(replay_gif(frames, frame_ms=100, first_ms=500, last_ms=2000))
    assert [f.getpixel((0, 0)) for f in decoded_frames] == [(255, 0, 0), (0, 0, 255), (255, 0, 0)]
    durations = []
    for frame in ImageSequence.Iterator(img):
        durations.append(frame.info["duration"])
    assert durations == [500 + 100, 3 * 100, 2000]


def test_frames_of_other_sizes_and_palettes_keep_their_colours() -> None:
    small = Image.new("RGB", (40, 30), (10, 20, 30))
    tall = Image.new("RGB", (40, 50), (200, 100, 0)).convert("P", palette=Image.Palette.ADAPTIVE)
    img, frames = decoded(replay_gif([small, tall, small]))
    assert img.size == (40, 50)
    assert [f.getcolors() for f in frames] == [
        [(40 * 50, (10, 20, 30))],
        [(40 * 50, (200, 100, 0))],
        [(40 * 50, (10, 20, 30))],
    ]


def test_no_frames_is_an_error() -> None:
    with pytest.raises(ValueError):
        replay_gif([])
