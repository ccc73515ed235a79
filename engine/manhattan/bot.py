"""The bot player: values positions in points (``bot_value``) and plays the move worth most.

It reads only its seat's view (``bot_view``: other hands, draft cards not passed to it and deck
orders cannot reach it) and is deterministic: the same view gives the same move. Its turn is
``bot_turn``: bombs first (win, build, test when it pays, load), then retrieve when a placing
turn would make too little, else the main-board placement that makes the best turn together
with the buildings it leaves to use, then buildings one by one while they pay, then ``done``.
Out of turn it answers repairs (the repairs worth their price) and draft picks (the bomb worth
most to it); at the start it takes a scientist (fuel needs them first).

``easy`` values things the same way but plans nothing: the best single move, no air strikes or
espionage, and it retrieves only when no placement pays at all.
"""

from __future__ import annotations

from engine.core import Game, Move, State
from engine.manhattan.bot_turn import Turn, best_reaction, turn_move
from engine.manhattan.bot_value import capacity, context, effective, effort, in_time, turns_left
from engine.manhattan.bot_view import known_state
from engine.manhattan.content import bombs_of
from engine.manhattan.notation import BONUS, PICK

LEVELS: tuple[str, ...] = ("easy", "normal")
SAME_FUEL = 3.0
PER_TURN = 1.0
"""Points a turn of the bot's is worth when it weighs a bigger bomb against the turns it costs."""
"""A draft pick of the fuel the bot already works towards shares its production."""


def choose(rules: Game, state: State, seat: int, level: str) -> Move:
    """The bot's move for ``seat`` (whose decision is awaited) at ``level``, trying moves with
    ``rules`` (the game passes itself: it imports this module, so this one cannot import it)."""
    view = rules.view(state, seat)
    known = known_state(view)
    pending = known["pending"]
    if known["phase"] == "bonus":
        return Move(BONUS, ("S",))
    ctx = context(known, seat)
    if pending is not None and pending["kind"] == "repair":
        if level == "easy" and known["active"] != seat:
            return Move("repair", ("none",))
        return best_reaction(rules, known, seat, ctx)[1]
    if pending is not None and pending["kind"] == "draft":
        return pick(known, seat, level)
    return turn_move(Turn(rules, known, seat, ctx, level))


def pick(state: State, seat: int, level: str) -> Move:
    """The bomb worth most to the seat: its points for the effort, more for the fuel it uses."""
    row = state["seats"][seat]
    cards = bombs_of(state)
    tests_left = bool(state["tests"]) and state["tests"][0] > 0
    fuels = {cards[c].fuel for c in row["hand"]}
    made = capacity(state, row)
    left = turns_left(state)

    def worth(card_id: str) -> float:
        card = cards[card_id]
        if level == "easy":
            return float(card.value)
        bonus = SAME_FUEL if card.fuel in fuels else 0.0
        turns = effort(card, row, made)
        worth = effective(card, row, tests_left) * in_time(turns, left)
        return worth - PER_TURN * (turns - 2.0) + bonus

    best = max(sorted(state["pending"]["cards"]), key=worth)
    return Move(PICK, (best,))
