"""The bot player's turn: bombs first, then retrieve or one main-board placement and buildings.

Every candidate is tried with the rules and the position after it valued (``bot_value``); a few
moves are worth more than that one-step value shows, so they are followed one step further:
a repair (what the bot would then repair), a bomb design (the best card of the face-up offer and
the last one), an air strike (the attacks it would then make). The main-board placement is
chosen with the buildings it leaves to use: the best few placements (and the best build and
espionage, whose worth is mostly in what follows: a new building, others' buildings to use) are
each followed by the greedy use of buildings, and the best whole turn wins. A turn is only worth
playing if it makes enough compared to retrieving the workers (a whole turn); otherwise the bot
retrieves.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Game, Move, State
from engine.manhattan.bot_moves import apply, prune
from engine.manhattan.bot_strike import harm, strike_moves
from engine.manhattan.bot_value import Context, effective, hand_worth, value
from engine.manhattan.buildings import work_moves
from engine.manhattan.content import bombs_of
from engine.manhattan.notation import BLOCK, BOMB, DONE, LOAD, PLACE, RETRIEVE, TEST, WORK
from engine.manhattan.repair import repair_moves, rotated
from engine.manhattan.scoring import total
from engine.manhattan.spaces import place_moves
from engine.manhattan.workers import own_out

EPS = 1e-6
LATER_SHARE = 0.4
"""The share of what a test adds to the plutonium bombs still in hand that counts when testing."""
PLANNED = 4
"""Main-board placements followed by the use of buildings before choosing."""
PLANNED_BUILDS = 2
"""Buildings bought, followed too even when buying looks dear: the new one may be used at once."""
WORK_STEPS = 8
GIVEAWAY_SHARE = 0.25
"""How much of a bomb design's worth to the opponents counts against designing: they are rivals,
but only one of them wins (at a half, bots at four or five stopped designing and never won)."""
PER_WORKER = 1.6
"""What a turn makes per worker owned, roughly, when all are at home (sets when to retrieve)."""
RETRIEVE_SHARE = 0.45


@dataclass
class Turn:
    rules: Game
    state: State
    seat: int
    ctx: Context
    level: str

    @property
    def easy(self) -> bool:
        return self.level == "easy"


# --------------------------------------------------------------------------- one step
def design_bonus(state: State, ctx: Context) -> float:
    """Drafting: the best card of the offer now, and (as the designer) the one left at the end."""
    row = state["seats"][ctx.seat]
    cards = bombs_of(state)
    tests_left = bool(state["tests"]) and state["tests"][0] > 0
    offer = sorted(state["offer"], key=lambda c: (-effective(cards[c], row, tests_left), c))
    if not offer:
        return 0.0
    gained = [offer[0]] + ([offer[-1]] if len(offer) > 1 else [])
    return hand_worth(state, ctx.seat, [*row["hand"], *gained]) - hand_worth(state, ctx.seat, row["hand"])


def giveaway(state: State, ctx: Context) -> float:
    """What the cards passed round in a design are worth to the others: each, in turn order, keeps
    the best of what the bot did not keep first. Counted against designing (a share of it), so the
    bot only blocks the space (``place design E+S block``) when the draft serves the others more
    than itself. Gained workers it keeps permanent: ``bot_moves.prune`` leaves out ``c<N>``."""
    cards = bombs_of(state)
    tests_left = bool(state["tests"]) and state["tests"][0] > 0
    mine = sorted(
        state["offer"], key=lambda c: (-effective(cards[c], state["seats"][ctx.seat], tests_left), c)
    )
    left = mine[1:]
    worth = 0.0
    for other in rotated(state, ctx.seat)[1:]:
        if len(left) <= 1:
            break
        row = state["seats"][other]
        best = max(left, key=lambda c: (effective(cards[c], row, tests_left), c))
        left.remove(best)
        worth += hand_worth(state, other, [*row["hand"], best]) - hand_worth(state, other, row["hand"])
    return GIVEAWAY_SHARE * worth


def best_reaction(rules: Game, state: State, seat: int, ctx: Context) -> tuple[float, Move]:
    """The repair worth most to the seat asked (``repair none`` when none is)."""
    base = value(state, ctx)
    best: tuple[float, Move] | None = None
    for move in repair_moves(state, seat):
        gain = value(apply(rules, state, seat, move), ctx) - base
        if best is None or gain > best[0] + EPS:
            best = (gain, move)
    assert best is not None
    return best


def strike_plan(rules: Game, state: State, ctx: Context, limit: int = 4) -> tuple[float, Move | None]:
    """Greedy attacks and raids after a strike placement: their worth and the first one."""
    seat = ctx.seat
    total_gain, first = 0.0, None
    for _ in range(limit):
        base = value(state, ctx)
        best: tuple[float, Move, State] | None = None
        for move in strike_moves(list(rules.legal_moves(state, seat))):
            after = apply(rules, state, seat, move)
            gain = harm(state, ctx, move) + value(after, ctx) - base
            if best is None or gain > best[0] + EPS:
                best = (gain, move, after)
        if best is None or best[0] <= EPS:
            break
        total_gain += best[0]
        first = first or best[1]
        state = best[2]
    return total_gain, first


def gain_of(turn: Turn, state: State, base: float, move: Move) -> tuple[float, State]:
    """The move's worth to the seat, one step further for repair, design and strikes."""
    seat, ctx = turn.seat, turn.ctx
    after = apply(turn.rules, state, seat, move)
    extra = 0.0
    if move.kind == PLACE:
        space = move.args[0]
        if space == "design" and move.args[-1] != BLOCK:
            extra = design_bonus(state, ctx) - giveaway(state, ctx)
        elif space == "repair" and after["pending"] is not None and after["pending"]["queue"][0] == seat:
            extra, reaction = best_reaction(turn.rules, after, seat, ctx)
            after = apply(turn.rules, after, seat, reaction)
        elif space.startswith("strike"):
            extra = strike_plan(turn.rules, after, ctx)[0] if not turn.easy else 0.0
    return value(after, ctx) - base + extra, after


