"""MarsBot played in a SimCord DM by a scripted person, every move timed through the real bot.

The person plays like someone with the physical game beside them: in the first of their turns
of a generation they raise the temperature (2 steps) and the oxygen (1) and report an ocean;
every turn they report a greenery of their own on a random legal space, in even generations
also a city, then end the turn; after three turns of a generation they pass.
They answer MarsBot's questions with the cards of :data:`CARDS` in turn, a cost that counts
through tied spaces, award values and a final score. So games end by scoring after some ten
generations, MarsBot's turns place tiles on a map that fills, and every kind of post is met.
Every move is the slash command a person types (``/marsbot card tags:… cost:…`` for a revealed
card), timed from the interaction to the posted board. The baselines go through the same bot
between moves: ``/marsbot board`` (load, picture, post; no engine move, no commit) and a
refused move (``/marsbot tile`` on a space that does not exist: load, the engine's refusal, a
private answer; nothing changes).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.marsbot.game import GAME
from engine.marsbot.moves import allowed_tags
from engine.marsbot.notation import COLOURS
from engine.marsbot.reports import card_facts

CARDS: tuple[tuple[tuple[str, ...], int, bool, str], ...] = (
    (("building",), 12, False, "vp0"),
    (("space", "event"), 21, True, "vp+"),
    (("science",), 8, False, "vp0"),
    (("power", "jovian"), 25, False, "vp+"),
    (("earth",), 5, True, "vp-"),
    (("plant", "microbe"), 14, False, "vp0"),
    ((), 3, False, "vp0"),
    (("city", "building"), 18, True, "vp0"),
    (("wild", "science", "building"), 30, False, "vp+"),
)
"""The project cards the person reveals for MarsBot, in turn (tags in the card's order)."""

TURNS_PER_GENERATION = 3
REFUSED = ("marsbot tile", {"kind": "city", "space": "Z9"})
"""A move the engine always refuses: no such space on the map."""
BASELINE_EVERY = 4
"""One baseline command of each kind after every this many moves."""


@dataclass
class Person:
    """What the scripted person does next, from the table's state (seeded, so runs repeat)."""

    rnd: random.Random
    cards: int = 0
    reported: set[str] = field(default_factory=set)
    generation: int = 0
    turns: int = 0

    def next_move(self, state: dict[str, Any]) -> str:
        question = state["question"]
        if question is not None:
            return self._answer(state, question)
        if state["phase"] == "final":
            return "done"
        if state["generation"] != self.generation:
            self.generation, self.turns = state["generation"], 0
        view = GAME.view(state, 0)
        params, maxed, legal = view["params"], view["maxed"], view["legal"]
        first = self.turns == 0
        for kind, move in (
            ("temperature", f"raise temperature {min(2, (8 - params['temperature']) // 2)}"),
            ("oxygen", "raise oxygen 1"),
        ):
            if first and not maxed[kind] and kind not in self.reported:
                return self._report(kind, move)
        tiles = [("ocean", first and not maxed["oceans"]), ("greenery", True)]
        tiles.append(("city", self.turns == 1 and state["generation"] % 2 == 0))
        for tile, wanted in tiles:
            if wanted and tile not in self.reported and legal.get(tile):
                return self._report(tile, f"tile {tile} {self.rnd.choice(legal[tile])}")
        self.reported.clear()
        if all(maxed[p] for p in ("temperature", "oxygen", "oceans")) or self.turns >= TURNS_PER_GENERATION:
            return "pass"
        self.turns += 1
        return "done"

    def _report(self, kind: str, move: str) -> str:
        self.reported.add(kind)
        return move

    def _answer(self, state: dict[str, Any], question: dict[str, Any]) -> str:
        kind = question["kind"]
        if kind == "card":
            tags, cost, req, vp = CARDS[self.cards % len(CARDS)]
            self.cards += 1
            shown = [t for t in tags if t in allowed_tags(state)]
            notation = f"card {'+'.join(shown) or 'none'} {cost} {'req' if req else 'noreq'} {vp}"
            if "colour" in card_facts(state):  # Hellas's Magnate (rules 4) asks green or blue
                notation += " -" if "event" in tags else f" {COLOURS[self.cards % len(COLOURS)]}"
            return notation
        if kind == "cost":
            return f"cost {self.rnd.randrange(1, 41)}"
        if kind == "values":
            return "values " + " ".join(f"{a}={self.rnd.randrange(0, 12)}" for a in question["awards"])
        if kind == "total":
            return "total 71"
        return next(m.notation for m in GAME.legal_moves(state, 0) if m.kind == kind)


def command(notation: str) -> tuple[str, dict[str, Any]]:
    """The slash command and options a person types for a move."""
    kind, *args = notation.split()
    if kind == "tile":
        return "marsbot tile", {"kind": args[0], "space": args[1]}
    if kind == "raise":
        return "marsbot raise", {"parameter": args[0], "steps": int(args[1])}
    if kind == "card":
        tags = args[0].replace("+", " ") if args[0] != "none" else "none"
        return "marsbot card", {
            "tags": tags,
            "cost": int(args[1]),
            "requirement": args[2] == "req",
            "vp": args[3],
            **({"colour": args[4]} if len(args) > 4 and args[4] in COLOURS else {}),
        }
    if kind == "cost":
        return "marsbot cost", {"cost": int(args[0])}
    if kind == "total":
        return "marsbot total", {"score": int(args[0])}
    if kind == "values":
        return "marsbot values", {"values": " ".join(args)}
    if kind in ("plants", "closest"):
        return "marsbot answer", {"choice": notation}
    if kind == "cut":
        return "marsbot cut", {"production": args[0], "steps": int(args[1])}
    if kind in ("take", "gain"):
        return f"marsbot {kind}", {"amount": int(args[0])}
    if kind in ("milestone", "award"):
        return f"marsbot {kind}", {"which": args[0]}
    return f"marsbot {kind}", {}


@dataclass
class Timed:
    """Durations in seconds: every move by its kind, and the two baselines."""

    moves: dict[str, list[float]] = field(default_factory=dict)
    board: list[float] = field(default_factory=list)
    refused: list[float] = field(default_factory=list)
    games: int = 0
    finished: int = 0
    generations: int = 0

    def every_move(self) -> list[float]:
        return [d for durations in self.moves.values() for d in durations]


async def _timed(person: Any, name: str, options: dict[str, Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = await person.slash(name, **options)
    return result, time.perf_counter() - start


async def play_games(
    cards: int, folder: Path, seed: int, max_moves: int = 400, options: dict[str, Any] | None = None
) -> Timed:
    """Whole games in a DM until MarsBot's ``card`` question was answered ``cards`` times. Each
    move must be taken (the table's version rises) and each refused move change nothing.
    ``options``: those of ``/marsbot new`` (the map)."""
    from bench.simcord_moves import simcord_bot

    timed = Timed()
    async with simcord_bot(folder) as (env, bot):
        user = env.create_user("dana")

        async def version() -> int:
            found = await bot.store.table(table.id)
            assert found is not None
            return int(found.version)

        while len(timed.moves.get("card", [])) < cards:
            bot.tables.new_seed = lambda: seed + timed.games
            player = Person(random.Random(seed + timed.games))
            await user.slash("marsbot new", **(options or {}))
            table = await bot.store.open_table_in(user.dm_channel.id, "marsbot")
            assert table is not None, "the game did not open"
            timed.games += 1
            for count in range(max_moves):
                found = await bot.store.table(table.id)
                assert found is not None and found.state is not None
                if found.status != "active" or len(timed.moves.get("card", [])) >= cards:
                    timed.finished += found.status == "finished"
                    timed.generations += found.state["generation"]
                    break
                notation = player.next_move(found.state)
                result, spent = await _timed(user, *command(notation))
                if await version() == found.version:
                    raise AssertionError(f"{notation} was not taken: {result.response}")
                timed.moves.setdefault(notation.split()[0], []).append(spent)
                if count % BASELINE_EVERY == BASELINE_EVERY - 1:
                    timed.board.append((await _timed(user, "marsbot board", {}))[1])
                    before = await version()
                    timed.refused.append((await _timed(user, *REFUSED))[1])
                    if await version() != before:
                        raise AssertionError("a tile on a space that does not exist was taken")
            else:
                raise AssertionError(f"a game took more than {max_moves} moves")
    return timed
