"""Candidate moves for the bot player: one way of paying for each choice, and trying a move.

The rules list a move for every mix of workers that fits (``work F05 L+L``, ``work F05 L+cL``,
...); the bot keeps, for each choice (space and option, building and option, bomb), the mix that
costs it least: contractors before its own workers (contractors go back to the common supply at
the next retrieve anyway), laborers before engineers and scientists, and never workers it keeps
for a ready bomb unless the choice needs them.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Game, Move, State
from engine.manhattan.bot_value import Context
from engine.manhattan.market import price
from engine.manhattan.notation import BOMB, PLACE, WORK, hire_of, is_contractor, kind_of, split_tokens

OWN_PREMIUM = 0.15


def apply(rules: Game, state: State, seat: int, move: Move) -> State:
    """``move`` tried by the rules the bot is handed (``engine.manhattan.game`` imports the bot, so
    the bot never imports the game: the game passes itself in)."""
    return rules.apply(state, seat, move)[0]


def workers_of(move: Move) -> list[str]:
    if move.kind == PLACE or move.kind == WORK or move.kind == BOMB:
        return split_tokens(move.args[1])
    return []


def token_cost(ctx: Context, tokens: Iterable[str]) -> float:
    return sum(ctx.home[kind_of(t)].hi + (0.0 if is_contractor(t) else OWN_PREMIUM) for t in tokens)


def choice_key(state: State, move: Move) -> tuple[str, ...]:
    """What a move decides apart from which workers pay for it."""
    if move.kind == PLACE and move.args[0] == "build":
        tokens = split_tokens(move.args[1])
        return (PLACE, "build", move.args[2], str(price(state, int(move.args[2]), tokens)))
    if move.kind in (PLACE, WORK, BOMB):
        return (move.kind, move.args[0], *move.args[2:])
    return (move.kind, *move.args)


def prune(state: State, ctx: Context, moves: Iterable[Move]) -> list[Move]:
    """One move per choice: the cheapest workers (the first listed among equals). Gained workers
    stay permanent (no ``c<N>``): they are not sent back at the next retrieve."""
    best: dict[tuple[str, ...], tuple[float, Move]] = {}
    for move in moves:
        if move.kind in (PLACE, WORK) and hire_of(move.args):
            continue
        key = choice_key(state, move)
        cost = token_cost(ctx, workers_of(move))
        if key not in best or cost < best[key][0] - 1e-9:
            best[key] = (cost, move)
    return [move for _, move in best.values()]
