"""What a seat may see: the whole public board plus, for a seat, its own hand and drawn tiles.

The public view never holds a tile of a hand, of the drawn tiles, of a pile or of the discards
(only how many) nor the random generator. It carries what the picture, the cog and the bot need
so that none of them re-implements a rule: the fields with their pieces and symbols, the running
scores with their breakdown, each seat's production now, its trade rates and 1:2 trades left,
the relationships and neighbourhoods formed, and the free actions left in the turn.
Every value is a fresh copy, so a caller may change a view without touching the game.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.moonriser.production import effect_total, production
from engine.moonriser.relations import board_of, colony, hoods, links
from engine.moonriser.scoring import breakdowns
from engine.moonriser.trading import rates, swaps_left

SEAT_PUBLIC = ("base", "tokens", "draws_left", "keep", "resigned", "final_done")


def plain_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    return value


def public(state: State, to_act: list[int]) -> dict[str, Any]:
    where = board_of(state)
    tiles = colony(state, where=where)
    seats = state["seats"]
    active = state["active"]
    turn = plain_copy(state["turn"]) if state["turn"] is not None else None
    if turn is not None and active is not None:
        free = turn["free"] + effect_total(tiles, active, "extra_action")
        turn["free_left"] = max(0, free - turn["actions"])
    return {
        "game": "moonriser",
        "players": state["players"],
        "options": dict(state["options"]),
        "content": dict(state["content"]),
        "layout": plain_copy(state["layout"]),
        "round": state["round"],
        "phase": state["phase"],
        "active": active,
        "order": list(state["order"]),
        "to_act": list(to_act),
        "ending": state["ending"],
        "last_round": state["last_round"],
        "tiles": plain_copy(state["tiles"]),
        "empty": list(state["empty"]),
        "supply": list(state["supply"]),
        "piles": {pile: len(items) for pile, items in state["piles"].items()},
        "discards": {pile: len(items) for pile, items in state["discards"].items()},
        "seats": [
            {
                **{key: plain_copy(row[key]) for key in SEAT_PUBLIC},
                "hand_count": len(row["hand"]),
                "drawn_count": len(row["drawn"]),
                "rates": rates(state, s),
                "swaps_left": swaps_left(state, s) if s == active else {},
            }
            for s, row in enumerate(seats)
        ],
        "turn": turn,
        "last": plain_copy(state["last"]),
        "fields": {
            where.labels[at]: {
                "q": at[0],
                "r": at[1],
                "piece": where.fields[at],
                "symbol": where.symbols.get(at),
            }
            for at in where.order
        },
        "scores": breakdowns(tiles, [row["tokens"]["yellow"] for row in seats]),
        "production": [production(tiles, s) for s in range(len(seats))],
        "links": [[tiles[a].label, tiles[b].label, kind] for a, b, kind in links(tiles)],
        "hoods": [
            {"colour": colour, "fields": [tiles[f].label for f in fields]} for colour, fields in hoods(tiles)
        ],
    }


def private(state: State, seat: int) -> dict[str, Any]:
    row = state["seats"][seat]
    return {"seat": seat, "hand": list(row["hand"]), "drawn": list(row["drawn"])}
