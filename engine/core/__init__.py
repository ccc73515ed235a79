"""The contract every game implements, and the pieces all games share."""

from engine.core.errors import IllegalMove
from engine.core.game import Event, Game, GameInfo, Move, OptionSpec, Outcome, State
from engine.core.places import places_from_scores
from engine.core.rng import Rng

__all__ = [
    "Event",
    "Game",
    "GameInfo",
    "IllegalMove",
    "Move",
    "OptionSpec",
    "Outcome",
    "Rng",
    "State",
    "places_from_scores",
]
