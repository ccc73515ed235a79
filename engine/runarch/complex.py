"""Move handlers of the complex game: filed scoring and the decisions a filing leaves pending
(bets, then draw or take), plus the legal-move listing; movement and the offer live beside it.

Each handler validates first and raises ``IllegalMove`` with the state untouched, then works
on a shallow copy whose changed lists are replaced, never edited in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.core import Event, IllegalMove, Move, State
from engine.runarch.archives import FILED_TO_END, file_card, filed_total, fitting_archives
from engine.runarch.bets import discard_stranded, earn, place, targets
from engine.runarch.components import ALL_LINES, DIAGONAL_LINES, LINE_ORDER, SIMPLE_LINES
from engine.runarch.content import deck_of
from engine.runarch.movement import movement_moves, turn_record
from engine.runarch.notation import BET, BET_MOVES, DRAW, FILED_SCORE_MOVES, TAKE
from engine.runarch.offer import draw_moves, refill
from engine.runarch.scoring import line_points, match_bonus, score_line
from engine.runarch.tokens import abilities, counts_bonus, hand_over, own_minimum

PLAIN_LINES: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {line: ALL_LINES[line] for line in SIMPLE_LINES}
)

Scoring = tuple[str, str, int, int, list[str]]
"""(card, line, points including the match bonus, match bonus, fitting archives)."""


# ------------------------------------------------------------------ scoring
def scorings(state: State, seat: int) -> list[Scoring]:
    """Every scoring ``score`` would accept now for ``seat``'s hand (the legal-move hot path)."""
    lines = ALL_LINES if abilities(state, seat)["diagonals"] else PLAIN_LINES
    bonus_on = counts_bonus(state, seat)
    minimum = own_minimum(state, seat)
    stones, pads = state["stones"], state["pads"]
    archives = state["archives"][seat]
    deck = deck_of(state)
    found: list[Scoring] = []
    for card in state["hands"][seat]:
        fitting = fitting_archives(archives, card, deck.matches)
        if not fitting:
            continue
        pattern = deck.patterns[card]
        bonus = match_bonus(deck.matches[card], pads, stones) if bonus_on else 0
        for line, cells in lines.items():
            points = line_points(pattern, stones, cells)
            if not points:
                continue
            if points + bonus >= minimum:
                found.append((card, line, points + bonus, bonus, fitting))
    return found


def scoring_options(state: State, seat: int, card_id: str | None = None) -> list[dict[str, Any]]:
    """Acceptable scorings as dicts, best first, each with the archives that would take the card."""
    options = [
        {"card": card, "line": line, "points": points, "archives": list(fitting)}
        for card, line, points, _, fitting in scorings(state, seat)
        if card_id is None or card == card_id
    ]
    options.sort(key=lambda o: (-o["points"], o["card"], LINE_ORDER[o["line"]]))
    return options


def score(state: State, seat: int, card: str, line: str, archive: str | None) -> tuple[State, list[Event]]:
    """Score a hand card on a line and file it at once; then tokens, the end trigger and bets."""
    if card not in state["hands"][seat]:
        raise IllegalMove("runarch.card_not_in_hand", card=card)
    deck = deck_of(state)
    fitting = fitting_archives(state["archives"][seat], card, deck.matches)
    if not fitting:
        raise IllegalMove("runarch.no_archive", card=card)
    cells = ALL_LINES.get(line)
    if cells is None:
        raise IllegalMove("runarch.bad_line", line=line)
    if line in DIAGONAL_LINES and not abilities(state, seat)["diagonals"]:
        raise IllegalMove("runarch.no_diagonals", line=line)
    stones = state["stones"]
    points, position = score_line(deck.patterns[card], [stones[i] for i in cells])
    if position:
        raise IllegalMove("runarch.no_match", card=card, line=line, position=position)
    bonus = match_bonus(deck.matches[card], state["pads"], stones) if counts_bonus(state, seat) else 0
    minimum = own_minimum(state, seat)
    if points + bonus < minimum:
        raise IllegalMove(
            "runarch.below_minimum", card=card, line=line, points=points + bonus, minimum=minimum
        )
    if archive is None:
        raise IllegalMove("runarch.archive_required", card=card, archives=", ".join(fitting))
    if archive not in fitting:
        raise IllegalMove("runarch.archive_refuses", card=card, archive=archive)
    return _file(state, seat, card, line, archive, points + bonus, bonus)


