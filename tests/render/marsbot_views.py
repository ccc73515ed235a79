"""MarsBot views for the picture tests, shaped as MARSBOT.md's "Views" describes ``view(state, 0)``.

Built by hand so every case a picture must show is there on purpose: a fresh game, a mid-game
with both sides' tiles of every kind, maxed parameters, Venus, C03's cubes (C02 in content 2), a cut track.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.marsbot import content


def fresh(venus: bool = False, corporation: str | None = None) -> dict[str, Any]:
    """The view of a new game: TR 20, no money, every cube on 0, an empty map."""
    tracks = list(content.TRACK_IDS) + ([content.VENUS_TRACK] if venus else [])
    view: dict[str, Any] = {
        "options": {
            "difficulty": "medium",
            "corporation": corporation or "none",
            "prelude": False,
            "venus": venus,
            "draft": False,
        },
        "content": content.newest(),
        "generation": 1,
        "first": "person",
        "phase": "person",
        "passed": {"person": False, "marsbot": False},
        "question": None,
        "tracks": {t: 0 for t in tracks},
        "reached": {t: 0 for t in tracks},
        "tr": content.START_TR,
        "money": 0,
        "floaters": 0,
        "corporation": corporation,
        "cubes": {"white": {}, "black": {}},
        "params": {
            "temperature": -30,
            "oxygen": 0,
            "oceans": 0,
            "venus": 0,
            "maxed": {"temperature": False, "oxygen": False, "oceans": False, "venus": False},
        },
        "map": {},
        "milestones": {},
        "awards": {},
        "action_deck": 4,
        "bonus_deck": 7,
        "bonus_discard": [],
        "removed": [],
        "played": 0,
        "last": {"spaces": []},
        "winner": None,
    }
    if corporation == "C03":
        corp = content.corporations()["C03"]
        view["cubes"] = {
            "white": {t: list(p) for t, p in corp.white.items()},
            "black": {t: list(p) for t, p in corp.black.items()},
        }
    return view


MID_TILES: dict[str, tuple[str, str]] = {
    "A2": ("ocean", "person"),
    "B6": ("ocean", "marsbot"),
    "E4": ("ocean", "marsbot"),
    "C3": ("greenery", "person"),
    "C4": ("city", "person"),
    "D4": ("greenery", "person"),
    "D6": ("city", "marsbot"),
    "E7": ("greenery", "marsbot"),
    "D7": ("greenery", "marsbot"),
    "G3": ("special", "person"),
    "F3": ("cmm", "marsbot"),
    "H2": ("city", "marsbot"),
    "E3": ("city", "person"),
}
"""Both sides' tiles of every kind (E3: Noctis City, taken by the person)."""


def mid(venus: bool = False, corporation: str | None = None) -> dict[str, Any]:
    """Generation 7: tiles of both owners, tracks advanced, one cut (plant: cube below its high)."""
    view = fresh(venus, corporation)
    view["generation"] = 7
    view["tr"], view["money"] = 31, 23
    positions = {"building": 9, "space": 5, "event": 12, "science": 4, "energy": 7, "earth": 10, "plant": 6}
    high = dict(positions, plant=9)
    if venus:
        positions["venus"] = high["venus"] = 8
    view["tracks"].update(positions)
    view["reached"].update(high)
    view["params"].update({"temperature": -12, "oxygen": 6, "oceans": 3, "venus": 14 if venus else 0})
    view["map"] = {space: {"tile": tile, "owner": owner} for space, (tile, owner) in MID_TILES.items()}
    view["last"] = {"spaces": ["D7", "B6"]}
    if corporation == "C03":  # cubes already passed were used and removed
        for colour in ("white", "black"):
            view["cubes"][colour] = {
                t: [p for p in spaces if p > view["tracks"][t]] for t, spaces in view["cubes"][colour].items()
            }
    return view


def maxed(venus: bool = True) -> dict[str, Any]:
    """Late game: every global parameter at its target, a track at its end."""
    view = mid(venus)
    view["generation"] = 14
    view["params"].update({"temperature": 8, "oxygen": 14, "oceans": 9, "venus": 30 if venus else 0})
    view["params"]["maxed"] = {"temperature": True, "oxygen": True, "oceans": True, "venus": venus}
    view["tracks"]["event"] = view["reached"]["event"] = 18
    view["tr"], view["money"] = 58, 104
    return view


def with_changes(view: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out.update(changes)
    return out
