"""Move notation, as the log stores it.

``bonus E`` · ``place mine2 L`` · ``place build E 2`` · ``place uni4 cL S`` ·
``place design E+cS`` · ``place design E+S block`` · ``place uni1 L c2`` · ``place uni4 L S c1`` ·
``work F03 E+E`` · ``work F01 L 2`` · ``work R02 S eu`` · ``work U03 L+L c1`` ·
``attack 2 fighter`` · ``raid 2 R02`` · ``repair F01 M03 M03`` · ``repair none`` · ``pick B07`` ·
``bomb B07 E+E+S+S`` · ``test B07`` · ``load B07`` · ``done`` · ``retrieve`` · ``resign``.

Parsing is case-insensitive and canonical: space ids and words lower-case, building and bomb ids
upper-case, worker tokens ``L E S cL cE cS`` sorted in that order and joined by ``+``, the
buildings of a repair sorted. It checks only the *form*; whether a space is free or a worker at
home is answered by ``apply`` with a more helpful code.

Two words were added later and are only ever the last word: ``block`` (the worker only blocks the
space, its action is not taken) and ``c<N>`` (of the workers gained, exactly N are contractors).
Without them a move means what it always meant (the action is taken; gained workers are
permanent while the seat's colour lasts), so stored logs replay unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine.core import IllegalMove, Move

BONUS, PLACE, WORK, ATTACK, RAID, REPAIR = "bonus", "place", "work", "attack", "raid", "repair"
PICK, BOMB, TEST, LOAD, DONE, RETRIEVE, RESIGN = "pick", "bomb", "test", "load", "done", "retrieve", "resign"
KINDS = frozenset({BONUS, PLACE, WORK, ATTACK, RAID, REPAIR, PICK, BOMB, TEST, LOAD, DONE, RETRIEVE, RESIGN})
TURN_MOVES = frozenset({PLACE, WORK, ATTACK, RAID, BOMB, TEST, LOAD, DONE, RETRIEVE})

TOKENS: tuple[str, ...] = ("L", "E", "S", "cL", "cE", "cS")
"""Worker tokens in canonical order: permanent (the player's colour), then contractors (grey)."""
_TOKEN_OF = {token.lower(): token for token in TOKENS}
_ORDER = {token: index for index, token in enumerate(TOKENS)}
PLANES: tuple[str, ...] = ("fighter", "bomber")
NONE = "none"
EU = "eu"
BLOCK = "block"
_HIRE = re.compile(r"c[1-9]")
MAX_WORKERS = 8
MAX_REPAIR = 3

_SPACE = re.compile(r"[a-z]+[0-9]?")
_BUILDING = re.compile(r"[MFURE](0[1-9]|10)")
_BOMB = re.compile(r"B[0-9]{2}")
_WORD = re.compile(r"[A-Za-z0-9+]+")

DONE_MOVE, RETRIEVE_MOVE, RESIGN_MOVE = Move(DONE), Move(RETRIEVE), Move(RESIGN)
REPAIR_NONE = Move(REPAIR, (NONE,))


def kind_of(token: str) -> str:
    """The worker kind of a token: ``cE`` -> ``E``."""
    return token[-1]


def is_contractor(token: str) -> bool:
    return token[0] == "c"


def sort_tokens(tokens: Iterable[str]) -> list[str]:
    return sorted(tokens, key=_ORDER.__getitem__)


def join_tokens(tokens: Iterable[str]) -> str:
    """Workers as the notation writes them: ``E+E+cS``."""
    return "+".join(sort_tokens(tokens))


def split_tokens(word: str) -> list[str]:
    """``E+cS`` -> ``["E", "cS"]`` (already canonical: the notation parsed it)."""
    return word.split("+")


def hire_word(count: int) -> str:
    """``2`` -> ``c2``: of the workers gained, this many are contractors."""
    return f"c{count}"


def hire_of(args: Sequence[str]) -> int:
    """How many gained workers a move asks to be contractors (``0``: the default)."""
    last = args[-1] if args else ""
    return int(last[1:]) if _HIRE.fullmatch(last) else 0


def blocks(args: Sequence[str]) -> bool:
    """Whether a ``place`` only blocks its space."""
    return bool(args) and args[-1] == BLOCK


def _bad(text: str) -> IllegalMove:
    return IllegalMove("core.bad_notation", text=text)


def _workers(word: str, text: str, most: int) -> str:
    parts = word.lower().split("+")
    if not 1 <= len(parts) <= most or any(part not in _TOKEN_OF for part in parts):
        raise _bad(text)
    return join_tokens(_TOKEN_OF[part] for part in parts)


def _pattern(word: str, text: str, pattern: re.Pattern[str], upper: bool) -> str:
    word = word.upper() if upper else word.lower()
    if not pattern.fullmatch(word):
        raise _bad(text)
    return word


def _seat(word: str, text: str) -> str:
    if not word.isdigit() or len(word) > 1:
        raise _bad(text)
    return word


def _arg(word: str, text: str) -> str:
    """A ``place`` argument: a market slot number or a yield's label (``E``, ``S``, ``1``)."""
    if word.isdigit() and len(word) == 1:
        return word
    upper = word.upper()
    if upper in ("L", "E", "S"):
        return upper
    raise _bad(text)


def _work(args: Sequence[str], text: str) -> Move:
    building = _pattern(args[0], text, _BUILDING, upper=True)
    workers = _workers(args[1], text, 3)
    rest = [word.lower() for word in args[2:]]
    option = rest.pop(0) if rest and rest[0] in ("1", "2") else None
    eu = rest.pop(0) if rest and rest[0] == EU else None
    hire = rest.pop(0) if rest and _HIRE.fullmatch(rest[0]) else None
    if rest:
        raise _bad(text)
    return Move(WORK, tuple(word for word in (building, workers, option, eu, hire) if word is not None))


def _place(args: Sequence[str], text: str) -> Move:
    """``place <space> <workers> [slot|yield] [block|c<N>]``."""
    space = _pattern(args[0], text, _SPACE, upper=False)
    rest = [word.lower() for word in args[2:]]
    last = rest.pop() if rest and (rest[-1] == BLOCK or _HIRE.fullmatch(rest[-1])) else None
    if len(rest) > 1:
        raise _bad(text)
    extra = tuple(_arg(word, text) for word in rest) + ((last,) if last else ())
    return Move(PLACE, (space, _workers(args[1], text, 2), *extra))


def parse_move(text: str) -> Move:
    """Notation -> canonical ``Move`` (``IllegalMove("core.bad_notation")`` if malformed)."""
    words = text.split()
    if not words or not all(_WORD.fullmatch(w) for w in words):
        raise _bad(text)
    kind, args = words[0].lower(), words[1:]
    if kind not in KINDS:
        raise _bad(text)
    n = len(args)
    if kind in (DONE, RETRIEVE, RESIGN) and n == 0:
        return Move(kind)
    if kind == BONUS and n == 1 and args[0].upper() in ("E", "S"):
        return Move(kind, (args[0].upper(),))
    if kind == PLACE and 2 <= n <= 4:
        return _place(args, text)
    if kind == WORK and 2 <= n <= 5:
        return _work(args, text)
    if kind == ATTACK and n == 2 and args[1].lower() in PLANES:
        return Move(kind, (_seat(args[0], text), args[1].lower()))
    if kind == RAID and n == 2:
        return Move(kind, (_seat(args[0], text), _pattern(args[1], text, _BUILDING, upper=True)))
    if kind == REPAIR and n == 1 and args[0].lower() == NONE:
        return REPAIR_NONE
    if kind == REPAIR and 1 <= n <= MAX_REPAIR:
        return Move(kind, tuple(sorted(_pattern(w, text, _BUILDING, upper=True) for w in args)))
    if kind in (PICK, TEST, LOAD) and n == 1:
        return Move(kind, (_pattern(args[0], text, _BOMB, upper=True),))
    if kind == BOMB and n == 2:
        return Move(kind, (_pattern(args[0], text, _BOMB, upper=True), _workers(args[1], text, MAX_WORKERS)))
    raise _bad(text)


def canonical(move: Move) -> Move:
    """A ``Move`` built by hand, in its canonical form (parsed from its notation)."""
    return parse_move(move.notation)
