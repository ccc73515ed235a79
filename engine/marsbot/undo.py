"""Which of the person's moves may be taken back.

Every report and answer may, with MarsBot's resolution that followed from it (a wrong card or
cost is corrected and MarsBot's turn replays), except a move after which a new generation began
(production and research happened at the table) and the moves that ended the game (the final
total, a resignation, the generation limit).
"""

from __future__ import annotations

from engine.core import Move, State

FINAL = "undo.final"
GENERATION = "marsbot.undo_generation"
REASONS: tuple[str, ...] = (GENERATION,)


def stop(before: State, move: Move, after: State) -> str | None:
    """``None`` when the move may be taken back, else the reason (a translation key)."""
    if after["phase"] == "over" or move.kind == "resign":
        return FINAL
    if after["generation"] != before["generation"]:
        return GENERATION
    return None