# --------------------------------------------------------------------------- whole turn
def use_buildings(turn: Turn, state: State, steps: int = WORK_STEPS) -> tuple[float, Move | None]:
    """Greedy workers on buildings from ``state``: what they make in all, and the first move."""
    made, first = 0.0, None
    for _ in range(steps):
        base = value(state, turn.ctx)
        best: tuple[float, Move, State] | None = None
        for move in prune(state, turn.ctx, work_moves(state, turn.seat)):
            after = apply(turn.rules, state, turn.seat, move)
            gain = value(after, turn.ctx) - base
            if best is None or gain > best[0] + EPS:
                best = (gain, move, after)
        if best is None or best[0] <= EPS:
            break
        made += best[0]
        first = first or best[1]
        state = best[2]
    return made, first


def plan(turn: Turn) -> tuple[float, Move | None]:
    """The best first move of the placing part of the turn and what the whole turn makes."""
    state = turn.state
    base = value(state, turn.ctx)
    options: list[tuple[float, Move, State]] = []
    if state["turn"]["main"] is None and not state["turn"]["worked"]:
        for move in prune(state, turn.ctx, place_moves(state, turn.seat)):
            if turn.easy and (move.args[0].startswith("strike") or move.args[0] == "spy"):
                continue
            gain, after = gain_of(turn, state, base, move)
            options.append((gain, move, after))
        options.sort(key=lambda item: -item[0])
    if turn.easy:
        works = use_buildings(turn, state, steps=1)
        best = max([(g, m) for g, m, _ in options[:1]] + [works], key=lambda item: item[0])
        return best
    best: tuple[float, Move | None] = use_buildings(turn, state)
    builds = [option for option in options if option[1].args[0] == "build"][:PLANNED_BUILDS]
    spying = [option for option in options if option[1].args[0] == "spy"][:1]
    followed = options[:PLANNED] + [o for o in builds + spying if o not in options[:PLANNED]]
    for gain, move, after in followed:
        if after["pending"] is not None or after["turn"]["strike"]:
            whole = gain
        else:
            whole = gain + use_buildings(turn, after)[0]
        if whole > best[0] + EPS:
            best = (whole, move)
    return best


