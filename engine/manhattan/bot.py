"""The bot player's placeholder: a simple deterministic choice among the legal moves.

The real bot comes later (``engine/manhattan/bot*.py``); this one only has to play sensible legal
moves so tables with bot seats work: it builds, loads and tests bombs when it can, otherwise
places on the main board, uses its buildings, and ends its turn (retrieving when its hand of
workers is nearly empty). ``easy`` plays a random legal move. Its chance is drawn from a digest of
the position, so the same state always gives the same move.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence

from engine.core import Move, Rng, State
from engine.manhattan.content import bombs_of
from engine.manhattan.notation import BOMB, DONE, LOAD, PICK, PLACE, RAID, REPAIR, RETRIEVE, TEST, WORK
from engine.manhattan.randomplay import random_move
from engine.manhattan.scoring import total

LEVELS: tuple[str, ...] = ("easy", "normal")
PREFERENCE: tuple[str, ...] = (BOMB, LOAD, RAID, PLACE, WORK, DONE, RETRIEVE)


def _rng(state: State, seat: int) -> Rng:
    row = state["seats"][seat]
    key = [state["rng"], state["round"], seat, state["turn"], row["money"], row["ore"], len(row["hand"])]
    return Rng(zlib.crc32(json.dumps(key, sort_keys=True).encode()))


def choose(state: State, seat: int, level: str) -> Move:
    from engine.manhattan.game import GAME

    rng = _rng(state, seat)
    if level == "easy":
        return random_move(state, seat, rng)
    listed = list(GAME.legal_moves(state, seat))
    kinds = {m.kind for m in listed}
    if PICK in kinds:
        cards = bombs_of(state)
        return max(listed, key=lambda m: (cards[m.args[0]].value, m.notation))
    if REPAIR in kinds:
        return max(listed, key=lambda m: (len(m.args) if m.args != ("none",) else 0, m.notation))
    tests = [m for m in listed if m.kind == TEST]
    for move in tests:
        after, _ = GAME.apply(state, seat, move)
        if total(after, seat) > total(state, seat):
            return move
    row = state["seats"][seat]
    if RETRIEVE in kinds and sum(row["home"].values()) + sum(row["contract"].values()) <= 1:
        return next(m for m in listed if m.kind == RETRIEVE)
    for kind in PREFERENCE:
        of_kind: Sequence[Move] = [m for m in listed if m.kind == kind]
        if of_kind:
            return rng.choice(of_kind)
    return rng.choice(listed)
