"""Move notation of both variants and the solo mode.

``swap A1 B2``, ``score C17 row3`` (complex: ``score C17 row3 left``), ``end``, ``resign``;
complex only: ``setup C01 C02`` (the public goal, then the secret one),
``jump A1 C3``, ``bet left 3`` / ``bet goal C12``, ``draw``, ``take 2``; solo: ``automa``.

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
from engine.runarch.archives import ARCHIVES, LIMITS
from engine.runarch.cards import MAX_CARDS
from engine.runarch.components import (
    ADJACENT_PAIRS,
    ALL_LINES,
    CELL_INDEX,
    CELLS,
    JUMP_PAIRS,
    ORTHOGONAL_PAIRS,
)

SWAP, SCORE, END, RESIGN = "swap", "score", "end", "resign"
SETUP, JUMP, BET, DRAW, TAKE, AUTOMA = "setup", "jump", "bet", "draw", "take", "automa"
GOAL = "goal"
"""The bet target word for a public goal (``bet goal C12``)."""
OFFER_SIZE = 4

_CELL = re.compile(r"[A-Za-z][0-9]+")
_CARD = re.compile(r"C([0-9]{1,6})")
_LINE = re.compile(r"(ROW|COL|DIAG)([A-Z0-9]+)")
_WORD = re.compile(r"[A-Za-z0-9]+")
"""Tokens are plain ASCII letters and digits (checked before any case folding)."""
_NUMBER = re.compile(r"[0-9]{1,3}")

END_MOVE = Move(END)
RESIGN_MOVE = Move(RESIGN)
DRAW_MOVE = Move(DRAW)
AUTOMA_MOVE = Move(AUTOMA)
TAKE_MOVES: tuple[Move, ...] = tuple(Move(TAKE, (str(p),)) for p in range(1, OFFER_SIZE + 1))
"""``take 1`` .. ``take 4``: ``TAKE_MOVES[:len(offer)]`` are the positions that hold a card."""

CARD_NAMES: tuple[str, ...] = tuple(f"C{n:02d}" for n in range(1, MAX_CARDS + 1))
"""Every id a card of any deck version may have (ids run C01, C02, ... in each file)."""

SWAP_MOVES: tuple[Move, ...] = tuple(Move(SWAP, (CELLS[a], CELLS[b])) for a, b in ADJACENT_PAIRS)
"""Every geometrically possible swap in canonical form, built once (legal-move listing reuses them)."""

ORTHOGONAL_SWAP_MOVES: tuple[Move, ...] = tuple(Move(SWAP, (CELLS[a], CELLS[b])) for a, b in ORTHOGONAL_PAIRS)
"""The swaps allowed in the complex game before the diagonal token."""

JUMP_MOVES: tuple[Move, ...] = tuple(Move(JUMP, (CELLS[a], CELLS[b])) for a, b in JUMP_PAIRS)
"""Every geometrically possible swap over one stone."""

SCORE_MOVES = MappingProxyType(
    {(card, line): Move(SCORE, (card, line)) for card in CARD_NAMES for line in ALL_LINES}
)
"""Every (card, line) score move in canonical form, built once."""

FILED_SCORE_MOVES = MappingProxyType(
    {
        (card, line, archive): Move(SCORE, (card, line, archive))
        for card in CARD_NAMES
        for line in ALL_LINES
        for archive in ARCHIVES
    }
)
"""Every complex (card, line, archive) score move, built once."""

BET_MOVES = MappingProxyType(
    {
        **{(a, str(n)): Move(BET, (a, str(n))) for a in ARCHIVES for n in range(LIMITS[a] + 1)},
        **{(GOAL, card): Move(BET, (GOAL, card)) for card in CARD_NAMES},
    }
)
"""Every well-formed bet with a target that can exist, keyed by its two arguments."""

_CANONICAL = MappingProxyType(
    {
        m.notation: m
        for m in (
            *SWAP_MOVES,
            *JUMP_MOVES,
            *SCORE_MOVES.values(),
            *FILED_SCORE_MOVES.values(),
            *BET_MOVES.values(),
            *TAKE_MOVES,
            END_MOVE,
            RESIGN_MOVE,
            DRAW_MOVE,
            AUTOMA_MOVE,
        )
    }
)
_BARE = MappingProxyType({END: END_MOVE, RESIGN: RESIGN_MOVE, DRAW: DRAW_MOVE, AUTOMA: AUTOMA_MOVE})


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
    move = _parse_tokens(kind, args)
    if move is None:
        raise IllegalMove("core.bad_notation", text=text)
    return move


def _parse_tokens(kind: str, args: list[str]) -> Move | None:
    """The canonical move of ``kind`` with ``args``, or ``None`` when the form is wrong."""
    if not args:
        return _BARE.get(kind)
    if kind in (SWAP, JUMP) and len(args) == 2:
        return _parse_pair(kind, args)
    if not all(_WORD.fullmatch(arg) for arg in args):
        return None
    if kind == SCORE and len(args) in (2, 3):
        card, line = normalise_card(args[0]), normalise_line(args[1])
        if len(args) == 2:
            return SCORE_MOVES.get((card, line)) or Move(SCORE, (card, line))
        archive = args[2].lower()
        if archive not in ARCHIVES:
            return None
        return FILED_SCORE_MOVES.get((card, line, archive)) or Move(SCORE, (card, line, archive))
    if kind == SETUP and len(args) == 2:
        return Move(SETUP, tuple(normalise_card(arg) for arg in args))
    if kind == BET and len(args) == 2:
        return _parse_bet(args[0].lower(), args[1])
    if kind == TAKE and len(args) == 1 and _NUMBER.fullmatch(args[0]):
        position = str(int(args[0]))
        return _CANONICAL.get(f"{TAKE} {position}") or Move(TAKE, (position,))
    return None


def _parse_pair(kind: str, args: list[str]) -> Move | None:
    """``swap`` / ``jump`` with two cells, put in reading order."""
    if not (_CELL.fullmatch(args[0]) and _CELL.fullmatch(args[1])):
        return None
    a, b = normalise_cell(args[0]), normalise_cell(args[1])
    ia, ib = CELL_INDEX.get(a), CELL_INDEX.get(b)
    if ia is not None and ib is not None and ib < ia:
        a, b = b, a
    return _CANONICAL.get(f"{kind} {a} {b}") or Move(kind, (a, b))


def _parse_bet(target: str, value: str) -> Move | None:
    """``bet left 3`` (an archive and a count) or ``bet goal C12``."""
    if target in ARCHIVES and _NUMBER.fullmatch(value):
        count = str(int(value))
        return BET_MOVES.get((target, count)) or Move(BET, (target, count))
    if target == GOAL:
        card = normalise_card(value)
        return BET_MOVES.get((GOAL, card)) or Move(BET, (GOAL, card))
    return None


def canonical(move: Move) -> Move:
    """A Move built by a caller, normalised the same way as parsed text."""
    known = _CANONICAL.get(move.notation)
    return known if known is not None else parse_move(move.notation)
