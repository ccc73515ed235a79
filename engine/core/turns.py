"""What a turn is, for posts and replays: the one rule the bot and the replay GIF share.

A turn begins when the game starts waiting for a seat it was not waiting for just before (or
the game ends). Steps that leave the awaited seats as they were, or only drop some of them
(one of two simultaneous choices made), belong to the turn that is running: the bot edits
that turn's board post, and the replay draws no frame for them. Seats the engine plays
itself (an automa) and a table's bot players never wait, so an automa's reply passes the turn
back to the person, who is then newly awaited: a new post, a new frame.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import pairwise

from engine.core.game import Game, State

Awaited = Callable[[State], Collection[int]]


def awaited_by(game: Game, bots: Collection[int] = ()) -> Awaited:
    """The seats ``game`` waits for a person in: ``to_act`` without its automated seats and
    without the table's bot players (``bots``), who move at once and so never wait either."""

    def awaited(state: State) -> list[int]:
        automated = set(game.automated_seats(state)) | set(bots)
        return [s for s in game.to_act(state) if s not in automated]

    return awaited


def starts_turn(game: Game, before: State, after: State, awaited: Awaited | None = None) -> bool:
    """Whether the step ``before`` -> ``after`` begins a turn: a seat is newly awaited, or the game ended."""
    if game.outcome(after) is not None:
        return game.outcome(before) is None
    declared = game.turn_begins(before, after)
    if declared is not None:
        return declared
    waits = awaited or awaited_by(game)
    return bool(set(waits(after)) - set(waits(before)))


def turn_started(game: Game, states: Sequence[State], awaited: Awaited | None = None) -> bool:
    """Whether any step of ``states`` (one commit: a move and the automated replies) begins a turn."""
    return any(starts_turn(game, a, b, awaited) for a, b in pairwise(states))


def steps(game: Game, state: State, moves: Iterable[tuple[int, str]]) -> list[State]:
    """``state`` and the state after each of ``moves`` (seat, notation), already known to be legal."""
    states = [state]
    for seat, notation in moves:
        states.append(game.apply(states[-1], seat, notation)[0])
    return states
