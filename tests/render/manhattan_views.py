"""Hand-made public Manhattan Project views for the picture tests and the render benchmark.

They follow the state and view of MANHATTAN.md (``view(state, None)``: the state's public keys,
hands and the draft as counts, deck sizes, plus ``scores``, ``target`` and ``spaces_info``) with
the real content (``engine.manhattan.content``). Occupancy and boards are random, not legal: a
picture must draw whatever the rules allow and more (every space taken, damage everywhere).
``private`` adds what ``view(state, seat)`` adds: that seat's ``hand`` of bomb ids.
"""

from __future__ import annotations

import random
from typing import Any

from engine.manhattan import content

View = dict[str, Any]
STAGES = ("new", "mid", "late", "end")


def _workers(rnd: random.Random, needs: tuple[tuple[str, ...], ...]) -> list[str]:
    alternative = rnd.choice(needs)
    out = []
    for kind in alternative:
        kind = rnd.choice(content.WORKER_KINDS) if kind == "any" else kind
        out.append(("c" if rnd.random() < 0.25 else "") + kind)
    return out


def _seat(rnd: random.Random, seat: int, players: int, stage: str, pool: list[str], bombs: list[str]) -> View:
    early = stage == "new"
    count = 0 if early else min(len(pool) // (players - seat), rnd.randint(3, 6 if stage == "mid" else 11))
    buildings = []
    catalogue = content.buildings()
    for _ in range(count):
        card = pool.pop()
        b = catalogue[card]
        workers = None
        if rnd.random() < 0.4:
            owner = seat if rnd.random() < 0.8 else (seat + 1) % players
            kinds = [b.need.kind if b.need.kind != "any" else "L"] * b.need.count
            workers = {"seat": owner, "workers": [("c" if rnd.random() < 0.2 else "") + k for k in kinds]}
        damage = rnd.choice((0, 0, 0, 1, 2, 3)) if not early else 0
        buildings.append(
            {"card": card, "kind": b.kind, "damage": damage, "workers": None if damage else workers}
        )
    built = []
    if stage in ("late", "end"):
        for _ in range(rnd.randint(0, 3)):
            card = bombs.pop()
            bomb = content.bombs()[card]
            workers = ["E"] * bomb.workers["E"] + ["S"] * bomb.workers["S"]
            built.append({"card": card, "fuel": bomb.fuel, "loaded": rnd.random() < 0.4, "workers": workers})
    test = None
    if stage in ("late", "end") and rnd.random() < 0.5:
        test = {"value": rnd.choice((2, 4, 6, 8)), "bomb": bombs.pop(), "workers": ["E", "S"]}
    for entry in built:
        entry["points"] = content.bombs()[entry["card"]].points(test is not None)
    return {
        "seat": seat,
        "money": 10 if early else rnd.randint(0, 40),
        "ore": 0 if early else rnd.randint(0, 12),
        "eu": 0 if early else rnd.randint(0, 8),
        "pu": 0 if early else rnd.randint(0, 8),
        "fighters": 1 if early else rnd.randint(0, 10),
        "bombers": 1 if early else rnd.randint(0, 10),
        "spies": 0 if early else rnd.randint(0, 6),
        "home": {"L": 4, "E": 0, "S": 0} if early else {k: rnd.randint(0, 4) for k in "LES"},
        "contract": {"L": 0, "E": 0, "S": 0} if early else {k: rnd.randint(0, 2) for k in "LES"},
        "pool": {"L": 0, "E": 4, "S": 4}
        if early
        else {"L": 0, "E": rnd.randint(0, 4), "S": rnd.randint(0, 4)},
        "buildings": buildings,
        "bombs": built,
        "hand_count": 0 if early else rnd.randint(0, 4),
        "test": test,
        "resigned": False,
    }


def make_view(players: int, stage: str = "mid", seed: int = 1) -> View:
    """A public view of ``players`` seats at ``stage`` (new, mid, late, end)."""
    rnd = random.Random(seed * 10 + players)
    catalogue = content.buildings()
    starts = [b for b in catalogue if catalogue[b].start]
    others = [b for b in catalogue if not catalogue[b].start]
    rnd.shuffle(starts)
    rnd.shuffle(others)
    bomb_ids = list(content.bombs())
    rnd.shuffle(bomb_ids)
    if stage == "new":
        market: list[str | None] = [*starts, others.pop()]
    else:
        market = [others.pop() for _ in range(7)]
        if stage == "end":
            market[5:] = [None, None]
    seats = [_seat(rnd, seat, players, stage, others, bomb_ids) for seat in range(players)]
    offer = [bomb_ids.pop() for _ in range(players + 1)]
    spaces: dict[str, Any] = {}
    build: list[dict[str, Any]] = []
    if stage != "new":
        for space in content.spaces():
            if space.unlimited:
                for _ in range(rnd.randint(1, 2 * players)):
                    build.append({"seat": rnd.randrange(players), "workers": _workers(rnd, space.needs)})
            elif rnd.random() < (0.5 if stage == "mid" else 0.8):
                spaces[space.id] = {"seat": rnd.randrange(players), "workers": _workers(rnd, space.needs)}
    scores = [0] * players if stage == "new" else [rnd.randint(0, 40) for _ in range(players)]
    target = content.TARGETS[players]
    winner = None
    if stage == "end":
        winner = rnd.randrange(players)
        scores[winner] = target + rnd.randint(0, 8)
    active = None if stage == "end" else rnd.randrange(players)
    tests = list(reversed(content.TESTS[players]))
    if stage in ("late", "end"):
        tests = tests[2:]
    occupied = set(spaces)
    last = None
    if stage != "new":
        mover = rnd.randrange(players)
        owned = [b["card"] for b in seats[mover]["buildings"]]
        built = [b["card"] for b in seats[mover]["bombs"]]
        last = {
            "seat": mover,
            "spaces": sorted(occupied)[:1] + (["build"] if build else []),
            "buildings": owned[:2],
            "bombs": built[:1],
        }
    return {
        "players": players,
        "options": {"max_rounds": 40},
        "content": content.newest(),
        "order": list(range(players)),
        "phase": "over" if stage == "end" else "play",
        "active": active,
        "pending": None,
        "turn": {"main": None, "placed": 0, "spy": False, "spied": [], "strike": False, "acted": False},
        "spaces": spaces,
        "build": build,
        "market": [
            {"slot": i + 1, "card": card, "price": slot.price}
            for i, (card, slot) in enumerate(zip(market, content.market(), strict=True))
        ],
        "deck": len(others),
        "corruption": 0 if stage == "new" else rnd.randint(0, 6),
        "offer": [] if stage == "end" else offer,
        "bomb_deck": len(bomb_ids),
        "tests": tests,
        "contractors": {k: rnd.randint(0, 4) for k in "LES"},
        "seats": seats,
        "winner": winner,
        "round": 1 if stage == "new" else rnd.randint(3, 20),
        "last": last,
        "scores": [{"bombs": p, "test": 0, "loaded": 0, "total": p} for p in scores],
        "target": target,
        "spaces_info": [
            {
                "id": s.id,
                "area": s.area,
                "free": s.unlimited or s.id not in occupied,
                "legal": s.id not in occupied,
            }
            for s in content.spaces()
        ],
    }


def private(view: View, seat: int, hand: list[str], draft: list[str] | None = None) -> View:
    """``view`` as ``view(state, seat)`` adds to it: the seat's bombs in hand (their ids) and,
    while it picks, the draft's cards."""
    out = dict(view)
    out.update({"seat": seat, "hand": list(hand), "draft": draft})
    out["seats"] = [dict(s) for s in view["seats"]]
    out["seats"][seat]["hand_count"] = len(hand)
    return out


def with_changes(view: View, **changes: Any) -> View:
    out = dict(view)
    out.update(changes)
    return out


def played(players: int, moves: int | None, seed: int = 1, bot: bool = False) -> tuple[Any, Any]:
    """A real game (``engine.manhattan``) after ``moves`` random legal moves, or the bot's moves
    (which build bombs, load and test them), ``None``: to its end. Its state and public view."""
    from engine.core import Rng
    from engine.manhattan.game import GAME
    from engine.manhattan.randomplay import random_move

    state = GAME.new(players, {}, seed)
    rng = Rng(seed)
    done = 0
    while GAME.outcome(state) is None and (moves is None or done < moves):
        seat = GAME.to_act(state)[0]
        move = GAME.bot_move(state, seat, "normal") if bot else random_move(state, seat, rng)
        state, _ = GAME.apply(state, seat, move)
        done += 1
    return state, GAME.view(state, None)
