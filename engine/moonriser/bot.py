"""The bot player: a one-step greedy that values every choice in VP (``bot_value``).

Deterministic for a given state and blind to what its seat may not see: ``bot_move`` reads a
copy of the state whose piles, discards, generator and other seats' hands and drawn tiles are
blanked, so it cannot peek even by mistake.

- bases go where the most free fields around are left to grow into;
- planning pays blue for tiles while the hand is short (keeping blue for the Main base's next
  upgrade while that still pays), draws Advanced tiles once it can afford them, and keeps the
  tiles worth most to it;
- development takes, one action at a time, the placement or upgrade worth most: VP now
  (value, relationship sides, neighbourhoods, a VP field) + the production it adds for the
  turns left + relationship halves left open, less its price in tokens; ``done`` when nothing
  is worth its price;
- Phase III keeps the hand limit, turns surplus into what the next turn needs, and everything
  into yellow at the end (``bot_trade``).

``easy`` is the first simple bot: VP now against a quarter VP per token, no production, no
upgrades, one tile of planning at a time.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.moonriser.bot_trade import trade_move
from engine.moonriser.bot_value import FLOOR, Economy, economy, potential, tile_worth
from engine.moonriser.content import TOKENS, Tile, TileSet, tiles_of
from engine.moonriser.hexes import Hex, neighbours
from engine.moonriser.notation import BASE, DONE_MOVE, DRAW, KEEP, PLACE, PLAN, UPGRADE
from engine.moonriser.placement import Context, Placement, base_fields, offer_of, upgrade_vp
from engine.moonriser.planning import available, discount
from engine.moonriser.production import tile_output
from engine.moonriser.relations import board_of
from engine.moonriser.trading import HAND_LIMIT

LEVELS: tuple[str, ...] = ("easy", "normal")
HAND_TARGET = 3
"""Tiles the bot likes to hold before development (the supply offers more)."""
UPGRADE_MARGIN = 2.0
"""VP a Main base upgrade must beat by to reserve blue for it: it takes a turn's action."""
ADVANCED_GREEN = 4
"""Green held + made per turn from which the bot draws Advanced tiles."""


def blind(state: State, seat: int) -> State:
    """``state`` as ``seat`` may know it: other hands, drawn tiles, piles and discards blanked."""
    out = dict(state)
    out["piles"] = {pile: [""] * len(items) for pile, items in state["piles"].items()}
    out["discards"] = {pile: [""] * len(items) for pile, items in state["discards"].items()}
    out["rng"] = 0
    out["seats"] = [
        row if s == seat else {**row, "hand": [""] * len(row["hand"]), "drawn": [""] * len(row["drawn"])}
        for s, row in enumerate(state["seats"])
    ]
    return out


def bot_move(state: State, seat: int, level: str) -> Move:
    """The bot's next move for ``seat`` (whose decision is awaited)."""
    state = blind(state, seat)
    phase = state["phase"]
    if phase == "base":
        return _base(state)
    if phase in ("setup_keep", "keep"):
        return _keep(state, seat, level)
    if phase == "plan":
        return _plan(state, seat, level)
    if phase == "draw":
        return _draw(state, seat, level)
    if phase == "develop":
        return _develop(state, seat, level)
    econ = economy(Context(state, seat))
    return trade_move(state, seat, tiles_of(state), econ, _base_upgrade(econ) > UPGRADE_MARGIN)


# --------------------------------------------------------------------------- setup and planning
def _base(state: State) -> Move:
    where = board_of(state)
    fields = base_fields(state)
    used = set(state["tiles"]) | set(state["empty"])

    def room(label: str) -> int:
        return sum(
            1 for n in neighbours(where.at[label]) if n in where.fields and where.labels[n] not in used
        )

    return Move(BASE, (max(fields, key=lambda f: (room(f), -fields.index(f))),))


def easy_worth(tile: Tile) -> float:
    """Value per token of price, with a little for every bonus (the easy bot's measure)."""
    price = sum(tile.price.values())
    return (tile.value + 0.5 * len(tile.bonuses) + 0.2 * len(tile.edges)) / (price + 1)


def _ranked(tileset: TileSet, tile_ids: list[str], level: str, econ: Economy) -> list[str]:
    if level == "easy":
        return sorted(tile_ids, key=lambda t: (-easy_worth(tileset[t]), t))
    return sorted(tile_ids, key=lambda t: (-tile_worth(tileset[t], econ), t))


def _keep(state: State, seat: int, level: str) -> Move:
    row = state["seats"][seat]
    count = min(row["keep"], len(row["drawn"]))
    econ = economy(Context(state, seat))
    return Move(KEEP, tuple(sorted(_ranked(tiles_of(state), row["drawn"], level, econ)[:count])))


