"""Phase III trades, the hand limit, and the others' last trades at the end of the game.

- ``trade <give> <get> [times]``: 4 tokens of one colour for 1 of another colour or a yellow VP
  token (``times`` trades at once); 3 when the seat's tiles give a trade advantage in the colour
  *given* (2 with two advantages or an upgraded one; never fewer than 2). The final trades are
  always at 4 and, from rules edition 2, buy VP only („vyměnit své modré, červené, zelené žetony
  a zbylé dílky na vítězné body (pouze ve standardním poměru 1:4)").
- ``sell <4 tiles> <get>``: 4 tiles from hand for 1 token of any colour, yellow included (VP only
  in the final trades, edition 2).
- ``convert``: at the end (the final trades, or the Phase III of the game's last turn), every
  colour's full trades and the hand's tiles by fours into yellow at once.
- ``swap <colour> <give>`` / ``swap <colour> <t> <t>``: the tile symbol "1× 1:2 TRADE" — once per
  turn per symbol (twice when upgraded), 1 token of ``colour`` for 2 tokens of one other colour
  or for 2 tiles from hand.
- ``discard <t> [<t> …]`` and ``end``: a turn ends only with at most 5 tiles in hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.core import Event, IllegalMove, Move, State
from engine.moonriser import edit
from engine.moonriser.content import TOKENS, rules_of
from engine.moonriser.notation import (
    CONVERT_MOVE,
    DISCARD,
    END,
    GETS,
    SELL,
    SELL_COUNT,
    SWAP,
    SWAP_TILES,
    TRADE,
)
from engine.moonriser.planning import discard_tiles
from engine.moonriser.production import effect_total
from engine.moonriser.relations import colony

STANDARD_RATE = 4
BEST_RATE = 2
SWAP_PRICE = 2
HAND_LIMIT = 5


def rate(state: State, seat: int, give: str) -> int:
    """Tokens of ``give`` one trade takes now."""
    return rates(state, seat)[give]


def rates(state: State, seat: int) -> dict[str, int]:
    """Tokens one trade takes, per colour given: 4, less with trade advantages (at least 2);
    always 4 in the last trades."""
    if state["phase"] == "final":
        return dict.fromkeys(TOKENS, STANDARD_RATE)
    tiles = colony(state)
    return {
        colour: max(BEST_RATE, STANDARD_RATE - effect_total(tiles, seat, "trade_advantage", colour))
        for colour in TOKENS
    }


def swaps_left(state: State, seat: int) -> dict[str, int]:
    """How many 1:2 trades into each colour ``seat`` still has this turn."""
    if state["phase"] != "trade":
        return dict.fromkeys(TOKENS, 0)
    tiles = colony(state)
    used = state["turn"].get("swaps", {})
    return {c: max(0, effect_total(tiles, seat, "swap", c) - used.get(c, 0)) for c in TOKENS}


def gets(state: State) -> tuple[str, ...]:
    """What a trade or sale may buy now: VP only in the final trades (edition 2), else any token."""
    return ("yellow",) if vp_only(state) else GETS


def vp_only(state: State) -> bool:
    return state["phase"] == "final" and rules_of(state) >= 2


def trade(state: State, seat: int, give: str, get: str, times: int = 1) -> tuple[State, list[Event]]:
    if give == get:
        raise IllegalMove("moonriser.same_colour", colour=give)
    if get not in gets(state):
        raise IllegalMove("moonriser.final_vp_only")
    amount = rate(state, seat, give) * times
    if state["seats"][seat]["tokens"][give] < amount:
        raise IllegalMove("moonriser.trade_short", colour=give, amount=amount)
    new = dict(state)
    row = edit.seat(new, seat)
    row["tokens"][give] -= amount
    row["tokens"][get] += times
    params: dict[str, object] = {"seat": seat, "give": give, "amount": amount, "get": get}
    if times > 1:
        params["times"] = times
    return new, [Event("moonriser.traded", params)]


def convertible(state: State, seat: int) -> dict[str, int]:
    """What ``convert`` would pay: tokens per colour (whole trades) and ``tiles`` (by fours), and
    the ``yellow`` it buys."""
    row = state["seats"][seat]
    price = rates(state, seat)
    paid = {c: row["tokens"][c] // price[c] * price[c] for c in TOKENS}
    tiles = len(row["hand"]) // SELL_COUNT * SELL_COUNT
    yellow = sum(paid[c] // price[c] for c in TOKENS) + tiles // SELL_COUNT
    return {**paid, "tiles": tiles, "yellow": yellow}


def convert_allowed(state: State, seat: int) -> bool:
    """``convert`` belongs to the end: the final trades, or the Phase III of the game's last
    turn (the one that filled the board, or the last seat's in the table's last round)."""
    return state["phase"] == "final" or (state["phase"] == "trade" and last_turn(state, seat))


def last_turn(state: State, seat: int) -> bool:
    """Whether the game ends when ``seat``'s turn does (the board is full, or it is the last
    seat still playing in the table's last round)."""
    if state["ending"]:
        return True
    if state["round"] < state["options"]["max_rounds"] or seat not in state["order"]:
        return False
    later = state["order"][state["order"].index(seat) + 1 :]
    return not any(not state["seats"][s]["resigned"] for s in later)


