"""Taking a move back: the table service's undo, behind ``/undo`` and the board's Undo button.

One request removes one step: the requester's last move and the automated moves it set off,
while the engine says they revealed nothing (``engine.core.undo``). The log is replayed, the
store drops the step and writes the replayed state at a new, higher version, and the turn's
post is edited to the board returned to, saying who took back what (that a move was taken back
is public; :mod:`bot.undo_post`).

A double-clicked Undo button applies once: the button names the board's version, and the first
click moves the table to a newer one, so the second is refused as stale with the reason. One
interaction delivered twice by Discord takes effect once: the store records the ids of the
interactions that took effect (``db.interactions``), an undo's as well as a move's; and is
answered once: a second delivery refused because the first one's undo was saved meanwhile says
nothing (the first one answers, as for a move).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.board_guard import running_table
from bot.errors import UserError
from bot.i18n import Tr, lang_of
from bot.outcome import resolved, shown_after_saving
from bot.refusals import over_refusal
from bot.retry import retries
from bot.undo_post import show_taken_back
from db.errors import DuplicateInteraction, StaleVersion
from db.models import MoveRow, NewMove, TableRow
from engine.core import Game, IllegalMove
from engine.core.undo import (
    NOTHING,
    Actor,
    Plan,
    Replayed,
    Step,
    Stop,
    batch_undoable,
    plan_undo,
    replay_marked,
)

if TYPE_CHECKING:
    from bot.service import TableServiceLike as TableService
    from db.store import Store

log = logging.getLogger(__name__)

NO_REPLAY = "undo.no_replay"
"""Why a game whose log no longer replays to its state takes nothing back."""
ACTED_FOR_SOURCES = frozenset({"timeout", "kicked", "left", "standin"})
"""Moves the bot made for a person (at a time limit, at a removal, standing in): never taken back."""


def actor_of(source: str) -> Actor:
    """A stored move's source as undo sees it: the person, the bot for them, or an automated seat."""
    if source == "player":
        return Actor.PERSON
    if source == "bot":
        return Actor.BOT_PLAYER
    return Actor.ACTED_FOR if source in ACTED_FOR_SOURCES else Actor.AUTOMATED


def steps_of(moves: Sequence[MoveRow | NewMove]) -> list[Step]:
    return [Step(m.seat, m.notation, actor_of(m.source)) for m in moves]


# ---------------------------------------------------------------- the Undo button's offer


def offered(offers: Mapping[int, int], table: TableRow) -> bool:
    """Whether a board of ``table`` shows the Undo button: its last step can be taken back
    (``offers`` is the service's ``undo_offers``: table id -> the version that offers it)."""
    return offers.get(table.id) == table.version


def remember(service: TableService, table: TableRow, offer: bool) -> None:
    if offer:
        service.undo_offers[table.id] = table.version
    else:
        service.undo_offers.pop(table.id, None)


def offer_after_move(
    service: TableService, before: TableRow, after: TableRow, seat: int, moves: Sequence[NewMove]
) -> None:
    """After ``seat``'s move was committed (with the automated moves it set off): offer Undo
    under the new board if that whole step could be taken back."""
    engine = service.adapters[after.game].game
    assert before.state is not None
    try:
        offer = batch_undoable(engine, before.state, seat, steps_of(moves))
    except IllegalMove:  # the move was just applied to this very state; never expected
        log.exception("table %s: the committed step does not apply again", after.id)
        offer = False
    remember(service, after, offer)


# ---------------------------------------------------------------- taking a step back


@dataclass(frozen=True)
class Looked:
    """A table, its log and what one undo request for a seat would do there."""

    table: TableRow
    moves: list[MoveRow]
    steps: list[Step]
    replayed: Replayed | None
    """The log replayed with the engine's verdicts; ``None`` if it no longer leads to the stored state."""
    found: Plan | Stop


def _plain(state: Any) -> Any:
    """A state as the store gives it back (JSON), so a replayed state compares equal to it."""
    return json.loads(json.dumps(state))


async def look(store: Store, engine: Game, table_id: int, seat: int) -> Looked:
    """Read the table and its log together and plan one undo step for ``seat``."""
    table, moves = await store.table_and_moves(table_id)
    steps = steps_of(moves)
    try:
        content = engine.content(table.state) if table.state is not None else None
        replayed: Replayed | None = replay_marked(
            engine, len(table.seats), table.options, table.seed, steps, content
        )
    except IllegalMove:
        replayed = None
    if replayed is not None and _plain(replayed.end) != table.state:
        replayed = None
    found = Stop(NO_REPLAY) if replayed is None else plan_undo(replayed, steps, seat)
    if isinstance(found, Plan) and replayed is not None:
        found = whole_shortcut(found, moves, replayed)
    return Looked(table, moves, steps, replayed, found)


