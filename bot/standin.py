"""A bot stands in for an absent player (``at_limit:bot``), and gives the seat back when they act.

When a player's time limit passes, or their turn comes while they are on vacation, at a table
whose host chose ``at_limit:bot``, the game's own bot (``Game.bot_move`` at the host's level)
plays that turn instead of a minimal one, and from then on holds the seat: it plays the
player's turns as soon as they come, like a bot player, until the player uses any command at
the table. Unlike a lobby's bot player, the seat stays the person's, so the game stays rated.

Everything lives in the database (``game_tables.standin_level``, ``seats.standin_turns``) and
the moves carry the source ``standin`` (``/record`` marks them; undo never takes them back), so
a restart changes nothing: the scheduler wakes the stand-in from the stored deadlines.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Protocol

import discord

from bot.bot_players import level_word
from bot.clock_settings import duration_text
from bot.errors import UserError
from bot.i18n import Tr, lang_of
from bot.table_channel import notice
from db.clocks import standin_runs
from db.errors import StaleVersion
from db.models import NewMove, TableRow
from engine.core import Event, Game, IllegalMove

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService
    from db.store import Store

log = logging.getLogger(__name__)

SOURCE = "standin"
PLAYED = "standin.played"
"""The event that tells the thread how many turns the bot has played for a player so far."""
PAUSED = "standin.paused"
"""The event that tells the thread that every player is away, so the bots stopped."""


def played_events(table: TableRow, moves: Sequence[NewMove]) -> list[Event]:
    """One line per seat the bot stood in for among ``moves`` (committed at ``table``)."""
    events = []
    for seat in sorted({m.seat for m in moves if m.source == SOURCE}):
        row = table.seat_row(seat)
        before = row.standin_turns if row is not None else 0
        events.append(Event(PLAYED, {"seat": seat, "count": before + standin_runs(moves, seat)}))
    return events


def still_in(engine: Game, state: dict, seat: int) -> bool:
    """Whether ``seat`` is still in the game: the engine would let it leave (a seat that resigned
    or was removed cannot leave again)."""
    try:
        engine.forfeit(state, seat)
    except IllegalMove:
        return False
    except NotImplementedError:
        return True
    return True


def playing(engine: Game, table: TableRow, state: dict, also: Collection[int] = ()) -> dict[int, str]:
    """Seat -> level of the held seats (and ``also``) the stand-in plays at ``state``: all of
    them while a person still in the game plays their own seat, none once every one is held.
    Then nobody is at the table, so the bots stop and it pauses: a rated game is never played
    on, let alone finished, by bots alone."""
    level = table.standin_level
    held = {**table.standins, **({s: level for s in also} if level is not None else {})}
    if not held:
        return {}
    bots = table.bots
    people = [s.seat for s in table.seats if s.user_id is not None and s.seat not in bots]
    if any(seat not in held and still_in(engine, state, seat) for seat in people):
        return held
    return {}


def automated(engine: Game, table: TableRow, state: dict) -> tuple[dict[int, str], dict[int, str]]:
    """The seats ``run_automated`` plays at ``state`` (bot players and playing stand-ins), and the
    stand-ins among them."""
    held = playing(engine, table, state)
    return {**table.bots, **held}, held


def paused(engine: Game, table: TableRow, state: dict | None = None) -> bool:
    """Every person still in the game is held by the stand-in: the table waits for one of them
    (its clocks stopped). ``state``: the table's, or the one about to be committed."""
    state = table.state if state is None else state
    if table.status != "active" or state is None or not table.standins or engine.outcome(state) is not None:
        return False
    return not playing(engine, table, state)


def pause_events(engine: Game, table: TableRow, state: dict, also: Collection[int] = ()) -> list[Event]:
    """The post's line that the table pauses, if committing ``state`` at ``table`` (with the seats
    ``also`` newly held) leaves no person playing their own seat."""
    if engine.outcome(state) is not None or not ({*table.standins, *also}):
        return []
    if playing(engine, table, state, also):
        return []
    return [Event(PAUSED, {})]


class Absence(Protocol):
    """What the stand-in needs of ``bot.absence.Absence`` (which calls it): named here so the
    imports between the two run one way."""

    service: TableService
    store: Store
    clock: Callable[[], float]

    async def _commit(
        self,
        table: TableRow,
        moves: list[NewMove],
        state: dict,
        events: list[Event],
        notice: str,
        *,
        end_reason: str | None,
        due: tuple[int, float] | None = None,
    ) -> bool: ...


