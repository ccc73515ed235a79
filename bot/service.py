"""What the UI pieces the table service drives (undo, the Undo button, pickers, previews) may ask
of it, as a protocol: they reach the running service through ``client.tables`` and name only this,
so ``bot.tables`` sits above them and no import runs back up to it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord

    from bot.adapter import GameAdapter
    from bot.errors import UserError
    from bot.i18n import Commands, Tr
    from bot.retry import MadeFrom
    from db.models import NewMove, NewResult, TableRow
    from db.store import Store
    from engine.core import Event, Game


class TableServiceLike(Protocol):
    """The part of ``bot.tables.TableService`` its pieces use."""

    store: Store
    adapters: dict[str, GameAdapter]
    undo_offers: dict[int, int]
    """Table id -> the version whose board offers Undo (see :mod:`bot.undo`)."""
    clocks_changed: Callable[[], None]

    def commands(self, game: str | None) -> dict[str, Commands]: ...

    def stale(self, game: str | None, *, typed: bool = False) -> UserError: ...

    def names(self, table: TableRow, tr: Tr | None = None) -> list[str]: ...

    def seat_of(self, table: TableRow, user_id: int) -> int: ...

    def run_automated(
        self,
        engine: Game,
        state: dict,
        moves: list[NewMove],
        bots: Mapping[int, str] | None = None,
        standins: Collection[int] = (),
    ) -> tuple[dict, list[Event]]: ...

    async def channel_of(self, table: TableRow) -> discord.abc.Messageable | None: ...

    def results(self, table: TableRow, engine: Game, state: dict[str, Any]) -> list[NewResult] | None: ...

    def starts_turn(self, table: TableRow, moves: list[NewMove], state: dict[str, Any]) -> bool: ...

    async def post_to_table(
        self,
        table: TableRow,
        events: Sequence[Event] = (),
        *,
        notices: Sequence[str] = (),
        new_turn: bool = True,
    ) -> bool: ...

    async def tell_private(
        self, table: TableRow, events: Sequence[Event], interaction: discord.Interaction | None = None
    ) -> None: ...

    def public_lines(
        self, table: TableRow, events: Sequence[Event], notices: Sequence[str] = ()
    ) -> list[str]: ...

    async def show_undo(
        self,
        interaction: discord.Interaction,
        table: TableRow,
        lines: Sequence[str],
        undone: Sequence[str],
        *,
        mover: int,
    ) -> None: ...

    def awaited(self, engine: Game, state: dict[str, Any], bots: Collection[int] = ()) -> list[int]: ...

    def board_shows(self, table: TableRow) -> bool: ...

    async def running_table_here(
        self, interaction: discord.Interaction, game: str | None = None, *, read: TableRow | None = None
    ) -> TableRow: ...

    async def my_turn(
        self,
        interaction: discord.Interaction,
        game: str,
        version: int | None = None,
        waiting_key: Callable[[TableRow, int], str | None] | None = None,
        *,
        read: TableRow | None = None,
    ) -> tuple[TableRow, int]: ...

    async def play(
        self,
        interaction: discord.Interaction,
        notation: str,
        *,
        game: str | None = None,
        expected_version: int | None = None,
        from_picker: bool = False,
        made_from: MadeFrom | None = None,
        then: Sequence[str] = (),
        table: TableRow | None = None,
    ) -> object:
        """Apply a move (and the same seat's ``then`` moves after it, all or none) and post the
        board (the service returns what was played; pieces ignore it)."""
        ...

    async def post_board(
        self,
        interaction: discord.Interaction,
        table: TableRow,
        events: Sequence[Event] = (),
        *,
        mover: int | None = None,
        from_picker: bool = False,
        notices: Sequence[str] = (),
    ) -> None: ...
