"""Taking moves back: which moves of a log an undo may remove, and the state before them.

Undo never runs a move backwards. It replays the log and keeps a shorter log, so the state
after an undo is, by construction, the replay of the moves that remain. One request removes
one step: the requester's last own move and every move after it, when each of them may go:

- a move of another person stops undo (they may have seen the position and acted on it);
- a move the bot made for someone (at a time limit, a removal) stops undo;
- the requester's own moves and automated moves (an automa, a bot player) go only where the
  engine's ``Game.can_undo`` says so; ``Game.undo_stop`` says why not.

Asking the engine about automated moves too lets a companion game take back the bot's steps
that followed a wrong answer, and still stop at the bot's draw that revealed something.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.core.game import Game, State


class Actor(Enum):
    """Who made a logged move, as far as undo is concerned."""

    PERSON = "person"
    """The person in that seat, by their own command or click."""
    AUTOMATED = "automated"
    """The engine's own opponent (an automa, MarsBot): asked of ``Game.can_undo`` like the person's
    moves, so a companion game can let a person take back what the bot did on a wrong answer."""
    BOT_PLAYER = "bot_player"
    """A bot player a host seated: another seat's move, which stops undo like a person's."""
    ACTED_FOR = "acted_for"
    """The bot moving for a person who was absent or removed: never taken back."""


@dataclass(frozen=True)
class Step:
    """One logged move."""

    seat: int
    notation: str
    actor: Actor = Actor.PERSON


@dataclass(frozen=True)
class Replayed:
    """A log replayed once: the state before each move (and at the end), and each move's verdict."""

    states: list[State]
    """``states[i]`` is the state before move ``i``; ``states[-1]`` the state after the whole log."""
    stops: list[str | None]
    """Per move: ``None`` if the engine lets it be taken back, else its reason (a translation key)."""

    @property
    def end(self) -> State:
        return self.states[-1]


@dataclass(frozen=True)
class Plan:
    """What one undo request does: keep the first ``keep`` moves and return to ``state``."""

    keep: int
    state: State


@dataclass(frozen=True)
class Stop:
    """Why a request takes nothing back: ``reason`` is a translation key; ``seat`` made the move
    in the way (its name fills the sentence), ``None`` when there is nothing to take back."""

    reason: str
    seat: int | None = None


FINAL = "undo.final"
"""``Game.undo_stop``'s default reason: the move is final, the engine says no more."""
NOTHING = "undo.nothing"
OTHER_MOVED = "undo.other_moved"
ACTED_FOR = "undo.acted_for"


def replay_marked(
    game: Game,
    seats: int,
    options: Mapping[str, Any],
    seed: int,
    log: Sequence[Step],
    content: Mapping[str, int] | None = None,
) -> Replayed:
    """Replay ``log`` from the start, asking the engine about every move on the way.

    ``content`` is the content versions the game was set up with (``Game.content``), so a
    corrected content file never changes what an undo replays.
    Raises ``IllegalMove`` when the log no longer replays (the rules changed under it)."""
    state = game.new(seats, options, seed, content) if content else game.new(seats, options, seed)
    states = [state]
    stops: list[str | None] = []
    for step in log:
        move = game.parse_move(step.notation)
        after, _ = game.apply(state, step.seat, move)
        undoable = game.can_undo(state, step.seat, move, after)
        stops.append(None if undoable else game.undo_stop(state, step.seat, move, after))
        states.append(after)
        state = after
    return Replayed(states=states, stops=stops)


def plan_undo(
    replayed: Replayed, log: Sequence[Step], seat: int, *, length: int | None = None
) -> Plan | Stop:
    """One undo step for ``seat`` over the first ``length`` moves of ``log`` (all by default).

    The stop reported is the latest move in the way: after the opponent has moved, "the
    opponent has moved" says more than "your turn has ended"."""
    end = len(log) if length is None else length
    start = next(
        (i for i in range(end - 1, -1, -1) if log[i].seat == seat and log[i].actor is Actor.PERSON), None
    )
    if start is None:
        return Stop(NOTHING)
    for i in range(end - 1, start - 1, -1):
        step = log[i]
        if step.actor is Actor.ACTED_FOR:
            return Stop(ACTED_FOR if step.seat == seat else OTHER_MOVED, step.seat)
        if step.actor in (Actor.PERSON, Actor.BOT_PLAYER) and step.seat != seat:
            return Stop(OTHER_MOVED, step.seat)
        reason = replayed.stops[i]
        if reason is not None:
            # An automated move in the way: the engine's own words if it has any ("MarsBot drew a card").
            return Stop(reason if step.seat == seat or reason != FINAL else OTHER_MOVED, step.seat)
    return Plan(keep=start, state=replayed.states[start])


def batch_undoable(game: Game, before: State, seat: int, batch: Sequence[Step]) -> bool:
    """Whether the moves just committed together (``seat``'s move and the automated moves it
    set off) could be taken back by ``seat`` at once: what an Undo button under the new board
    offers. The same verdict as ``plan_undo`` on the whole log, without replaying it."""
    if not batch or batch[0].seat != seat or batch[0].actor is not Actor.PERSON:
        return False
    if any(step.actor is not Actor.AUTOMATED for step in batch[1:]):
        return False
    state = before
    for step in batch:
        move = game.parse_move(step.notation)
        after, _ = game.apply(state, step.seat, move)
        if not game.can_undo(state, step.seat, move, after):
            return False
        state = after
    return True
