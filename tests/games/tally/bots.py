"""Tally's bot players and its move for an absent player: deterministic choices from the state."""

from __future__ import annotations

from engine.core import Move, State
from tests.games.tally.rules import ALLOW, BID, CHALLENGE, DONE, DRAW, MAX_STEPS, STEP, mover

BIDS = {"easy": 1, "hard": 2}
"""What each level bids; the bot then takes exactly that many steps, so it keeps its bid."""


def bot_move(state: State, seat: int, level: str, legal: list[Move]) -> Move:
    """``easy`` bids 1, steps once and never challenges; ``hard`` draws a card, bids 2 and takes
    both steps, and challenges exactly when the challenge must succeed (the mover bid less)."""
    if level not in BIDS:
        raise ValueError(f"tally has no bot level {level!r}")
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make now")
    phase = state["phase"]
    if phase == BID:
        return Move(BID, (str(BIDS[level]),))
    if phase == "react":
        moved = mover(state)
        assert moved is not None
        doubtful = state["bids"][moved] < MAX_STEPS
        return Move(CHALLENGE) if level == "hard" and doubtful else Move(ALLOW)
    if level == "hard" and Move(DRAW) in legal:
        return Move(DRAW)
    if state["pending"] < min(state["bids"][seat], MAX_STEPS):
        return Move(STEP)
    return Move(DONE)


def timeout_move(state: State) -> Move:
    """The smallest move for a player out of time: bid 0, end the turn, let the steps stand."""
    return {BID: Move(BID, ("0",)), "react": Move(ALLOW)}.get(state["phase"], Move(DONE))
