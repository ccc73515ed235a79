"""Players as a Manhattan Project player names them: by name and colour, never by seat number.

The engine numbers seats from 0 (``attack 1 fighter``); a list that said "Blue (player 2)" let a
player type 2 and strike Green. So every list shows "alice (Blue)", an autocomplete's value is
the colour, and typed text is read as a player's name or colour (English or Czech, any case,
with or without diacritics).

A picker's labels see only the state, so the cog that opens a picker lends it the table's names
for the moment (``lend_names``); without them a label shows the colour alone.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from bot.i18n import LANGS, Tr

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
"""Seat colours in seat order (the board's)."""

_NAMES: ContextVar[Sequence[str] | None] = ContextVar("manhattan_seat_names", default=None)


@contextmanager
def lend_names(names: Sequence[str]) -> Iterator[None]:
    """Seat names for the labels built inside the block (a picker's first step)."""
    token = _NAMES.set(list(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def lent_names() -> Sequence[str] | None:
    return _NAMES.get()


def colour_of(tr: Tr, seat: int) -> str:
    return tr(f"manhattan.colour.{COLOURS[seat]}")


def player_words(tr: Tr, seat: int, names: Sequence[str] | None) -> str:
    """``alice (Blue)``, or ``Blue`` without names."""
    colour = colour_of(tr, seat)
    if names is None or not 0 <= seat < len(names):
        return colour
    return tr("manhattan.pick.player", name=names[seat].replace("**", ""), colour=colour)


def target_words(tr: Tr, state: dict[str, Any], seat: int, names: Sequence[str] | None) -> str:
    """``alice (Blue): 3 fighters, 1 bomber`` — a strike target with what it can lose."""
    row = state["seats"][seat]
    return tr(
        "manhattan.pick.target",
        player=player_words(tr, seat, names),
        fighters=tr("manhattan.amount.fighters", count=row["fighters"]),
        bombers=tr("manhattan.amount.bombers", count=row["bombers"]),
    )


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c)).strip()


def seat_named(text: str, players: int, names: Sequence[str]) -> int | None:
    """The seat ``text`` names: a player's whole name, a colour in any language or its key (an
    autocomplete's value: ``blue``, ``modrý``, ``Modra``), or the start of only one name."""
    typed = _plain(text)
    plain = [_plain(name.replace("**", "")) for name in names[:players]]
    if typed and typed in plain:
        return plain.index(typed)
    if len(typed) < 3:
        return None
    for seat in range(players):
        key = COLOURS[seat]
        colours = {key, *(_plain(Tr(lang)(f"manhattan.colour.{key}")) for lang in LANGS)}
        if any(c.startswith(typed) or (len(typed) >= 4 and typed[:4] == c[:4]) for c in colours):
            return seat
    starting = [seat for seat, name in enumerate(plain) if name.startswith(typed)]
    return starting[0] if len(starting) == 1 else None
