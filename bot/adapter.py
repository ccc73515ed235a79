"""What the shared bot needs to know of one game's Discord side, registered by its cog."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import Commands, Tr
from bot.post_lines import MAX_LINES
from db.models import TableRow
from engine.core import Event, Game

if TYPE_CHECKING:
    from PIL import Image

    from bot.pick_spec import Pickers

RenderBoard = Callable[[Mapping[str, Any], Sequence[str], Tr], bytes]
BoardImage = Callable[[Mapping[str, Any], Sequence[str], Tr], "Image.Image"]
RenderDetails = Callable[[Mapping[str, Any], Sequence[str], Tr], bytes | None]
AltText = Callable[[Mapping[str, Any], Sequence[str], Tr], Sequence[str]]
BoardView = Callable[[TableRow, Tr], discord.ui.View | None]
EventWords = Callable[[Tr, str, dict[str, Any]], tuple[str, dict[str, Any]]]
TakenBack = Callable[[Tr, Mapping[str, Any], Sequence[Event]], Sequence[str]]
Awaited = Callable[[Mapping[str, Any], Tr], str | None]


COMMAND_ROLES: tuple[str, ...] = ("new", "board", "resign")
"""The commands shared sentences send a player to, by role: ``{new_cmd}`` opens a table of the
game, ``{board_cmd}`` shows its board again, ``{resign_cmd}`` leaves its game."""


def _no_words(tr: Tr, code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return code, params


def _all_options(options: Mapping[str, Any]) -> frozenset[str]:
    return frozenset()


ShowPrivate = Callable[[discord.Interaction, TableRow, int, Sequence[Event]], Awaitable[bool]]
"""``(interaction, table, seat, the seat's private events)`` -> whether it answered them."""

AfterConfirm = Callable[[discord.Interaction, TableRow, int, tuple[str, ...]], Awaitable[None]]
"""``(interaction, table after the moves, seat, the moves a preview's button played)``."""


@dataclass(frozen=True)
class GameAdapter:
    """What the service needs to know of one game's Discord side (registered by its cog)."""

    game: Game
    title_key: str
    render_board: RenderBoard
    board_view: BoardView
    event_words: EventWords = _no_words
    """An event's sentence key and its codes (a stone "5R", an archive "left") in words of the reader's
    language; a game may pick a fuller sentence for an event (a scoring that also files the card)."""
    lobby_hides: Callable[[Mapping[str, Any]], frozenset[str]] = _all_options
    """Options a lobby need not show for these settings (a solo difficulty at a table for two)."""
    board_image: BoardImage | None = None
    """The public board as a palette image, for the animated replay of ``/record``."""
    render_details: RenderDetails | None = None
    """A second picture of the public state posted under the board (``None``: nothing more to show),
    so that each picture stays readable at a phone's width."""
    alt_text: AltText | None = None
    """The board post's pictures in words, one description per picture (the board, then the
    details): what screen readers read and what shows when a picture fails to load. Only public
    state, at most 1000 characters each (Discord takes 1024)."""
    gone: Callable[[Mapping[str, Any]], Sequence[int]] | None = None
    """The seats out of the game in the public view (resigned or removed); only where there are
    any does a board post read how they left (``bot.departures``: kicked, out of time), so the
    many posts without one cost no extra read."""
    commands: Mapping[str, str] = field(default_factory=dict)
    """The game's command for each of ``COMMAND_ROLES`` (its English qualified name) where it
    is not ``"<game> <role>"``, the commands of a game being a group named after it."""

    taken_back: TakenBack | None = None
    """More lines for the post of an undo, from the state returned to and the undone events: a
    companion to a physical game says what to put back on the table by hand and what it asks
    again (``None``: the undone steps' own lines say it all)."""

    awaited: Awaited | None = None
    """What the board post asks of the awaited player, from the public view (``None``: nothing more
    than whose move it is): a companion's question states itself with its rule, so the person
    at a physical table needs nothing else. In a DM it replaces "Your move."."""

    post_limit: int | None = MAX_LINES
    """At most this many lines of what happened in one board post, older steps giving way
    (``bot.post_lines``); ``None`` keeps every line of a turn: a companion game's lines are
    instructions for the physical table, none of which may scroll away unread."""

    pickers: Pickers | None = None
    """The private pickers of the board's buttons, one per action, built from ``legal_moves`` by
    the shared picker (``bot.picker``) with the game's own words for each choice."""

    after_confirm: AfterConfirm | None = None
    """Called after a preview's Confirm played its moves (``bot.confirm``): the game may open the
    mover's next picker (Moonriser: the Place picker again when placing is the bot's next move)."""

    show_private: ShowPrivate | None = None
    """Answers a player's own move whose private events it shows its own way (Moonriser: the
    tiles just drawn in the hand picture with the keep select, no "You drew" line per draw);
    ``True`` when it answered them, ``False`` to leave them to the usual private lines."""

    def command(self, role: str) -> str:
        """The English qualified name of the game's command for ``role`` (see ``COMMAND_ROLES``)."""
        return self.commands.get(role) or f"{self.game.info.name} {role}"


def command_params(adapters: Mapping[str, GameAdapter], game: str | None) -> dict[str, Commands]:
    """The parameters ``{new_cmd}``, ``{board_cmd}`` and ``{resign_cmd}`` of shared sentences: the
    commands of ``game``, or, where no game is known (no table here), those of every game."""
    chosen = [adapters[game]] if game in adapters else [adapters[name] for name in sorted(adapters)]
    return {f"{role}_cmd": Commands(tuple(a.command(role) for a in chosen)) for role in COMMAND_ROLES}
