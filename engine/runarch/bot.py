"""RunArch's bot player: the seat a host can fill in a lobby (``GAME.bot_move``).

Two levels, weakest first. ``normal`` is greedy on score: it settles what it owes first (its
setup choice, a bet, where its new card comes from), makes the best scoring it has, and moves
the stones that bring one of its cards nearest to scoring; it ends its turn when no move helps.
``easy`` scores when a scoring is in front of it but moves stones at random.

Both look only at what their seat may see (their own cards and the public board, never the
deck or the other hand), and the same position always gets the same move: the little chance
``easy`` uses is drawn from the state's own generator value, which no move changes by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Move, Rng, State
from engine.runarch.archives import fitting_archives
from engine.runarch.components import ALL_LINES, CELL_INDEX, CODES, SIMPLE_LINES
from engine.runarch.content import deck_of
from engine.runarch.notation import BET, DRAW, END, END_MOVE, JUMP, SCORE, SETUP, SWAP, TAKE
from engine.runarch.scoring import PAIR_POINTS, match_bonus
from engine.runarch.tokens import abilities, counts_bonus

LEVELS: tuple[str, ...] = ("easy", "normal")
"""The bot's levels, weakest first (``GameInfo.bot_levels``)."""

Target = tuple[tuple[str, ...], tuple[int, ...], int]
"""A card's pattern, the cells of a line it may be scored on, and the points it needs there."""


def bot_move(game: Any, state: State, seat: int, level: str) -> Move:
    """The move of a ``level`` bot in ``seat`` (which the game awaits)."""
    if level not in LEVELS:
        raise ValueError(f"RunArch has no bot level {level!r}; it has {', '.join(LEVELS)}")
    moves: list[Move] = list(game.legal_moves(state, seat))
    if not moves:
        return END_MOVE
    kinds = {m.kind for m in moves}
    rng = Rng(state["rng"] ^ (state["ply"] * 0x9E3779B97F4A7C15) ^ (seat + 1))
    if SETUP in kinds:
        return _setup(game, state, seat, moves) if level == "normal" else moves[0]
    if BET in kinds:
        return moves[0] if level == "normal" else rng.choice(moves)
    if DRAW in kinds or TAKE in kinds:
        return (
            _draw(state, seat, moves)
            if level == "normal"
            else next(m for m in moves if m.kind in (DRAW, TAKE))
        )
    scorings = [m for m in moves if m.kind == SCORE]
    if scorings:
        return _best_scoring(game, state, seat, scorings)
    shifts = [m for m in moves if m.kind in (SWAP, JUMP)]
    if not shifts:
        return END_MOVE if END in kinds else moves[0]
    if level == "easy":
        return rng.choice(shifts) if not state["swapped"] or END not in kinds else END_MOVE
    return _best_shift(game, state, seat, shifts, may_end=END in kinds)


def _draw(state: State, seat: int, moves: Sequence[Move]) -> Move:
    """An offer card that some archive of ours still takes, else the deck's top card."""
    archives = state["archives"][seat]
    for move in moves:
        if move.kind == TAKE and fitting_archives(archives, state["offer"][int(move.args[0]) - 1]):
            return move
    return next((m for m in moves if m.kind == DRAW), moves[0])


FILING_ORDER: tuple[str, ...] = ("middle", "right", "left")
"""Where a scored card is filed while it fits: the left archive wants every later card to share
its colour or its shape, so a card filed there first would close it to most cards."""


def _best_scoring(game: Any, state: State, seat: int, scorings: Sequence[Move]) -> Move:
    """The scoring worth most (the engine lists the best first), filed by ``FILING_ORDER``."""
    best = game.scoring_options(state, seat)[0]
    archives = best.get("archives")
    archive = [next(a for a in FILING_ORDER if a in archives)] if archives else []
    wanted = Move(SCORE, (best["card"], best["line"], *archive))
    return wanted if wanted in scorings else scorings[0]


def _targets(game: Any, state: State, seat: int) -> list[Target]:
    """Every (card, line) the seat could score on, with the points each needs (the match bonus,
    where it counts, already taken off)."""
    powers = abilities(state, seat)
    names = ALL_LINES if powers["diagonals"] else SIMPLE_LINES
    need = game.minimum(state, seat)
    complex_game = state["variant"] == "complex"
    bonus_on = counts_bonus(state, seat)
    targets = []
    cards = deck_of(state).cards  # the deck this game was set up with, not the newest file's
    for card in state["hands"][seat]:
        if complex_game and not fitting_archives(state["archives"][seat], card):
            continue
        bonus = match_bonus(cards[card].match, state["pads"], state["stones"]) if bonus_on else 0
        targets.extend((cards[card].pattern, ALL_LINES[line], need - bonus) for line in names)
    return targets


