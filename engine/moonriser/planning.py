"""Phase I, planning: pay blue, draw three tiles per token tile by tile, keep a third.

With ``d`` planning-discount symbols on the seat's tiles (an upgraded one counts twice), paying
``n >= 1`` blue buys ``n + d`` draws of three: the seat draws ``3 × (n + d)`` tiles and keeps
``n + d`` (the English book's example: one symbol, pay 1, draw 6, keep 2). Each drawn tile is
shown to its seat alone. An empty pile is refilled by shuffling its discards; a pile still empty
cannot be drawn from. The setup's "keep 3 of 5" uses the same ``keep``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.core import Event, IllegalMove, Move, Rng, State
from engine.moonriser import edit
from engine.moonriser.content import TILE_LIBRARY, tiles, tiles_of
from engine.moonriser.notation import DRAW, KEEP, PILES, PLAN
from engine.moonriser.production import effect_total
from engine.moonriser.relations import colony

PER_TOKEN = 3
SETUP_KEEP = 3


def available(state: State, pile: str) -> int:
    """Tiles a pile can still give: its own and its discards (shuffled in when it runs dry)."""
    return len(state["piles"][pile]) + len(state["discards"][pile])


def most_drawn() -> int:
    """The most tiles one ``draw`` can take, in any tiles version: a pile never holds more than
    the box's tiles of its kind (its discards are shuffled back into it), however many draws a
    plan paid for (blue tokens are unlimited). ``/moonriser draw`` offers counts up to it."""
    return max(len(tiles(v).box(pile)) for v in TILE_LIBRARY.versions() for pile in PILES)


def drawable(state: State) -> bool:
    return any(available(state, pile) for pile in PILES)


def draw_tiles(new: State, pile: str, count: int, events: list[Event]) -> list[str]:
    """Take ``count`` tiles off ``pile`` (fewer if it and its discards run out); ``new`` is a
    copy whose ``piles``/``discards``/``rng`` this replaces."""
    piles, discards = dict(new["piles"]), dict(new["discards"])
    stack = list(piles[pile])
    out = []
    for _ in range(count):
        if not stack and discards[pile]:
            stack = list(discards[pile])
            rng = Rng(new["rng"])
            rng.shuffle(stack)
            new["rng"] = rng.state
            discards[pile] = []
            events.append(Event("moonriser.reshuffled", {"pile": pile, "count": len(stack)}))
        if not stack:
            break
        out.append(stack.pop())
    piles[pile] = stack
    new["piles"], new["discards"] = piles, discards
    return out


def discard_tiles(new: State, tile_ids: list[str] | tuple[str, ...]) -> None:
    """Put tiles face down on their kind's discards (``new`` is a copy)."""
    if not tile_ids:
        return
    tileset = tiles_of(new)
    discards = {pile: list(items) for pile, items in new["discards"].items()}
    for tile_id in tile_ids:
        discards[tileset[tile_id].kind].append(tile_id)
    new["discards"] = discards


def discount(state: State, seat: int) -> int:
    return effect_total(colony(state), seat, "planning_discount")


def plan(state: State, seat: int, paid: int) -> tuple[State, list[Event]]:
    """``plan n``: pay ``n`` blue for ``n + d`` draws of three (``plan 0``: no drawing)."""
    blue = state["seats"][seat]["tokens"]["blue"]
    if paid > blue:
        raise IllegalMove("moonriser.not_enough_blue", paid=paid, blue=blue)
    if paid and not drawable(state):
        raise IllegalMove("moonriser.piles_empty")
    new = dict(state)
    row = edit.seat(new, seat)
    units = paid + discount(state, seat) if paid else 0
    row["tokens"]["blue"] -= paid
    row["draws_left"], row["keep"] = PER_TOKEN * units, units
    new["phase"] = "draw" if units else "develop"
    events = [
        Event("moonriser.planned", {"seat": seat, "paid": paid, "draws": PER_TOKEN * units, "keep": units})
    ]
    return new, events


def draw(state: State, seat: int, pile: str, count: int) -> tuple[State, list[Event]]:
    """``draw <pile> [k]``: ``k`` of the seat's remaining draws from one pile, shown to it alone."""
    left = state["seats"][seat]["draws_left"]
    if count > left:
        raise IllegalMove("moonriser.too_many_draws", count=count, left=left)
    if count > available(state, pile):
        raise IllegalMove("moonriser.pile_short", pile=pile, count=available(state, pile))
    new = dict(state)
    events: list[Event] = []
    drawn = draw_tiles(new, pile, count, events)
    row = edit.seat(new, seat)
    row["drawn"] = [*row["drawn"], *drawn]
    row["draws_left"] = left - count
    events.append(Event("moonriser.drew", {"seat": seat, "tiles": list(drawn)}, audience=seat))
    events.append(Event("moonriser.drew_public", {"seat": seat, "count": len(drawn), "pile": pile}))
    if row["draws_left"] == 0 or not drawable(new):
        row["draws_left"] = 0
        row["keep"] = min(row["keep"], len(row["drawn"]))
        new["phase"] = "keep"
    return new, events


def keep(state: State, seat: int, chosen: tuple[str, ...]) -> tuple[State, list[Event]]:
    """``keep t…``: exactly ``min(keep, drawn)`` of the drawn tiles; the rest are discarded."""
    row = state["seats"][seat]
    wanted = min(row["keep"], len(row["drawn"]))
    if len(chosen) != wanted:
        raise IllegalMove("moonriser.keep_count", count=wanted)
    rest = edit.take(row["drawn"], chosen, "moonriser.not_drawn")
    new = dict(state)
    discard_tiles(new, rest)
    row = edit.seat(new, seat)
    row["hand"] = [*row["hand"], *chosen]
    row["drawn"], row["keep"], row["draws_left"] = [], 0, 0
    events = [
        Event("moonriser.kept", {"seat": seat, "count": len(chosen)}),
        Event("moonriser.kept_private", {"seat": seat, "tiles": list(chosen)}, audience=seat),
    ]
    return new, events


def keep_moves(drawn: list[str], count: int) -> Iterator[Move]:
    """Every distinct choice of ``count`` of the drawn tiles (lazily: a big plan has many)."""
    seen: set[tuple[str, ...]] = set()
    for choice in combinations(sorted(drawn), count):
        if choice not in seen:
            seen.add(choice)
            yield Move(KEEP, choice)


def plan_moves(state: State, seat: int) -> list[Move]:
    blue = state["seats"][seat]["tokens"]["blue"]
    top = blue if drawable(state) else 0
    return [Move(PLAN, (str(n),)) for n in range(top + 1)]


def draw_moves(state: State, seat: int) -> list[Move]:
    left = state["seats"][seat]["draws_left"]
    out = []
    for pile in PILES:
        for k in range(1, min(left, available(state, pile)) + 1):
            out.append(Move(DRAW, (pile,) if k == 1 else (pile, str(k))))
    return out
