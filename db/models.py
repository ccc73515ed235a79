"""Rows the store hands out: frozen, so a row read once cannot drift from what was read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

OPEN_STATUSES: frozenset[str] = frozenset({"lobby", "active"})
"""Statuses in which a table still occupies its channel."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seated player or bot player; ``seat`` is 0..n-1 with no gaps.

    A bot player (a seat the host filled in the lobby) has no user: ``user_id`` is ``None``,
    ``bot_level`` its level and ``name`` its number among the table's bots ("1", "2"), which
    the bot shows in the reader's language ("Bot 1 (easy)")."""

    seat: int
    user_id: int | None
    name: str
    joined_at: float
    awaited_since: float | None = None
    """When the game started waiting for this seat; ``None`` while it waits for others."""
    remind_at: float | None = None
    """When the reminder is due; ``None`` once sent (or with no reminder at this table)."""
    deadline: float | None = None
    """When the time limit strikes (moved by vacations); ``None`` without a limit."""
    timeouts: int = 0
    """Time limits missed in a row; a move of the player's own resets it."""
    bot_level: str | None = None
    """The level of a bot player (one of the game's ``bot_levels``); ``None`` for a person."""
    standin_turns: int = 0
    """Turns the table's stand-in bot has played for this person since they last acted; above 0
    the bot holds the seat (it plays their turns at once) until they act again."""
    left_at: float | None = None
    """When the player left the server (``None`` while they are on it): their turns are due at
    once, so the table's at-limit rule applies to each as it comes, until they come back."""

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


@dataclass(frozen=True, slots=True)
class InviteRow:
    """A seat reserved in a lobby for an invited person who has not joined yet."""

    user_id: int
    name: str
    invited_at: float


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table with its seats, as one consistent snapshot.

    ``state`` is ``None`` until the game starts. ``version`` is 0 in the lobby, 1 after
    ``start`` and +1 per committed move batch: it is the optimistic-concurrency token.
    """

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    parent_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    locale: str
    seed: int
    max_seats: int
    state: dict[str, Any] | None
    version: int
    board_message_id: int | None
    lobby_message_id: int | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    remind_after: float | None = None
    """Seconds an awaited seat waits before its reminder; ``None``: no reminders."""
    time_limit: float | None = None
    """Seconds an awaited seat has for its move; ``None``: no limit (solo tables)."""
    on_timeout: str = "auto"
    """At the limit: ``auto`` (the engine's automatic move) or ``remove`` (the player is out)."""
    end_reason: str | None = None
    """Why the table ended other than by play: abandoned, timeout, kicked, left."""
    invites: tuple[InviteRow, ...] = ()
    """Invited people who have not joined yet: each holds one of the free seats (lobby only)."""
    digest: bool = True
    """Whether the post that pings a player opens with what happened since their last turn."""
    standin_level: str | None = None
    """The level of the game's bot that stands in for an absent player (``at_limit:bot``)."""
    thread_lost_at: float | None = None
    """When a post found the table's thread deleted (``None`` while it is there): the parent
    channel was told, with a button that re-opens the table in a new thread (``bot.reopen``)."""

    def seat_of(self, user_id: int) -> int | None:
        """The seat of ``user_id``, or ``None`` if they do not sit here."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def seat_row(self, seat: int) -> SeatRow | None:
        """The row of ``seat`` (with its clock), or ``None`` if the seat is empty."""
        for s in self.seats:
            if s.seat == seat:
                return s
        return None

    def user_at(self, seat: int) -> int | None:
        """The user in ``seat``, or ``None`` if the seat is empty."""
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None

    @property
    def is_open(self) -> bool:
        """True while the table occupies its channel (lobby or active)."""
        return self.status in OPEN_STATUSES

    @property
    def bots(self) -> dict[int, str]:
        """Seat -> level of every bot player."""
        return {s.seat: s.bot_level for s in self.seats if s.bot_level is not None}

    @property
    def standins(self) -> dict[int, str]:
        """Seat -> level of every person's seat the stand-in bot holds now (``bot.standin``)."""
        if self.standin_level is None:
            return {}
        return {s.seat: self.standin_level for s in self.seats if s.standin_turns > 0 and s.user_id}

    @property
    def automated(self) -> dict[int, str]:
        """Seat -> level of every seat a bot moves for at once: bot players and held stand-ins."""
        return {**self.bots, **self.standins}

    @property
    def people(self) -> tuple[SeatRow, ...]:
        """The seats of persons, in seat order."""
        return tuple(s for s in self.seats if s.user_id is not None)

    @property
    def free_seats(self) -> int:
        """Seats nobody (person or bot) has taken yet, reserved ones included."""
        return self.max_seats - len(self.seats)

    @property
    def open_seats(self) -> int:
        """Free seats anyone may take: those not reserved for an invited person."""
        return max(0, self.free_seats - len(self.invites))

    def is_invited(self, user_id: int) -> bool:
        return any(i.user_id == user_id for i in self.invites)


@dataclass(frozen=True, slots=True)
class NewMove:
    """A move to append; ``user_id`` is ``None`` for automated seats (automa, MarsBot)."""

    seat: int
    notation: str
    user_id: int | None
    source: str = "player"
    """``player``, ``automa``, ``bot`` (a bot player), or who acted for an absent player:
    ``timeout``, ``kicked``, ``left``."""


@dataclass(frozen=True, slots=True)
class MoveRow:
    """A stored move; ``ply`` counts 0, 1, 2… per table, so the log replays in order."""

    ply: int
    seat: int
    user_id: int | None
    notation: str
    interaction_id: int | None
    created_at: float
    source: str = "player"


@dataclass(frozen=True, slots=True)
class NewResult:
    """One seat's final standing, written when the game finishes."""

    seat: int
    user_id: int | None
    place: int
    score: int
    variant: str = ""
    """What splits the rating pools (a variant such as ``simple``; ``""`` without variants)."""
    level: str | None = None
    """The automa's level at a solo table (``None`` at a table of people)."""
    bot_level: str | None = None
    """A bot player's level (its ``user_id`` is ``None``): a table with one is never rated."""
    figures: Mapping[str, int] = field(default_factory=dict)
    """The game's figures beside the scores (``Outcome.figures``), the same on every seat."""


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A stored final standing, denormalised (game, guild) so leaderboards need no join."""

    table_id: int
    seat: int
    user_id: int | None
    game: str
    guild_id: int | None
    place: int
    score: int
    finished_at: float
    variant: str = ""
    level: str | None = None
    bot_level: str | None = None


@dataclass(frozen=True, slots=True)
class DueClock:
    """A seat whose reminder or deadline has come (what the periodic check acts on)."""

    table_id: int
    seat: int
    user_id: int
    kind: str
    """``remind`` or ``deadline``."""
    due: float
    """The instant stored on the seat, that came due (a claim leaves it as it is)."""
    claimed_until: float | None = None
    """For a claimed item, when this process's lease on it ends (``db.clocks.claim``)."""


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    """A user's preferences; users who never set one get the defaults."""

    user_id: int
    dm_reminders: bool = False
    locale: str | None = None
    vacation_until: float | None = None

    def on_vacation(self, now: float) -> bool:
        return self.vacation_until is not None and self.vacation_until > now
