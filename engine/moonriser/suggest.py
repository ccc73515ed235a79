"""The placements of one tile, best first, for the placement preview: the preview opens on the
first and steps through the others (another rotation, the next field).

"Best" is what the normal bot player values (``bot.placement_score``: VP now, the production
it adds for the turns left, relationship halves left open, less the price), read from what the
seat may see only, so a player who takes the first suggestion plays as well as the bot would
with that tile. Ties go to more VP now, then board order.
"""

from __future__ import annotations

import copy
from itertools import combinations
from math import comb

from engine.core import State
from engine.moonriser.bot import blind, bot_move, placement_score
from engine.moonriser.bot_value import economy, tile_worth
from engine.moonriser.content import tiles_of
from engine.moonriser.notation import DISCARD, SELL_COUNT
from engine.moonriser.placement import Context, Placement, offer_of
from engine.moonriser.planning import keep_moves
from engine.moonriser.trading import excess


def ranked(state: State, seat: int, tile: str, source: str) -> list[Placement]:
    """Every placement ``seat`` can pay for now of ``tile`` from ``source``, best first
    (empty outside the seat's development phase)."""
    if state["phase"] != "develop" or state["active"] != seat:
        return []
    ctx = Context(blind(state, seat), seat)
    econ = economy(ctx)
    found = list(ctx.placements([(tile, source)], scored=True))
    scores = [placement_score(ctx, econ, p) for p in found]
    order = sorted(range(len(found)), key=lambda i: (-round(scores[i], 9), -found[i].vp, i))
    return [found[i] for i in order]


def fields_best_first(ranking: list[Placement]) -> list[str]:
    """The fields of a ranking, each where its best placement stands."""
    return list(dict.fromkeys(p.field for p in ranking))


def best_on(ranking: list[Placement], field: str) -> Placement | None:
    return next((p for p in ranking if p.field == field), None)


def ranked_offer(state: State, seat: int, limit: int | None = None) -> list[Placement]:
    """Every placement ``seat`` can pay for now of any tile it may place (hand, then supply),
    best first by the same value as ``ranked``: the whole moves a placing picker offers first,
    so the bot's advice is its first option (the first ``limit`` only, when given)."""
    if state["phase"] != "develop" or state["active"] != seat:
        return []
    ctx = Context(blind(state, seat), seat)
    econ = economy(ctx)
    found = list(ctx.placements(offer_of(state, seat), scored=True))
    scores = [placement_score(ctx, econ, p) for p in found]
    order = sorted(range(len(found)), key=lambda i: (-round(scores[i], 9), -found[i].vp, i))
    return [found[i] for i in order[:limit]]


ENUMERATED = 5000
"""At most this many keeps are ranked (keep 5 of 15 is 3003)."""


def ranked_keeps(state: State, seat: int, limit: int | None = None) -> list[tuple[str, ...]]:
    """The seat's possible keeps (each a sorted choice of its drawn tiles), best first: the
    bot's keep, then by the worth it gives each tile (``bot.tile_worth``), summed; the first
    ``limit`` only, when given; ``[]`` when the seat has nothing to keep. A big plan has
    millions of keeps: beyond ``ENUMERATED`` only the bot's is listed."""
    row = state["seats"][seat]
    count = min(int(row.get("keep", 0)), len(row.get("drawn", ())))
    if not count:
        return []
    advice = bot_move(state, seat, "normal").args
    if comb(len(row["drawn"]), count) > ENUMERATED:
        return [advice]
    choices = [m.args for m in keep_moves(list(row["drawn"]), count)]
    econ = economy(Context(blind(state, seat), seat))
    tiles = tiles_of(state)
    worth = {t: tile_worth(tiles[t], econ) for t in row["drawn"]}
    ordered = sorted(choices, key=lambda c: (c != advice, -round(sum(worth[t] for t in c), 9), c))
    return ordered[:limit]


def ranked_discards(state: State, seat: int, limit: int | None = None) -> list[tuple[str, ...]]:
    """The seat's ways down to the hand limit (each a sorted choice of exactly the excess of its
    hand), best first: the bot's own discards, then the tiles the bot values least, summed;
    ``[]`` within the limit. Beyond ``ENUMERATED`` choices only the bot's is listed."""
    from engine.moonriser.game import GAME  # the game imports the bot this module reads

    over = excess(state, seat)
    if not over:
        return []
    after = copy.deepcopy(state)
    advice: list[str] = []
    while len(advice) < over:
        move = bot_move(after, seat, "normal")
        if move.kind != DISCARD:
            return []
        advice.extend(move.args)
        after, _ = GAME.apply(after, seat, move.notation)
    best = tuple(sorted(advice[:over]))
    hand = list(state["seats"][seat]["hand"])
    if comb(len(hand), over) > ENUMERATED:
        return [best]
    econ = economy(Context(blind(state, seat), seat))
    tiles = tiles_of(state)
    worth = {t: tile_worth(tiles[t], econ) for t in hand}
    choices = list(dict.fromkeys(tuple(sorted(c)) for c in combinations(hand, over)))
    ordered = sorted(choices, key=lambda c: (c != best, round(sum(worth[t] for t in c), 9), c))
    return ordered[:limit]


def ranked_sells(state: State, seat: int, limit: int | None = None) -> list[tuple[str, ...]]:
    """The seat's choices of 4 hand tiles to sell (each sorted, a tile held twice may be sold
    twice), the tiles it needs least first: by the worth the bot gives them (``bot.tile_worth``),
    summed, so the first is the bot's own sell (its 4 least worth tiles); the first ``limit``
    only, when given; ``[]`` with fewer than 4 tiles. Beyond ``ENUMERATED`` only the first."""
    hand = sorted(state["seats"][seat]["hand"])
    if len(hand) < SELL_COUNT:
        return []
    econ = economy(Context(blind(state, seat), seat))
    tiles = tiles_of(state)
    worth = {t: round(tile_worth(tiles[t], econ), 9) for t in hand}
    least = tuple(sorted(sorted(hand, key=lambda t: (worth[t], t))[:SELL_COUNT]))
    if comb(len(hand), SELL_COUNT) > ENUMERATED:
        return [least]
    choices = list(dict.fromkeys(combinations(hand, SELL_COUNT)))
    ordered = sorted(choices, key=lambda c: (c != least, round(sum(worth[t] for t in c), 9), c))
    return ordered[:limit]