def _file(
    state: State, seat: int, card: str, line: str, archive: str, points: int, bonus: int
) -> tuple[State, list[Event]]:
    new = dict(state)
    hands = list(state["hands"])
    hands[seat] = [c for c in hands[seat] if c != card]
    scores = list(state["scores"])
    scores[seat] += points
    scored = list(state["scored"])
    scored[seat] = [*scored[seat], card]
    archives = list(state["archives"])
    archives[seat] = file_card(archives[seat], archive, card)
    last = turn_record(state, seat)
    last["scores"].append({"card": card, "line": line, "points": points, "archive": archive, "bonus": bonus})
    new.update(hands=hands, scores=scores, scored=scored, archives=archives, last=last, ply=state["ply"] + 1)
    if points > state["best"][seat]:
        best = list(state["best"])
        best[seat] = points
        new["best"] = best
    params = {
        "seat": seat,
        "card": card,
        "line": line,
        "points": points,
        "total": scores[seat],
        "archive": archive,
    }
    if bonus:
        params["bonus"] = bonus
    events = [Event("runarch.scored", params), *hand_over(new, seat)]
    if not state["final_round"] and filed_total(archives[seat]) >= FILED_TO_END:
        new["final_round"] = True
        events.append(Event("runarch.tenth_card", {"seat": seat}))
    events.extend(earn(new, seat))
    refill(new, seat)
    events.extend(discard_stranded(new, seat))
    return new, events


# ------------------------------------------------------------------ decisions
def check_pending(state: State, seat: int, kind: str) -> None:
    """Refuse ``kind`` unless it resolves the first pending decision (or none is pending)."""
    pending = state["pending"]
    head = pending[0] if pending else None
    if head is not None and head["kind"] == "bet":
        if kind != BET:
            raise IllegalMove("runarch.bet_pending", token=head["token"], source=head["source"])
    elif head is not None:
        if kind not in (DRAW, TAKE):
            raise IllegalMove("runarch.draw_pending")
    elif kind == BET:
        raise IllegalMove("runarch.no_bet_pending")
    elif kind in (DRAW, TAKE):
        if not abilities(state, seat)["diagonal"]:
            raise IllegalMove("runarch.no_offer_ability")
        raise IllegalMove("runarch.no_draw_pending")


def bet(state: State, seat: int, args: tuple[str, ...]) -> tuple[State, list[Event]]:
    """Place the pending bet token on an archive's final count or a public goal."""
    target = " ".join(args)
    if target not in targets(state, seat):
        raise IllegalMove("runarch.bet_bad_target", target=target)
    new = dict(state)
    new["ply"] = state["ply"] + 1
    events = [place(new, seat, args)]
    events.extend(discard_stranded(new, seat))
    return new, events


# ------------------------------------------------------------------ listing
def legal_moves(state: State, seat: int) -> list[Move]:
    """The pending decision's moves if one is owed, else scorings, movement and ``end``."""
    pending = state["pending"]
    if pending:
        if pending[0]["kind"] == "bet":
            return [BET_MOVES[tuple(target.split())] for target in targets(state, seat)]
        return draw_moves(state)
    moves = [
        FILED_SCORE_MOVES[card, line, archive]
        for card, line, _, _, fitting in scorings(state, seat)
        for archive in fitting
    ]
    moves.extend(movement_moves(state, seat))
    return moves
