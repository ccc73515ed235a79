"""How the places of a finished game become ratings: OpenSkill's Plackett–Luce model.

Pure functions, used by the store inside the transaction that records a game's results
(so a game is rated exactly once) and by the rebuild, which replays every result in order.
The maths is the library's; this module only decides what goes in (each person is a team
of one, ranked by their place, ties sharing a place) and the number people see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The library's default model: mu 25, sigma 25/3, beta 25/6, tau 25/300."""

START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma

DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0
"""The shown rating is ``1000 + 40 × (mu − 3·sigma)``: everyone starts at 1000 and rises as the
model becomes sure of their strength; an average regular player settles near 1800."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one pool before or after a game."""

    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> float:
        """The number on boards and charts (conservative: it grows with certainty)."""
        return display(self.mu, self.sigma)


def display(mu: float, sigma: float) -> float:
    return DISPLAY_BASE + DISPLAY_SCALE * (mu - 3.0 * sigma)


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """The new skills after one game; ``places[i]`` is player i's place (1 = first, ties equal).

    A resignation, a timeout or a removal has already put that player last in ``places``.
    """
    if len(skills) != len(places):
        raise ValueError("one place per player")
    if len(skills) < 2:
        raise ValueError("a rated game needs at least two people")
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
