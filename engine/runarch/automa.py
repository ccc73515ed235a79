"""The solo automa: its difficulty table and its whole turn, fully determined by the deck order.

It holds no cards: it reveals the top card, steps the stone named by the card's match area
along the first arrow that stays on the board, then scores the card on the line that shares
the most colours and shapes with it, plus its difficulty bonus, if that reaches 5; otherwise
it discards the card. It never files, bets or uses the match bonus.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core import Event, State
from engine.runarch.archives import FILED_TO_END
from engine.runarch.components import ALL_LINES, CELLS, COLUMN_LINES, DIAGONAL_LINES, ROW_LINES, step
from engine.runarch.content import deck_of
from engine.runarch.scoring import PAIR_POINTS
from engine.runarch.tokens import hand_over

AUTOMA_SEAT = 1
PERSON_SEAT = 0


SCORE_THRESHOLD = 5
"""The automa scores a card only when it is worth this much: never less than a person's card."""


@dataclass(frozen=True)
class Difficulty:
    """One row of the difficulty table."""

    lines: tuple[str, ...]
    """The lines it scores on, in its tie order."""
    bonus: int
    """Added to the colours and shapes its best line shares with the card."""
    person_wins_ties: bool
    """Whether the person also wins the best-card duel on a tie."""
    minimum: int = SCORE_THRESHOLD


DIFFICULTIES = MappingProxyType(
    {
        "easy": Difficulty(tuple(ROW_LINES), 1, True),
        "normal": Difficulty((*ROW_LINES, *COLUMN_LINES), 1, True),
        "hard": Difficulty((*ROW_LINES, *COLUMN_LINES, *DIAGONAL_LINES), 2, False),
    }
)
"""Measured over 100 simple solo games: easy about 2.6 points per turn, normal 4.1, hard 6.1,
against a planning player's 4.2 (see docs/rules/runarch.md)."""


def difficulty(state: State) -> Difficulty:
    return DIFFICULTIES[state["difficulty"]]


def automa_lines(state: State) -> tuple[str, ...]:
    """The lines the automa may score on, in its tie order (rows, columns, diagonals)."""
    return difficulty(state).lines


def shared_points(pattern: tuple[str, ...], stones: list[str], cells: tuple[int, ...]) -> int:
    """Colours and shapes a line shares with a pattern, position by position; a position that
    shares nothing adds 0 (unlike a person, the automa needs no match at every position)."""
    return sum(PAIR_POINTS[want][stones[cell]] for want, cell in zip(pattern, cells, strict=True))


def best_line(
    pattern: tuple[str, ...], stones: list[str], lines: tuple[str, ...], minimum: int, bonus: int = 0
) -> tuple[str, int] | None:
    """The best (line, shared points + ``bonus``) reaching ``minimum``; the first line in
    ``lines`` wins a tie."""
    best: tuple[str, int] | None = None
    for line in lines:
        points = shared_points(pattern, stones, ALL_LINES[line]) + bonus
        if points >= minimum and (best is None or points > best[1]):
            best = (line, points)
    return best


def _step_stone(stones: list[str], stone: str, arrows: tuple[str, ...]) -> tuple[int, int] | None:
    """(from, to) of the stone's one step along the first arrow that stays on the board."""
    start = stones.index(stone)
    for arrow in arrows:
        target = step(start, arrow)
        if target is not None:
            return start, target
    return None


def automa_turn(state: State) -> tuple[State, list[Event]]:
    """The automa's turn up to, not including, the end of its turn (a copy; ``state`` untouched)."""
    new = dict(state)
    new["ply"] = state["ply"] + 1
    record: dict[str, Any] = {"card": None, "moved": None, "stone": None, "line": None, "points": None}
    last: dict[str, Any] = {"seat": AUTOMA_SEAT, "swap": None, "scores": [], "automa": record}
    new["last"], new["automa"] = last, record
    if not state["deck"]:
        return new, [Event("runarch.automa_no_card", {})]
    deck = list(state["deck"])
    card = deck_of(state).cards[deck.pop()]
    new["deck"] = deck
    record.update(card=card.id, stone=card.match)
    events = [Event("runarch.automa_revealed", {"card": card.id})]
    events.append(_move(new, card.id, card.match, card.arrows, record, last))
    level = difficulty(state)
    found = best_line(card.pattern, new["stones"], level.lines, level.minimum, level.bonus)
    if found is None:
        new["discard"] = [*state["discard"], card.id]
        events.append(Event("runarch.automa_discarded", {"card": card.id}))
        return new, events
    line, points = found
    record.update(line=line, points=points)
    last["scores"] = [{"card": card.id, "line": line, "points": points}]
    events.extend(_score(new, card.id, line, points))
    return new, events


def _move(
    new: State, card: str, stone: str, arrows: tuple[str, ...], record: dict[str, Any], last: dict[str, Any]
) -> Event:
    """Step the named stone (or report that no arrow fits)."""
    stones = list(new["stones"])
    found = _step_stone(stones, stone, arrows)
    if found is None:
        return Event("runarch.automa_stuck", {"card": card})
    start, target = found
    stones[start], stones[target] = stones[target], stones[start]
    new["stones"] = stones
    record["moved"] = [CELLS[start], CELLS[target]]
    last["swap"] = [CELLS[min(start, target)], CELLS[max(start, target)]]
    return Event("runarch.automa_moved", {"stone": stone, "a": CELLS[start], "b": CELLS[target]})


def _score(new: State, card: str, line: str, points: int) -> list[Event]:
    """Set the card aside as scored; hand over tokens and trigger the end as a person would."""
    seat = AUTOMA_SEAT
    scores = list(new["scores"])
    scores[seat] += points
    new["scores"] = scores
    if points > new["best"][seat]:
        best = list(new["best"])
        best[seat] = points
        new["best"] = best
    scored = list(new["scored"])
    scored[seat] = [*scored[seat], card]
    new["scored"] = scored
    events = [
        Event("runarch.automa_scored", {"card": card, "line": line, "points": points, "total": scores[seat]})
    ]
    if new["variant"] == "complex":
        events.extend(hand_over(new, seat, fixed_minimum=difficulty(new).minimum))
        if not new["final_round"] and len(scored[seat]) >= FILED_TO_END:
            new["final_round"] = True
            events.append(Event("runarch.tenth_card", {"seat": seat}))
    elif not new["final_round"] and scores[seat] > new["options"]["target"]:
        new["final_round"] = True
        events.append(Event("runarch.final_round", {"seat": seat, "target": new["options"]["target"]}))
    return events
