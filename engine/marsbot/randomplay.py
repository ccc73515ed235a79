"""A random legal player, for property tests and the benchmark.

It picks a kind of move uniformly among those legal now, then one move of that kind uniformly,
and for the large answers (``values``, ``total``, ``cost``, ``card``) draws the numbers directly
instead of listing them. A turn's reports are few: ``done`` and ``pass`` are as likely as any
kind of report, so a generation ends after a handful of moves and a game within 20 generations.
The reports only a few cards call for (a gift to MarsBot: ``gain``, ``advance``; a city off Mars)
are left out unless asked for (``rare``), so that a seed plays the game it always played.
"""

from __future__ import annotations

from typing import Any

from engine.core import Move, Rng, State
from engine.marsbot.content import DIFFICULTIES, OFF_MARS
from engine.marsbot.game import GAME
from engine.marsbot.maps import MAPS
from engine.marsbot.moves import allowed_tags, answer_moves, final_moves, report_moves
from engine.marsbot.notation import (
    ADVANCE,
    CARD,
    COLOURS,
    COST,
    GAIN,
    MAX_TAGS,
    TILE,
    TOTAL,
    UNASKED,
    VALUES,
    VP_OF_SIGN,
    VP_SIGNS,
    card_move,
)
from engine.marsbot.reports import card_facts
from engine.marsbot.setup import NEW_GAME_CORPORATIONS

LARGEST_VALUE = 40
"""Random award values stay near real ones (0–40), so either side may lead."""
GIFTS = frozenset({GAIN, ADVANCE})


def random_options(rng: Rng, map_name: str | None = None) -> dict[str, Any]:
    """A game's options drawn at random, every option mixed (``map_name``: that map, else any)."""
    return {
        "map": map_name or rng.choice(MAPS),
        "difficulty": rng.choice(DIFFICULTIES),
        "corporation": rng.choice(NEW_GAME_CORPORATIONS),
        "prelude": rng.below(2) == 1,
        "venus": rng.below(2) == 1,
        "draft": rng.below(2) == 1,
    }


def play_random_game(seed: int, options: dict[str, Any], cap: int = 10_000) -> tuple[State, int]:
    """A complete game of the random legal player (the final state and its number of moves);
    stops after ``cap`` moves (a game that long is a bug the caller reports)."""
    rng = Rng(seed ^ 0x5EED)
    state = GAME.new(1, options, seed)
    moves = 0
    while GAME.outcome(state) is None and moves < cap:
        state, _ = GAME.apply(state, 0, random_move(state, rng, rare=moves % 3 == 0))
        moves += 1
    return state, moves


def _rare(move: Move) -> bool:
    return move.kind in GIFTS or (move.kind == TILE and move.args[1] in OFF_MARS)


def random_move(state: State, rng: Rng, rare: bool = False) -> Move:
    """A random legal move of the person (the game must not be over); ``rare``: the reports
    only a few cards call for are among those drawn."""
    question = state["question"]
    if question is not None:
        return _answer(state, question, rng)
    listed = list(final_moves(state) if state["phase"] == "final" else report_moves(state))
    if not rare:
        listed = [m for m in listed if not _rare(m)]
    kinds = sorted({m.kind for m in listed})
    kind = rng.choice(kinds)
    return rng.choice([m for m in listed if m.kind == kind])


def _answer(state: State, question: dict[str, object], rng: Rng) -> Move:
    kind = question["kind"]
    if kind == CARD:
        tags = allowed_tags(state)
        count = rng.choice([0, 1, 1, 1, 2, 2, 3, MAX_TAGS])
        chosen = [rng.choice(tags) for _ in range(count)]
        sign = rng.choice(VP_SIGNS)
        cost, req = rng.below(40), rng.below(2) == 1
        colour = None
        if "colour" in card_facts(state):  # drawn only then: other games keep their random course
            colour = UNASKED if "event" in chosen else rng.choice(COLOURS)
        return card_move(chosen, cost, req, VP_OF_SIGN[sign], colour)
    if kind == COST:
        return Move(COST, (str(rng.below(40)),))
    if kind == TOTAL:
        return Move(TOTAL, (str(rng.below(120)),))
    if kind == VALUES:
        awards = list(question["awards"])  # type: ignore[call-overload]
        return Move(VALUES, tuple(f"{a}={rng.below(LARGEST_VALUE + 1)}" for a in awards))
    return rng.choice(list(answer_moves(state)))
