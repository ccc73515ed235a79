"""What things are worth to the bot player, in victory points: the estimates behind its choices.

Every token is worth at least a quarter VP (four of a colour buy a yellow VP token at the end,
the others' last trades included), so a production of one token a turn is worth about that
much for every turn left, and a price is paid in tokens worth a little more while they can
still build. The number of turns left is the bot's guess from public facts only: the rounds
left before ``max_rounds`` and how fast the board has been filling so far.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import State
from engine.moonriser.content import TOKENS, Tile
from engine.moonriser.hexes import Hex, corner_fields, neighbour, opposite
from engine.moonriser.placement import Context
from engine.moonriser.production import production
from engine.moonriser.relations import turned

FLOOR = 0.25
"""VP of a token traded away at the end (4:1)."""
PRODUCED = 0.3
"""VP of a token produced in a later turn: the floor and a little for what it can build."""
SPENT = 0.35
"""VP of a token paid now (red and scarce colours more, see ``Economy.price``)."""
FILL_PRIOR = 2.5
"""Fields filled per round assumed before the board shows its own pace (weighted as 2 rounds)."""
OPEN_HALF = 0.5
"""VP of a relationship half left facing a free field: a partner may come (and produce)."""
OPEN_CORNER = 1.0
"""VP of a corner that matches one of the seat's tiles at a point whose third field is free: one
more tile turned right completes a Productive neighbourhood (3 VP and a token a turn)."""
ROOM = 0.6
"""VP of a free field the placement newly brings beside the seat's colony: room to build without
paying for remote placement, which the other seats would otherwise take."""


@dataclass(frozen=True)
class Economy:
    """One seat's situation, read once per decision."""

    turns: int
    """The bot's turns left, this one included (1: this is its last)."""
    tokens: dict[str, int]
    making: dict[str, int]
    """What the seat produces now per turn."""
    base_level: int

    @property
    def last(self) -> bool:
        return self.turns <= 1

    def produced(self, gain: dict[str, int]) -> float:
        """VP of a change of production that will run for the turns left (this one's included)."""
        if self.last:
            return FLOOR * sum(gain.get(c, 0) for c in TOKENS)
        return PRODUCED * self.turns * sum(gain.get(c, 0) for c in TOKENS)

    def rate(self, colour: str) -> float:
        """VP of one token of ``colour`` paid now: the floor in the last turn, more while it can
        still build, and more again for a colour the seat has little of and barely makes."""
        if self.last:
            return FLOOR
        scarce = self.tokens.get(colour, 0) < 4 and self.making.get(colour, 0) < 2
        return SPENT + (0.25 if scarce else 0.0) + (0.1 if colour == "red" else 0.0)

    def price(self, cost: dict[str, int]) -> float:
        return sum(self.rate(c) * cost.get(c, 0) for c in TOKENS)


def free_count(state: State, fields: int) -> int:
    return fields - len(state["tiles"]) - len(state["empty"])


def turns_left(state: State, fields: int) -> int:
    """The seat's turns left (this one included), from the rounds left and the board's pace."""
    rounds = state["options"]["max_rounds"] - state["round"] + 1
    if state["ending"]:
        return 1
    bases = sum(1 for entry in state["tiles"].values() if entry["tile"].startswith("M"))
    used = len(state["tiles"]) - bases + len(state["empty"])
    done_rounds = state["round"] - 1
    pace = (used + FILL_PRIOR * 2) / (done_rounds + 2)
    by_board = math.ceil(free_count(state, fields) / max(pace, 0.5))
    return max(1, min(rounds, by_board))


def economy(ctx: Context) -> Economy:
    level = next((one.factor for one in ctx.tiles.values() if one.owner == ctx.seat and one.tile.is_base), 1)
    return Economy(
        turns=turns_left(ctx.state, len(ctx.board.fields)),
        tokens=dict(ctx.tokens),
        making=production(ctx.tiles, ctx.seat),
        base_level=level,
    )


def potential(ctx: Context, tile: Tile, at: Hex, rotation: int, room: tuple[str, ...]) -> float:
    """Relationship halves the placement leaves open to a free field (+), minus the seat's own
    open halves it covers without forming a relationship (−). A tile whose production needs a
    kind counts its open halves of that kind twice. Plus the neighbourhoods it prepares (a
    corner meeting the colour of one of the seat's tiles, the point's third field still free)
    and the free fields it newly brings beside the colony (room the others would take)."""
    shape = turned(tile, rotation)
    needs = {b.condition for b in tile.bonuses if b.condition}
    blocked = {ctx.board.at[label] for label in room}
    score = 0.0
    for edge, (kind, _) in shape.edges.items():
        there = neighbour(at, edge)
        if ctx.is_free(there) and there not in blocked:
            score += 2 if kind in needs else 1
    for edge in range(6):
        other = ctx.tiles.get(neighbour(at, edge))
        if other is None or other.owner != ctx.seat:
            continue
        facing = other.shape.edges.get(opposite(edge))
        mine = shape.edges.get(edge)
        if facing is not None and (mine is None or mine[0] != facing[0] or mine[1] == facing[1]):
            score -= 1
    prepared = _open_corners(ctx, shape.corners, at, blocked)
    return OPEN_HALF * score + OPEN_CORNER * prepared + ROOM * _room(ctx, at)


def _room(ctx: Context, at: Hex) -> int:
    """Free fields beside ``at`` that touch none of the seat's tiles yet."""

    def own(field: Hex) -> bool:
        one = ctx.tiles.get(field)
        return one is not None and one.owner == ctx.seat

    return sum(
        1
        for edge in range(6)
        if ctx.is_free(there := neighbour(at, edge)) and not any(own(neighbour(there, e)) for e in range(6))
    )


def _open_corners(ctx: Context, corners: Mapping[int, str], at: Hex, blocked: set[Hex]) -> int:
    """Points where this tile's corner and one of the seat's tiles' corners share a colour and
    the third field is free (a tile placed there can complete the neighbourhood)."""
    count = 0
    for corner, colour in corners.items():
        (_, _), (one_at, one_corner), (two_at, two_corner) = corner_fields(at, corner)
        for mine_at, mine_corner, free_at in ((one_at, one_corner, two_at), (two_at, two_corner, one_at)):
            mine = ctx.tiles.get(mine_at)
            if (
                mine is not None
                and mine.owner == ctx.seat
                and mine.shape.corners.get(mine_corner) == colour
                and ctx.is_free(free_at)
                and free_at not in blocked
            ):
                count += 1
    return count


def tile_worth(tile: Tile, econ: Economy) -> float:
    """A tile in hand, before it has a field: its value, what its bonuses may give over the turns
    left, its relationship halves, less its price (what the bot keeps, draws for and discards)."""
    turns = max(0, econ.turns - 1)
    worth = float(tile.value) + 0.4 * len(tile.edges) + 0.2 * len(tile.corners)
    for bonus in tile.bonuses:
        if bonus.effect == "produce":
            chance = 1.0 if bonus.condition is None else (0.35 if bonus.then else 0.5)
            worth += PRODUCED * turns * bonus.amount * chance
        elif bonus.effect == "extra_action":
            worth += 0.5 * turns
        elif bonus.effect == "planning_discount":
            worth += 0.2 * turns
        else:
            worth += 0.1 * turns
    short = sum(max(0, n - econ.tokens.get(c, 0) - econ.making.get(c, 0)) for c, n in tile.price.items())
    return worth - econ.price(dict(tile.price)) - 0.5 * short
