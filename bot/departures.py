"""How each seat that is out of a game left it, so its picture says "kicked" or "removed for time"
rather than "resigned": the engine knows only that the seat resigned, the move log knows who
made that move (the player, a ``/table kick``, the time limit, their leaving the server)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db.models import TableRow
from engine.core import Game
from render.departures import DEPARTURES, departure


async def departures(store: Any, table: TableRow, engine: Game) -> dict[int, str]:
    """Seat -> how it was removed, for the seats the bot removed; a resignation of the player's
    own is not listed (the picture says "resigned"). A table of one is never asked: nobody kicks
    a solo player."""
    if len(table.seats) < 2 or table.state is None:
        return {}
    resign = engine.info.resign_move
    removal = engine.parse_move(resign).notation if resign is not None else None
    return {
        seat: source
        for seat, source, notation in await store.acted_for(table.id)
        if removal is None or notation == removal
    }


def with_departures(view: Mapping[str, Any], gone: Mapping[int, str]) -> Mapping[str, Any]:
    """The public view as the pictures take it: with how the removed seats left, if any did."""
    return {**view, DEPARTURES: dict(gone)} if gone else view


def out_of_game(tr: Any, view: Mapping[str, Any], names: Sequence[str], seats: Iterable[int]) -> str | None:
    """The alt text's sentence for the seats out of the game, each with how it left (what the
    picture writes beside its name); ``None`` when every seat still plays."""
    words = [
        tr("departure.seat", name=names[s], how=tr(f"departure.{departure(view, s)}"))
        for s in seats
        if 0 <= s < len(names)
    ]
    return tr("departure.out", seats=", ".join(words)) if words else None
