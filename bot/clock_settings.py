"""A table's clock settings: reminder, time limit per move, and what happens at the limit.

Durations are typed the way people say them (``12h``, ``3d``, ``1d12h``, ``90m``); a bare
number means hours for the reminder and days for the limit. Bounds keep a table from
waiting a year or nagging every minute. Every refusal is a ``UserError`` with the bounds.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from discord import app_commands

from bot.bot_players import level_word
from bot.errors import UserError
from bot.i18n import Tr, cmd
from db.models import TableRow

HOUR = 3600.0
DAY = 24 * HOUR

DEFAULT_REMIND = 12 * HOUR
DEFAULT_LIMIT = 3 * DAY
REMIND_RANGE = (1 * HOUR, 7 * DAY)
LIMIT_RANGE = (1 * HOUR, 30 * DAY)
MAX_TIMEOUTS = 3
"""Limits missed in a row after which an absent player is removed even with ``auto``."""
OUTCOMES = ("auto", "remove", "bot")
"""What the ``at_limit`` option offers; ``bot`` is stored as the stand-in's level (``bot.standin``)."""
OFF_WORDS = frozenset({"off", "0", "no", "none", "vyp", "ne", "nic"})

_PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*([dhm])")
_UNITS = {"d": DAY, "h": HOUR, "m": 60.0}


@dataclass(frozen=True)
class ClockSettings:
    """Seconds, as the store keeps them; ``None`` reminder: none is sent."""

    remind_after: float | None = DEFAULT_REMIND
    time_limit: float | None = DEFAULT_LIMIT
    on_timeout: str = "auto"
    """``auto`` or ``remove``: what happens at the limit where no stand-in plays."""
    standin_level: str | None = None
    """``at_limit:bot``: the level of the game's bot that plays an absent player's turns."""


def defaults(has_timeout_move: bool) -> ClockSettings:
    """12 h, 3 days, and the engine's automatic move where the game has one."""
    return ClockSettings(on_timeout="auto" if has_timeout_move else "remove")


def parse_duration(text: str, bare_unit: float) -> float:
    """``"1d12h"`` -> seconds; raises ``UserError("clock.bad_duration")`` for anything else,
    including numbers too long to be a time (hundreds of digits read as infinity)."""
    cleaned = text.strip().lower().replace(" ", "")
    if re.fullmatch(r"\d+(?:[.,]\d+)?", cleaned):
        seconds = float(cleaned.replace(",", ".")) * bare_unit
    else:
        parts = _PART.findall(cleaned)
        if not parts or "".join(f"{n}{u}" for n, u in parts) != cleaned:
            raise UserError("clock.bad_duration", text=text)
        seconds = sum(float(n.replace(",", ".")) * _UNITS[u] for n, u in parts)
    if not math.isfinite(seconds):
        raise UserError("clock.bad_duration", text=text)
    return seconds


