"""A MarsBot game in a SimCord DM: open it, read it, and answer like a person would."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from simcord import Env

from engine.marsbot import GAME
from engine.marsbot.maps import MAP_AWARDS, map_of_options
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
)
"""The cards the scripted person reveals for MarsBot, in turn."""


def components(message: Any) -> list[dict[str, Any]]:
    """A message's components as plain data (a response holds dicts, a posted message objects)."""
    found = message.message if hasattr(message, "message") else message
    out = []
    for row in found.components:
        for c in row.get("components", []) if isinstance(row, dict) else row.children:
            out.append(c if isinstance(c, dict) else c.to_dict())
    return out


def labels(message: Any) -> list[str]:
    return [c["label"] for c in components(message) if "label" in c]


def card_notation(index: int, state: dict[str, Any] | None = None) -> str:
    """The ``index``-th scripted card; where the game asks a card's colour (Hellas's Magnate), the
    colour too: green and blue in turn, none for an event."""
    tags, cost, req, vp = CARDS[index % len(CARDS)]
    notation = f"card {'+'.join(tags) or 'none'} {cost} {'req' if req else 'noreq'} {vp}"
    if state is not None and "colour" in card_facts(state):
        notation += " -" if "event" in tags else f" {COLOURS[index % len(COLOURS)]}"
    return notation


@dataclass
class MarsBotTable:
    env: Env
    person: Any
    cards: int = 0
    moves: list[str] = field(default_factory=list)
    table_id: int | None = None
    generation: int = 0
    turns: int = 0
    turns_per_generation: int = 3
    """The scripted person passes after this many turns of a generation."""

    @classmethod
    async def open(cls, env: Env, seed: int = 3, name: str = "dana", **options: Any) -> MarsBotTable:
        env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
        person = env.create_user(name)
        return cls(env, person)

    async def start(self, **options: Any) -> Any:
        opened = await self.person.slash("marsbot new", **options)
        table = await self.env.bot.store.open_table_in(self.dm.id, "marsbot")  # type: ignore[attr-defined]
        if table is not None:
            self.table_id = table.id
        return opened

    @property
    def dm(self) -> Any:
        return self.person.dm_channel

    def posts(self) -> list[Any]:
        return [m for m in self.dm.history() if m.attachments]

    async def row(self) -> Any:
        assert self.table_id is not None, "start the game first"
        return await self.env.bot.store.table(self.table_id)  # type: ignore[attr-defined]

    async def state(self) -> dict[str, Any]:
        row = await self.row()
        assert row.state is not None
        return row.state

    def next_move(self, state: dict[str, Any]) -> str:
        """What the scripted person does now: answers MarsBot, raises the parameters quickly with
        reports, and passes once all three are at their maximum."""
        question = state["question"]
        view = GAME.view(state, 0)
        if question is not None:
            kind = question["kind"]
            if kind == "card":
                self.cards += 1
                return card_notation(self.cards - 1, state)
            if kind == "cost":
                return "cost 14"
            if kind == "values":
                return "values " + " ".join(f"{a}=4" for a in question["awards"])
            if kind == "total":
                return "total 71"
            return next(m.notation for m in GAME.legal_moves(state, 0) if m.kind == kind)
        if state["phase"] == "final":
            return "done"
        if state["generation"] != self.generation:
            self.generation, self.turns = state["generation"], 0
        params, maxed = view["params"], view["maxed"]
        award = MAP_AWARDS[map_of_options(state["options"])][1]  # Banker on Tharsis
        if state["generation"] >= 2 and award not in state["awards"] and len(state["awards"]) < 3:
            return f"award {award}"
        done_this_turn = {m.split()[1] for m in self.moves_this_turn()}
        if not maxed["temperature"] and "temperature" not in done_this_turn:
            return f"raise temperature {min(2, (8 - params['temperature']) // 2)}"
        if not maxed["oxygen"] and "oxygen" not in done_this_turn:
            return f"raise oxygen {min(1, 14 - params['oxygen'])}"
        if not maxed["oceans"] and "ocean" not in done_this_turn and view["legal"].get("ocean"):
            return f"tile ocean {view['legal']['ocean'][0]}"
        all_maxed = all(maxed[p] for p in ("temperature", "oxygen", "oceans"))
        if all_maxed or self.turns >= self.turns_per_generation:
            return "pass"
        self.turns += 1
        return "done"

    def moves_this_turn(self) -> list[str]:
        turn: list[str] = []
        for move in reversed(self.moves):
            if move in ("done", "pass") or move.startswith(("card", "cost", "plants", "closest", "values")):
                break
            turn.append(move)
        return turn

    async def play(self, notation: str) -> Any:
        """The move by the slash command a person would type for it."""
        kind, *args = notation.split()
        self.moves.append(notation)
        if kind == "tile":
            return await self.person.slash("marsbot tile", kind=args[0], space=args[1])
        if kind == "raise":
            return await self.person.slash("marsbot raise", parameter=args[0], steps=int(args[1]))
        if kind == "card":
            tags = args[0].replace("+", " ") if args[0] != "none" else ""
            requirement = args[2] == "req"
            colour = {"colour": args[4]} if len(args) > 4 and args[4] in COLOURS else {}
            return await self.person.slash(
                "marsbot card",
                tags=tags or "none",
                cost=int(args[1]),
                requirement=requirement,
                vp=args[3],
                **colour,
            )
        if kind in ("cost", "total"):
            key = "cost" if kind == "cost" else "score"
            return await self.person.slash(f"marsbot {kind}", **{key: int(args[0])})
        if kind == "values":
            return await self.person.slash("marsbot values", values=" ".join(args))
        if kind in ("milestone", "award"):
            return await self.person.slash(f"marsbot {kind}", which=args[0])
        if kind in ("plants", "closest"):
            return await self.person.slash("marsbot answer", choice=notation)
        return await self.person.slash(f"marsbot {kind}")