def _base_upgrade(econ: Economy) -> float:
    """VP of upgrading the Main base now: one more blue and green a turn for its level of each."""
    level = econ.base_level
    return econ.produced({"blue": 1, "green": 1}) - econ.price({"blue": level, "green": level})


def _plan(state: State, seat: int, level: str) -> Move:
    row = state["seats"][seat]
    blue, held = row["tokens"]["blue"], len(row["hand"])
    if level == "easy":
        if held >= HAND_LIMIT - 1 or blue == 0:
            return Move(PLAN, ("0",))
        return Move(PLAN, ("1",))
    ctx = Context(state, seat)
    econ = economy(ctx)
    reserve = econ.base_level if _base_upgrade(econ) > UPGRADE_MARGIN else 0
    spare = blue - reserve
    want = HAND_TARGET - held
    if spare >= 3 and held < HAND_LIMIT - 1:
        want = max(want, 2 if spare < 2 * HAND_LIMIT else HAND_LIMIT - held)
    if econ.last or spare <= 0 or want <= 0:
        return Move(PLAN, ("0",))
    paid = max(1, min(spare, want - discount(state, seat)))
    return Move(PLAN, (str(paid),))


def _draw(state: State, seat: int, level: str) -> Move:
    row = state["seats"][seat]
    if level == "easy":
        rich = sum(row["tokens"][c] for c in TOKENS) >= 10
    else:
        econ = economy(Context(state, seat))
        rich = econ.tokens["green"] + econ.making["green"] >= ADVANCED_GREEN
    piles = ["advanced", "basic"] if rich else ["basic", "advanced"]
    pile = next(p for p in piles if available(state, p))
    count = min(row["draws_left"], available(state, pile))
    return Move(DRAW, (pile,) if count == 1 else (pile, str(count)))


# --------------------------------------------------------------------------- development
def _develop(state: State, seat: int, level: str) -> Move:
    ctx = Context(state, seat)
    easy = level == "easy"
    econ = economy(ctx)
    best: tuple[float, Move] = (0.0, DONE_MOVE)
    for found in ctx.placements(offer_of(state, seat), scored=True, productive=False):
        score = placement_score(ctx, econ, found, easy)
        if score > best[0] + 1e-9:
            best = (score, Move(PLACE, (found.tile, found.field, str(found.rotation), found.source)))
    if not easy:
        for at in ctx.own:
            one = ctx.tiles[at]
            if one.weight == 2:
                continue
            cost = ctx.upgrade_cost(at)
            if not ctx.affords(cost):
                continue
            made = {c: n // one.factor for c, n in tile_output(ctx.tiles, at).items()}
            score = upgrade_vp(ctx, at) + econ.produced(made) - econ.price(cost)
            if score > best[0] + 1e-9:
                best = (score, Move(UPGRADE, (one.label,)))
    return best[1]


def placement_score(ctx: Context, econ: Economy, found: Placement, easy: bool = False) -> float:
    """What a placement is worth to the bot, in VP: VP now and the symbol's tokens, less the
    price; the normal bot adds the production it brings for the turns left and the halves it
    leaves open (``easy``: VP now against a quarter VP per token)."""
    if easy:
        return found.vp - FLOOR * sum(found.cost.values())
    score = found.vp + econ.price({c: found.gain.get(c, 0) for c in TOKENS}) - econ.price(found.cost)
    if not econ.last:
        tile, at = ctx.tileset[found.tile], ctx.board.at[found.field]
        score += econ.produced(_made(ctx, tile, at, found.rotation, found.vp, found.gain))
        score += potential(ctx, tile, at, found.rotation, found.empty)
    if found.symbol == "action":
        score += 2 * econ.rate("red")
    return score


def _made(ctx: Context, tile: Tile, at: Hex, rotation: int, vp: int, gain: dict[str, int]) -> dict[str, int]:
    """The production a placement adds. One that forms no relationship and completes no
    neighbourhood (its VP are its value and the field's yellow) adds its unconditional bonuses
    only; the full count (``Context.production_gain``) is asked only for the others."""
    if vp > tile.value + gain.get("yellow", 0):
        return ctx.production_gain(tile, at, rotation)
    return _plain_output(tile)


def _plain_output(tile: Tile) -> dict[str, int]:
    out = dict.fromkeys(TOKENS, 0)
    for bonus in tile.bonuses:
        if bonus.effect == "produce" and bonus.condition is None and bonus.colour is not None:
            out[bonus.colour] += bonus.amount
    return out