def should_retrieve(turn: Turn, planned: float) -> bool:
    state, seat, ctx = turn.state, turn.seat, turn.ctx
    out = own_out(state, seat)
    if out == 0:
        return False
    row = state["seats"][seat]
    bomb = ctx.bomb
    if bomb is not None and row[bomb.fuel_track] >= bomb.amount:
        at_hand = {k: row["home"][k] + row["contract"][k] for k in ("E", "S")}
        if any(at_hand[k] < bomb.workers[k] for k in ("E", "S")):
            return True
    if turn.easy or planned <= EPS:
        return planned <= EPS
    at_home = sum(row["home"].values()) + sum(row["contract"].values())
    return out > at_home and planned < RETRIEVE_SHARE * PER_WORKER * ctx.workers


def bomb_step(turn: Turn, legal: list[Move]) -> Move | None:
    """Win now if possible; else build the best bomb, test when it pays, load what can be."""
    state, seat, ctx = turn.state, turn.seat, turn.ctx
    scoring = [m for m in legal if m.kind in (BOMB, TEST, LOAD)]
    scoring = prune(state, ctx, scoring)
    now = total(state, seat)
    tried = [(m, apply(turn.rules, state, seat, m)) for m in scoring]
    for move, after in tried:
        if after["phase"] == "over" and after["winner"] == seat:
            return move
    builds = [(total(after, seat) - now, move) for move, after in tried if move.kind == BOMB]
    if builds:
        return max(builds, key=lambda item: (item[0], item[1].notation))[1]
    row = state["seats"][seat]
    cards = bombs_of(state)
    later = sum(cards[c].tested - cards[c].value for c in row["hand"] if cards[c].fuel == "plutonium")
    tests = [(total(after, seat) - now, move.notation, move) for move, after in tried if move.kind == TEST]
    if tests:
        gain, _, move = max(tests)
        if gain + LATER_SHARE * later > 0:
            return move
    loads = [(cards[m.args[0]].load, m.notation, m) for m, _ in tried if m.kind == LOAD]
    if loads:
        return min(loads)[2]
    return None


def turn_move(turn: Turn) -> Move:
    state, seat = turn.state, turn.seat
    legal = list(turn.rules.legal_moves(state, seat))
    kinds = {m.kind for m in legal}
    step = bomb_step(turn, legal)
    if step is not None and (step.kind == BOMB or state["turn"]["acted"] or RETRIEVE not in kinds):
        return step
    if state["turn"]["strike"] and not turn.easy:
        strike = strike_plan(turn.rules, state, turn.ctx, limit=1)[1]
        if strike is not None:
            return strike
    planned, first = plan(turn)
    if RETRIEVE in kinds and should_retrieve(turn, planned):
        return Move(RETRIEVE)
    if step is not None:
        return step
    if first is not None and planned > EPS:
        return first
    if DONE in kinds:
        return Move(DONE)
    if RETRIEVE in kinds:
        return Move(RETRIEVE)
    return fallback(turn, legal)


def fallback(turn: Turn, legal: list[Move]) -> Move:
    """Nothing is worth doing but the turn must place a worker: the least bad placement."""
    state, seat, ctx = turn.state, turn.seat, turn.ctx
    base = value(state, ctx)
    placing = prune(state, ctx, [m for m in legal if m.kind in (PLACE, WORK)])
    if not placing:
        return legal[0]
    return max(placing, key=lambda m: (value(apply(turn.rules, state, seat, m), ctx) - base, m.notation))
