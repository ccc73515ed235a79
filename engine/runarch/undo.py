"""Which RunArch steps a player may take back (see "Taking a move back" in docs/rules/runarch.md).

Within a turn a player may take back a step that showed nobody anything new: a swap or a jump
(the board is public), a bet placed on a public target, a scoring that drew no card and turned
no bonus token. Everything that brings hidden information to light or hands the game on is
final: a card drawn from the deck or taken from the offer (the offer refills from the deck), a
bonus token turned to show the next minimum, the end of a turn, the setup choice, the automa's
turn (it reveals the deck's top card) and a resignation.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.runarch.notation import BET, JUMP, SCORE, SWAP

OWN_STEPS = frozenset({SWAP, JUMP, BET, SCORE})
"""Kinds a player may take back while they revealed nothing; every other kind is final."""

REASONS = {
    "end": "runarch.undo.turn_ended",
    "setup": "runarch.undo.setup",
    "draw": "runarch.undo.drew",
    "take": "runarch.undo.drew",
}
"""Why a final kind is final, for the player who asks to take it back."""


def stop(before: State, seat: int, move: Move, after: State) -> str | None:
    """``None`` when ``seat`` may take ``move`` back, else the reason (a translation key)."""
    if move.kind not in OWN_STEPS:
        return REASONS.get(move.kind, "undo.final")
    if after["over"] or after["turn"] != seat or after.get("phase", "play") != "play":
        return "runarch.undo.turn_ended"
    if move.kind == SCORE:
        if len(after["deck"]) != len(before["deck"]) or after.get("offer") != before.get("offer"):
            return "runarch.undo.drew"
        if after.get("handed") != before.get("handed"):
            return "runarch.undo.token"
    return None
