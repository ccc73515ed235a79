"""Ends of turns, rounds and the game: when to stop, the best-card duel, the final breakdown.

Shared by every variant so the round is always finished with equal turns: seat 0 opens
every round, and only the end of seat 1's turn can end the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event, IllegalMove, State
from engine.runarch.automa import DIFFICULTIES, PERSON_SEAT
from engine.runarch.bets import reckon

SEATS = 2
BREAKDOWN_KEYS: tuple[str, ...] = ("cards", "best_bonus", "bets_won", "bets_lost", "secret", "total")


def end_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """The ``end`` move: allowed once the turn's mandatory swap (or jump) is done."""
    if not state["swapped"]:
        raise IllegalMove("runarch.must_swap_first")
    new = dict(state)
    new["swapped"] = False
    if state["variant"] == "complex":
        new["swaps"], new["jumped"] = 0, False
    new["ply"] = state["ply"] + 1
    return new, close_turn(new, seat)


def close_turn(new: State, seat: int) -> list[Event]:
    """Pass the turn on, or finish after seat 1 when an end condition holds (``new`` is a copy)."""
    nxt = (seat + 1) % SEATS
    if nxt != 0:  # the round goes on: the second seat still plays
        new["turn"] = nxt
        return [Event("runarch.turn_ended", {"seat": seat, "next": nxt})]
    if new["final_round"] or new["round"] >= new["options"]["max_rounds"] or _stuck(new):
        return finish(new)
    new["turn"] = nxt
    new["round"] = new["round"] + 1
    return [Event("runarch.turn_ended", {"seat": seat, "next": nxt})]


def _stuck(state: State) -> bool:
    """Safety stop: no hand card left (and, where the deck still matters, no deck either)."""
    if any(state["hands"]):
        return False
    simple_duel = state["variant"] == "simple" and not state.get("solo")
    return simple_duel or not state["deck"]


def _duel(state: State) -> list[int]:
    """Best-card bonus per seat: a clear winner only; on easy/normal the person wins ties too."""
    best = state["best"]
    top = max(best)
    amount = state["options"]["best_bonus"]
    bonus = [0] * SEATS
    if top <= 0 or amount <= 0:
        return bonus
    winners = [s for s in range(SEATS) if best[s] == top]
    if len(winners) == 1:
        bonus[winners[0]] = amount
    elif state.get("solo") and DIFFICULTIES[state["difficulty"]].person_wins_ties:
        bonus[PERSON_SEAT] = amount
    return bonus


def finish(new: State) -> list[Event]:
    """End of the last round: duel, bets and secret goals, then the final scores (``new`` is a copy)."""
    events: list[Event] = []
    bonus = _duel(new)
    for seat in range(SEATS):
        if bonus[seat]:
            params = {"seat": seat, "best": new["best"][seat], "bonus": bonus[seat]}
            events.append(Event("runarch.best_card_bonus", params))
    complex_game = new["variant"] == "complex"
    final = []
    for seat in range(SEATS):
        won, lost, secret = reckon(new, seat) if complex_game else (0, 0, 0)
        final.append(breakdown(new["scores"][seat], bonus[seat], won, lost, secret))
    if complex_game:
        events.extend(
            Event("runarch.final_breakdown", {"seat": seat, **final[seat]}) for seat in range(SEATS)
        )
    scores = [row["total"] for row in final]
    new.update(scores=scores, bonus=bonus, final=final, over=True)
    events.append(Event("runarch.game_over", {"scores": list(scores)}))
    return events


def breakdown(
    cards: int, best_bonus: int = 0, won: int = 0, lost: int = 0, secret: int = 0
) -> dict[str, Any]:
    """One seat's final score by source: ``total = cards + best_bonus + bets_won - bets_lost + secret``
    (``bets_lost`` is the positive amount deducted, as the final sentence shows it)."""
    total = cards + best_bonus + won - lost + secret
    return dict(zip(BREAKDOWN_KEYS, (cards, best_bonus, won, lost, secret, total), strict=True))


def resign(state: State, seat: int) -> tuple[State, list[Event]]:
    """The game ends at once with the scores as they are; ``seat`` takes last place."""
    new = dict(state)
    new["over"] = True
    new["resigned"] = seat
    new["ply"] = state["ply"] + 1
    new["final"] = [breakdown(score) for score in state["scores"]]
    return new, [
        Event("core.resigned", {"seat": seat}),
        Event("runarch.game_over", {"scores": list(state["scores"])}),
    ]


def tie_events(scores: Sequence[int], places: Sequence[int], best: Sequence[int]) -> tuple[Event, ...]:
    """For each score two or more seats share: who the best card put ahead, or a shared place.

    ``seats`` lists the tied seats in place order; ``seat`` is the one the best card put first."""
    events = []
    for score in sorted(set(scores), reverse=True):
        tied = sorted((s for s in range(len(scores)) if scores[s] == score), key=lambda s: (places[s], s))
        if len(tied) < 2:
            continue
        if len({places[s] for s in tied}) == 1:
            events.append(Event("runarch.tie_shared", {"score": score, "place": places[tied[0]]}))
        else:
            first = tied[0]
            events.append(
                Event(
                    "runarch.tie_best_card",
                    {
                        "score": score,
                        "seat": first,
                        "best": best[first],
                        "opponent": tied[1],
                        "other_best": best[tied[1]],
                    },
                )
            )
    return tuple(events)
