"""Parley: the tests' own little game for two, to show what RunArch cannot (not shipped).

- The seat whose turn it is may ``draw`` (the card is secret: a private event for the drawer),
  ``poke`` (opens a reaction: the other seat is awaited too, during this turn), ``pass``
  (the turn goes over and the new player gets a secret card: a private event caused by
  somebody else) or ``stop`` (the game ends; most cards wins).
- The poked seat may ``answer`` while the turn's player goes on: two seats act at once.
- At the time limit the bot answers for a poked seat and passes for the turn's player.

Its buttons (``pl:<table>:<move>``) are not tied to a board version: like a slash command,
each move is judged against the position it reaches, so two seats' moves both commit.
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image
from simcord import Env

from bot import i18n
from bot.adapter import GameAdapter
from bot.errors import run_guarded
from bot.i18n import Tr
from bot.tables import TableService
from db.models import TableRow
from engine.core import Event, Game, GameInfo, IllegalMove, Move, Outcome, State, places_from_scores

NAME = "parley"
LOCALES = Path(__file__).parent / "parley_locales"
MOVES = ("draw", "poke", "answer", "pass", "stop")


class Parley(Game):
    info = GameInfo(name=NAME, min_players=2, max_players=2, timeout_move=True)

    def new(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        return {"turn": 0, "react": None, "deck": list(range(40, 0, -1)), "hands": [[], []], "over": False}

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        return sorted({state["turn"], *([state["react"]] if state["react"] is not None else [])})

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        moves = []
        if not state["over"] and seat == state["turn"]:
            moves += [Move("draw"), Move("pass"), Move("stop")]
            if state["react"] is None:
                moves.append(Move("poke"))
        if not state["over"] and seat == state["react"]:
            moves.append(Move("answer"))
        return moves

    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        move = self.parse_move(move) if isinstance(move, str) else move
        if state["over"]:
            raise IllegalMove("core.game_over")
        if move.kind == "resign":
            return {**state, "over": True, "resigned": seat}, [Event("core.resigned", {"seat": seat})]
        if seat not in self.to_act(state):
            raise IllegalMove("core.not_your_turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("parley.no_such_move")
        new = copy.deepcopy(state)
        if move.kind == "draw":
            card = new["deck"].pop()
            new["hands"][seat].append(card)
            return new, [
                Event("parley.drew", {"seat": seat}),
                Event("parley.drew_card", {"card": card}, seat),
            ]
        if move.kind == "poke":
            new["react"] = 1 - seat
            return new, [Event("parley.poked", {"seat": seat})]
        if move.kind == "answer":
            new["react"] = None
            return new, [Event("parley.answered", {"seat": seat})]
        if move.kind == "pass":
            new["turn"] = 1 - seat
            card = new["deck"].pop()
            new["hands"][1 - seat].append(card)
            return new, [
                Event("parley.passed", {"seat": seat}),
                Event("parley.dealt_card", {"card": card}, 1 - seat),
            ]
        new["over"] = True
        return new, [Event("parley.stopped", {"seat": seat})]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        public = {"turn": state["turn"], "react": state["react"], "cards": [len(h) for h in state["hands"]]}
        return public if seat is None else {**public, "hand": list(state["hands"][seat])}

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = [len(hand) for hand in state["hands"]]
        if state.get("resigned") is not None:
            scores[state["resigned"]] = -1
        return Outcome(scores=tuple(scores), places=tuple(places_from_scores(scores)))

    def parse_move(self, text: str) -> Move:
        words = text.split()
        if len(words) != 1 or words[0] not in (*MOVES, "resign"):
            raise IllegalMove("core.bad_notation", text=text)
        return Move(words[0])

    def timeout_move(self, state: State, seat: int) -> Move | None:
        return Move("answer") if seat == state["react"] else Move("pass")


GAME = Parley()


def render_board(view: Mapping[str, Any], names: Any, tr: Any) -> bytes:
    """A tiny picture (the tests count pictures, they do not look at them)."""
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (40 * view["cards"][0] % 255, 40 * view["cards"][1] % 255, 90)).save(buf, "PNG")
    return buf.getvalue()


class ParleyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pl:(?P<table>\d+):(?P<move>[a-z]+)"
):
    def __init__(self, table_id: int, move: str, tr: Tr | None = None) -> None:
        label = (tr or Tr("en"))(f"parley.button.{move}")
        super().__init__(discord.ui.Button(label=label, custom_id=f"pl:{table_id}:{move}"))
        self.table_id, self.move = table_id, move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> ParleyButton:
        return cls(int(match["table"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.tables  # type: ignore[attr-defined]
        await run_guarded(interaction, _play(service, interaction, self.move))


async def _play(service: TableService, interaction: discord.Interaction, move: str) -> None:
    await service.play(interaction, move, game=NAME)


def board_view(table: TableRow, tr: Tr) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    state = table.state or {}
    kinds = {m.kind for seat in GAME.to_act(state) for m in GAME.legal_moves(state, seat)}
    for move in MOVES:
        if move in kinds:
            view.add_item(ParleyButton(table.id, move, tr))
    return view


ADAPTER = GameAdapter(game=GAME, title_key="parley.title", render_board=render_board, board_view=board_view)


def install(bot: Any) -> None:
    """Teach a running bot Parley (again after a restart)."""
    bot.tables.register(ADAPTER)
    bot.add_dynamic_items(ParleyButton)


@pytest.fixture
def parley_words() -> Iterator[None]:
    """Parley's sentences, for its tests only."""
    i18n.CATALOG_DIRS.append(LOCALES)
    i18n.catalog.cache_clear()
    i18n.is_plural.cache_clear()
    yield
    i18n.CATALOG_DIRS.remove(LOCALES)
    i18n.catalog.cache_clear()
    i18n.is_plural.cache_clear()


