"""What a game declares for the shared picker (``bot.picker``) and its preview step
(``bot.confirm``): plain data, registered in its ``GameAdapter``, with no Discord views, so the
adapter can name it without importing the views that serve it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import Tr
from engine.core import Game, Move, State


@dataclass(frozen=True)
class Alternative:
    """Another move the preview can turn into in place (a rotation, the next field)."""

    label: str
    notation: str
    description: str = ""


@dataclass(frozen=True)
class Shortcut:
    """A second **Confirm** that plays the previewed move and then ``then``, the same seat's
    next moves ("Confirm and produce"): one tap instead of two, the same moves stored.
    ``before`` are moves played first, the previewed one after them ("Convert all and end
    turn" under End's warning): all in one commit, all or none."""

    label: str
    then: tuple[str, ...] = ()
    before: tuple[str, ...] = ()


@dataclass(frozen=True)
class Preview:
    """What a player sees before confirming: a sentence and, optionally, a PNG.

    ``steps`` are buttons and ``choices`` a select, each redrawing the preview as another move
    (the game's ``MakePreview``) without going back through the picker."""

    content: str
    png: bytes | None = None
    filename: str = "preview.png"
    alt: str = ""
    """The picture in words (its Discord description, read by screen readers)."""
    picture: tuple[Callable[..., bytes], tuple[Any, ...]] | None = None
    """A picture still to draw: a renderer and its (picklable) arguments. ``bot.confirm`` has it
    drawn by ``bot.pictures`` (a worker process) as the preview is shown, in place of ``png``:
    a placement preview took 20-40 ms to draw, too long for the event loop or its GIL."""
    steps: tuple[Alternative, ...] = ()
    choices: tuple[Alternative, ...] = ()
    choices_placeholder: str = ""
    shortcuts: tuple[Shortcut, ...] = ()


MakePreview = Callable[[Tr, State, int, str], Preview]
"""``(tr, state, seat, notation)`` -> the preview of that (legal) move."""


Chosen = tuple[str, ...]
Labels = Callable[[Tr, State, int, Chosen, Sequence[str]], list[discord.SelectOption]]
"""The options of one step: ``(tr, state, seat, chosen so far, tokens the engine allows next)`` ->
labelled options in the order to show (values are tokens; any other value is left out)."""


Steps = Callable[[Move], Iterable[Chosen]]
"""The token sequences that choose a move (several when the order is free: a swap)."""


WholeMoves = Callable[[Tr, State, int, Sequence[str]], list[discord.SelectOption]]
"""``(tr, state, seat, notations the picker accepts now)`` -> labelled options of whole moves to
offer first, best first (values are notations; any other value is left out)."""


Default = Callable[[State, int, Chosen, Sequence[str]], str | None]
"""``(state, seat, chosen so far, the step's tokens)`` -> the token to take for the player, or
``None`` to ask."""


def _arguments(move: Move) -> Iterable[Chosen]:
    return (move.args,)


@dataclass(frozen=True)
class PickSpec:
    """How one board action's picker builds a move (its words come from the game's Discord side)."""

    kinds: frozenset[str]
    """The move kinds it builds."""
    labels: Labels
    placeholder: Callable[[Tr, Chosen], str]
    """The select's placeholder before each step."""
    prompt: Callable[[Tr, State, int, Chosen], str]
    """The private message above the select at each step (``()``: the first)."""
    unavailable: str
    """The refusal key when no such move is legal now."""
    steps: Steps = _arguments
    """The token sequences that choose a move (default: its arguments, one per step)."""
    check_version: bool = True
    basis: Callable[[State, int], object] | None = None
    """What a choice that depends on nothing another seat does is made from (the seat's setup
    hand, its own tokens in the last trades): when it gives something other than ``None``, the
    picker is checked against it instead of the board's version, so another seat's move made
    meanwhile does not make the choice stale (``TableService.play``'s ``made_from``)."""
    confirm: MakePreview | None = None
    """When given, a complete choice is not played at once: the player sees this preview of the
    move (a picture, its cost) with **Confirm** and **Cancel** (``bot.confirm``)."""
    suggest: Callable[[State, int, Chosen], str | None] | None = None
    """With ``confirm``: after a choice, the notation of the move to preview at once (the best
    that continues it), or ``None`` to go on choosing; the preview steps to the others."""
    more: Callable[[State, int, list[Move]], Iterable[Move]] | None = None
    """Moves the picker offers beyond the engine's list, given that list (the legal moves of
    ``kinds``): moves the engine accepts but does not list one by one, such as several identical
    trades at once. Each must be legal; the picker shows at most 25 options, so it chooses."""
    and_then: Callable[[Tr, State, int], tuple[str, tuple[str, ...]] | None] | None = None
    """When it gives ``(placeholder, moves)`` for the board now, a step whose every option completes
    a move is offered twice: a second select of the same options plays the choice and then
    ``moves``, the seat's next moves ("Trade and end turn"), all or none (``TableService.play``'s
    ``then``): the last trade of a turn and End turn in one tap."""
    and_end: Callable[[Tr, State, int, str], tuple[str, tuple[str, ...]] | None] | None = None
    """With ``and_then``: for the notation of each option of the second select, ``(placeholder,
    moves)`` when that move may also be followed by ``moves`` (its ``and_then`` moves and End
    turn, when the turn may then end without a word): a third select of those options plays the
    choice and then ``moves`` ("Place at once, produce and end your turn")."""
    skip_single: bool = False
    """After a choice, a following step with only one possible answer is taken for the player
    (one tap less on a phone: "1 laborer" when that is all a space can take)."""
    whole: WholeMoves | None = None
    """The whole moves the first select offers before its first step, best first (``bot.picker``
    shows them all and no steps when every move the picker accepts is among them and they fit in
    a select; else as many as fit beside the first step's options, which stay complete): a typical
    move in one tap. Choosing one is the same move as the steps to it."""
    default: Default | None = None
    """A step's answer taken for the player when it gives one: the choice that keeps the most
    options (gained workers of the seat's own colour rather than contractors). The step's other
    answers are offered on the row tapped before it, beside the choice they follow, so the common
    case costs no tap and the other one tap, never two."""


@dataclass(frozen=True)
class Pickers:
    """One game's pickers: its custom-id prefix and a spec per board action."""

    prefix: str
    game: Game
    specs: Mapping[str, PickSpec] = field(default_factory=dict)
