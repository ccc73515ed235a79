"""Helpers for the Moonriser engine tests: hand-made positions, a test catalogue, random play.

The tile file on this branch is a seed (the Main bases and the rulebooks' three example tiles),
so random play also runs on ``catalogue()``: a made-up catalogue of every kind of bonus, read
through ``TILE_LIBRARY.reading`` exactly as a shipped version would be.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

from engine.core import Event, Move
from engine.moonriser.board import board
from engine.moonriser.content import RELATIONS, RULES, RULES_NEWEST, TILE_LIBRARY, TOKENS, layouts, pieces
from engine.moonriser.game import GAME
from engine.moonriser.hexes import Hex, neighbour

State = dict[str, Any]
SEED_FILE = Path(__file__).resolve().parents[2] / "engine" / "moonriser" / "data" / "tiles.v1.json"
LAYOUT = "compact-4"
V1: dict[str, int] = {"tiles": 1, "pieces": 1, "layouts": 1}
"""The content the hand-made positions are drawn with: their tiles' corners and Empty spaces are
v1's (a game keeps the version it was set up with, so these positions stay playable as drawn)."""


SEED_IDS = ("M1", "M2", "M3", "M4", "B01", "A01", "A02")
"""The designs the rulebooks' examples need, fixed in the shipped file (ids and contents)."""


def _seed_items() -> list[dict[str, Any]]:
    items = json.loads(SEED_FILE.read_text(encoding="utf-8"))["tiles"]
    return [item for item in items if item["id"] in SEED_IDS]


def _made_up(kind: str, number: int, rng: random.Random) -> dict[str, Any]:
    """One random but valid design, its bonus cycling through every effect."""
    low, high = (1, 3) if kind == "basic" else (3, 6)
    colours = rng.sample(TOKENS, rng.randint(1, 2))
    price = {c: 0 for c in colours}
    for _ in range(rng.randint(low, high)):
        price[rng.choice(colours)] += 1
    sides = rng.sample(range(6), rng.randint(0, 4))
    edges = [{"edge": e, "kind": rng.choice(RELATIONS[:4]), "half": rng.choice("ab")} for e in sides[:3]]
    empty = sides[3:] if rng.random() < 0.3 else []
    corners = [{"corner": c, "colour": rng.choice(TOKENS)} for c in rng.sample(range(6), rng.randint(0, 3))]
    effect = ("produce", "produce", "extra_action", "planning_discount", "swap", "trade_advantage")[
        number % 6
    ]
    bonus: dict[str, Any] = {"effect": effect}
    if effect in ("produce", "swap", "trade_advantage"):
        bonus["colour"] = rng.choice(TOKENS)
    if effect == "produce":
        bonus["amount"] = rng.randint(1, 2)
        if edges and rng.random() < 0.6:
            bonus["condition"] = {"kind": edges[0]["kind"]}
            if len(edges) > 1 and rng.random() < 0.5:
                bonus["condition"]["then"] = edges[1]["kind"]
    prefix = "B" if kind == "basic" else "A"
    return {
        "id": f"{prefix}{number:02d}",
        "kind": kind,
        "count": rng.randint(1, 4),
        "name": {"en": f"Test {prefix}{number}", "cs": f"Test {prefix}{number}"},
        "value": rng.randint(low, high),
        "price": {c: n for c, n in price.items() if n},
        "edges": edges,
        "corners": corners,
        "empty": empty,
        "bonuses": [bonus],
    }


@cache
def catalogue() -> Path:
    """A folder holding a made-up ``tiles.v1.json``: the seed's seven tiles plus 40 designs."""
    rng = random.Random(14)
    items = _seed_items()
    items += [_made_up("basic", n, rng) for n in range(2, 26)]
    items += [_made_up("advanced", n, rng) for n in range(3, 19)]
    folder = Path(tempfile.mkdtemp(prefix="moonriser-tiles-"))
    text = {"version": 1, "reconstructed": True, "note": "test catalogue", "tiles": items}
    (folder / "tiles.v1.json").write_text(json.dumps(text), encoding="utf-8")
    return folder


def _special(number: int, name: str, **fields: Any) -> dict[str, Any]:
    item = {
        "id": f"B{number:02d}",
        "kind": "basic",
        "count": 2,
        "name": {"en": name, "cs": name},
        "value": 1,
        "price": {"green": 1},
    }
    item.update(fields)
    return item


SPECIAL = {
    "green_corners": "B02",
    "planning": "B03",
    "red_trade": "B04",
    "blue_swap": "B05",
    "workshop": "B06",
    "red_corners": "B07",
}
"""Made-up designs for the bonuses the seed file has no tile of (ids of ``special_tiles()``)."""