def whole_shortcut(plan: Plan, moves: Sequence[MoveRow], replayed: Replayed) -> Plan | Stop:
    """``plan`` widened to the whole shortcut its first move belongs to: the moves one tap made
    together ("Confirm and produce": the placement, then ``done``) are one step, taken back
    together (issue 34). They were committed at once by one interaction: the first carries its
    id, the others none, the same seat, source and instant. A move of it that may not be taken
    back stops the whole step."""
    start = plan.keep

    def joined(i: int) -> bool:
        later, earlier = moves[i], moves[i - 1]
        return (
            later.interaction_id is None
            and later.source == earlier.source == "player"
            and later.seat == earlier.seat
            and later.created_at == earlier.created_at
        )

    while start > 0 and joined(start):
        start -= 1
    if start == plan.keep:
        return plan
    reason = next((replayed.stops[i] for i in range(start, plan.keep) if replayed.stops[i] is not None), None)
    if reason is not None:
        return Stop(reason, moves[start].seat)
    return Plan(keep=start, state=replayed.states[start])


async def commit(
    store: Store, looked: Looked, plan: Plan, awaited: Collection[int], interaction_id: int | None = None
) -> TableRow:
    """Drop the planned step at the version it was planned on (``StaleVersion`` if it moved on;
    ``DuplicateInteraction`` if this undo's interaction already took effect)."""
    return await store.take_back(
        looked.table.id,
        expected_version=looked.table.version,
        keep=looked.moves[plan.keep].ply,
        state=plan.state,
        awaited=awaited,
        interaction_id=interaction_id,
    )


def can_step_again(looked: Looked, plan: Plan, seat: int) -> bool:
    """Whether ``seat`` could take back one more step after ``plan`` (the next board offers Undo)."""
    assert looked.replayed is not None
    return isinstance(plan_undo(looked.replayed, looked.steps, seat, length=plan.keep), Plan)


def refusal(service: TableService, table: TableRow, stop: Stop, tr: Tr) -> UserError:
    """A stop in the player's words, naming whoever made the move in the way."""
    names = service.names(table, tr)
    name = names[stop.seat] if stop.seat is not None and 0 <= stop.seat < len(names) else ""
    return UserError(stop.reason, name=name)


async def take_back(
    service: TableService,
    interaction: discord.Interaction,
    *,
    table_id: int | None = None,
    version: int | None = None,
    game: str | None = None,
) -> TableRow:
    """Take back the caller's last step at the table of this channel and show the board again.

    ``game`` names the table in a DM that holds one per game (``/marsbot undo``); an Undo button
    names its table's game itself, so it works in such a DM too.

    ``table_id`` and ``version`` come from an Undo button: the board it was shown under. A
    button of another table or of an older board is refused (with the reason undo is no longer
    possible, if it is not). Without them (``/undo``) a move committed meanwhile makes the
    request look again at the new position, as often as a typed move is applied again
    (``bot.retry``).
    """
    tr = Tr(lang_of(interaction.locale))
    typed = interaction.type == discord.InteractionType.application_command
    own = None
    if table_id is not None:
        own = await running_table(interaction, table_id)
        game = game or own.game
    here = await service.running_table_here(interaction, game, read=own)
    if table_id is not None and here.id != table_id:
        raise service.stale(here.game)
    seat = service.seat_of(here, interaction.user.id)
    engine = service.adapters[here.game].game
    if await service.store.interaction_seen(interaction.id):
        log.info("undo interaction %s was already applied", interaction.id)
        return here
    try:
        done = await _attempts(service, interaction, here, seat, engine, tr, version=version, typed=typed)
    except UserError:
        if await service.store.interaction_seen(interaction.id):
            # Discord delivered it again, and the first delivery's undo was saved between this
            # one's first look and its plan (which then found nothing to take back, or a newer
            # board): the first delivery answers; Discord refuses a second answer (40060).
            log.info("undo interaction %s was delivered again as it took effect", interaction.id)
            return here
        raise
    if isinstance(done, TableRow):  # this interaction had already taken effect
        return done
    table, looked, found = done
    service.clocks_changed()
    remember(service, table, can_step_again(looked, found, seat))
    shown = show_taken_back(service, interaction, table, seat, found.state, looked.steps[found.keep :])
    await shown_after_saving(interaction, shown, partial(service.board_shows, table))
    return table


async def _attempts(
    service: TableService,
    interaction: discord.Interaction,
    here: TableRow,
    seat: int,
    engine: Game,
    tr: Tr,
    *,
    version: int | None,
    typed: bool,
) -> tuple[TableRow, Looked, Plan] | TableRow:
    """The undo planned and committed, looking again when another move won the race: the table
    as saved with the plan, or just the table if this interaction had already taken effect. A
    refusal is a ``UserError``."""
    attempts = retries(here)
    for attempt in range(attempts):
        looked = await look(service.store, engine, here.id, seat)
        table, found = looked.table, looked.found
        if table.status != "active":
            raise over_refusal(table)
        stale = version is not None and version != table.version
        if stale and (isinstance(found, Plan) or found.reason == NOTHING):
            raise UserError("undo.stale")
        if isinstance(found, Stop):
            raise refusal(service, table, found, tr)
        try:
            write = partial(
                commit, service.store, looked, found, service.awaited(engine, found.state), interaction.id
            )
            table = await resolved(service.store, interaction, here.id, write, action="undo")
        except DuplicateInteraction:
            log.info("undo interaction %s was already applied", interaction.id)
            return table
        except StaleVersion:
            if attempt == attempts - 1:
                raise service.stale(table.game, typed=typed) from None
            log.info("table %s moved on under an undo; looking again", table.id)
            continue
        return table, looked, found
    raise AssertionError("unreachable: the last attempt returns or raises")
