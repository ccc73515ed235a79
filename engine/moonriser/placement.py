"""Where a tile may go, what it costs and what it earns: the rules of Phase II and its preview.

A development action (placing a tile or upgrading one) costs the tile's price, plus 2 red
unless it is one of the turn's free actions (the first; more from ``extra_action`` tiles and
``action`` fields), plus, for a placement that does not touch the seat's colony, 2 red for
every field on the shortest path between it and the nearest own tile („za každé pole, které
leží na nejkratší cestě"): the path runs over fields of the board, so a hole in the board is
walked around, never counted (rules edition 1 counted straight hex distance − 1). The field's
symbol acts before the price is paid (``green_minus`` needs the green it takes). Every tile's
Empty-space edges must face a field of the board that holds no tile; those fields get a black
token, and a field with a black token never takes a tile.

``Context`` reads a state once for one seat, so listing every placement of a full hand over the
whole board (the cog's autocomplete, the bot, ``legal_moves``) costs a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from engine.core import IllegalMove, State
from engine.moonriser.board import Board
from engine.moonriser.content import TOKENS, Tile, TileSet, rules_of, tiles_of
from engine.moonriser.hexes import Hex, corner_fields, distance, neighbour, neighbours, opposite
from engine.moonriser.production import effect_total, hood_tokens, tile_output
from engine.moonriser.relations import Placed, board_of, colony, forms, placed, turned

EXTRA_RED = 2
"""Red tokens for a development action beyond the turn's free ones, and per remote field."""
SOURCES: tuple[str, ...] = ("hand", "supply")
SYMBOL_GAIN: dict[str, dict[str, int]] = {
    "green_minus": {"green": -1},
    "green_plus": {"green": 1},
    "vp": {"yellow": 1},
    "blue_plus": {"blue": 1},
    "red_plus": {"red": 1},
    "action": {},
}
"""What a board symbol gives (or takes) before the price is paid; ``action`` adds a free action."""


class Placement(NamedTuple):
    """One legal placement and everything its preview shows."""

    tile: str
    field: str
    rotation: int
    source: str
    cost: dict[str, int]
    """Tokens paid: price + extra red for a further action + remote red."""
    symbol: str | None
    gain: dict[str, int]
    """Tokens the field's symbol gives before paying (negative: takes), yellow included."""
    vp: int
    """The seat's running score after the placement minus before (the symbol's yellow included)."""
    empty: tuple[str, ...] = ()
    """Fields that get a black token."""
    production: dict[str, int] | None = None
    """How the seat's production changes (only when asked for: it costs more)."""

    @property
    def notation(self) -> str:
        return f"place {self.tile} {self.field} {self.rotation} {self.source}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "field": self.field,
            "rotation": self.rotation,
            "source": self.source,
            "cost": dict(self.cost),
            "symbol": self.symbol,
            "gain": dict(self.gain),
            "vp": self.vp,
            "empty": list(self.empty),
            "production": None if self.production is None else dict(self.production),
        }


