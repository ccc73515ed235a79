"""A RunArch table under SimCord, driven the way two people would drive it."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import discord
from simcord import Env

from bot.client import GameBot
from db.models import TableRow
from engine.core import Move
from engine.core.game import replay
from engine.runarch import GAME
from engine.runarch.cards import CARDS
from engine.runarch.components import ALL_LINES as GAME_LINES
from engine.runarch.components import CELL_INDEX, SIMPLE_LINES
from engine.runarch.scoring import PAIR_POINTS
from tests.bot.hidden_scan import message_words
from tests.bot.marsbot_table import components
from tests.engine.runarch_support import closeness


@dataclass
class Table:
    env: Env
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    thread: Any
    table_id: int = 0

    @property
    def bot(self) -> GameBot:
        return self.env.bot  # type: ignore[return-value]

    @classmethod
    async def open(cls, env: Env, *, seed: int = 1, **options: Any) -> Table:
        """Alice opens a table inviting Bob; Bob joins, which starts the 2-player game.

        The table's seed is fixed so a failure replays exactly (seed 1: greedy play passes
        a target of 30 in 35 moves, while a few seeds make two greedy players undo each other).
        """
        env.bot.tables.new_seed = lambda: seed  # type: ignore[attr-defined]
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        carol = guild.add_member(env.create_user("carol"))
        result = await alice.slash(channel, "runarch new", opponent=bob, **options)
        assert not result.ephemeral, result.response
        thread = channel.threads[-1]
        table = cls(env, channel, alice, bob, carol, thread)
        opened = await table.bot.store.open_table_in(thread.id)
        assert opened is not None
        table.table_id = opened.id
        lobby = thread.history()[0]
        await bob.click(lobby, label="Join")
        return table

    async def open_turn_with_a_swap(self) -> tuple[Any, int]:
        """The player to act swaps (their first legal swap) by slash command; returns them and their seat."""
        state = await self.state()
        seat = GAME.to_act(state)[0]
        player = await self.player(seat)
        swap = next(m for m in GAME.legal_moves(state, seat) if m.kind == "swap")
        result = await player.slash(self.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
        assert moved(result), result.response.content
        return player, seat

    async def row(self) -> TableRow:
        row = await self.bot.store.table(self.table_id)
        assert row is not None
        return row

    async def state(self) -> dict[str, Any]:
        row = await self.row()
        assert row.state is not None
        return row.state

    async def player(self, seat: int) -> Any:
        row = await self.row()
        user_id = row.user_at(seat)
        return self.alice if user_id == self.alice.id else self.bob

    async def to_act(self) -> Any:
        state = await self.state()
        return await self.player(GAME.to_act(state)[0])

    def boards(self) -> list[discord.Message]:
        """Board posts in the thread, oldest first."""
        return [
            m for m in self.thread.history() if m.attachments and m.attachments[0].filename == "runarch.png"
        ]

    def last_board(self) -> discord.Message:
        boards = self.boards()
        assert boards, "no board was posted"
        return boards[-1]

    async def snapshot(self) -> tuple[int, list[str], dict[str, Any]]:
        """What must not change after a refused action: version, log, state."""
        row = await self.row()
        moves = await self.bot.store.moves(row.id)
        assert row.state is not None
        return row.version, [m.notation for m in moves], row.state

    async def replayed(self) -> dict[str, Any]:
        row = await self.row()
        moves = await self.bot.store.moves(row.id)
        log = [(m.seat, m.notation) for m in moves]
        return replay(GAME, len(row.seats), row.options, row.seed, log, GAME.content(row.state or {}))


def greedy_move(state: dict[str, Any], seat: int) -> str:
    """A decent player: score the best card, else the swap that brings a card nearest to scoring, else end."""
    options = GAME.scoring_options(state, seat)
    if options:
        return f"score {options[0]['card']} {options[0]['line']}"
    swaps = [m for m in GAME.legal_moves(state, seat) if m.kind == "swap"]
    if not swaps:
        return "end"
    return max(swaps, key=lambda m: closeness(GAME.apply(state, seat, m)[0], seat)).notation


def moved(result: Any) -> bool:
    """Whether a move was taken: a new turn answers with a new public board post; a step within
    the turn edits the turn's post and leaves no answer behind (its deferred reply is deleted)
    or only what the mover alone may see ("🔒 …", a drawn card), while a refusal answers privately."""
    if result.response is None:
        return bool(result.acknowledged)
    return not result.ephemeral or result.response.content.startswith("🔒")


def left_nothing(result: Any) -> bool:
    """Whether an interaction was answered and left no reply for its player to see: no message,
    private or public, and no follow-up (a step that edited the turn's post)."""
    return bool(result.acknowledged) and result.response is None and not result.followups


# ------------------------------------------------------------- complex and solo play

CARD_ID = re.compile(r"\bC\d{2}\b")


def planned_shift(state: dict[str, Any], seat: int, shifts: list[Move]) -> Move | None:
    """The swap or jump that moves a stone one step along the cheapest plan to score a card.

    A plan, for one hand card and one line, brings the card's exact stones to the positions
    that need them: every position that matches nothing, then the nearest half matches until
    the card reaches the minimum. Its cost is the stones' distances; the cheapest plan wins.
    """
    stones = state["stones"]
    where = {code: i for i, code in enumerate(stones)}
    diagonal = GAME.abilities(state, seat)["diagonal"]
    minimum = GAME.minimum(state, seat)

    def distance(a: int, b: int) -> int:
        (ra, ca), (rb, cb) = divmod(a, 5), divmod(b, 5)
        return max(abs(ra - rb), abs(ca - cb)) if diagonal else abs(ra - rb) + abs(ca - cb)

    best: tuple[int, int, int] | None = None  # (cost, stone's cell, where it should go)
    for card in state["hands"][seat]:
        pattern = CARDS[card].pattern
        for line in SIMPLE_LINES:
            cells = GAME_LINES[line]
            points = [PAIR_POINTS[want][stones[cell]] for want, cell in zip(pattern, cells, strict=True)]
            steps = [(distance(where[pattern[i]], cells[i]), where[pattern[i]], cells[i]) for i in range(5)]
            plan = [steps[i] for i in range(5) if points[i] == 0]
            gained = sum(points) + 2 * len(plan)
            for step in sorted(steps[i] for i in range(5) if points[i] == 1):
                if gained >= minimum:
                    break
                plan.append(step)
                gained += 1
            plan = [step for step in plan if step[0] > 0]
            if gained < minimum or not plan:
                continue
            cost = sum(step[0] for step in plan)
            if best is None or cost < best[0]:
                nearest = min(plan)
                best = (cost, nearest[1], nearest[2])
    if best is None:
        return None
    _, source, target = best

    def partner(move: Move) -> int | None:
        a, b = CELL_INDEX[move.args[0]], CELL_INDEX[move.args[1]]
        return b if a == source else a if b == source else None

    moving = [(distance(other, target), m) for m in shifts if (other := partner(m)) is not None]
    return min(moving, key=lambda pair: pair[0])[1] if moving else None


def greedy_any_move(state: dict[str, Any], seat: int) -> str:
    """A decent player for either variant: owed decisions first, then score; a swap that lets a
    card score at once; else a step of the cheapest plan to score (``planned_shift``), or the
    swap that brings a card nearest to scoring; when no swap helps,
    end the turn if allowed, otherwise a swap chosen at random (seeded by the position) to get
    out of a dead end."""
    moves = GAME.legal_moves(state, seat)
    kinds = {m.kind for m in moves}
    for owed in ("setup", "bet"):
        if owed in kinds:
            return next(m for m in moves if m.kind == owed).notation
    if "draw" in kinds or "take" in kinds:
        takes = [m.notation for m in moves if m.kind == "take"]
        return takes[0] if takes and (state["ply"] % 2 or "draw" not in kinds) else "draw"
    options = GAME.scoring_options(state, seat)
    if options:
        best = options[0]
        archives = best.get("archives")
        return " ".join(["score", best["card"], best["line"], *([archives[0]] if archives else [])])
    shifts = [m for m in moves if m.kind in ("swap", "jump")]
    if not shifts:
        return "end"
    afters = [(m, GAME.apply(state, seat, m)[0]) for m in shifts]
    for move, after in afters:
        if GAME.scoring_options(after, seat):
            return move.notation
    if not state["swapped"] and (planned := planned_shift(state, seat, shifts)) is not None:
        return planned.notation
    rnd = random.Random(state["ply"] * 7919 + seat)
    move, after = max(afters, key=lambda pair: (closeness(pair[1], seat), rnd.random()))
    if closeness(after, seat) > closeness(state, seat):
        return move.notation
    return "end" if "end" in kinds else rnd.choice(shifts).notation


async def play_by_command(actor: Any, channel: Any, notation: str) -> Any:
    """Make a move with the slash command a person would type for it."""
    kind, *args = notation.split()
    if kind in ("swap", "jump"):
        return await _slash(actor, channel, f"runarch {kind}", a=args[0], b=args[1])
    if kind == "score":
        extra = {"archive": args[2]} if len(args) > 2 else {}
        return await _slash(actor, channel, "runarch score", card=args[0], line=args[1], **extra)
    if kind == "setup":
        return await _slash(actor, channel, "runarch setup", goal=args[0], secret=args[1])
    if kind == "bet":
        return await _slash(actor, channel, "runarch bet", place=" ".join(args))
    if kind == "take":
        return await _slash(actor, channel, "runarch draw", offer=int(args[0]))
    return await _slash(actor, channel, f"runarch {kind}")


async def _slash(actor: Any, channel: Any, name: str, **options: Any) -> Any:
    """A slash command in a thread (member) or in the user's DM with the bot (``channel`` None)."""
    if channel is None:
        return await actor.slash(name, **options)
    return await actor.slash(channel, name, **options)


def hidden_card_ids(state: dict[str, Any]) -> set[str]:
    """Card ids nobody but their holder may see now: hands, setup hands, the secret goals (until
    the end), the offer (only match areas are public) and the deck."""
    hidden = {card for hand in state["hands"] for card in hand}
    hidden |= {card for hand in state.get("setup_hands", []) for card in hand}
    if not state["over"]:
        hidden |= {card for card in state.get("secret", []) if card}
    hidden |= set(state.get("offer", [])) | set(state["deck"])
    return hidden


def leaked_ids(messages: list[discord.Message], state: dict[str, Any]) -> dict[int, set[str]]:
    """Hidden card ids found in public messages (content, embeds, components' custom ids, values
    and labels, pictures' file names and descriptions), by message id."""
    hidden = hidden_card_ids(state)
    leaks: dict[int, set[str]] = {}
    for message in messages:
        embeds = [e.to_dict() for e in message.embeds]
        text = message_words(message.content, embeds, components(message), message.attachments)
        found = set(CARD_ID.findall(text)) & hidden
        if found:
            leaks[message.id] = found
    return leaks