@dataclass
class ParleyTable:
    env: Env
    channel: Any
    alice: Any
    bob: Any
    table_id: int

    @property
    def bot(self) -> Any:
        return self.env.bot

    async def row(self) -> TableRow:
        row = await self.bot.store.table(self.table_id)
        assert row is not None
        return row

    async def seat(self, member: Any) -> int:
        seat = (await self.row()).seat_of(member.id)
        assert seat is not None
        return seat

    async def member(self, seat: int) -> Any:
        return self.alice if (await self.row()).user_at(seat) == self.alice.id else self.bob

    def boards(self) -> list[discord.Message]:
        return [m for m in self.channel.history() if m.attachments]

    def text(self) -> str:
        """Everything the table's channel shows anyone (its posts as they read now)."""
        return "\n".join(m.content for m in self.channel.history())

    async def log(self) -> list[str]:
        return [m.notation for m in await self.bot.store.moves(self.table_id)]


async def open_parley(
    env: Env, *, time_limit: float | None = None, remind_after: float | None = None
) -> ParleyTable:
    """Alice and Bob at a Parley table in a channel of their server, its first board posted."""
    install(env.bot)
    guild = env.create_guild()
    channel = guild.create_text_channel("parley")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    store = env.bot.store  # type: ignore[attr-defined]
    row = await store.create_table(
        game=NAME,
        guild_id=guild.id,
        channel_id=channel.id,
        parent_id=None,
        host_id=alice.id,
        host_name="alice",
        options={},
        locale="en",
        seed=1,
        max_seats=2,
        remind_after=remind_after,
        time_limit=time_limit,
        on_timeout="auto",
    )
    row = await store.join(row.id, bob.id, "bob")
    row = await env.bot.tables.start(row)  # type: ignore[attr-defined]
    await env.bot.tables.post_to_table(row)  # type: ignore[attr-defined]
    return ParleyTable(env, channel, alice, bob, row.id)
