"""Whole moves ranked the way the bot player values them, for the pickers' first choices.

A person placing a worker usually wants what a good player would do, so the pickers offer whole
moves (space, workers and the rest) first, best first: the move the normal bot would make, then
the others by what the bot's valuation says the position is worth after each (the same one-step
look as the bot's turn: a design, a repair and an air strike followed one step further), then the
cheapest workers among equals. Like the bot, it reads only the seat's view (``bot_view``): the
ranking cannot betray a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Game, IllegalMove, State
from engine.manhattan.bot import choose
from engine.manhattan.bot_moves import token_cost, workers_of
from engine.manhattan.bot_turn import Turn, gain_of
from engine.manhattan.bot_value import context, value
from engine.manhattan.bot_view import known_state
from engine.manhattan.notation import PLACE, WORK, hire_of

LEVEL = "normal"


def ranked(rules: Game, state: State, seat: int, notations: Sequence[str]) -> list[str]:
    """``notations`` (legal moves of ``seat``, whose decision is awaited) best first for the seat;
    ``rules`` is the game (passed in: the game imports the bot)."""
    if not notations:
        return []
    known = known_state(rules.view(state, seat))
    ctx = context(known, seat)
    turn = Turn(rules, known, seat, ctx, LEVEL)
    base = value(known, ctx)
    advice = choose(rules, state, seat, LEVEL).notation
    scored: list[tuple[bool, float, int, float, str]] = []
    for notation in notations:
        move = rules.parse_move(notation)
        try:
            gain = gain_of(turn, known, base, move)[0]
        except IllegalMove:  # legal on the table, not on the view the bot sees: last
            gain = float("-inf")
        hired = hire_of(move.args) if move.kind in (PLACE, WORK) else 0
        scored.append(
            (move.notation != advice, -round(gain, 6), hired, token_cost(ctx, workers_of(move)), notation)
        )
    return [notation for *_, notation in sorted(scored)]
