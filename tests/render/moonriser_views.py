"""Hand-made public Moonriser views for the picture tests and the render benchmark.

They follow the view contract of MOONRISER.md (``view(state, None)``: the state's public keys,
hands and drawn tiles as counts, piles as sizes, plus ``fields``, ``scores`` and ``production``)
on real boards (``engine.moonriser.board``) with real tiles (``content.tiles()``), built by hand
so the pictures can be tested while the rules engine is still being written. Placements are
random, not legal: a picture must draw whatever the rules allow and more.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Rng
from engine.moonriser import board as boards
from engine.moonriser import content
from engine.moonriser.hexes import neighbour

View = dict[str, Any]


def tile_ids(kind: str | None = None) -> list[str]:
    tiles = content.tiles()
    return [t for t in tiles.ids if (kind is None and not tiles[t].is_base) or tiles[t].kind == kind]


def make_view(
    players: int, seed: int = 1, placed: int = 20, empties: int = 4, phase: str = "develop"
) -> View:
    """A view of ``players`` seats on a random board with ``placed`` tiles (the bases included)."""
    rnd = random.Random(seed)
    pieces = content.pieces()
    layout = boards.random_layout(players + 2, pieces, Rng(seed))
    board = boards.board(layout, pieces)
    fields = {
        board.labels[f]: {"q": f[0], "r": f[1], "piece": board.fields[f], "symbol": board.symbols.get(f)}
        for f in board.order
    }
    free = [board.labels[f] for f in board.order]
    rnd.shuffle(free)
    tiles: dict[str, Any] = {}
    bases = [f"M{i}" for i in range(1, 5)]
    rnd.shuffle(bases)
    for seat in range(players):
        tiles[free.pop()] = {
            "tile": bases[seat],
            "owner": seat,
            "rot": 0,
            "upgraded": False,
            "level": 1 + seat,
        }
    designs = tile_ids()
    for i in range(max(0, placed - players)):
        tiles[free.pop()] = {
            "tile": rnd.choice(designs),
            "owner": i % players,
            "rot": rnd.randrange(6),
            "upgraded": rnd.random() < 0.25,
            "level": 1,
        }
    empty = [free.pop() for _ in range(min(empties, len(free)))]
    scores = []
    for _ in range(players):
        part = {"tiles": rnd.randrange(20), "relations": rnd.randrange(8), "neighbourhoods": rnd.randrange(5)}
        part["yellow"] = rnd.randrange(4)
        scores.append({"total": sum(part.values()), **part})
    seats = [
        {
            "base": bases[seat],
            "tokens": {c: rnd.randrange(9) for c in ("blue", "red", "green", "yellow")},
            "hand_count": rnd.randrange(6),
            "drawn": 0,
            "draws_left": 0,
            "keep": 0,
            "resigned": False,
            "final_done": False,
        }
        for seat in range(players)
    ]
    placed_now = [label for label, t in tiles.items() if t["owner"] == 0 and not t["tile"].startswith("M")]
    return {
        "players": players,
        "options": {"board": "random", "max_rounds": 30},
        "content": {"tiles": 1, "pieces": 1, "layouts": 1},
        "layout": [[p, rot, list(at)] for p, rot, at in layout],
        "round": 7,
        "phase": phase,
        "active": 1 % players,
        "order": list(range(players)),
        "ending": False,
        "last_round": None,
        "tiles": tiles,
        "empty": empty,
        "supply": [rnd.choice(tile_ids("basic")) for _ in range(players + 2)],
        "piles": {"basic": 41, "advanced": 33},
        "discards": {"basic": 12, "advanced": 4},
        "seats": seats,
        "turn": {"actions": 0, "free": 1, "swaps": 0, "placed": [], "produced": {}},
        "last": {"seat": 0, "fields": placed_now[:2], "upgraded": placed_now[2:3]},
        "fields": fields,
        "scores": scores,
        "production": [{c: rnd.randrange(4) for c in ("blue", "red", "green")} for _ in range(players)],
    }


def free_field(view: View) -> str:
    """A field with neither a tile nor a black token."""
    taken = set(view["tiles"]) | set(view["empty"])
    return next(label for label in view["fields"] if label not in taken)


def neighbours_of(view: View, label: str) -> list[str]:
    """The names of the fields next to ``label``."""
    at = {(f["q"], f["r"]): name for name, f in view["fields"].items()}
    f = view["fields"][label]
    return [at[n] for e in range(6) if (n := neighbour((f["q"], f["r"]), e)) in at]
