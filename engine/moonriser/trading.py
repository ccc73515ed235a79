"""Phase III trades, the hand limit, and the others' last trades at the end of the game.

- ``trade <give> <get>``: 4 tokens of one colour for 1 of another colour or a yellow VP token;
  3 when the seat's tiles give a trade advantage in the colour *given* (2 with two advantages or
  an upgraded one; never fewer than 2). The final trades are always at 4.
- ``sell <4 tiles> <get>``: 4 tiles from hand for 1 token of any colour, yellow included.
- ``swap <colour> <give>`` / ``swap <colour> <t> <t>``: the tile symbol "1× 1:2 TRADE" — once per
  turn per symbol (twice when upgraded), 1 token of ``colour`` for 2 tokens of one other colour
  or for 2 tiles from hand.
- ``discard <t>`` and ``end``: a turn ends only with at most 5 tiles in hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.core import Event, IllegalMove, Move, State
from engine.moonriser import edit
from engine.moonriser.content import TOKENS
from engine.moonriser.notation import DISCARD, END, GETS, SELL, SELL_COUNT, SWAP, SWAP_TILES, TRADE
from engine.moonriser.planning import discard_tiles
from engine.moonriser.production import effect_total
from engine.moonriser.relations import colony

STANDARD_RATE = 4
BEST_RATE = 2
SWAP_PRICE = 2
HAND_LIMIT = 5


def rate(state: State, seat: int, give: str) -> int:
    """Tokens of ``give`` one trade takes now."""
    if state["phase"] == "final":
        return STANDARD_RATE
    advantage = effect_total(colony(state), seat, "trade_advantage", give)
    return max(BEST_RATE, STANDARD_RATE - advantage)


def rates(state: State, seat: int) -> dict[str, int]:
    return {colour: rate(state, seat, colour) for colour in TOKENS}


def swaps_left(state: State, seat: int) -> dict[str, int]:
    """How many 1:2 trades into each colour ``seat`` still has this turn."""
    if state["phase"] != "trade":
        return dict.fromkeys(TOKENS, 0)
    tiles = colony(state)
    used = state["turn"].get("swaps", {})
    return {c: max(0, effect_total(tiles, seat, "swap", c) - used.get(c, 0)) for c in TOKENS}


def trade(state: State, seat: int, give: str, get: str) -> tuple[State, list[Event]]:
    if give == get:
        raise IllegalMove("moonriser.same_colour", colour=give)
    amount = rate(state, seat, give)
    if state["seats"][seat]["tokens"][give] < amount:
        raise IllegalMove("moonriser.trade_short", colour=give, amount=amount)
    new = dict(state)
    row = edit.seat(new, seat)
    row["tokens"][give] -= amount
    row["tokens"][get] += 1
    return new, [Event("moonriser.traded", {"seat": seat, "give": give, "amount": amount, "get": get})]


def sell(state: State, seat: int, tiles: tuple[str, ...], get: str) -> tuple[State, list[Event]]:
    rest = edit.take(state["seats"][seat]["hand"], tiles, "moonriser.not_in_hand")
    new = dict(state)
    discard_tiles(new, tiles)
    row = edit.seat(new, seat)
    row["hand"] = rest
    row["tokens"][get] += 1
    return new, [Event("moonriser.sold", {"seat": seat, "count": len(tiles), "get": get})]


def swap(state: State, seat: int, colour: str, give: tuple[str, ...]) -> tuple[State, list[Event]]:
    """The 1:2 trade: ``give`` is one colour (pay 2 of it) or two tile ids from hand."""
    if swaps_left(state, seat)[colour] < 1:
        raise IllegalMove("moonriser.no_swap", colour=colour)
    new = dict(state)
    row = state["seats"][seat]
    if len(give) == 1:
        paid = give[0]
        if paid == colour:
            raise IllegalMove("moonriser.same_colour", colour=colour)
        if row["tokens"][paid] < SWAP_PRICE:
            raise IllegalMove("moonriser.trade_short", colour=paid, amount=SWAP_PRICE)
        row = edit.seat(new, seat)
        row["tokens"][paid] -= SWAP_PRICE
        params = {"seat": seat, "get": colour, "give": paid, "amount": SWAP_PRICE}
    else:
        rest = edit.take(row["hand"], give, "moonriser.not_in_hand")
        discard_tiles(new, give)
        row = edit.seat(new, seat)
        row["hand"] = rest
        params = {"seat": seat, "get": colour, "give": "tiles", "amount": SWAP_TILES}
    row["tokens"][colour] += 1
    turn = edit.turn(new)
    turn["swaps"] = {**turn.get("swaps", {}), colour: turn.get("swaps", {}).get(colour, 0) + 1}
    return new, [Event("moonriser.swapped", params)]


def discard(state: State, seat: int, tile: str) -> tuple[State, list[Event]]:
    rest = edit.take(state["seats"][seat]["hand"], (tile,), "moonriser.not_in_hand")
    new = dict(state)
    discard_tiles(new, (tile,))
    edit.seat(new, seat)["hand"] = rest
    return new, [Event("moonriser.discarded", {"seat": seat, "count": 1})]


def check_hand_limit(state: State, seat: int) -> None:
    held = len(state["seats"][seat]["hand"])
    if state["phase"] == "trade" and held > HAND_LIMIT:
        raise IllegalMove("moonriser.hand_limit", count=held, limit=HAND_LIMIT)


# --------------------------------------------------------------------------- listing


def trade_moves(state: State, seat: int) -> list[Move]:
    tokens = state["seats"][seat]["tokens"]
    return [
        Move(TRADE, (give, get))
        for give in TOKENS
        if tokens[give] >= rate(state, seat, give)
        for get in GETS
        if get != give
    ]


def sell_moves(hand: list[str]) -> Iterator[Move]:
    seen: set[tuple[str, ...]] = set()
    for choice in combinations(sorted(hand), SELL_COUNT):
        if choice not in seen:
            seen.add(choice)
            for get in GETS:
                yield Move(SELL, (*choice, get))


def swap_moves(state: State, seat: int) -> list[Move]:
    row = state["seats"][seat]
    out = []
    pairs = sorted(set(combinations(sorted(row["hand"]), SWAP_TILES)))
    for colour, left in swaps_left(state, seat).items():
        if not left:
            continue
        out.extend(
            Move(SWAP, (colour, give)) for give in TOKENS if give != colour and row["tokens"][give] >= 2
        )
        out.extend(Move(SWAP, (colour, *pair)) for pair in pairs)
    return out


def discard_moves(hand: list[str]) -> list[Move]:
    return [Move(DISCARD, (tile,)) for tile in sorted(set(hand))]


def end_allowed(state: State, seat: int) -> bool:
    return state["phase"] == "final" or len(state["seats"][seat]["hand"]) <= HAND_LIMIT


END_MOVE = Move(END)