class Context:
    """One seat's view of the board for pricing development actions (read once, asked often)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.tileset: TileSet = tiles_of(state)
        self.board: Board = board_of(state)
        self.tiles: dict[Hex, Placed] = colony(state, self.tileset, self.board)
        self.blocked: set[Hex] = {self.board.at[label] for label in state["empty"]}
        self.own: list[Hex] = [at for at, one in self.tiles.items() if one.owner == seat]
        self.tokens: dict[str, int] = state["seats"][seat]["tokens"]
        turn = state.get("turn") or {}
        free = turn.get("free", 1) + effect_total(self.tiles, seat, "extra_action")
        self.free_action = turn.get("actions", 0) < free
        self._far: dict[Hex, int] = {}
        self._steps: dict[Hex, int] | None = None
        self.edition = rules_of(state)
        self._near: dict[Hex, tuple[tuple[Placed | None, ...], tuple[Any, ...]]] = {}

    # ------------------------------------------------------------------ fields
    def is_free(self, at: Hex) -> bool:
        return at in self.board.fields and at not in self.tiles and at not in self.blocked

    def free_fields(self) -> list[Hex]:
        return [at for at in self.board.order if at not in self.tiles and at not in self.blocked]

    def remote(self, at: Hex) -> int:
        """Fields between ``at`` and the seat's nearest tile (0 when it touches the colony)."""
        found = self._far.get(at)
        if found is None:
            steps = self.steps().get(at) if self.edition >= 2 else None
            if steps is None:
                steps = min((distance(at, own) for own in self.own), default=1)
            found = max(0, steps - 1)
            self._far[at] = found
        return found

    def steps(self) -> dict[Hex, int]:
        """Steps from the seat's colony to every field of the board, walking over fields of the
        board only (any field, built on or not): one search from all own tiles, read once."""
        if self._steps is None:
            found = dict.fromkeys(self.own, 0)
            frontier = list(self.own)
            while frontier:
                following = []
                for at in frontier:
                    for there in neighbours(at):
                        if there in self.board.fields and there not in found:
                            found[there] = found[at] + 1
                            following.append(there)
                frontier = following
            self._steps = found
        return self._steps

    def room(self, tile: Tile, at: Hex, rotation: int) -> tuple[Hex, ...] | None:
        """The fields that would get black tokens, or ``None`` when an Empty space is missing."""
        out = []
        for edge in turned(tile, rotation).empty:
            there = neighbour(at, edge)
            if there not in self.board.fields or there in self.tiles:
                return None
            out.append(there)
        return tuple(out)

    # ------------------------------------------------------------------ costs
    def extra(self) -> int:
        return 0 if self.free_action else EXTRA_RED

    def place_cost(self, tile: Tile, at: Hex) -> tuple[dict[str, int], dict[str, int]] | None:
        """(tokens paid, tokens the symbol gives) for ``tile`` on ``at``; ``None`` if unaffordable."""
        cost = dict(tile.price)
        cost["red"] += self.extra() + EXTRA_RED * self.remote(at)
        gain = SYMBOL_GAIN.get(self.board.symbols.get(at, ""), {})
        for colour in TOKENS:
            have = self.tokens[colour] + gain.get(colour, 0)
            if have < 0 or have < cost[colour]:
                return None
        return cost, dict(gain)

    def upgrade_cost(self, at: Hex) -> dict[str, int]:
        one = self.tiles[at]
        if one.tile.is_base:
            cost = {"blue": one.factor, "red": 0, "green": one.factor}
        else:
            cost = dict(one.tile.price)
        cost["red"] += self.extra()
        return cost

    def affords(self, cost: dict[str, int]) -> bool:
        return all(self.tokens[c] >= cost[c] for c in TOKENS)

    # ------------------------------------------------------------------ gains
    def vp_gain(self, tile: Tile, at: Hex, rotation: int, symbol: str | None) -> int:
        """The seat's VP from putting ``tile`` there: its value, relationship sides and
        neighbourhood corners it completes (the partners' sides when they are the seat's too)."""
        shape = turned(tile, rotation)
        vp = tile.value + SYMBOL_GAIN.get(symbol or "", {}).get("yellow", 0)
        sides, points = self._around(at)
        for edge, (kind, half) in shape.edges.items():
            other = sides[edge]
            if other is not None:
                theirs = other.shape.edges.get(opposite(edge))
                if theirs is not None and theirs[0] == kind and theirs[1] != half:
                    vp += 1 + (other.weight if other.owner == self.seat else 0)
        for corner, colour in shape.corners.items():
            pair = points[corner]
            if pair is not None and all(one.shape.corners.get(c) == colour for one, c in pair):
                vp += 1 + sum(one.weight for one, _ in pair if one.owner == self.seat)
        return vp

    def _around(self, at: Hex) -> tuple[tuple[Placed | None, ...], tuple[Any, ...]]:
        """The tiles beyond each edge of ``at``, and for each corner the two other tiles (with
        their corner) meeting there when both exist: read once per field."""
        found = self._near.get(at)
        if found is None:
            sides = tuple(self.tiles.get(neighbour(at, e)) for e in range(6))
            points = []
            for corner in range(6):
                pair = [(self.tiles.get(f), c) for f, c in corner_fields(at, corner)[1:]]
                points.append(tuple(pair) if all(one is not None for one, _ in pair) else None)
            found = (sides, tuple(points))
            self._near[at] = found
        return found

    def production_gain(self, tile: Tile, at: Hex, rotation: int) -> dict[str, int]:
        """How the seat's production changes (the tiles within two fields may gain conditions)."""
        after = dict(self.tiles)
        after[at] = placed(tile, self.seat, rotation, "")
        out = hood_tokens(after, at, self.seat)
        for there, one in self.tiles.items():
            if one.owner == self.seat and distance(there, at) <= 2:
                was, now = tile_output(self.tiles, there), tile_output(after, there)
                for colour in TOKENS:
                    out[colour] += now[colour] - was[colour]
        for colour, amount in tile_output(after, at).items():
            out[colour] += amount
        return out

    # ------------------------------------------------------------------ listing
    def placements(
        self, offer: Iterable[tuple[str, str]], *, scored: bool = True, productive: bool = False
    ) -> Iterator[Placement]:
        """Every legal placement of the (tile id, source) pairs, in board order then rotation."""
        spots = self._spots()
        labels = self.board.labels
        for tile_id, source in dict.fromkeys(offer):
            tile = self.tileset[tile_id]
            if tile.is_base:
                continue
            blue, red, green = tile.price["blue"], tile.price["red"], tile.price["green"]
            open_all = not tile.empty
            for at, label, symbol, gain, (have_blue, have_red, have_green), extra in spots:
                if have_blue < blue or have_green < green or have_red < red + extra:
                    continue
                cost = {"blue": blue, "red": red + extra, "green": green}
                for rotation in range(6):
                    room = () if open_all else self.room(tile, at, rotation)
                    if room is None:
                        continue
                    yield Placement(
                        tile_id,
                        label,
                        rotation,
                        source,
                        cost,
                        symbol,
                        gain,
                        self.vp_gain(tile, at, rotation, symbol) if scored else 0,
                        tuple(labels[f] for f in room),
                        self.production_gain(tile, at, rotation) if productive else None,
                    )

    def _spots(self) -> list[tuple[Hex, str, str | None, dict[str, int], tuple[int, int, int], int]]:
        """Per free field: its name, symbol, the symbol's gain, the tokens then at hand (blue,
        red, green) and the extra red any placement there costs; fields the symbol makes
        unpayable (``green_minus`` without green) are left out."""
        out = []
        extra = self.extra()
        for at in self.free_fields():
            symbol = self.board.symbols.get(at)
            gain = SYMBOL_GAIN.get(symbol or "", {})
            have = tuple(self.tokens[c] + gain.get(c, 0) for c in ("blue", "red", "green"))
            if min(have) < 0:
                continue
            red = extra + EXTRA_RED * self.remote(at)
            out.append((at, self.board.labels[at], symbol, dict(gain), have, red))
        return out