def merged(
    base: ClockSettings,
    *,
    reminder: str | None = None,
    limit: str | None = None,
    at_limit: str | None = None,
    has_timeout_move: bool = True,
    bot_level: str | None = None,
    bot_levels: tuple[str, ...] = (),
) -> ClockSettings:
    """``base`` with what the user typed, validated as a whole (the reminder before the limit).

    ``at_limit:bot`` lets the game's bot (one of ``bot_levels``, ``bot_level`` or its middle
    level) stand in; where it cannot, the game's own outcome (``auto`` or ``remove``) applies."""
    remind_after = base.remind_after
    if reminder is not None:
        if reminder.strip().lower() in OFF_WORDS:
            remind_after = None
        else:
            remind_after = parse_duration(reminder, HOUR)
            if not REMIND_RANGE[0] <= remind_after <= REMIND_RANGE[1]:
                raise UserError("clock.reminder_range", text=reminder)
    time_limit = base.time_limit
    if limit is not None:
        time_limit = parse_duration(limit, DAY)
        if not LIMIT_RANGE[0] <= time_limit <= LIMIT_RANGE[1]:
            raise UserError("clock.limit_range", text=limit)
    on_timeout, standin_level = base.on_timeout, base.standin_level
    if at_limit is not None and at_limit not in OUTCOMES:
        raise UserError("clock.bad_outcome")
    if at_limit == "bot":
        if not bot_levels:
            raise UserError("clock.no_standin")
        on_timeout = "auto" if has_timeout_move else "remove"
        standin_level = standin_level or bot_levels[len(bot_levels) // 2]
    elif at_limit is not None:
        on_timeout, standin_level = at_limit, None
    if bot_level is not None:
        if standin_level is None:
            raise UserError("clock.level_without_standin")
        if bot_level not in bot_levels:
            raise UserError("clock.bad_level", levels=", ".join(bot_levels))
        standin_level = bot_level
    if on_timeout == "auto" and not has_timeout_move:
        raise UserError("clock.no_timeout_move")
    if remind_after is not None and time_limit is not None and remind_after >= time_limit:
        raise UserError("clock.reminder_after_limit")
    return ClockSettings(remind_after, time_limit, on_timeout, standin_level)


def duration_text(tr: Tr, seconds: float) -> str:
    """``3 days``, ``12 h``, ``1 day 6 h``, ``45 min`` in the reader's language."""
    minutes = round(seconds / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = []
    if days:
        parts.append(tr("clock.days", count=days))
    if hours:
        parts.append(tr("clock.hours", count=hours))
    if mins or not parts:
        parts.append(tr("clock.minutes", count=mins))
    return " ".join(parts)


def describe(tr: Tr, settings: ClockSettings, game: str = "") -> str:
    """One lobby line: reminder · limit · outcome (the stand-in's level in ``game``'s words)."""
    if settings.time_limit is None:
        return tr("clock.no_limit")
    reminder = (
        tr("clock.reminder_off")
        if settings.remind_after is None
        else tr("clock.reminder", duration=duration_text(tr, settings.remind_after))
    )
    limit = tr("clock.limit", duration=duration_text(tr, settings.time_limit))
    if settings.standin_level is not None:
        outcome = tr("clock.outcome.bot", level=level_word(tr, game, settings.standin_level))
    else:
        outcome = tr(f"clock.outcome.{settings.on_timeout}", count=MAX_TIMEOUTS)
    return tr("clock.summary", reminder=reminder, limit=limit, outcome=outcome)


def of_table(table: TableRow) -> ClockSettings:
    """The settings a stored table runs under."""
    return ClockSettings(table.remind_after, table.time_limit, table.on_timeout, table.standin_level)


def at_limit_choices() -> list[app_commands.Choice[str]]:
    """The ``at_limit`` option of every command that sets a table's clock."""
    return [app_commands.Choice(name=cmd(f"cmd.table.settings.choice.{v}"), value=v) for v in OUTCOMES]


CHOICE_MAX = 100
"""Discord's limit on an autocomplete choice's name and value."""

SUGGESTIONS = {
    "reminder": ("6h", "12h", "1d", "2d", "off"),
    "limit": ("12h", "1d", "2d", "3d", "5d", "7d", "14d"),
}
"""What the duration fields offer before anything is typed."""


def duration_choices(tr: Tr, current: str, field: str) -> list[app_commands.Choice[str]]:
    """Common values, named in the reader's language; a valid typed value comes first, read back.

    A typed value is offered only if the command would accept it (a duration within the
    field's range, short enough to be a choice), so picking it never leads to a refusal."""
    bare = HOUR if field == "reminder" else DAY
    bounds = REMIND_RANGE if field == "reminder" else LIMIT_RANGE
    values = [v for v in SUGGESTIONS[field] if v.startswith(current.strip().lower())]
    typed = current.strip()
    if typed and typed.lower() not in values and len(typed) <= CHOICE_MAX:
        try:
            seconds = parse_duration(typed, bare)
        except UserError:
            pass
        else:
            if bounds[0] <= seconds <= bounds[1]:
                values.insert(0, typed)
    choices = []
    for value in values:
        if value.lower() in OFF_WORDS:
            name = tr("clock.reminder_off")
        else:
            name = f"{value} → {duration_text(tr, parse_duration(value, bare))}"
        choices.append(app_commands.Choice(name=name[:CHOICE_MAX], value=value))
    return choices
