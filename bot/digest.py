"""Since your last turn: the opening lines of the post that pings a player back to the table.

Someone returning after a day should not have to scroll through the thread. The post that
begins their turn opens with one line per other seat saying what mattered since their own last
move ("**bob**: built Solar array, Mine; +4 points"). What matters is the game's declaration
(``GameInfo.digest``: event codes and the phrase each is summed up with) plus the points a seat
gained (``Game.points``); shared code never names a game.

The events are not stored, so the log since that move is replayed from the table's seed, off
the event loop (the engine is pure). A log that no longer replays gives no digest rather than a
wrong one. Only tables of several seats on a server have one, and ``/table settings digest:off``
turns it off per table.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.i18n import Tr
from db.models import MoveRow, TableRow
from engine.core import Event, Game, IllegalMove

if TYPE_CHECKING:
    from bot.adapter import GameAdapter

log = logging.getLogger(__name__)


@dataclass
class SeatNews:
    """What one seat did that matters, in the order it happened."""

    items: dict[str, list[Any]] = field(default_factory=dict)
    """Phrase key -> the things named by its events (or one ``None`` per event to count)."""
    gained: int = 0


def since_last_turn(
    engine: Game, table: TableRow, moves: Sequence[MoveRow], seat: int
) -> tuple[list[tuple[int, Event]], dict[int, int]] | None:
    """The public events after ``seat``'s last move, each with the seat it belongs to, and every
    seat's points gained meanwhile; ``None`` when ``seat`` has not moved yet or the log fails."""
    last = max((i for i, m in enumerate(moves) if m.seat == seat), default=None)
    if last is None or last == len(moves) - 1 or table.state is None:
        return None
    seats = len(table.seats) + len(engine.automated_seats(table.state))
    try:
        state = engine.new(seats, table.options, table.seed, engine.content(table.state) or None)
        for move in moves[: last + 1]:
            state, _ = engine.apply(state, move.seat, move.notation)
        before = state
        happened: list[tuple[int, Event]] = []
        for move in moves[last + 1 :]:
            state, events = engine.apply(state, move.seat, move.notation)
            for event in events:
                if event.audience is None:
                    owner = event.params.get("seat")
                    happened.append((owner if isinstance(owner, int) else move.seat, event))
    except (IllegalMove, KeyError, ValueError):
        log.warning("table %s: its log does not replay; no digest", table.id, exc_info=True)
        return None
    gained = {}
    for s in range(seats):
        old, new = engine.points(before, s), engine.points(state, s)
        gained[s] = new - old if old is not None and new is not None else 0
    return happened, gained


def news_by_seat(
    adapter: GameAdapter, tr: Tr, names: Sequence[str], happened: Sequence[tuple[int, Event]]
) -> dict[int, SeatNews]:
    """The events the game declares as mattering, grouped per seat and phrase, in words."""
    info = adapter.game.info
    news: dict[int, SeatNews] = {}
    for owner, event in happened:
        entry = info.digest.get(event.code)
        if entry is None:
            continue
        _, params = adapter.event_words(tr, event.code, dict(event.params))
        for key in info.seat_params:
            if isinstance(params.get(key), int) and 0 <= params[key] < len(names):
                params[key] = names[params[key]]
        item = params.get(entry.item) if entry.item is not None else None
        news.setdefault(owner, SeatNews()).items.setdefault(entry.phrase, []).append(item)
    return news


def counted(tr: Tr, items: Sequence[Any]) -> list[str]:
    """The things named, each once in the order first met, a repeated one with its count
    ("jana ×4", not "jana, jana, jana, jana")."""
    times = Counter(str(i) for i in items if i is not None)
    return [name if n == 1 else tr("digest.repeated", item=name, count=n) for name, n in times.items()]


def summary(tr: Tr, news: SeatNews) -> str:
    """``built Solar array, Mine; +4 points``: one phrase per kind of thing, then the points."""
    parts = []
    for phrase, items in news.items.items():
        parts.append(tr(phrase, items=", ".join(counted(tr, items)), count=len(items)))
    if news.gained > 0:
        parts.append(tr("digest.gained", count=news.gained))
    elif news.gained < 0:
        parts.append(tr("digest.lost", count=-news.gained))
    return "; ".join(parts)


def digest_text(
    adapter: GameAdapter,
    tr: Tr,
    names: Sequence[str],
    seat: int,
    happened: Sequence[tuple[int, Event]],
    gained: Mapping[int, int],
) -> list[str]:
    """The digest for ``seat``: a title and one line per other seat that did something that matters."""
    news = news_by_seat(adapter, tr, names, happened)
    for other, points in gained.items():
        if points:
            news.setdefault(other, SeatNews()).gained = points
    lines = [
        tr("digest.line", name=f"**{names[other]}**", summary=summary(tr, news[other]))
        for other in sorted(news)
        if other != seat and 0 <= other < len(names)
    ]
    return [tr("digest.title", name=names[seat]), *lines] if lines else []


def wants_digest(table: TableRow) -> bool:
    """A running table of several seats on a server whose digest is on."""
    return table.digest and table.guild_id is not None and len(table.seats) > 1 and table.state is not None


def digest_seat(service: Any, table: TableRow) -> int | None:
    """The seat whose post beginning a turn of ``table`` opens with a digest: the one seat
    awaited, where the table wants one and its game declares one; ``None`` otherwise (several
    seats awaited at once in a shared phase, nobody, the game over)."""
    if not wants_digest(table):
        return None
    engine = service.adapters[table.game].game
    assert table.state is not None
    if not engine.info.digest or engine.outcome(table.state) is not None:
        return None
    awaited = service.awaited(engine, table.state, table.automated)
    return awaited[0] if len(awaited) == 1 else None


async def digest_lines(service: Any, table: TableRow, moves: Sequence[MoveRow] | None = None) -> list[str]:
    """The digest that opens the post beginning a turn of ``table``, in the table's language:
    none when several seats are awaited at once (a shared phase), or nobody is. ``moves``: the
    table's move log at ``table``'s version if the caller has it (its commit read it), else it is
    read here. The move is committed before this runs, so any failure here costs the digest,
    never the post."""
    try:
        seat = digest_seat(service, table)
        if seat is None:
            return []
        return await _digest_lines(service, table, seat, moves)
    except Exception:
        log.exception("table %s: no digest", table.id)
        return []


async def _digest_lines(
    service: Any, table: TableRow, seat: int, moves: Sequence[MoveRow] | None
) -> list[str]:
    adapter: GameAdapter = service.adapters[table.game]
    if moves is None:
        moves = await service.store.moves(table.id)
    found = await asyncio.to_thread(since_last_turn, adapter.game, table, moves, seat)
    if found is None:
        return []
    tr = Tr(table.locale)
    return digest_text(adapter, tr, service.names(table, tr), seat, *found)
