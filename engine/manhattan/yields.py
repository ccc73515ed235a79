"""Gaining and paying: money and ore are unlimited, the tracks stop at their limits (8 enriched
uranium, 8 plutonium, 10 fighters, 10 bombers), workers are limited by the pieces in the game.
An action may be taken when only part of its yield is left (the text: take what is there)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.manhattan.content import LIMITS, WORKER_KINDS
from engine.manhattan.workers import recruit


def gain(new: State, row: dict[str, Any], given: Mapping[str, int], contract: int = 0) -> dict[str, int]:
    """Add ``given`` to the (copied) row, capped; returns what was actually gained (non-zero).
    ``contract``: how many of the gained workers the player takes as contractors (checked)."""
    got: dict[str, int] = {}
    for key, amount in given.items():
        if key in WORKER_KINDS:
            came = recruit(new, row, key, amount, contract)
        elif key in LIMITS:
            came = max(0, min(amount, LIMITS[key] - row[key]))
            row[key] += came
        else:
            came = amount
            row[key] += came
        if came:
            got[key] = came
    return got


def affordable(row: Mapping[str, Any], cost: Mapping[str, int]) -> bool:
    return all(row[key] >= amount for key, amount in cost.items())


def pay(row: dict[str, Any], cost: Mapping[str, int]) -> None:
    for key, amount in cost.items():
        row[key] -= amount


def label(option: Mapping[str, int], index: int) -> str:
    """How a move names one of two yields: its one worker kind (``E``), else its number (``1``)."""
    key = next(iter(option))
    return key if len(option) == 1 and key in WORKER_KINDS else str(index + 1)
