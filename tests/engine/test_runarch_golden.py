"""150 seeded RunArch games replay exactly as they did when this file's fixture was written.

Each game is seeded random play (simple, complex, solo at every difficulty, some moves made by
the time-limit rule), so a change anywhere in the rules, the deck or the way content is loaded
that alters a single draw, legal-move order, event or state field shows up here. The fixture
(``runarch_golden.json``) holds per game the move count, a digest of the move log with its
events, and a digest of the final state; refresh it only for an intended rules change with
``python -m tests.engine.test_runarch_golden --write`` and say why in the commit.

The state's ``content`` mark (which content versions a game was set up with) is compared on its
own: the fixture predates it, and it must say version 1 of every file.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.runarch import GAME

FIXTURE = Path(__file__).with_name("runarch_golden.json")
GAMES = 150
MODES: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {"variant": "simple"}),
    (2, {"variant": "complex"}),
    (1, {"variant": "simple", "difficulty": "easy"}),
    (1, {"variant": "simple", "difficulty": "hard"}),
    (1, {"variant": "complex", "difficulty": "normal"}),
    (2, {"variant": "simple", "target": 40, "minimum": 6}),
)
TIMEOUT_SHARE = 0.08
"""About one move in twelve is the one the bot makes for an absent player."""
SCORE_SHARE = 0.8
"""A player who can score usually does, so games reach their end, tokens, bets and goals."""


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def play(seed: int, content: dict[str, int] | None = None) -> dict[str, Any]:
    """One seeded random game to its end (with the ``content`` versions, else the newest):
    its setup, move count and digests."""
    seats, options = MODES[seed % len(MODES)]
    choose = random.Random(seed)
    state = GAME.new(seats, options, seed, content)
    log = hashlib.sha256()
    moves = 0
    while GAME.to_act(state):
        awaited = GAME.to_act(state)
        seat = awaited[choose.randrange(len(awaited))]
        if seat in GAME.automated_seats(state):
            move = GAME.choose_automated(state, seat)
        elif choose.random() < TIMEOUT_SHARE and GAME.timeout_move(state, seat) is not None:
            move = GAME.timeout_move(state, seat)
        else:
            legal = list(GAME.legal_moves(state, seat))
            scoring = [m for m in legal if m.kind == "score"]
            pool = scoring if scoring and choose.random() < SCORE_SHARE else legal
            move = pool[choose.randrange(len(pool))]
        assert move is not None
        state, events = GAME.apply(state, seat, move.notation)
        moves += 1
        log.update(f"{seat} {move.notation}\n".encode())
        log.update(_digest([[e.code, dict(e.params)] for e in events]).encode())
    content = state.pop("content", None)
    return {
        "seed": seed,
        "seats": seats,
        "options": options,
        "moves": moves,
        "scores": list(state["scores"]),
        "log": log.hexdigest(),
        "state": _digest(state),
        "content": content,
    }


@cache
def expected() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("seed", range(GAMES))
def test_seeded_game_replays_exactly_as_recorded(seed: int) -> None:
    got = play(seed)
    content = got.pop("content")
    assert got == expected()[seed]
    assert content == {"cards": 1, "conditions": 1}


if __name__ == "__main__" and "--write" in sys.argv:
    games = []
    for number in range(GAMES):
        game = play(number)
        del game["content"]
        games.append(game)
    lines = ",\n".join(json.dumps(game, sort_keys=True) for game in games)
    FIXTURE.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {FIXTURE}")
