"""A simple bot player: greedy, deterministic, legal. (A stronger one may replace it later,
behind the same ``bot_move(state, seat, level)``.)

- bases go where the most free fields around are left to grow into;
- it plans when blue allows and its hand is short, draws Advanced tiles when rich, and keeps the
  tiles with the best value for their price;
- in development it places the tile worth most VP + production for its cost (``normal``; ``easy``
  looks at VP only and never upgrades), upgrades when rich, and stops when nothing pays;
- in trade it keeps the hand limit and swaps a big surplus into its scarcest colour, and at the
  end of the game trades everything it can into yellow VP tokens.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.moonriser.content import TOKENS, Tile, tiles_of
from engine.moonriser.hexes import neighbours
from engine.moonriser.notation import (
    BASE,
    DISCARD,
    DONE_MOVE,
    DRAW,
    END_MOVE,
    KEEP,
    PLAN,
    SELL,
    SELL_COUNT,
    TRADE,
    UPGRADE,
)
from engine.moonriser.placement import Context, base_fields, offer_of, upgrades
from engine.moonriser.planning import available
from engine.moonriser.relations import board_of
from engine.moonriser.trading import HAND_LIMIT, rate

LEVELS: tuple[str, ...] = ("easy", "normal")
RICH = 10
"""Tokens (blue + red + green) from which the bot draws Advanced tiles and upgrades."""
SURPLUS = 3
"""Tokens above a trade's price the bot keeps before trading a colour away."""


def worth(tile: Tile) -> float:
    """Value per token of price, with a little for every bonus: what the bot keeps."""
    price = sum(tile.price.values())
    return (tile.value + 0.5 * len(tile.bonuses) + 0.2 * len(tile.edges)) / (price + 1)


def _best_tiles(state: State, tile_ids: list[str], count: int) -> list[str]:
    tileset = tiles_of(state)
    ranked = sorted(tile_ids, key=lambda t: (-worth(tileset[t]), t))
    return sorted(ranked[:count])


def _base(state: State) -> Move:
    where = board_of(state)
    fields = base_fields(state)
    used = set(state["tiles"]) | set(state["empty"])

    def room(label: str) -> int:
        return sum(
            1 for n in neighbours(where.at[label]) if n in where.fields and where.labels[n] not in used
        )

    return Move(BASE, (max(fields, key=lambda f: (room(f), -fields.index(f))),))


def _plan(state: State, seat: int, level: str) -> Move:
    row = state["seats"][seat]
    blue, held = row["tokens"]["blue"], len(row["hand"])
    if held >= HAND_LIMIT - 1 or blue == 0:
        return Move(PLAN, ("0",))
    want = 1 if level == "easy" or held >= 2 else 2
    return Move(PLAN, (str(min(blue, want)),))


def _draw(state: State, seat: int) -> Move:
    row = state["seats"][seat]
    rich = sum(row["tokens"][c] for c in TOKENS) >= RICH
    piles = ["advanced", "basic"] if rich else ["basic", "advanced"]
    pile = next(p for p in piles if available(state, p))
    count = min(row["draws_left"], available(state, pile))
    return Move(DRAW, (pile,) if count == 1 else (pile, str(count)))


def _develop(state: State, seat: int, level: str) -> Move:
    ctx = Context(state, seat)
    late = state["ending"] or state["round"] >= state["options"]["max_rounds"] - 1
    weight = 0.0 if late or level == "easy" else 1.0
    best: tuple[float, str] | None = None
    for found in ctx.placements(offer_of(state, seat), scored=True, productive=weight > 0):
        made = sum(found.production.values()) if found.production else 0
        score = found.vp + weight * made - 0.25 * sum(found.cost.values())
        if best is None or score > best[0] + 1e-9:
            best = (score, found.notation)
    rich = sum(ctx.tokens[c] for c in TOKENS) >= RICH
    if level != "easy" and (rich or best is None):
        for option in upgrades(state, seat):
            tile = ctx.tileset[option["tile"]]
            made = 2 if tile.is_base else sum(b.amount for b in tile.bonuses if b.effect == "produce")
            score = option["vp"] + weight * made - 0.25 * sum(option["cost"].values())
            if best is None or score > best[0] + 1e-9:
                best = (score, f"{UPGRADE} {option['field']}")
    if best is not None and best[0] > 0:
        kind, *args = best[1].split()
        return Move(kind, tuple(args))
    return DONE_MOVE


def _trade(state: State, seat: int) -> Move:
    row = state["seats"][seat]
    hand, tokens = row["hand"], row["tokens"]
    final = state["phase"] == "final" or state["ending"] or state["round"] >= state["options"]["max_rounds"]
    if state["phase"] == "trade" and len(hand) > HAND_LIMIT:
        return Move(DISCARD, (_worst(state, hand),))
    if final:
        for colour in TOKENS:
            if tokens[colour] >= rate(state, seat, colour):
                return Move(TRADE, (colour, "yellow"))
        if len(hand) >= SELL_COUNT:
            return Move(SELL, (*sorted(hand)[:SELL_COUNT], "yellow"))
        return END_MOVE
    scarce = min(TOKENS, key=lambda c: (tokens[c], TOKENS.index(c)))
    for colour in TOKENS:
        price = rate(state, seat, colour)
        if colour != scarce and tokens[colour] >= price + SURPLUS and tokens[scarce] < 2:
            return Move(TRADE, (colour, scarce))
    return END_MOVE


def _worst(state: State, hand: list[str]) -> str:
    tileset = tiles_of(state)
    return min(hand, key=lambda t: (worth(tileset[t]), t))


def bot_move(state: State, seat: int, level: str) -> Move:
    """The bot's next move for ``seat`` (whose decision is awaited)."""
    phase = state["phase"]
    row = state["seats"][seat]
    if phase == "base":
        return _base(state)
    if phase in ("setup_keep", "keep"):
        return Move(KEEP, tuple(_best_tiles(state, row["drawn"], min(row["keep"], len(row["drawn"])))))
    if phase == "plan":
        return _plan(state, seat, level)
    if phase == "draw":
        return _draw(state, seat)
    if phase == "develop":
        return _develop(state, seat, level)
    return _trade(state, seat)
