"""Properties of MarsBot over random legal play (hypothesis draws seeds and options): replaying
the log rebuilds the state; random answers end a game in a bounded number of moves; a refused move
changes nothing; every listed legal move applies; the views never hold the order of MarsBot's
action or bonus deck; undo returns the state before the move; every event and refusal is in the
keys list the cog translates."""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove
from engine.core.game import replay
from engine.core.undo import Actor, Plan, Step, plan_undo, replay_marked
from engine.marsbot.content import CUTS
from engine.marsbot.game import GAME
from engine.marsbot.keys import EVENTS, REFUSALS
from engine.marsbot.setup import NEW_GAME_CORPORATIONS
from tests.engine.marsbot_support import random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)
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
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MOVES = 2500
EVENT_PARAMS = dict(EVENTS)
REFUSAL_CODES = {key for key, _ in REFUSALS} | {"core.bad_notation", "core.game_over", "core.not_your_turn"}


@SETTINGS
@given(seed=seeds, opts=options, cut=st.floats(0, 1))
def test_random_play_ends_and_replays(seed: int, opts: dict[str, Any], cut: float) -> None:
    final, log, states, _ = random_game(seed, opts, MAX_MOVES)
    assert final["phase"] == "over" and GAME.to_act(final) == []
    assert list(GAME.legal_moves(final, 0)) == []
    outcome = GAME.outcome(final)
    assert outcome is not None and sorted(outcome.places) == [1, 2]
    assert replay(GAME, 1, opts, seed, [(0, m) for m in log]) == final
    k = int(cut * len(log))
    middle = json.loads(json.dumps(states[k]))
    for notation in log[k:]:
        middle, _ = GAME.apply(middle, 0, notation)
    assert middle == final


def scrambled(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with MarsBot's hidden orders and the generator changed."""
    other = copy.deepcopy(state)
    other["action_deck"] = list(reversed(other["action_deck"]))
    if len(other["action_deck"]) > 1 and other["action_deck"] == state["action_deck"]:
        other["action_deck"] = ["B99"] * len(other["action_deck"])
    other["bonus_deck"] = ["B98"] * len(other["bonus_deck"])
    other["rng"] = state["rng"] ^ 0xFFFF
    return other


@SETTINGS
@given(seed=seeds, opts=options)
def test_views_and_events_never_show_the_hidden_orders(seed: int, opts: dict[str, Any]) -> None:
    _, _, states, batches = random_game(seed, opts, MAX_MOVES)
    for state in states[::4]:
        view = GAME.view(state, None)
        assert GAME.view(scrambled(state), None) == view
        assert GAME.view(state, 0) == view
        assert '"rng"' not in json.dumps(view)
    for batch in batches:
        for event in batch:
            assert event.audience is None
            assert event.code in EVENT_PARAMS, event.code
            assert set(event.params) <= set(EVENT_PARAMS[event.code]), event


def _candidates(state: dict[str, Any], rnd: random.Random) -> list[str]:
    spaces = [f"{r}{c}" for r in "ABCDEFGHI" for c in range(1, 10)]
    made = ["done", "pass", "plants yes", "closest equal", "closest mayor", "total 40", "cost 5"]
    for _ in range(25):
        made.append(f"tile {rnd.choice(['ocean', 'greenery', 'city', 'special'])} {rnd.choice(spaces)}")
        made.append(f"raise {rnd.choice(['temperature', 'oxygen', 'venus'])} {rnd.randint(1, 19)}")
        made.append(f"cut {rnd.choice(CUTS)} {rnd.randint(1, 6)}")
        made.append(f"take {rnd.randint(1, 30)}")
        made.append(f"milestone {rnd.choice(['terraformer', 'mayor', 'gardener', 'builder', 'planner'])}")
        made.append(f"award {rnd.choice(['landlord', 'banker', 'scientist', 'thermalist', 'miner'])}")
        made.append(
            f"card {rnd.choice(['none', 'wild', 'space+event', 'venus'])} {rnd.randint(0, 40)} req vp-"
        )
        made.append(f"values banker={rnd.randint(0, 9)} miner={rnd.randint(0, 9)}")
    return made


@SETTINGS
@given(seed=seeds, opts=options)
def test_a_refused_move_changes_nothing_and_listed_moves_apply(seed: int, opts: dict[str, Any]) -> None:
    """Listed moves apply; a made-up move applies only if it is listed (a ``card`` answer, listed in
    part, and a ``values`` answer, too many to list, are checked against the question instead)."""
    _, _, states, _ = random_game(seed, opts, MAX_MOVES)
    rnd = random.Random(seed)
    for state in states[:-1][:: max(1, len(states) // 12)]:
        frozen = json.dumps(state, sort_keys=True)
        question = state["question"]
        asked = None if question is None else question["kind"]
        listed = list(itertools.islice(GAME.legal_moves(state, 0), 5000))
        for move in rnd.sample(listed, min(25, len(listed))):
            GAME.apply(state, 0, move)
        notations = {m.notation for m in listed}
        for notation in _candidates(state, rnd):
            try:
                GAME.apply(state, 0, notation)
            except IllegalMove as refused:
                assert refused.code in REFUSAL_CODES, refused.code
                continue
            move = GAME.parse_move(notation)
            if asked == "values":
                assert [arg.split("=")[0] for arg in move.args] == question["awards"]
            elif asked != "card":
                assert move.notation in notations, notation
        assert json.dumps(state, sort_keys=True) == frozen
        try:
            GAME.apply(state, 1, "done")
        except IllegalMove as refused:
            assert refused.code in ("core.not_your_turn", "core.game_over")
        else:
            raise AssertionError("MarsBot's seat never moves")


@SETTINGS
@given(seed=seeds, opts=options, at=st.floats(0, 1))
def test_undo_returns_the_state_before_the_move(seed: int, opts: dict[str, Any], at: float) -> None:
    _, log, states, _ = random_game(seed, opts, MAX_MOVES)
    k = max(1, int(at * len(log)))
    steps = [Step(0, notation, Actor.PERSON) for notation in log[:k]]
    replayed = replay_marked(GAME, 1, opts, seed, steps)
    assert replayed.end == states[k]
    plan = plan_undo(replayed, steps, 0)
    before, after = states[k - 1], states[k]
    if after["generation"] == before["generation"] and after["phase"] != "over":
        assert isinstance(plan, Plan) and plan.keep == k - 1 and plan.state == before
    else:
        assert not isinstance(plan, Plan)
        assert plan.reason == ("undo.final" if after["phase"] == "over" else "marsbot.undo_generation")
