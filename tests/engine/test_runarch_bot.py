"""RunArch's bot player (``GAME.bot_move``): games with bot seats always end, a bot plays only
legal moves, the same position always gets the same move, it never looks at hidden cards, and
``normal`` plays better than ``easy`` and than a random player."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Move
from engine.runarch import GAME

State = dict[str, Any]
seeds = st.integers(min_value=0, max_value=2**63 - 1)
variants = st.sampled_from(["simple", "complex"])
levels = st.sampled_from(GAME.info.bot_levels)
MAX_PLIES = 2000
"""Far above any game here: 60 rounds (the cap) of a few moves per turn."""


def play(
    seed: int, variant: str, players: tuple[str, str], options: dict[str, Any] | None = None
) -> tuple[State, list[tuple[int, Move]]]:
    """A game where each seat is a bot of a level, or ``random`` (a uniformly random legal move)."""
    state = GAME.new(2, {"variant": variant, **(options or {})}, seed)
    rnd = random.Random(seed)
    log: list[tuple[int, Move]] = []
    while GAME.outcome(state) is None:
        assert len(log) < MAX_PLIES, "the game never ended"
        seat = GAME.to_act(state)[0]
        who = players[seat]
        if who == "random":
            move = rnd.choice(list(GAME.legal_moves(state, seat)))
        else:
            move = GAME.bot_move(state, seat, who)
            assert move in GAME.legal_moves(state, seat), f"{who} bot chose an unlisted move {move}"
        state, _ = GAME.apply(state, seat, move)
        log.append((seat, move))
    return state, log


def test_the_bot_has_two_levels_weakest_first() -> None:
    assert GAME.info.bot_levels == ("easy", "normal")
    state = GAME.new(2, {}, 1)
    with pytest.raises(ValueError):
        GAME.bot_move(state, 0, "hard")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, variant=variants, first=levels, second=levels)
def test_bot_against_bot_always_ends(seed: int, variant: str, first: str, second: str) -> None:
    state, _ = play(seed, variant, (first, second))
    assert state["over"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, variant=variants, level=levels, bot_seat=st.integers(0, 1))
def test_bot_against_a_random_player_always_ends(seed: int, variant: str, level: str, bot_seat: int) -> None:
    players = (level, "random") if bot_seat == 0 else ("random", level)
    state, _ = play(seed, variant, players, {"max_rounds": 25})
    assert state["over"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, variant=variants, level=levels, plies=st.integers(0, 60))
def test_the_same_position_gets_the_same_move_and_hidden_cards_change_nothing(
    seed: int, variant: str, level: str, plies: int
) -> None:
    state = GAME.new(2, {"variant": variant}, seed)
    rnd = random.Random(seed)
    for _ in range(plies):  # somewhere into a game of random play
        if state["over"]:
            return
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rnd.choice(list(GAME.legal_moves(state, seat))))
    if state["over"]:
        return
    seat = GAME.to_act(state)[0]
    before = copy.deepcopy(state)
    move = GAME.bot_move(state, seat, level)
    assert state == before, "the bot changed the state it looked at"
    assert GAME.bot_move(copy.deepcopy(state), seat, level) == move
    # What the other seat holds and the order of the deck are hidden from the bot.
    other = 1 - seat
    secret = copy.deepcopy(state)
    hidden = [*secret["deck"], *secret["hands"][other]]
    rnd.shuffle(hidden)
    secret["hands"][other] = hidden[: len(secret["hands"][other])]
    secret["deck"] = hidden[len(secret["hands"][other]) :]
    if variant == "complex" and secret["phase"] == "setup":
        return  # the other setup hand is dealt from the same cards; nothing else hidden differs
    assert sorted(secret["deck"] + secret["hands"][other]) == sorted(state["deck"] + state["hands"][other])
    assert GAME.bot_move(secret, seat, level) == move


@pytest.mark.parametrize("variant", ["simple", "complex"])
def test_normal_beats_easy_and_a_random_player(variant: str) -> None:
    """Over 12 seeds, each side in each seat: normal must win most games against the others."""
    for weaker in ("easy", "random"):
        wins = 0
        for seed in range(6):
            for normal_seat in (0, 1):
                players = ("normal", weaker) if normal_seat == 0 else (weaker, "normal")
                state, _ = play(seed, variant, players, {"max_rounds": 30})
                outcome = GAME.outcome(state)
                assert outcome is not None
                wins += outcome.places[normal_seat] == 1
        assert wins >= 10, f"normal won only {wins} of 12 against {weaker} ({variant})"


def test_a_normal_bot_scores_its_way_to_the_end_of_a_simple_game() -> None:
    """Two normal bots reach the target (the game ends by play, not by the round cap)."""
    for seed in range(5):
        state, log = play(seed, "simple", ("normal", "normal"))
        assert max(state["scores"]) > state["options"]["target"], (seed, state["scores"])
        assert any(move.kind == "score" for _, move in log)
