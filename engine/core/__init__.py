"""The contract every game implements, and the pieces all games share."""

from engine.core.errors import IllegalMove
from engine.core.game import DigestEntry, Event, Game, GameInfo, Move, OptionSpec, Outcome, State
from engine.core.places import places_from_scores
from engine.core.record import (
    GameRecord,
    RecordError,
    check_game,
    content_header,
    content_of,
    format_record,
    parse_record,
    replay_record,
    result_text,
)
from engine.core.rng import Rng

__all__ = [
    "DigestEntry",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalMove",
    "Move",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "Rng",
    "State",
    "check_game",
    "content_header",
    "content_of",
    "format_record",
    "parse_record",
    "places_from_scores",
    "replay_record",
    "result_text",
]
