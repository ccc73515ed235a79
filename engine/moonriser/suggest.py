"""The placements of one tile, best first, for the placement preview: the preview opens on the
first and steps through the others (another rotation, the next field).

"Best" is what the normal bot player values (``bot.placement_score``: VP now, the production
it adds for the turns left, relationship halves left open, less the price), read from what the
seat may see only, so a player who takes the first suggestion plays as well as the bot would
with that tile. Ties go to more VP now, then board order.
"""

from __future__ import annotations

from engine.core import State
from engine.moonriser.bot import blind, placement_score
from engine.moonriser.bot_value import economy
from engine.moonriser.placement import Context, Placement


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
