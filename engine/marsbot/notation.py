"""Move notation, as the log stores it (every move is the person's: seat 0).

The person's turn: ``tile ocean|greenery|city|special C4`` · ``raise temperature|oxygen|venus 2``
· ``cut steel|titanium|megacredits|energy|heat|plants 1`` · ``take 3`` · ``gain 1`` · ``advance``
(MarsBot's lowest track) · ``milestone mayor|…|hoverlord`` · ``award banker|…|venuphile`` · ``done``
· ``pass``. Answers to MarsBot's questions: ``card building+space 14 noreq vp0`` (tags in the
card's order joined by ``+``, or ``none``; cost; requirement; VP sign; ``-`` for a requirement or
VP the game does not use, ``card building 14 - -``, ``vp0+`` for "not negative", all the hard
level asks, see ``reports.card_facts``) · ``cost 14`` · ``plants
yes|no`` · ``closest mayor|equal`` · ``values banker=3 scientist=2`` (the asked awards in board
order) · ``total 85``. The final greeneries: ``tile greenery C4``, ``done``.
Always: ``resign``.

Parsing is case-insensitive and canonical: words lower-case, spaces upper-case (``C4``), numbers
without leading zeros, ``values`` sorted in board order. It checks only the form and the number
ranges a move can never leave; whether a space is free or a milestone taken is ``apply``'s, with a
more helpful refusal. ``engine.marsbot.keys`` lists every refusal and event a player can read.
"""

from __future__ import annotations

import re

from engine.core import IllegalMove, Move
from engine.marsbot.content import ALL_AWARDS, ALL_MILESTONES, CUTS, OFF_MARS, TAGS

TILE, RAISE, CUT, TAKE, MILESTONE, AWARD = "tile", "raise", "cut", "take", "milestone", "award"
GAIN, ADVANCE = "gain", "advance"
DONE, PASS, RESIGN = "done", "pass", "resign"
CARD, COST, PLANTS, CLOSEST, VALUES, TOTAL = "card", "cost", "plants", "closest", "values", "total"
REPORTS = frozenset({TILE, RAISE, CUT, TAKE, GAIN, ADVANCE, MILESTONE, AWARD})
"""What the person reports during their turn (then ``done`` or ``pass``)."""
ANSWERS = frozenset({CARD, COST, PLANTS, CLOSEST, VALUES, TOTAL})
"""Answers to a question; each answers the question of the same name (``card`` answers ``card``)."""
KINDS = REPORTS | ANSWERS | {DONE, PASS, RESIGN}

TILES: tuple[str, ...] = ("ocean", "greenery", "city", "special")
"""Tiles the person reports; MarsBot's own also include ``cmm`` (its central brain)."""
PARAMS: tuple[str, ...] = ("temperature", "oxygen", "venus")
REQ, NOREQ = "req", "noreq"
UNASKED = "-"
"""A card's requirement or VP left out because the game does not use it (``reports.card_facts``)."""
VP_SIGNS: tuple[str, ...] = ("vp-", "vp0", "vp+")
NOT_NEGATIVE = "vp0+"
"""A card's VP is none or positive: all the hard level's card VP asks (``reports.card_facts``)."""
VP_OF_SIGN = {"vp-": "neg", "vp0": "none", "vp+": "pos", NOT_NEGATIVE: "nonneg"}
SIGN_OF_VP = {value: key for key, value in VP_OF_SIGN.items()}
NO_TAGS = "none"
GREEN, BLUE = "green", "blue"
COLOURS: tuple[str, ...] = (GREEN, BLUE)
"""A non-event project card's colour: automated (green) or active (blue); asked where Magnate counts
green cards (``reports.card_facts``), else left out of the answer."""
EQUAL = "equal"
YES, NO = "yes", "no"
MAX_TAGS = 4
"""A card answer names at most 4 tags (no printed project card has more)."""

MAX_STEPS = 19
MAX_CUT = 18
MAX_TAKE = 99
MAX_GAIN = 99
MAX_COST = 99
MAX_VALUE = 999
MAX_TOTAL = 999

_SPACE = re.compile(r"[A-I][1-9]")
_NUMBER = re.compile(r"[0-9]{1,4}")
_WORD = re.compile(r"[A-Za-z0-9_+=\-]+")

DONE_MOVE, PASS_MOVE, RESIGN_MOVE = Move(DONE), Move(PASS), Move(RESIGN)


def _bad(text: str) -> IllegalMove:
    return IllegalMove("core.bad_notation", text=text)


def _number(word: str, text: str, low: int, high: int) -> str:
    if not _NUMBER.fullmatch(word) or not low <= int(word) <= high:
        raise _bad(text)
    return str(int(word))


def _choice(word: str, text: str, choices: tuple[str, ...] | frozenset[str]) -> str:
    word = word.lower()
    if word not in choices:
        raise _bad(text)
    return word


