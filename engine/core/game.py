"""The engine contract.

A game is a stateless object with pure functions over a plain, JSON-able state
(boardgame.io style), so the store can keep it as JSON and tests can replay it.
Validation order in ``apply`` is fixed: move parses -> game not over -> seat is awaited
-> move legal -> apply to a copy. On refusal ``IllegalMove`` is raised and the given
state is untouched.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalMove

State = dict[str, Any]
"""A game state: plain JSON-able data (dicts, lists, str, int, bool, None)."""


@dataclass(frozen=True)
class OptionSpec:
    """One table option: its default and allowed range, for the lobby and validation."""

    default: int | bool | str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class DigestEntry:
    """How the catch-up digest names one kind of event ("built Solar array, Mine").

    ``phrase`` is the translation key of the summary phrase (with ``{items}``); ``item`` the event
    parameter naming what was done (a tile, a card, a target seat), listed in the order it
    happened; ``None`` counts the events instead (``{count}``)."""

    phrase: str
    item: str | None = None


@dataclass(frozen=True)
class GameInfo:
    """Declarative metadata, first thing a game states (OpenSpiel style)."""

    name: str
    min_players: int
    max_players: int
    options: Mapping[str, OptionSpec] = field(default_factory=dict)
    solo_automa: bool = False
    timeout_move: bool = False
    """Whether ``Game.timeout_move`` can play for an absent player at their time limit."""
    variant_option: str | None = None
    """The option whose value splits ratings and leaderboards into variants (``None``: one pool)."""
    level_option: str | None = None
    """The option holding the automa's level at a solo table (its solo boards are per level)."""
    seat_params: tuple[str, ...] = ("seat",)
    """Event and refusal parameters that hold a seat number: the bot writes a player's name there."""
    automa_name_key: str = "table.automa_name"
    """Translation key of the name of the engine's own opponent ("Automa", "MarsBot")."""
    resign_move: str | None = "resign"
    """The notation by which a seat leaves the game (``None``: the game overrides ``forfeit``)."""
    bot_levels: tuple[str, ...] = ()
    """Levels of the bot player a host can seat in a lobby (``Game.bot_move``), weakest first;
    one entry when the bot has a single level. Every game of 2+ players provides one."""
    digest: Mapping[str, DigestEntry] = field(default_factory=dict)
    """Event codes that matter to a player returning to the table (built, scored, struck), and how
    the "since your last turn" digest sums each up; other events are left out of it."""


@dataclass(frozen=True)
class Move:
    """A parsed move. ``notation`` is its canonical text: what the log stores."""

    kind: str
    args: tuple[str, ...] = ()

    @property
    def notation(self) -> str:
        return " ".join((self.kind, *self.args))

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Event:
    """Something that happened, for the turn log: a translation key plus its parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    audience: int | None = None
    """The one seat that may see this event (a card drawn, a hand dealt); ``None``: everyone.
    The bot shows a private event to that player alone, never in the table's thread."""


@dataclass(frozen=True)
class Outcome:
    """Final scores and places (1 = first; equal places for ties), one entry per seat."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)
    ties: tuple[Event, ...] = ()
    """How each group of equal scores was settled (broken by a rule, or a shared place), in
    words for the result post: players who tie want to know why one of them is first."""
    figures: Mapping[str, int] = field(default_factory=dict)
    """Whole numbers worth keeping with the result beside the scores (MarsBot: the generation
    the game ended in). They are stored with it, and a solo board shows its best game's."""


