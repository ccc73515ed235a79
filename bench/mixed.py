"""A mixed player for the taps benches: the bot's advised move most of the time, else its own.

Measuring only the advice route flatters the pickers (the advised move is the one they offer
first); a person often wants something else. This player takes the advised move with
probability ``advised`` (0.65: 35 % of moves are not the bot's advice) and otherwise a random
legal choice: a uniformly chosen group of moves (by default their kind: ``place``, ``work``,
``done``, …, so a game of many ways to place a worker is not all placements), then a uniform
move of it. Its generator is seeded: the same seed and positions give the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")
ADVISED = 0.65
"""The share of moves that are the bot's advice (issue 34: 35 % are not)."""


def kind_of(move: object) -> Hashable:
    """A move's kind: its ``kind`` attribute, or the first word of its notation."""
    kind = getattr(move, "kind", None)
    if kind is not None:
        return kind
    return str(move).split()[0] if str(move).split() else ""


@dataclass
class Mixed(Generic[T]):
    """Chooses between the advised move and a random legal one, deterministically by ``seed``."""

    seed: int
    advised: float = ADVISED
    group: Callable[[T], Hashable] = kind_of
    rng: random.Random = field(init=False)
    own: int = field(default=0, init=False)
    """How many moves were its own (not the advice, or the advice drawn at random)."""
    taken: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, advice: T, legal: Sequence[T]) -> T:
        """``advice`` with probability ``advised``, else a random group of ``legal``, then a
        random move of it (``advice`` when ``legal`` is empty)."""
        self.taken += 1
        if not legal or self.rng.random() < self.advised:
            return advice
        groups: dict[Hashable, list[T]] = {}
        for move in legal:
            groups.setdefault(self.group(move), []).append(move)
        chosen = self.rng.choice(sorted(groups, key=str))
        move = self.rng.choice(groups[chosen])
        self.own += 1
        return move

    @property
    def own_share(self) -> float:
        """The share of moves chosen at random so far."""
        return self.own / self.taken if self.taken else 0.0
