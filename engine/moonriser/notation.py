"""Move notation, as the log stores it.

``base C4`` · ``keep B01 B07 A03`` · ``plan 2`` · ``draw basic`` · ``draw advanced 3`` ·
``place B01 C4 2 hand`` · ``place B05 D2 0 supply`` · ``upgrade C4`` · ``done`` ·
``trade red blue`` · ``trade green yellow 3`` (three trades at once) · ``convert`` (every
token and leftover tile into VP at the end) · ``sell B01 B02 B03 B04 yellow`` · ``swap blue red``
· ``swap blue B02 B09`` · ``discard B07`` · ``discard B07 B09`` (several at once) · ``end`` ·
``resign``.

Parsing is case-insensitive and canonical (tile ids and fields upper-case, words lower-case,
the tiles of ``keep``/``sell``/``swap`` sorted, ``draw basic 1`` written ``draw basic``), so
``str(parse_move(text))`` is stable. It checks only the *form*; whether a field exists or a tile
is in hand is answered by ``apply`` with a more helpful code.
"""

from __future__ import annotations

import re

from engine.core import IllegalMove, Move
from engine.moonriser.content import TOKENS

BASE, KEEP, PLAN, DRAW, PLACE, UPGRADE, DONE = "base", "keep", "plan", "draw", "place", "upgrade", "done"
TRADE, SELL, SWAP, DISCARD, END, RESIGN = "trade", "sell", "swap", "discard", "end", "resign"
CONVERT = "convert"
KINDS = frozenset(
    {BASE, KEEP, PLAN, DRAW, PLACE, UPGRADE, DONE, TRADE, SELL, SWAP, DISCARD, END, RESIGN, CONVERT}
)
PILES: tuple[str, ...] = ("basic", "advanced")
GETS: tuple[str, ...] = (*TOKENS, "yellow")
SOURCES: tuple[str, ...] = ("hand", "supply")
SELL_COUNT = 4
SWAP_TILES = 2
MAX_KEEP = 60
MAX_TIMES = 99
"""The most trades one ``trade`` makes at once."""

_TILE = re.compile(r"M[1-4]|[BA][0-9]{2}")
_FIELD = re.compile(r"[A-Z][0-9]{1,2}")
_NUMBER = re.compile(r"[0-9]{1,3}")
_WORD = re.compile(r"[A-Za-z0-9]+")

DONE_MOVE, END_MOVE, RESIGN_MOVE, CONVERT_MOVE = Move(DONE), Move(END), Move(RESIGN), Move(CONVERT)


def _bad(text: str) -> IllegalMove:
    return IllegalMove("core.bad_notation", text=text)


def _tile(word: str, text: str) -> str:
    """A tile id; a word that cannot be one is "no such tile", not a malformed move."""
    word = word.upper()
    if not _TILE.fullmatch(word):
        raise IllegalMove("moonriser.no_such_tile", tile=word)
    return word


def _field(word: str, text: str) -> str:
    word = word.upper()
    if not _FIELD.fullmatch(word):
        raise _bad(text)
    return word


def _number(word: str, text: str, low: int, high: int) -> int:
    if not _NUMBER.fullmatch(word) or not low <= int(word) <= high:
        raise _bad(text)
    return int(word)


def _choice(word: str, text: str, choices: tuple[str, ...]) -> str:
    word = word.lower()
    if word not in choices:
        raise _bad(text)
    return word


def parse_move(text: str) -> Move:
    """Notation -> canonical ``Move`` (``IllegalMove("core.bad_notation")`` if malformed)."""
    words = text.split()
    if not words or not all(_WORD.fullmatch(w) for w in words):
        raise _bad(text)
    kind, args = words[0].lower(), words[1:]
    if kind not in KINDS:
        raise _bad(text)
    n = len(args)
    if kind in (DONE, END, RESIGN, CONVERT):
        if n:
            raise _bad(text)
        return Move(kind)
    if kind in (BASE, UPGRADE) and n == 1:
        return Move(kind, (_field(args[0], text),))
    if kind == KEEP and 1 <= n <= MAX_KEEP:
        return Move(kind, tuple(sorted(_tile(w, text) for w in args)))
    if kind == PLAN and n == 1:
        return Move(kind, (str(_number(args[0], text, 0, 999)),))
    if kind == DRAW and n in (1, 2):
        pile = _choice(args[0], text, PILES)
        count = _number(args[1], text, 1, 999) if n == 2 else 1
        return Move(kind, (pile,) if count == 1 else (pile, str(count)))
    if kind == PLACE and n == 4:
        rotation = _number(args[2], text, 0, 5)
        source = _choice(args[3], text, SOURCES)
        return Move(kind, (_tile(args[0], text), _field(args[1], text), str(rotation), source))
    if kind == TRADE and n in (2, 3):
        times = _number(args[2], text, 1, MAX_TIMES) if n == 3 else 1
        pair = (_choice(args[0], text, TOKENS), _choice(args[1], text, GETS))
        return Move(kind, pair if times == 1 else (*pair, str(times)))
    if kind == SELL and n == SELL_COUNT + 1:
        tiles = sorted(_tile(w, text) for w in args[:SELL_COUNT])
        return Move(kind, (*tiles, _choice(args[-1], text, GETS)))
    if kind == SELL and n >= 1:
        count = n - 1 if args[-1].lower() in GETS else n
        raise IllegalMove("moonriser.sell_count", count=count, need=SELL_COUNT)
    if kind == SWAP and n == 2:
        return Move(kind, (_choice(args[0], text, TOKENS), _choice(args[1], text, TOKENS)))
    if kind == SWAP and n == 1 + SWAP_TILES:
        tiles = sorted(_tile(w, text) for w in args[1:])
        return Move(kind, (_choice(args[0], text, TOKENS), *tiles))
    if kind == DISCARD and 1 <= n <= MAX_KEEP:
        return Move(kind, tuple(sorted(_tile(w, text) for w in args)))
    raise _bad(text)


def canonical(move: Move) -> Move:
    """A ``Move`` built by hand, in its canonical form (parsed from its notation)."""
    return parse_move(move.notation)
