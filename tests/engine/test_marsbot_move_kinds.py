"""``move_kinds`` answers which kinds of move are legal without listing the moves: over random
states of random games (every map, option and corporation mixed), it equals the kinds of
``legal_moves``, so the board shows exactly the buttons it showed when it listed every move."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import State
from engine.marsbot.content import OFF_MARS, mars_of
from engine.marsbot.game import GAME
from engine.marsbot.setup import NEW_GAME_CORPORATIONS
from tests.engine.marsbot_support import random_game

options = st.fixed_dictionaries(
    {
        "difficulty": st.sampled_from(["easy", "medium", "hard", "brutal"]),
        "map": st.sampled_from(["tharsis", "hellas", "elysium"]),
        "corporation": st.sampled_from(NEW_GAME_CORPORATIONS),
        "prelude": st.booleans(),
        "venus": st.booleans(),
        "draft": st.booleans(),
    }
)


def listed_kinds(state: State, seat: int) -> set[str]:
    """The kinds of every listed move; a ``values`` answer (up to 10^12 moves, all of kind
    ``values``) by its first move."""
    moves = GAME.legal_moves(state, seat)
    if (state.get("question") or {}).get("kind") == "values":
        moves = itertools.islice(moves, 1)
    return {m.kind for m in moves}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), opts=options, rare=st.booleans())
def test_move_kinds_are_the_kinds_of_the_legal_moves(seed: int, opts: dict[str, Any], rare: bool) -> None:
    _final, _log, states, _ = random_game(seed, opts, rare=rare)
    seen: set[frozenset[str]] = set()
    for state in states:
        kinds = GAME.move_kinds(state, 0)
        assert kinds == listed_kinds(state, 0), (state["phase"], state["question"])
        assert GAME.move_kinds(state, 1) == frozenset() == listed_kinds(state, 1)
        seen.add(kinds)
    assert frozenset() in seen  # the game's end is among the states


def test_a_turn_with_every_tile_space_taken_offers_no_tile() -> None:
    """The tile kind is decided by the first free space: with none left for any tile, no tile."""
    _final, _log, states, _ = random_game(7, {"map": "tharsis"})
    state = next(s for s in states if s["phase"] == "person" and s["question"] is None)
    spaces = (*mars_of(state).order, *OFF_MARS)
    full = dict(state, map={sid: {"tile": "city", "owner": "person"} for sid in spaces})
    assert "tile" in GAME.move_kinds(state, 0)
    assert "tile" not in GAME.move_kinds(full, 0)
    assert listed_kinds(full, 0) == set(GAME.move_kinds(full, 0))
