"""Move notation: ``swap A1 B2``, ``score C17 row3``, ``end``, ``resign``.

Parsing is case-insensitive and normalises (cells upper-case and in reading order, card
ids ``C`` + two digits, lines ``row3`` / ``colB``), so the canonical text is what the log
stores and ``str(parse_move(text))`` is stable. Parsing checks only the *form* of a move;
whether a cell, card or line exists is a rules question answered by ``apply`` with a more
helpful code (``runarch.bad_cell``, ``runarch.card_not_in_hand``, ``runarch.bad_line``).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from engine.core import IllegalMove, Move
from engine.runarch.cards import CARD_IDS
from engine.runarch.components import ADJACENT_PAIRS, ALL_LINES, CELL_INDEX, CELLS

SWAP, SCORE, END, RESIGN = "swap", "score", "end", "resign"

_CELL = re.compile(r"[A-Za-z][0-9]+")
_CARD = re.compile(r"C([0-9]{1,6})")
_LINE = re.compile(r"(ROW|COL|DIAG)([A-Z0-9]+)")
_WORD = re.compile(r"[A-Za-z0-9]+")
"""Tokens are plain ASCII letters and digits (checked before any case folding)."""

END_MOVE = Move(END)
RESIGN_MOVE = Move(RESIGN)

SWAP_MOVES: tuple[Move, ...] = tuple(Move(SWAP, (CELLS[a], CELLS[b])) for a, b in ADJACENT_PAIRS)
"""Every geometrically possible swap in canonical form, built once (legal-move listing reuses them)."""

SCORE_MOVES = MappingProxyType(
    {(card, line): Move(SCORE, (card, line)) for card in CARD_IDS for line in ALL_LINES}
)
"""Every (card, line) score move in canonical form, built once."""

_CANONICAL = MappingProxyType(
    {m.notation: m for m in (*SWAP_MOVES, *SCORE_MOVES.values(), END_MOVE, RESIGN_MOVE)}
)


def normalise_cell(token: str) -> str:
    return token.upper()


def normalise_card(token: str) -> str:
    """``c7`` -> ``C07``; anything else upper-cased (and later refused as not in hand)."""
    upper = token.upper()
    found = _CARD.fullmatch(upper)
    return f"C{int(found.group(1)):02d}" if found else upper


def normalise_line(token: str) -> str:
    """``ROW3`` -> ``row3``, ``colb`` -> ``colB``, ``DIAG1`` -> ``diag1``; others lower-cased."""
    upper = token.upper()
    found = _LINE.fullmatch(upper)
    if not found:
        return token.lower()
    prefix, suffix = found.group(1).lower(), found.group(2)
    return prefix + (suffix if prefix == "col" else suffix.lower())


def parse_move(text: str) -> Move:
    """Text -> canonical Move, or ``IllegalMove("core.bad_notation", text=...)``."""
    if not isinstance(text, str):
        raise IllegalMove("core.bad_notation", text=str(text))
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    tokens = text.split()
    if not tokens:
        raise IllegalMove("core.bad_notation", text=text)
    kind, args = tokens[0].lower(), tokens[1:]
    if kind in (END, RESIGN) and not args:
        return END_MOVE if kind == END else RESIGN_MOVE
    if kind == SWAP and len(args) == 2:
        if _CELL.fullmatch(args[0]) and _CELL.fullmatch(args[1]):
            a, b = normalise_cell(args[0]), normalise_cell(args[1])
            ia, ib = CELL_INDEX.get(a), CELL_INDEX.get(b)
            if ia is not None and ib is not None and ib < ia:
                a, b = b, a
            return Move(SWAP, (a, b))
    if kind == SCORE and len(args) == 2:
        card_token, line_token = args
        if _WORD.fullmatch(card_token) and _WORD.fullmatch(line_token):
            card, line = normalise_card(card_token), normalise_line(line_token)
            return SCORE_MOVES.get((card, line)) or Move(SCORE, (card, line))
    raise IllegalMove("core.bad_notation", text=text)


def canonical(move: Move) -> Move:
    """A Move built by a caller, normalised the same way as parsed text."""
    known = _CANONICAL.get(move.notation)
    return known if known is not None else parse_move(move.notation)
