"""Properties of Moonriser over random legal play, for 2, 3 and 4 players (hypothesis draws the
seeds): replay of the log is the state, a game always ends with an outcome, a refused move
changes nothing, every listed move is accepted, and no hidden tile (hands, drawn tiles, piles,
discards) reaches a public view or a public event.

Games run on a made-up catalogue of every kind of bonus (the shipped tile file is still a seed)
and, a few, on the shipped file itself.
"""

from __future__ import annotations

import copy
import json
import random
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove, Rng
from engine.core.game import replay
from engine.moonriser.game import GAME
from engine.moonriser.randomplay import random_move
from tests.engine.moonriser_support import catalogue, random_game, tiles_folder

seeds = st.integers(min_value=0, max_value=2**64 - 1)
players = st.sampled_from([2, 3, 4])
options = st.fixed_dictionaries(
    {}, optional={"board": st.sampled_from(["random", "compact", "wide"]), "max_rounds": st.integers(10, 14)}
)
PUBLIC_CODES = {
    "moonriser.base_placed",
    "moonriser.kept",
    "moonriser.planned",
    "moonriser.drew_public",
    "moonriser.reshuffled",
    "moonriser.placed",
    "moonriser.symbol",
    "moonriser.upgraded",
    "moonriser.produced",
    "moonriser.traded",
    "moonriser.converted",
    "moonriser.sold",
    "moonriser.swapped",
    "moonriser.discarded",
    "moonriser.turn_ended",
    "moonriser.round_ended",
    "moonriser.supply_refilled",
    "moonriser.game_ending",
    "moonriser.game_over",
    "moonriser.resigned",
}
PRIVATE_CODES = {"moonriser.drew", "moonriser.kept_private"}
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scrambled(state: dict, keep_seat: int | None = None) -> dict:
    """``state`` with every secret changed: hands and drawn tiles (but ``keep_seat``'s), the
    piles' and discards' contents and order, and the random generator."""
    other = copy.deepcopy(state)
    for seat, row in enumerate(other["seats"]):
        if seat != keep_seat:
            row["hand"] = ["X99"] * len(row["hand"])
            row["drawn"] = ["X98"] * len(row["drawn"])
    other["piles"] = {k: ["X97"] * len(v) for k, v in other["piles"].items()}
    other["discards"] = {k: ["X96"] * len(v) for k, v in other["discards"].items()}
    other["rng"] = state["rng"] ^ 0xFFFF
    return other


@SETTINGS
@given(seed=seeds, count=players, opts=options, cut=st.floats(0, 1))
def test_random_play_ends_replays_and_round_trips(seed: int, count: int, opts: dict, cut: float) -> None:
    with tiles_folder(catalogue()):
        final, log, states, events = random_game(count, seed, opts)
        assert final["phase"] == "over" and GAME.to_act(final) == []
        outcome = GAME.outcome(final)
        assert outcome is not None and len(outcome.places) == count and min(outcome.places) == 1
        assert list(outcome.scores) == [row["total"] for row in GAME.view(final, None)["scores"]]
        assert final["round"] <= opts.get("max_rounds", 30)
        assert all(list(GAME.legal_moves(final, s)) == [] for s in range(count))
        assert replay(GAME, count, opts, seed, log) == final
        k = int(cut * len(log))
        middle = json.loads(json.dumps(states[k]))
        assert middle == states[k]
        for seat, notation in log[k:]:
            middle, _ = GAME.apply(middle, seat, notation)
        assert middle == final
        assert json.loads(json.dumps(final)) == final
        codes = {e.code for batch in events for e in batch}
        assert codes <= PUBLIC_CODES | PRIVATE_CODES


@SETTINGS
@given(seed=seeds, count=players)
def test_no_hidden_tile_in_a_public_view_or_event(seed: int, count: int) -> None:
    with tiles_folder(catalogue()):
        _, log, states, events = random_game(count, seed, {"max_rounds": 10})
        for i in range(0, len(states), 7):
            state = states[i]
            assert GAME.view(scrambled(state), None) == GAME.view(state, None)
            for seat in range(count):
                mine = GAME.view(state, seat)
                assert mine["hand"] == state["seats"][seat]["hand"]
                assert GAME.view(scrambled(state, keep_seat=seat), seat) == mine
            text = json.dumps(GAME.view(state, None))
            assert '"rng"' not in text
        for (seat, _), batch in zip(log, events, strict=True):
            for event in batch:
                if event.code in PRIVATE_CODES:
                    assert event.audience == seat
                else:
                    assert event.audience is None
                    assert "tiles" not in event.params and "hand" not in event.params


