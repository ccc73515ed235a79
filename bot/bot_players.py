"""Bot players: seats a host fills in a lobby, played by the game's ``bot_move``.

A bot player's seat has no user; its name is its number among the table's bots and its level,
in the reader's language ("Bot 1 (easy)"). Level words come from the game's own catalog
(``bot.level.<game>.<level>``) or the shared one (``bot.level.<level>``).
"""

from __future__ import annotations

from bot.i18n import Tr, has
from bot.outgoing import plain
from db.models import SeatRow


def level_word(tr: Tr, game: str, level: str) -> str:
    """A bot level in the reader's language (the level's id if no catalog names it)."""
    for key in (f"bot.level.{game}.{level}", f"bot.level.{level}"):
        if has(key):
            return tr(key)
    return level


def bot_name(tr: Tr, game: str, number: str | int, level: str) -> str:
    return tr("bot.name", number=number, level=level_word(tr, game, level))


def seat_name(tr: Tr, game: str, seat: SeatRow) -> str:
    """A seat's name as text that never pings: a person's display name, or the bot's name."""
    if seat.bot_level is not None:
        return bot_name(tr, game, seat.name, seat.bot_level)
    return plain(seat.name)