def offer_of(state: State, seat: int) -> list[tuple[str, str]]:
    """The tiles ``seat`` may place from: its hand, then the common supply."""
    hand = [(t, "hand") for t in state["seats"][seat]["hand"]]
    return hand + [(t, "supply") for t in state["supply"]]


def placements(
    state: State,
    seat: int,
    tile: str | None = None,
    *,
    scored: bool = True,
    productive: bool = False,
) -> list[Placement]:
    """Every placement ``seat`` could pay for now (of ``tile`` only, if given), with its cost and
    VP; ``productive`` adds the production change (slower). Empty outside its development phase."""
    if state["phase"] != "develop" or state["active"] != seat:
        return []
    offer = [(t, s) for t, s in offer_of(state, seat) if tile is None or t == tile]
    return list(Context(state, seat).placements(offer, scored=scored, productive=productive))


def check_place(state: State, seat: int, tile_id: str, label: str, rotation: int, source: str) -> Placement:
    """The placement if the rules allow it now, else ``IllegalMove`` saying why."""
    if source == "hand" and tile_id not in state["seats"][seat]["hand"]:
        raise IllegalMove("moonriser.not_in_hand", tile=tile_id)
    if source == "supply" and tile_id not in state["supply"]:
        raise IllegalMove("moonriser.not_in_supply", tile=tile_id)
    ctx = Context(state, seat)
    at = ctx.board.at.get(label)
    if at is None:
        raise IllegalMove("moonriser.bad_field", field=label)
    if at in ctx.tiles:
        raise IllegalMove("moonriser.field_taken", field=label)
    if at in ctx.blocked:
        raise IllegalMove("moonriser.field_blocked", field=label)
    tile = ctx.tileset[tile_id]
    room = ctx.room(tile, at, rotation)
    if room is None:
        raise IllegalMove("moonriser.no_room", tile=tile_id, field=label, rotation=rotation)
    priced = ctx.place_cost(tile, at)
    symbol = ctx.board.symbols.get(at)
    if priced is None:
        cost = dict(tile.price)
        cost["red"] += ctx.extra() + EXTRA_RED * ctx.remote(at)
        raise IllegalMove("moonriser.cannot_afford", **cost)
    cost, gain = priced
    vp = ctx.vp_gain(tile, at, rotation, symbol)
    return Placement(
        tile_id, label, rotation, source, cost, symbol, gain, vp, tuple(ctx.board.labels[f] for f in room)
    )


