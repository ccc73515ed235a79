"""The words of a lobby post: the game and its host, every seat, the options and clocks."""

from __future__ import annotations

from collections.abc import Sequence

from bot.bot_players import seat_name
from bot.clock_settings import describe, of_table
from bot.i18n import Tr
from bot.outgoing import plain
from db.models import TableRow


def option_value(tr: Tr, game: str, value: object) -> object:
    """Numbers as they are; word values (a variant, a difficulty) in the reader's language."""
    return tr(f"options.{game}.values.{value}") if isinstance(value, str) else value


def seat_lines(table: TableRow, tr: Tr) -> list[str]:
    """Who sits (players and bot players, in seat order), then one line per seat held for an
    invited person and per free seat."""
    names = ", ".join(
        tr("lobby.seat.bot", name=seat_name(tr, table.game, s)) if s.is_bot else plain(s.name)
        for s in sorted(table.seats, key=lambda s: s.seat)
    )
    lines = [tr("lobby.players", count=len(table.seats), max=table.max_seats, names=names)]
    if table.status == "lobby":
        lines.extend(tr("lobby.seat.invited", mention=f"<@{i.user_id}>") for i in table.invites)
        lines.extend(tr("lobby.seat.free") for _ in range(table.open_seats))
    return lines


def lobby_text(
    table: TableRow,
    tr: Tr,
    title: str,
    hidden_options: frozenset[str] = frozenset(),
    *,
    bot_levels: Sequence[str] = (),
) -> str:
    """The lobby post; ``bot_levels`` are the game's (the hint about bot players needs them)."""
    # Seats are drawn at the start, so the host is whoever opened the table, not seat 0.
    host = next((plain(s.name) for s in table.seats if s.user_id == table.host_id), "?")
    lines = [
        tr("lobby.title", game=title, host=host),
        *seat_lines(table, tr),
    ]
    options = [
        tr(f"options.{table.game}.{key}", value=option_value(tr, table.game, value))
        for key, value in table.options.items()
        if key not in hidden_options
    ]
    if options:
        lines.append(" · ".join(options))
    if table.max_seats > 1:
        lines.append(describe(tr, of_table(table), table.game))
    if table.status == "lobby":
        if table.invites:
            mentions = ", ".join(f"<@{i.user_id}>" for i in table.invites)
            lines.append(tr("lobby.invitation", count=len(table.invites), mentions=mentions))
        lines.append(tr("lobby.how_to_start"))
        if bot_levels and table.open_seats > 0:
            lines.append(tr("lobby.bots_hint"))
    elif table.status == "cancelled":
        lines.append(tr("lobby.cancelled"))
    else:
        lines.append(tr("lobby.started"))
    return "\n".join(lines)