@cache
def special_tiles() -> Path:
    """A folder with the seed's seven tiles plus one made-up design per missing feature:
    B02 green in all six corners, B03 planning discount, B04 trade advantage in red, B05 a 1:2
    trade into blue, B06 an extra action, B07 red in all six corners."""
    items = _seed_items()
    every_corner = list(range(6))
    items += [
        _special(2, "Green corners", corners=[{"corner": c, "colour": "green"} for c in every_corner]),
        _special(3, "Planning office", bonuses=[{"effect": "planning_discount"}]),
        _special(4, "Trade post", bonuses=[{"effect": "trade_advantage", "colour": "red"}]),
        _special(5, "Exchange", bonuses=[{"effect": "swap", "colour": "blue"}]),
        _special(6, "Workshop", bonuses=[{"effect": "extra_action"}]),
        _special(7, "Red corners", corners=[{"corner": c, "colour": "red"} for c in every_corner]),
    ]
    folder = Path(tempfile.mkdtemp(prefix="moonriser-special-"))
    text = {"version": 1, "reconstructed": True, "note": "test tiles", "tiles": items}
    (folder / "tiles.v1.json").write_text(json.dumps(text), encoding="utf-8")
    return folder


@contextmanager
def tiles_folder(folder: Path) -> Iterator[None]:
    with TILE_LIBRARY.reading(folder):
        yield


# --------------------------------------------------------------------------- hand-made positions


def the_board() -> Any:
    return board(layouts()[LAYOUT], pieces())


def label(at: Hex) -> str:
    return the_board().labels[at]


def hex_of(name: str) -> Hex:
    return the_board().at[name]


def beside(name: str, edge: int) -> str | None:
    """The neighbour of ``name`` across ``edge``, or ``None`` off the board."""
    return the_board().labels.get(neighbour(hex_of(name), edge))


def step(name: str, *edges: int) -> str:
    """The field reached from ``name`` across ``edges`` in turn (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE)."""
    at = hex_of(name)
    for edge in edges:
        at = neighbour(at, edge)
    return label(at)


def position(
    players: int = 2,
    tiles: dict[str, tuple[str, int, int] | tuple[str, int, int, bool]] | None = None,
    tokens: Sequence[dict[str, int]] | None = None,
    hands: Sequence[Sequence[str]] = (),
    active: int = 0,
    phase: str = "develop",
    supply: Sequence[str] | None = None,
) -> State:
    """A game in play on the preset ``compact-4`` board with the given tiles
    ({field: (tile, owner, rotation[, upgraded])}), tokens and hands; ``active`` to move.
    The tiles are version 1 (``V1``): the positions were drawn with its designs; the rules are
    the newest edition (a test of edition 1 says so itself)."""
    state = GAME.new(players, {"board": "compact"}, 7, {**V1, RULES: RULES_NEWEST})
    state["layout"] = [[p, rot, [at[0], at[1]]] for p, rot, at in layouts()[LAYOUT]]
    placed = {}
    for name, spec in (tiles or {}).items():
        tile, owner, rot, *up = spec
        placed[name] = {"tile": tile, "owner": owner, "rot": rot, "upgraded": bool(up and up[0]), "level": 1}
    state["tiles"] = placed
    state["empty"] = []
    seats = []
    for s, row in enumerate(state["seats"]):
        given = dict.fromkeys((*TOKENS, "yellow"), 0)
        if tokens is not None and s < len(tokens):
            given.update(tokens[s])
        hand = list(hands[s]) if s < len(hands) else []
        seats.append({**row, "tokens": given, "hand": hand, "drawn": [], "keep": 0, "draws_left": 0})
    state["seats"] = seats
    state["order"] = list(range(players))
    state["phase"] = phase
    state["active"] = active
    state["turn"] = {"actions": 0, "free": 1, "swaps": {}, "placed": [], "upgraded": [], "produced": None}
    if supply is not None:
        state["supply"] = list(supply)
    return state


# --------------------------------------------------------------------------- random play

CAP = 600
"""Moves looked at per decision (keeping from a big draw can have thousands of ways)."""


def random_move(state: State, seat: int, rnd: random.Random) -> Move:
    moves = list(islice(GAME.legal_moves(state, seat), CAP))
    kinds = sorted({m.kind for m in moves})
    kind = rnd.choice(kinds)
    return rnd.choice([m for m in moves if m.kind == kind])


def random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    bots: Sequence[int] = (),
    limit: int = 20000,
) -> tuple[State, list[tuple[int, str]], list[State], list[list[Event]]]:
    """A whole game of random legal moves (``bots`` seats play the bot): final state, log,
    every state on the way and the events of each move."""
    rnd = random.Random(seed)
    state = GAME.new(players, options or {}, seed)
    log: list[tuple[int, str]] = []
    states, events = [state], []
    while state["phase"] != "over":
        waiting = GAME.to_act(state)
        seat = rnd.choice(waiting)
        move = GAME.bot_move(state, seat, "normal") if seat in bots else random_move(state, seat, rnd)
        state, happened = GAME.apply(state, seat, move)
        log.append((seat, move.notation))
        states.append(state)
        events.append(happened)
        assert len(log) < limit, "the game does not end"
    return state, log, states, events
