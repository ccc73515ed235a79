"""Tally's engine against the contract: random games end, replay, serialise, refuse cleanly and
keep secrets; and the rules the bot's scenarios lean on (bids, reaction, draw, undo, leaving)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import IllegalMove, Move
from engine.core.game import replay
from tests.games.tally.engine import GAME
from tests.games.tally.rules import MAX_BID

ALL_MOVES = ("bid 0", "bid 1", "bid 2", "bid 3", "step", "draw", "done", "challenge", "allow")
Log = list[tuple[int, str]]


def random_game(seats: int, seed: int, resign_chance: float = 0.01) -> Iterator[tuple[dict, Log]]:
    """Every state of one random game (random legal moves, now and then a seat leaving)."""
    rnd = random.Random(seed)
    state = GAME.new(seats, {}, seed)
    log: Log = []
    yield state, log
    for _ in range(500):
        if GAME.outcome(state) is not None:
            return
        if rnd.random() < resign_chance:
            seat = rnd.choice([s for s in range(seats) if s not in state["out"]])
            notation = "resign"
        else:
            seat = rnd.choice(GAME.to_act(state))
            notation = rnd.choice(GAME.legal_moves(state, seat)).notation
        state, _ = GAME.apply(state, seat, notation)
        log = [*log, (seat, notation)]
        yield state, log
    raise AssertionError(f"a game for {seats} did not end in 500 moves (seed {seed})")


def play(state: dict, *moves: tuple[int, str]) -> dict:
    for seat, notation in moves:
        state, _ = GAME.apply(state, seat, notation)
    return state


def bid_all(state: dict, *bids: int) -> dict:
    return play(state, *((seat, f"bid {value}") for seat, value in enumerate(bids)))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_end_replay_and_serialise(seats: int) -> None:
    for seed in range(30):
        steps = list(random_game(seats, seed, resign_chance=0.02))
        for state, _ in steps:
            assert json.loads(json.dumps(state)) == state
            for seat in GAME.to_act(state):
                for move in GAME.legal_moves(state, seat):
                    assert GAME.parse_move(str(move)) == move
        state, log = steps[-1]
        assert GAME.outcome(state) is not None
        assert replay(GAME, seats, {}, seed, log) == state
        assert sorted(GAME.outcome(state).places)[0] == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_every_refused_move_raises_and_leaves_the_state_alone(seats: int) -> None:
    for state, _ in random_game(seats, seed=seats):
        kept = copy.deepcopy(state)
        for seat in range(seats):
            legal = {m.notation for m in GAME.legal_moves(state, seat)}
            for notation in ALL_MOVES:
                if notation in legal:
                    continue
                with pytest.raises(IllegalMove):
                    GAME.apply(state, seat, notation)
                assert state == kept


@pytest.mark.parametrize("seats", [2, 4, 5])
def test_the_public_view_never_holds_a_hand_or_an_unrevealed_bid(seats: int) -> None:
    for state, _ in random_game(seats, seed=10 + seats):
        public = GAME.view(state, None)
        assert "hand" not in public and "my_bid" not in public
        assert "hands" not in json.dumps(public) and "deck" not in public
        if state["phase"] == "bid":
            assert public["bids"] == [None] * seats
        for seat in range(seats):
            own = GAME.view(state, seat)
            assert own["hand"] == state["hands"][seat] and own["my_bid"] == state["bids"][seat]


def test_bids_are_simultaneous_and_secret_until_all_are_in() -> None:
    state = GAME.new(3, {}, 1)
    assert GAME.to_act(state) == [0, 1, 2]
    state, events = GAME.apply(state, 2, "bid 2")
    assert GAME.to_act(state) == [0, 1]
    assert [e.code for e in events] == ["tally.bid_made"] and "bid" not in events[0].params
    assert GAME.view(state, None)["bids"] == [None, None, None]
    assert GAME.view(state, None)["has_bid"] == [False, False, True]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 2, "bid 1")
    assert refused.value.code == "tally.already_bid"
    in_order = bid_all(GAME.new(3, {}, 1), 0, 1, 2)
    other_order = play(state, (1, "bid 1"), (0, "bid 0"))
    assert in_order == other_order
    assert GAME.view(in_order, None)["bids"] == [0, 1, 2]
    assert GAME.to_act(in_order) == [0]


def test_two_steps_give_the_next_seat_a_reaction_out_of_turn() -> None:
    state = play(bid_all(GAME.new(4, {}, 3), 1, 0, 0, 2), (0, "step"), (0, "step"))
    assert Move("step") not in GAME.legal_moves(state, 0)
    state, events = GAME.apply(state, 0, "done")
    assert events[-1].code == "tally.reaction" and events[-1].params == {"seat": 0, "next": 1}
    assert GAME.to_act(state) == [1]
    assert GAME.legal_moves(state, 1) == [Move("challenge"), Move("allow")]
    for seat, notation in ((2, "challenge"), (0, "step"), (1, "done")):
        with pytest.raises(IllegalMove):
            GAME.apply(state, seat, notation)
    upheld, _ = GAME.apply(state, 1, "challenge")  # seat 0 bid 1: the challenge is right
    assert upheld["points"][:2] == [0, 0] and GAME.to_act(upheld) == [1]
    allowed, _ = GAME.apply(state, 1, "allow")
    assert allowed["points"][:2] == [2, 0]


def test_a_wrong_challenge_costs_the_challenger_a_point() -> None:
    state = play(bid_all(GAME.new(2, {}, 3), 2, 0), (0, "step"), (0, "step"), (0, "done"))
    state, events = GAME.apply(state, 1, "challenge")
    assert events[0].code == "tally.challenge_failed"
    assert state["points"] == [2, -1]


def test_a_draw_is_a_private_event_and_ends_undo_while_a_step_may_be_undone() -> None:
    before = bid_all(GAME.new(3, {}, 5), 1, 1, 1)
    stepped, _ = GAME.apply(before, 0, "step")
    assert GAME.can_undo(before, 0, Move("step"), stepped)
    drawn, events = GAME.apply(stepped, 0, "draw")
    assert not GAME.can_undo(stepped, 0, Move("draw"), drawn)
    assert GAME.undo_stop(stepped, 0, Move("draw"), drawn) == "tally.undo_drew"
    public, private = events
    assert public.audience is None and "card" not in public.params
    assert private.audience == 0 and private.params["card"] == drawn["hands"][0][0]
    assert GAME.view(drawn, None)["hand_sizes"] == [1, 0, 0]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(drawn, 0, "draw")
    assert refused.value.code == "tally.already_drew"


def test_the_draws_follow_the_seed() -> None:
    def cards(seed: int) -> list[int]:
        state = bid_all(GAME.new(2, {}, seed), 0, 0)
        state = play(state, (0, "draw"), (0, "done"), (1, "draw"))
        return [*state["hands"][0], *state["hands"][1]]

    assert cards(7) == cards(7)
    assert len({tuple(cards(seed)) for seed in range(20)}) > 1


def test_a_seat_leaves_and_the_game_goes_on_until_one_is_left() -> None:
    state = play(bid_all(GAME.new(4, {}, 2), 1, 0, 0, 0), (0, "step"), (0, "step"), (0, "done"))
    assert GAME.to_act(state) == [1]
    state, events, move = GAME.forfeit(state, 1)  # the reacting seat leaves: seat 2 reacts instead
    assert move == Move("resign")
    assert [e.code for e in events] == ["core.resigned", "tally.reaction"]
    assert GAME.to_act(state) == [2] and GAME.outcome(state) is None
    state = play(state, (2, "allow"), (3, "resign"))
    assert GAME.to_act(state) == [2] and GAME.outcome(state) is None
    state, _ = GAME.apply(state, 0, "resign")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.places == (2, 4, 1, 3)  # left in the order 1, 3, 0: the last to leave ranks best
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 2, "done")
    assert refused.value.code == "core.game_over"


def test_a_seat_that_left_cannot_act_and_is_not_awaited() -> None:
    state, _ = GAME.apply(GAME.new(3, {}, 1), 1, "resign")
    assert GAME.to_act(state) == [0, 2]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 1, "resign")
    assert refused.value.code == "core.not_your_turn"
    state = play(state, (0, "bid 0"), (2, "bid 0"))
    assert state["queue"] == [0, 2]


def test_ties_share_a_place_and_say_so() -> None:
    state = GAME.new(3, {"rounds": 1}, 4)
    state = bid_all(state, 0, 0, 0)
    state = play(state, (0, "done"), (1, "done"), (2, "done"))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (1, 1, 1) and outcome.places == (1, 1, 1)
    ties = [(e.code, dict(e.params)) for e in outcome.ties]
    assert ties == [("tally.tie_shared", {"score": 1, "count": 3})]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bots_of_each_level_finish_a_game_the_same_way_twice(seats: int) -> None:
    def bot_game() -> dict[str, Any]:
        state = GAME.new(seats, {}, 9)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            level = GAME.info.bot_levels[seat % 2]
            move = GAME.bot_move(state, seat, level)
            assert move in GAME.legal_moves(state, seat)
            state, _ = GAME.apply(state, seat, move)
        return state

    assert bot_game() == bot_game()


def test_the_hard_bot_challenges_only_a_low_bid() -> None:
    low = play(bid_all(GAME.new(2, {}, 1), 1, 0), (0, "step"), (0, "step"), (0, "done"))
    high = play(bid_all(GAME.new(2, {}, 1), 2, 0), (0, "step"), (0, "step"), (0, "done"))
    assert GAME.bot_move(low, 1, "hard") == Move("challenge")
    assert GAME.bot_move(high, 1, "hard") == Move("allow")
    assert GAME.bot_move(low, 1, "easy") == Move("allow")


def test_the_timeout_move_is_legal_whenever_a_seat_is_awaited() -> None:
    for state, _ in random_game(4, seed=3):
        for seat in range(4):
            move = GAME.timeout_move(state, seat)
            if seat in GAME.to_act(state):
                assert move in GAME.legal_moves(state, seat)
            else:
                assert move is None


def test_the_validation_order_is_notation_then_over_then_seat_then_legality() -> None:
    state = GAME.new(2, {}, 1)
    for text in ("", "bid", "bid x", "bid -1", "jump", "step now"):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, 0, text)
        assert refused.value.code == "core.bad_notation"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, f"bid {MAX_BID + 1}")
    assert refused.value.code == "tally.bad_bid"
    assert GAME.parse_move(" BID 02 ") == Move("bid", ("2",))
    with pytest.raises(ValueError):
        GAME.new(6, {}, 1)