GARBAGE = [
    "",
    "place",
    "place B01 Z9 0 hand",
    "place B01 A1 7 hand",
    "place X01 C4 0 hand",
    "plan -1",
    "plan 999",
    "draw nothing",
    "draw basic 0",
    "keep",
    "keep Q11",
    "trade blue blue",
    "trade yellow blue",
    "swap yellow red",
    "sell B01 yellow",
    "upgrade Z99",
    "base Z1",
    "discard",
    "end now",
    "done 2",
]


@SETTINGS
@given(seed=seeds, count=players)
def test_refused_moves_change_nothing_and_listed_moves_are_accepted(seed: int, count: int) -> None:
    rnd = random.Random(seed)
    with tiles_folder(catalogue()):
        _, _, states, _ = random_game(count, seed, {"max_rounds": 10})
        for state in states[:: max(1, len(states) // 25)]:
            before = copy.deepcopy(state)
            waiting = GAME.to_act(state)
            tries = [(rnd.randrange(count), text) for text in rnd.sample(GARBAGE, 6)]
            for seat in range(count):
                if seat not in waiting:
                    tries += [(seat, "done"), (seat, "end"), (seat, "plan 0")]
            for seat in waiting:
                legal = {m.notation for m in islice(GAME.legal_moves(state, seat), 400)}
                for text in ("done", "end", "plan 0", "plan 1", "draw basic", "upgrade D5", "base C4"):
                    if text not in legal:
                        tries.append((seat, text))
            for seat, text in tries:
                with pytest.raises(IllegalMove):
                    GAME.apply(state, seat, text)
                assert state == before
            for seat in waiting:
                for move in islice(GAME.legal_moves(state, seat), 60):
                    assert str(GAME.parse_move(move.notation)) == move.notation
                    assert GAME.parse_move(move.notation.upper()) == move
                    GAME.apply(state, seat, move)
                assert state == before


@settings(max_examples=6, deadline=None)
@given(seed=seeds, count=players)
def test_random_play_on_the_shipped_tile_file_ends(seed: int, count: int) -> None:
    """Whatever the shipped catalogue holds (the seed here), a game ends with an outcome."""
    final, log, _, _ = random_game(count, seed, {"max_rounds": 10})
    assert GAME.outcome(final) is not None
    assert replay(GAME, count, {"max_rounds": 10}, seed, log) == final


@settings(max_examples=6, deadline=None)
@given(seed=seeds, count=players)
def test_bot_players_play_legal_games_to_the_end_deterministically(seed: int, count: int) -> None:
    with tiles_folder(catalogue()):
        final, _, states, _ = random_game(count, seed, {"max_rounds": 12}, bots=range(count))
        assert GAME.outcome(final) is not None
        for state in states[:: max(1, len(states) // 10)]:
            for seat in GAME.to_act(state):
                for level in GAME.info.bot_levels:
                    assert GAME.bot_move(state, seat, level) == GAME.bot_move(
                        copy.deepcopy(state), seat, level
                    )
                    GAME.apply(state, seat, GAME.bot_move(state, seat, level))


@settings(max_examples=6, deadline=None)
@given(seed=seeds, count=players)
def test_the_random_player_for_benchmarks_plays_legal_games_to_the_end(seed: int, count: int) -> None:
    with tiles_folder(catalogue()):
        rng = Rng(seed)
        state = GAME.new(count, {"max_rounds": 10}, seed)
        kinds = set()
        while state["phase"] != "over":
            seat = rng.choice(GAME.to_act(state))
            move = random_move(state, seat, rng)
            kinds.add(move.kind)
            state, _ = GAME.apply(state, seat, move)
        assert GAME.outcome(state) is not None
        assert {"base", "keep", "done", "end"} <= kinds
