"""Air strikes for the bot player: what hurting another seat is worth, and which attacks to make.

Harm is counted in the other seat's points, weighted by how close it is to winning (hurting the
leader matters; hurting a seat far behind helps the third seat as much as us). A raid takes a
building out until its owner pays to repair it; shooting a bomber keeps a bomb from being loaded;
shooting the last fighter opens the seat to raids. The bot's own fighters and bombers are paid
at their worth in ``bot_value`` (a bomber it needs for loading is dear).
"""

from __future__ import annotations

from engine.core import Move, State
from engine.manhattan.bot_value import Context, value
from engine.manhattan.content import LOAD_POINTS, bombs_of, buildings_of
from engine.manhattan.notation import ATTACK, RAID
from engine.manhattan.scoring import target, total
from engine.manhattan.turns import playing

LEADER_FROM = 0.4
"""A leader is struck from this share of the winning score on."""
RAID_MOST = 6.0
RAID_LEAST = 1.5
BLOCK = 30.0
"""Keeping a seat from winning on its next turn, in our points (before the seat's weight)."""
"""A raided building costs its owner at least a repair's worth, at most a few uses."""


def weight(state: State, ctx: Context, seat: int) -> float:
    """How much a point of ``seat``'s matters to us: with two players, always (its loss is our
    gain); with more, only when it leads (else hurting it helps the others as much) and the more
    the nearer it is to winning."""
    if state["seats"][seat]["resigned"]:
        return 0.0
    near = total(state, seat) / ctx.target
    if state["players"] == 2:
        return 0.3 + near
    others = [total(state, s) for s in playing(state) if s != seat]
    leads = total(state, seat) >= max(others, default=0)
    return near if leads and near >= LEADER_FROM else 0.1 * near


def raid_harm(state: State, ctx: Context, seat: int, card: str) -> float:
    row = state["seats"][seat]
    building = next(b for b in row["buildings"] if b["card"] == card)
    if building["damage"]:
        return 0.3
    use = ctx.use_value(buildings_of(state)[card])
    return max(RAID_LEAST, min(RAID_MOST, 2 * use))


def loads_to_win(state: State, seat: int) -> int | None:
    """How many loadings would give ``seat`` the game on its next turn, if it can pay for them."""
    row = state["seats"][seat]
    cards = bombs_of(state)
    prices = sorted(cards[b["card"]].load for b in row["bombs"] if not b["loaded"])
    needed = -(-(target(state) - total(state, seat)) // LOAD_POINTS)
    if needed > len(prices) or sum(prices[:needed]) > row["money"]:
        return None
    return needed


def block_share(state: State, ctx: Context, seat: int) -> float:
    """When loading would win ``seat`` the game, the share of keeping it from winning that one
    bomber shot down buys: all bombers beyond the loadings it needs must go, the bot's fighters
    permitting (0 when loading cannot win it the game, or the bot cannot shoot enough)."""
    row = state["seats"][seat]
    needed = loads_to_win(state, seat)
    if needed is None or row["bombers"] < needed:
        return 0.0
    shots = row["bombers"] - needed + 1
    return 1.0 / shots if state["seats"][ctx.seat]["fighters"] >= shots else 0.0


def bomber_harm(state: State, seat: int) -> float:
    """A bomber shot down cannot load a bomb."""
    row = state["seats"][seat]
    unloaded = sum(1 for b in row["bombs"] if not b["loaded"]) + (1 if row["hand"] else 0)
    if row["bombers"] > unloaded:
        return 0.5
    return 4.0 if any(not b["loaded"] for b in row["bombs"]) else 2.0


def harm(state: State, ctx: Context, move: Move) -> float:
    """What ``move`` (an attack or a raid) takes from its target, in our points."""
    target = int(move.args[0])
    row = state["seats"][target]
    if move.kind == RAID:
        loss = raid_harm(state, ctx, target, move.args[1])
    elif move.args[1] == "bomber":
        share = block_share(state, ctx, target)
        if share:
            return BLOCK * share  # its win is our loss, whoever leads
        loss = bomber_harm(state, target)
    elif row["fighters"] == 1 and state["seats"][ctx.seat]["bombers"] > 0 and row["buildings"]:
        loss = 0.6 * max(raid_harm(state, ctx, target, b["card"]) for b in row["buildings"])
    else:
        loss = 0.3
    return loss * weight(state, ctx, target)


def strike_gain(state: State, ctx: Context, move: Move, after: State) -> float:
    """The strike's harm less what the bot pays for it (its fighter or bomber)."""
    return harm(state, ctx, move) + value(after, ctx) - value(state, ctx)


def strike_moves(moves: list[Move]) -> list[Move]:
    return [m for m in moves if m.kind in (ATTACK, RAID)]