async def stand_in(absence: Absence, table: TableRow, seat: int, *, left: bool = False) -> bool:
    """The bot takes ``seat`` over at its limit (or vacation, or because its player ``left`` the
    server) and plays until someone else is awaited. ``False`` when it could not move (the
    caller falls back to the minimal turn)."""
    service = absence.service
    level = table.standin_level
    engine = service.adapters[table.game].game
    if level is None or level not in engine.info.bot_levels or table.state is None:
        return False
    moves: list[NewMove] = []
    try:
        if playing(engine, table, table.state, also=[seat]):
            state, events = service.run_automated(
                engine, table.state, moves, {**table.automated, seat: level}, {*table.standins, seat}
            )
        else:  # the last person away: the bot plays this turn, then the table pauses
            state, events = _one_turn(service, engine, table, seat, level, moves)
    except (IllegalMove, NotImplementedError):
        log.exception("table %s: the stand-in bot could not move for seat %s", table.id, seat)
        return False
    if not any(m.source == SOURCE for m in moves):
        return False
    tr = Tr(table.locale)
    name = service.names(table, tr)[seat]
    user_id = table.user_at(seat)
    prefs = await absence.store.player(user_id) if user_id is not None else None
    word = level_word(tr, table.game, level)
    if left:
        said = tr("standin.left_server", name=name, level=word)
    elif prefs is not None and prefs.on_vacation(absence.clock()):
        said = tr("standin.on_vacation", name=name, level=word)
    else:
        limit = duration_text(tr, table.time_limit or 0)
        said = tr("standin.took_over", name=name, level=word, limit=limit)
    later = [e for e in played_events(table, moves) if e.params["seat"] != seat or e.params["count"] > 1]
    later += pause_events(engine, table, state, also=[seat])
    row = table.seat_row(seat)
    due = None if row is None or row.deadline is None else (seat, row.deadline)
    await absence._commit(table, moves, state, [*events, *later], said, end_reason=None, due=due)
    return True


def _one_turn(
    service: TableService, engine: Game, table: TableRow, seat: int, level: str, moves: list[NewMove]
) -> tuple[dict, list[Event]]:
    """The bot's moves for ``seat`` until it is no longer to act, then the automa's and bot
    players' replies, but no held seat's (nobody plays their own seat any more), and never the
    seat's next turn, even at a table of one person and bot players."""
    state, events = table.state or {}, []
    for _ in range(1_000):
        if engine.outcome(state) is not None or seat not in engine.to_act(state):
            break
        move = engine.bot_move(state, seat, level)
        state, more = engine.apply(state, seat, move)
        moves.append(NewMove(seat=seat, notation=move.notation, user_id=None, source=SOURCE))
        events.extend(more)
    state, more = service.run_automated(engine, state, moves, table.bots)
    return state, [*events, *more]


async def back(service: TableService, interaction: discord.Interaction, table: TableRow) -> TableRow:
    """A player acted at the table: a seat the bot holds is theirs again (the thread is told),
    and a turn past its limit that the bot has not taken over yet waits for them with a fresh
    clock. Either stops a bot's move for them computed meanwhile (the store checks the held
    seats and the deadline it acts on), so the seat is not taken again. A table paused because
    every player was away goes on (:func:`resume`). ``table`` as it is now."""
    seat = table.seat_of(interaction.user.id)
    adapter = service.adapters.get(table.game)
    if seat is None or table.standin_level is None or table.status != "active" or table.state is None:
        return table
    if adapter is None:  # a game no longer registered: nothing plays for anyone there
        return table
    row = table.seat_row(seat)
    late = row is not None and row.deadline is not None and row.deadline <= service.store.now()
    if seat not in table.standins and not late:
        return table
    engine = adapter.game
    was_paused = paused(engine, table)
    awaited = None
    if was_paused:  # the clocks of the people awaited start again (none is held but this one)
        others = {s: level for s, level in table.automated.items() if s != seat}
        awaited = service.awaited(engine, table.state, others)
    turns = await service.store.release_standin(table.id, seat, awaited=awaited)
    if late or was_paused:
        service.clocks_changed()
    if not turns:
        return await service.store.table(table.id) or table
    tr = Tr(table.locale)
    key = "standin.back_resumed" if was_paused else "standin.back"
    await notice(service, table, tr(key, name=service.names(table, tr)[seat], count=turns))
    now = await service.store.table(table.id) or table
    if was_paused:
        await resume(service, now)
        now = await service.store.table(table.id) or now
    return now


async def resume(service: TableService, table: TableRow) -> None:
    """A paused table goes on now that a player is back (``table`` read after their seat was
    given back): the held seats to act are played, since a person plays again, and the post
    shows it. Nothing to do when the game waits for a person: their clock started with the
    release."""
    engine = service.adapters[table.game].game
    assert table.state is not None
    moves: list[NewMove] = []
    bots, held = automated(engine, table, table.state)
    state, events = service.run_automated(engine, table.state, moves, bots, held)
    if not moves:
        return
    events += played_events(table, moves)
    try:
        after = await service.store.commit_moves(
            table.id,
            expected_version=table.version,
            moves=moves,
            state=state,
            interaction_id=None,
            results=service.results(table, engine, state),
            awaited=service.awaited(engine, state, table.automated),
            standins=table.standins,
        )
    except StaleVersion:
        log.info("table %s moved on before the bots could go on; nothing done", table.id)
        return
    service.clocks_changed()
    await service.post_to_table(after, events, new_turn=service.starts_turn(table, moves, state))
    await service.tell_private(after, events)


async def resume_command(service: TableService, interaction: discord.Interaction) -> None:
    """``/table resume``: what any command of a player does to a paused table (:func:`back`),
    named, so the pause post can say how; answered privately."""
    before = {t.id: t for t in await service.tables_here(interaction)}
    table = await service.table_here(interaction)
    was = before.get(table.id, table)
    adapter = service.adapters.get(table.game)
    if adapter is None or not paused(adapter.game, was):
        raise UserError("standin.not_paused")
    seat = was.seat_of(interaction.user.id)
    if seat is None or was.state is None or not still_in(adapter.game, was.state, seat):
        raise UserError("standin.resume_not_seated")
    tr = Tr(lang_of(interaction.locale))
    await interaction.response.send_message(tr("standin.resumed"), ephemeral=True)