def _steps(a: int, b: int, diagonal: bool) -> int:
    rows, cols = abs(a // 5 - b // 5), abs(a % 5 - b % 5)
    return max(rows, cols) if diagonal else rows + cols


_HALF = {want: tuple(code for code in CODES if PAIR_POINTS[want][code] == 1) for want in CODES}
"""The stones sharing exactly one attribute with each stone."""
DISTANCES = {
    diagonal: [[_steps(a, b, diagonal) for b in range(25)] for a in range(25)] for diagonal in (False, True)
}
"""Swaps a stone needs to go from one cell to another (king's moves with diagonal swaps)."""
FAR = 1000
"""The cost of a plan that cannot reach the points it needs."""
PLANS_WEIGHED = 3
"""Moves are weighed against the cheapest plans only (speed; the others rarely win)."""


def plan_cost(target: Target, stones: Sequence[str], where: dict[str, int], dist: list[list[int]]) -> int:
    """Roughly how many swaps until the card scores on the line (0: it scores now).

    Every position matching nothing takes the nearest stone sharing colour or shape (or the
    exact one if as near); then the nearest exact stones upgrade half matches until the card
    has the points it needs."""
    pattern, cells, need = target
    cost = points = 0
    upgrades = []
    for want, cell in zip(pattern, cells, strict=True):
        got = PAIR_POINTS[want][stones[cell]]
        to_cell = dist[cell]
        if not got:
            exact = to_cell[where[want]]
            half = min(to_cell[where[code]] for code in _HALF[want])
            cost, got = (cost + exact, 2) if exact <= half else (cost + half, 1)
        if got == 1:
            upgrades.append(to_cell[where[want]])
        points += got
    for step in sorted(upgrades):
        if points >= need:
            break
        cost, points = cost + step, points + 1
    return cost if points >= need else FAR


def _cheapest(
    targets: Sequence[Target], stones: Sequence[str], dist: list[list[int]]
) -> list[tuple[int, Target]]:
    where = {code: i for i, code in enumerate(stones)}
    return sorted(((plan_cost(t, stones, where, dist), t) for t in targets), key=lambda pair: pair[0])


def _setup(game: Any, state: State, seat: int, moves: Sequence[Move]) -> Move:
    """Keep the two cards cheapest to score on this board as the hand; of the other two the
    lower id is the public goal and the other the secret one."""
    hand = state["setup_hands"][seat]
    dist = DISTANCES[False]
    cards = deck_of(state).cards

    def cost(card: str) -> int:
        targets = [(cards[card].pattern, ALL_LINES[line], game.minimum(state, seat)) for line in SIMPLE_LINES]
        return _cheapest(targets, state["stones"], dist)[0][0]

    ranked = sorted(hand, key=lambda card: (cost(card), card))
    goal, secret = sorted(ranked[2:])
    wanted = Move(SETUP, (goal, secret))
    return wanted if wanted in moves else moves[0]


def _best_shift(game: Any, state: State, seat: int, shifts: Sequence[Move], *, may_end: bool) -> Move:
    """The swap or jump that most shortens the way to scoring one of our cards (the first of
    equals, never undoing the other player's last swap unless that is what scores). Once the
    turn's compulsory move is made, a further one is taken only if it helps."""
    targets = _targets(game, state, seat)
    if not targets:
        return END_MOVE if may_end else shifts[0]
    dist = DISTANCES[abilities(state, seat)["diagonal"]]
    stones = list(state["stones"])
    ranked = _cheapest(targets, stones, dist)
    now = ranked[0][0]
    near = [t for _, t in ranked[:PLANS_WEIGHED]]
    undo = _their_last_swaps(state, seat)
    where = {code: i for i, code in enumerate(stones)}
    best_move, best_cost = shifts[0], FAR + 10
    for move in shifts:
        a, b = CELL_INDEX[move.args[0]], CELL_INDEX[move.args[1]]
        stones[a], stones[b] = stones[b], stones[a]
        where[stones[a]], where[stones[b]] = a, b
        cost = min(plan_cost(t, stones, where, dist) for t in near)
        stones[a], stones[b] = stones[b], stones[a]
        where[stones[a]], where[stones[b]] = a, b
        if frozenset(move.args) in undo and cost > 0:
            cost += 2
        if cost < best_cost:
            best_move, best_cost = move, cost
    if may_end and best_cost >= now:
        return END_MOVE
    return best_move


def _their_last_swaps(state: State, seat: int) -> set[frozenset[str]]:
    """The swaps the other player made in the turn just before ours."""
    last = state["last"]
    if last is None or last["seat"] == seat or not last.get("swap"):
        return set()
    pairs = last["swap"] if isinstance(last["swap"][0], list) else [last["swap"]]
    return {frozenset(pair) for pair in pairs}