def convert(state: State, seat: int) -> tuple[State, list[Event]]:
    """Everything convertible into VP at once: each colour's whole trades, then the hand's tiles
    by fours (which four does not matter at the end: they score nothing)."""
    if not convert_allowed(state, seat):
        raise IllegalMove("moonriser.not_now", move="convert", phase=state["phase"])
    terms = convertible(state, seat)
    if not terms["yellow"]:
        raise IllegalMove("moonriser.nothing_to_convert")
    new = dict(state)
    row = edit.seat(new, seat)
    sold = sorted(row["hand"])[: terms["tiles"]]
    for colour in TOKENS:
        row["tokens"][colour] -= terms[colour]
    row["tokens"]["yellow"] += terms["yellow"]
    if sold:
        row["hand"] = edit.take(row["hand"], tuple(sold), "moonriser.not_in_hand")
        discard_tiles(new, sold)
    paid = {c: terms[c] for c in TOKENS if terms[c]}
    params = {"seat": seat, "paid": paid, "count": terms["tiles"], "yellow": terms["yellow"]}
    return new, [Event("moonriser.converted", params)]


def sell(state: State, seat: int, tiles: tuple[str, ...], get: str) -> tuple[State, list[Event]]:
    if get not in gets(state):
        raise IllegalMove("moonriser.final_vp_only")
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
        owned = effect_total(colony(state), seat, "swap", colour)
        if owned:
            raise IllegalMove("moonriser.swap_used", colour=colour, count=owned)
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


def discard(state: State, seat: int, tiles: tuple[str, ...]) -> tuple[State, list[Event]]:
    """``discard`` one tile or several at once (the hand limit's excess in one step)."""
    rest = edit.take(state["seats"][seat]["hand"], tiles, "moonriser.not_in_hand")
    new = dict(state)
    discard_tiles(new, tiles)
    edit.seat(new, seat)["hand"] = rest
    return new, [Event("moonriser.discarded", {"seat": seat, "count": len(tiles)})]


def excess(state: State, seat: int) -> int:
    """Tiles ``seat`` must discard before its turn may end (0 within the limit)."""
    return max(0, len(state["seats"][seat]["hand"]) - HAND_LIMIT) if state["phase"] == "trade" else 0


def sale_gets(state: State, seat: int) -> tuple[str, ...]:
    """What selling 4 hand tiles may buy ``seat`` now: nothing outside Phase III and the last
    trades, or with fewer than 4 tiles in hand (whose turn it is, the caller knows)."""
    if state.get("phase") not in ("trade", "final") or len(state["seats"][seat]["hand"]) < SELL_COUNT:
        return ()
    return gets(state)


def ends_plainly(state: State, seat: int, leaving: int = 0) -> bool:
    """Whether ``seat`` may end its turn straight after a trade that takes ``leaving`` tiles from
    its hand: in a turn's Phase III, within the hand limit after it; not in the game's last turn,
    where what is left to convert is settled first."""
    if state.get("phase") != "trade" or convert_allowed(state, seat):
        return False
    return len(state["seats"][seat]["hand"]) - leaving <= HAND_LIMIT


def check_hand_limit(state: State, seat: int) -> None:
    held = len(state["seats"][seat]["hand"])
    if state["phase"] == "trade" and held > HAND_LIMIT:
        raise IllegalMove("moonriser.hand_limit", count=held, limit=HAND_LIMIT)


# --------------------------------------------------------------------------- listing


def trade_moves(state: State, seat: int) -> list[Move]:
    """One trade of each kind (``trade … times`` and ``convert`` are not listed one by one)."""
    tokens = state["seats"][seat]["tokens"]
    price = rates(state, seat)
    return [
        Move(TRADE, (give, get))
        for give in TOKENS
        if tokens[give] >= price[give]
        for get in gets(state)
        if get != give
    ]


def convert_moves(state: State, seat: int) -> list[Move]:
    return [CONVERT_MOVE] if convert_allowed(state, seat) and convertible(state, seat)["yellow"] else []


def sell_moves(hand: list[str], buys: tuple[str, ...] = GETS) -> Iterator[Move]:
    seen: set[tuple[str, ...]] = set()
    for choice in combinations(sorted(hand), SELL_COUNT):
        if choice not in seen:
            seen.add(choice)
            for get in buys:
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