def upgrade_cost(state: State, seat: int, label: str) -> dict[str, int] | None:
    """What upgrading the seat's tile on ``label`` costs now, or ``None`` if it may not be upgraded."""
    try:
        return check_upgrade(state, seat, label)[0]
    except IllegalMove:
        return None


def check_upgrade(state: State, seat: int, label: str) -> tuple[dict[str, int], int]:
    """(cost, VP gained) of upgrading the tile on ``label``, else ``IllegalMove`` saying why."""
    ctx = Context(state, seat)
    at = ctx.board.at.get(label)
    if at is None:
        raise IllegalMove("moonriser.bad_field", field=label)
    one = ctx.tiles.get(at)
    if one is None or one.owner != seat:
        raise IllegalMove("moonriser.not_your_tile", field=label)
    if one.weight == 2:
        raise IllegalMove("moonriser.already_upgraded", field=label)
    cost = ctx.upgrade_cost(at)
    if not ctx.affords(cost):
        raise IllegalMove("moonriser.cannot_afford", **cost)
    return cost, upgrade_vp(ctx, at)


def upgrade_vp(ctx: Context, at: Hex) -> int:
    """VP an upgrade adds: the value again and one more per relationship side and corner."""
    one = ctx.tiles[at]
    if one.tile.is_base:
        return 0
    vp = one.tile.value
    for edge in one.shape.edges:
        other = ctx.tiles.get(neighbour(at, edge))
        if other is not None and forms(one, edge, other) is not None:
            vp += 1
    for corner, colour in one.shape.corners.items():
        others = corner_fields(at, corner)[1:]
        if all((o := ctx.tiles.get(f)) is not None and o.shape.corners.get(c) == colour for f, c in others):
            vp += 1
    return vp


def upgrades(state: State, seat: int) -> list[dict[str, Any]]:
    """Every upgrade ``seat`` could pay for now: field, tile, cost and VP gained."""
    if state["phase"] != "develop" or state["active"] != seat:
        return []
    ctx = Context(state, seat)
    out = []
    for at in ctx.own:
        one = ctx.tiles[at]
        if one.weight == 2:
            continue
        cost = ctx.upgrade_cost(at)
        if ctx.affords(cost):
            out.append({"field": one.label, "tile": one.tile.id, "cost": cost, "vp": upgrade_vp(ctx, at)})
    return out


def base_fields(state: State) -> list[str]:
    """Fields a Main base may take now: free, without a symbol, on a piece holding no base yet."""
    ctx_board = board_of(state)
    tileset = tiles_of(state)
    taken = {
        ctx_board.fields[ctx_board.at[label]]
        for label, entry in state["tiles"].items()
        if tileset[entry["tile"]].is_base
    }
    used = {ctx_board.at[label] for label in state["tiles"]} | {
        ctx_board.at[label] for label in state["empty"]
    }
    return [
        ctx_board.labels[at]
        for at in ctx_board.order
        if at not in used and at not in ctx_board.symbols and ctx_board.fields[at] not in taken
    ]


def free_labels(state: State) -> list[str]:
    """Fields that can still take a tile (no tile, no black token), in reading order."""
    where = board_of(state)
    used = set(state["tiles"]) | set(state["empty"])
    return [where.labels[at] for at in where.order if where.labels[at] not in used]
