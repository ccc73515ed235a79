"""Which steps a player may take back (see "Taking a move back" in docs/rules/manhattan.md).

Within its own turn a seat may take back what showed nobody anything new: a placement (unless a
building card was revealed to refill the market, or a draft began: cards change hands in
secret), a worker on a building, a strike, its own repair, a bomb test or loading. Final: building
a bomb (a secret card was shown), a pick (the rest went on to the next seat), the end of the
turn (``done``, ``retrieve``: the next seat is told it is their turn), a repair decided out of
turn, the start bonus once play began, a resignation and the end of the game.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.manhattan.notation import ATTACK, BOMB, BONUS, LOAD, PICK, PLACE, RAID, REPAIR, TEST, WORK

FINAL = "undo.final"
TURN_ENDED = "manhattan.undo.turn_ended"
REVEALED = "manhattan.undo.revealed"
DRAFT = "manhattan.undo.draft"
REACTION = "manhattan.undo.reaction"
REASONS: tuple[str, ...] = (TURN_ENDED, REVEALED, DRAFT, REACTION)

OWN_STEPS = frozenset({PLACE, WORK, ATTACK, RAID, REPAIR, TEST, LOAD})


def stop(before: State, seat: int, move: Move, after: State) -> str | None:
    """``None`` when ``seat`` may take ``move`` back, else the reason (a translation key)."""
    if after["phase"] == "over":
        return FINAL
    if move.kind == BONUS:
        return None if after["phase"] == "bonus" else TURN_ENDED
    if move.kind == PICK:
        return DRAFT
    if move.kind == BOMB:
        return REVEALED
    if move.kind not in OWN_STEPS:
        return TURN_ENDED if move.kind in ("done", "retrieve") else FINAL
    if before["active"] != seat:
        return REACTION
    if move.kind == PLACE and after["deck"] != before["deck"]:
        return REVEALED
    if len(after["bomb_deck"]) < len(before["bomb_deck"]):
        return REVEALED  # new bombs laid out
    return None
