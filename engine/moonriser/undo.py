"""Which Moonriser steps a player may take back (see "Taking a move back" in docs/rules/moonriser.md).

Within a turn a player may take back a step that showed nobody anything new: planning (paying
blue reveals nothing until a tile is drawn), a placement from the hand, an upgrade, ``done``
(production follows from the board alone), a trade, a sale, a 1:2 trade, a ``convert`` and a
discard. Final: a draw (a tile was seen), a placement from the supply (a new tile was revealed),
keeping tiles after a draw, the end of a turn (and with it a round's end and the supply's new
tile), and the setup steps and a resignation.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.moonriser.notation import (
    CONVERT,
    DISCARD,
    DONE,
    END,
    KEEP,
    PLACE,
    PLAN,
    SELL,
    SWAP,
    TRADE,
    UPGRADE,
)

OWN_STEPS = frozenset({PLAN, PLACE, UPGRADE, DONE, TRADE, SELL, SWAP, DISCARD, CONVERT})

DREW = "moonriser.undo.drew"
SUPPLY = "moonriser.undo.supply_refilled"
KEPT = "moonriser.undo.kept"
TURN_ENDED = "moonriser.undo.turn_ended"
ROUND_ENDED = "moonriser.undo.round_ended"
REASONS: tuple[str, ...] = (DREW, SUPPLY, KEPT, TURN_ENDED, ROUND_ENDED)


def stop(before: State, seat: int, move: Move, after: State) -> str | None:
    """``None`` when ``seat`` may take ``move`` back, else the reason (a translation key)."""
    if move.kind == "draw":
        return DREW
    if move.kind == KEEP:
        return KEPT if before["phase"] == "keep" else "undo.final"
    if move.kind == END:
        return ROUND_ENDED if after["round"] != before["round"] else TURN_ENDED
    if move.kind not in OWN_STEPS:
        return "undo.final"
    if after["phase"] == "over" or (after["active"] != seat and before["phase"] != "final"):
        return TURN_ENDED
    if move.kind == PLACE and move.args[3] == "supply" and len(after["supply"]) == len(before["supply"]):
        return SUPPLY
    if after["rng"] != before["rng"]:
        return DREW
    return None