def split_tags(word: str) -> list[str]:
    """``building+space`` -> ``["building", "space"]``; ``none`` -> ``[]`` (already canonical)."""
    return [] if word == NO_TAGS else word.split("+")


def join_tags(tags: list[str] | tuple[str, ...]) -> str:
    return "+".join(tags) if tags else NO_TAGS


def card_move(
    tags: list[str] | tuple[str, ...], cost: int, req: bool, vp: str, colour: str | None = None
) -> Move:
    """The ``card`` answer for a card (``vp`` is ``neg``, ``none`` or ``pos``; ``colour`` ``green``,
    ``blue`` or ``-`` where the game asks it, ``None`` where it does not)."""
    args = (join_tags(tags), str(cost), REQ if req else NOREQ, SIGN_OF_VP[vp])
    return Move(CARD, args if colour is None else (*args, colour))


def values_move(values: dict[str, int]) -> Move:
    return Move(VALUES, tuple(f"{award}={values[award]}" for award in ALL_AWARDS if award in values))


def parse_values(args: tuple[str, ...]) -> dict[str, int]:
    """``("banker=3", ...)`` of a canonical move -> ``{"banker": 3, ...}``."""
    return {award: int(value) for award, value in (arg.split("=") for arg in args)}


def _card(args: list[str], text: str) -> Move:
    if len(args) not in (4, 5):
        raise _bad(text)
    word = args[0].lower()
    tags = [] if word == NO_TAGS else word.split("+")
    if len(tags) > MAX_TAGS or any(tag not in TAGS for tag in tags):
        raise _bad(text)
    cost = _number(args[1], text, 0, MAX_COST)
    return Move(
        CARD,
        (
            join_tags(tags),
            cost,
            _choice(args[2], text, (REQ, NOREQ, UNASKED)),
            _choice(args[3], text, (*VP_SIGNS, NOT_NEGATIVE, UNASKED)),
            *(_choice(colour, text, (*COLOURS, UNASKED)) for colour in args[4:]),
        ),
    )


def _values(args: list[str], text: str) -> Move:
    values: dict[str, str] = {}
    for arg in args:
        award, sep, number = arg.lower().partition("=")
        if not sep or award not in ALL_AWARDS or award in values:
            raise _bad(text)
        values[award] = _number(number, text, 0, MAX_VALUE)
    if not values:
        raise _bad(text)
    return Move(VALUES, tuple(f"{award}={values[award]}" for award in ALL_AWARDS if award in values))


def parse_move(text: str) -> Move:
    """Notation -> canonical ``Move`` (``IllegalMove("core.bad_notation")`` if malformed)."""
    words = text.split()
    if not words or not all(_WORD.fullmatch(w) for w in words):
        raise _bad(text)
    kind, args = words[0].lower(), words[1:]
    n = len(args)
    if kind in (DONE, PASS, RESIGN, ADVANCE) and n == 0:
        return Move(kind)
    if kind == TILE and n == 2:
        space = args[1].upper()
        if not _SPACE.fullmatch(space) and space not in OFF_MARS:
            raise _bad(text)
        return Move(kind, (_choice(args[0], text, TILES), space))
    if kind == RAISE and n == 2:
        return Move(kind, (_choice(args[0], text, PARAMS), _number(args[1], text, 1, MAX_STEPS)))
    if kind == CUT and n == 2:
        return Move(kind, (_choice(args[0], text, CUTS), _number(args[1], text, 1, MAX_CUT)))
    if kind == TAKE and n == 1:
        return Move(kind, (_number(args[0], text, 1, MAX_TAKE),))
    if kind == GAIN and n == 1:
        return Move(kind, (_number(args[0], text, 1, MAX_GAIN),))
    if kind == MILESTONE and n == 1:
        return Move(kind, (_choice(args[0], text, ALL_MILESTONES),))
    if kind == AWARD and n == 1:
        return Move(kind, (_choice(args[0], text, ALL_AWARDS),))
    if kind == CARD:
        return _card(args, text)
    if kind == COST and n == 1:
        return Move(kind, (_number(args[0], text, 0, MAX_COST),))
    if kind == PLANTS and n == 1:
        return Move(kind, (_choice(args[0], text, (YES, NO)),))
    if kind == CLOSEST and n == 1:
        return Move(kind, (_choice(args[0], text, (*ALL_MILESTONES, EQUAL)),))
    if kind == VALUES:
        return _values(args, text)
    if kind == TOTAL and n == 1:
        return Move(kind, (_number(args[0], text, 0, MAX_TOTAL),))
    raise _bad(text)


def canonical(move: Move) -> Move:
    """A ``Move`` built by hand, in its canonical form (parsed from its notation)."""
    return parse_move(move.notation)