class Game(ABC):
    """What every game provides. All methods are pure; none mutates its arguments."""

    info: GameInfo

    @abstractmethod
    def new(
        self, seats: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None = None
    ) -> State:
        """Set up a game for ``seats`` players (random parts drawn from ``seed``).

        A game with content files (``engine.core.data``) plays the versions ``content`` names
        (a replay passes those of the stored game, ``Game.content``), the newest when ``None``,
        and keeps them in the state. A game without content files may leave the argument out."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats whose decision is awaited now (empty when the game is over)."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> Iterable[Move]:
        """Every move ``seat`` may make now (may be lazy for large spaces)."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        """Validate and apply; return the new state and what happened, or raise IllegalMove."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see; ``None`` is the public view. The only way secrets leave."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Final scores and places, or ``None`` while the game runs."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Notation -> Move (raises IllegalMove ``core.bad_notation``); ``str(move)`` round-trips."""

    def content(self, state: State) -> dict[str, int]:
        """The version of each content file this game was set up with (none by default), for
        the record header and for any replay: a later correction must not change this game."""
        return {}

    def automated_seats(self, state: State) -> list[int]:
        """Seats played by the engine itself (an automa); none by default."""
        return []

    def choose_automated(self, state: State, seat: int) -> Move:
        """The automa's move for ``seat``; only called for seats in ``automated_seats``."""
        raise NotImplementedError

    def timeout_move(self, state: State, seat: int) -> Move | None:
        """The smallest legal move the bot makes for an absent ``seat`` at its time limit.

        ``None`` when the game has none (then the player is removed instead). Applying it
        repeatedly must soon hand the decision to another seat.
        """
        return None

    def forfeit(self, state: State, seat: int) -> tuple[State, list[Event], Move]:
        """``seat`` leaves the game (timed out, kicked, gone): the engine's own resignation,
        so the rules decide whether the game ends or goes on without them. Returns the move it
        applied, which the log stores, so a game that goes on after a removal replays exactly."""
        if self.info.resign_move is None:
            raise NotImplementedError(f"{self.info.name} has no resign move and must override forfeit")
        move = self.parse_move(self.info.resign_move)
        state, events = self.apply(state, seat, move)
        return state, events, move

    def points(self, state: State, seat: int) -> int | None:
        """``seat``'s points as the board shows them now, for the digest's "+4 VP"; ``None`` when
        the game keeps no running score."""
        return None

    def bot_move(self, state: State, seat: int, level: str) -> Move:
        """The move of a bot player of ``level`` (one of ``info.bot_levels``) in ``seat``.

        A bot player is a seat the host filled in the lobby; it moves through ``apply`` like a
        person, right after the move that hands it the decision. Deterministic for a given
        state (draw any randomness from the state), so a test can replay a bot's game."""
        raise NotImplementedError(f"{self.info.name} has no bot player")

    def turn_begins(self, before: State, after: State) -> bool | None:
        """Whether the step ``before`` -> ``after`` begins a turn, where the game knows better than
        the awaited seats (``None``: by them, ``engine.core.turns``). A companion game whose only
        player is always awaited says when its own opponent's turn begins, so each of the
        opponent's turns gets its own board post and replay frame."""
        return None

    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        """Whether ``seat`` may take ``move`` back (``before`` -> ``after``).

        Only while the move revealed nothing new: no card drawn or tile revealed, no chance,
        nothing another seat could have seen and acted on. ``False`` by default, so undo stops
        wherever a game has not said otherwise. Undo removes the player's trailing moves from
        the log, and the state is again the replay of what is left.

        Asked for every move an undo would remove: the player's own and the automated moves
        after it (an automa's, a bot player's). A companion game whose bot acted on a wrong
        answer says ``True`` for those steps, so the answer is corrected with what followed
        from it; a move of another person always stops undo (see ``engine.core.undo``)."""
        return False

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        """Why ``can_undo`` refuses this move: the translation key of the reason a player reads
        ("a card was drawn since"). Asked only where ``can_undo`` said ``False``."""
        return "undo.final"

    def options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults merged with ``given``, validated against ``info.options``."""
        merged: dict[str, Any] = {k: spec.default for k, spec in self.info.options.items()}
        for key, value in (given or {}).items():
            spec = self.info.options.get(key)
            if spec is None:
                raise IllegalMove("core.unknown_option", option=key)
            if spec.minimum is not None and value < spec.minimum:
                raise IllegalMove("core.option_range", option=key, minimum=spec.minimum, maximum=spec.maximum)
            if spec.maximum is not None and value > spec.maximum:
                raise IllegalMove("core.option_range", option=key, minimum=spec.minimum, maximum=spec.maximum)
            if spec.choices and value not in spec.choices:
                raise IllegalMove("core.option_choice", option=key, choices=", ".join(spec.choices))
            merged[key] = value
        return merged


def replay(
    game: Game,
    seats: int,
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[tuple[int, str]],
    content: Mapping[str, int] | None = None,
) -> State:
    """The state that ``new`` + the move log (seat, notation) leads to, with the content
    versions the game was set up with (``Game.content`` of its stored state)."""
    state = game.new(seats, options, seed, content) if content else game.new(seats, options, seed)
    for seat, notation in log:
        state, _ = game.apply(state, seat, notation)
    return state
