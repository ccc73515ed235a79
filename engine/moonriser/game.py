"""Moonriser as an :class:`engine.core.Game`, for 2–4 players.

This module dispatches; the rules live beside it (``setup``, ``planning``, ``placement`` and
``development``, ``production``, ``trading``, ``rounds``, ``scoring``). Decisions where the
rulebooks are silent or differ are in ``docs/rules/moonriser.md``.

``apply`` copies only what a move changes (a shallow copy of the state plus the parts it edits).
``legal_moves`` is lazy: a big planning draw has thousands of ways to keep, a full hand
thousands of placements.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import chain
from types import MappingProxyType
from typing import Any

from engine.core import (
    DigestEntry,
    Event,
    Game,
    GameInfo,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    State,
    places_from_scores,
)
from engine.moonriser import bot, development, planning, rounds, trading
from engine.moonriser.content import tiles_of
from engine.moonriser.notation import (
    BASE,
    CONVERT,
    DISCARD,
    DONE,
    DONE_MOVE,
    DRAW,
    END,
    END_MOVE,
    KEEP,
    PLACE,
    PLAN,
    RESIGN,
    SELL,
    SWAP,
    TRADE,
    UPGRADE,
    canonical,
    parse_move,
)
from engine.moonriser.placement import Context, base_fields, offer_of, upgrades
from engine.moonriser.resign import resign
from engine.moonriser.scoring import scores
from engine.moonriser.setup import after_setup_keep, keepers, new_state, place_base
from engine.moonriser.undo import stop as undo_reason
from engine.moonriser.views import private, public

NAME = "moonriser"
BOARDS: tuple[str, ...] = ("random", "compact", "wide")
PHASE_MOVES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "base": frozenset({BASE}),
        "setup_keep": frozenset({KEEP}),
        "plan": frozenset({PLAN}),
        "draw": frozenset({DRAW}),
        "keep": frozenset({KEEP}),
        "develop": frozenset({PLACE, UPGRADE, DONE}),
        "trade": frozenset({TRADE, SELL, SWAP, DISCARD, END, CONVERT}),
        "final": frozenset({TRADE, SELL, END, CONVERT}),
    }
)
"""Which moves each phase takes; any other is refused with ``moonriser.not_now``."""

INFO = GameInfo(
    name=NAME,
    min_players=2,
    max_players=4,
    options=MappingProxyType(
        {
            "board": OptionSpec(default="random", choices=BOARDS),
            "max_rounds": OptionSpec(default=30, minimum=10, maximum=60),
        }
    ),
    timeout_move=True,
    seat_params=("seat",),
    bot_levels=bot.LEVELS,
    digest=MappingProxyType(
        {
            "moonriser.placed": DigestEntry("moonriser.digest.built", "tile"),
            "moonriser.upgraded": DigestEntry("moonriser.digest.upgraded", "tile"),
        }
    ),
)


def tile_args(move: Move) -> tuple[str, ...]:
    """The tile ids a move names (so an unknown one is refused as such, before where it is)."""
    if move.kind in (KEEP, DISCARD):
        return move.args
    if move.kind == PLACE:
        return move.args[:1]
    if move.kind == SELL:
        return move.args[:-1]
    if move.kind == SWAP and len(move.args) > 2:
        return move.args[1:]
    return ()


class Moonriser(Game):
    """The rules; stateless, every method pure."""

    info = INFO

    def new(
        self, seats: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None = None
    ) -> State:
        if not self.info.min_players <= seats <= self.info.max_players:
            raise ValueError(f"Moonriser is for 2 to 4 players, not {seats}")
        return new_state(seats, self.options(options), seed, content)

    def content(self, state: State) -> dict[str, int]:
        return dict(state["content"])

    # ------------------------------------------------------------- queries
    def to_act(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "setup_keep":
            return keepers(state)
        if phase == "final":
            return [s for s, row in enumerate(state["seats"]) if not row["final_done"]]
        return [] if state["active"] is None else [state["active"]]

    def legal_moves(self, state: State, seat: int) -> Iterator[Move]:
        """Every move ``seat`` may make now, lazily, cheapest kinds first (placements last).

        ``resign`` is always allowed but deliberately not listed, so random play stays a game."""
        if seat not in self.to_act(state):
            return iter(())
        phase = state["phase"]
        row = state["seats"][seat]
        if phase == "base":
            return iter([Move(BASE, (f,)) for f in base_fields(state)])
        if phase in ("setup_keep", "keep"):
            return planning.keep_moves(row["drawn"], min(row["keep"], len(row["drawn"])))
        if phase == "plan":
            return iter(planning.plan_moves(state, seat))
        if phase == "draw":
            return iter(planning.draw_moves(state, seat))
        if phase == "develop":
            return chain(
                [DONE_MOVE],
                (Move(UPGRADE, (u["field"],)) for u in upgrades(state, seat)),
                self._placements(state, seat),
            )
        ending = [END_MOVE] if trading.end_allowed(state, seat) else []
        swaps = trading.swap_moves(state, seat) if phase == "trade" else []
        discards = trading.discard_moves(row["hand"]) if phase == "trade" else []
        return chain(
            ending,
            trading.convert_moves(state, seat),
            discards,
            trading.trade_moves(state, seat),
            swaps,
            trading.sell_moves(row["hand"], trading.gets(state)),
        )

    def _placements(self, state: State, seat: int) -> Iterator[Move]:
        for found in Context(state, seat).placements(offer_of(state, seat), scored=False):
            yield Move(PLACE, (found.tile, found.field, str(found.rotation), found.source))

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        """Parse, then refuse if over, then if ``seat`` is not awaited, then by the phase's rules."""
        parsed = parse_move(move) if isinstance(move, str) else canonical(move)
        if state["phase"] == "over":
            raise IllegalMove("core.game_over")
        if not 0 <= seat < state["players"]:
            raise IllegalMove("core.not_your_turn")
        kind, args = parsed.kind, parsed.args
        if kind == RESIGN:
            if state["seats"][seat]["resigned"]:
                raise IllegalMove("core.not_your_turn")
            return resign(state, seat)
        if seat not in self.to_act(state):
            raise IllegalMove("core.not_your_turn")
        phase = state["phase"]
        if kind not in PHASE_MOVES[phase]:
            raise IllegalMove("moonriser.not_now", move=kind, phase=phase)
        known = tiles_of(state).tiles
        for tile in tile_args(parsed):
            if tile not in known:
                raise IllegalMove("moonriser.no_such_tile", tile=tile)
        if kind == BASE:
            return place_base(state, seat, args[0])
        if kind == KEEP:
            return self._keep(state, seat, args)
        if kind == PLAN:
            return planning.plan(state, seat, int(args[0]))
        if kind == DRAW:
            return planning.draw(state, seat, args[0], int(args[1]) if len(args) > 1 else 1)
        if kind == PLACE:
            return development.place(state, seat, args[0], args[1], int(args[2]), args[3])
        if kind == UPGRADE:
            return development.upgrade(state, seat, args[0])
        if kind == DONE:
            return development.done(state, seat)
        if kind == TRADE:
            return trading.trade(state, seat, args[0], args[1], int(args[2]) if len(args) > 2 else 1)
        if kind == CONVERT:
            return trading.convert(state, seat)
        if kind == SELL:
            return trading.sell(state, seat, args[:-1], args[-1])
        if kind == SWAP:
            return trading.swap(state, seat, args[0], args[1:])
        if kind == DISCARD:
            return trading.discard(state, seat, args)
        return self._end(state, seat)

    def _keep(self, state: State, seat: int, tiles: tuple[str, ...]) -> tuple[State, list[Event]]:
        new, events = planning.keep(state, seat, tiles)
        if state["phase"] == "setup_keep":
            after_setup_keep(new)
        else:
            new["phase"] = "develop"
        return new, events

    def _end(self, state: State, seat: int) -> tuple[State, list[Event]]:
        if not trading.end_allowed(state, seat):
            held = len(state["seats"][seat]["hand"])
            raise IllegalMove("moonriser.hand_limit", count=held, limit=trading.HAND_LIMIT)
        new = dict(state)
        events: list[Event] = []
        if state["phase"] == "final":
            rounds.final_end(new, seat, events)
        else:
            rounds.end_turn(new, seat, events)
        return new, events

    # ------------------------------------------------------------- seats
    def points(self, state: State, seat: int) -> int | None:
        return int(scores(state)[seat]["total"])

    def bot_move(self, state: State, seat: int, level: str) -> Move:
        return bot.bot_move(state, seat, level)

    def timeout_move(self, state: State, seat: int) -> Move | None:
        """The smallest safe step for an absent seat: its base on the first field, keep the first
        tiles, no planning (or draw what was paid for), ``done``, one discard down to the hand
        limit, then ``end``. It never places, upgrades or trades for them."""
        if seat not in self.to_act(state):
            return None
        phase = state["phase"]
        row = state["seats"][seat]
        if phase == "plan":
            return Move(PLAN, ("0",))
        if phase == "develop":
            return DONE_MOVE
        over = trading.excess(state, seat)
        if over:
            return Move(DISCARD, tuple(sorted(row["hand"][-over:])))
        if phase in ("trade", "final"):
            return END_MOVE
        return next(iter(self.legal_moves(state, seat)), None)

    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        return undo_reason(before, seat, move, after) is None

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        return undo_reason(before, seat, move, after) or "undo.final"

    # --------------------------------------------------------------- outcome
    def outcome(self, state: State) -> Outcome | None:
        """Most VP wins; equal totals share the place; seats that resigned come last (together),
        and the result says so (``ties``: the lines that explain the places)."""
        if state["phase"] != "over":
            return None
        rows = scores(state)
        totals = tuple(row["total"] for row in rows)
        resigned = [row["resigned"] for row in state["seats"]]
        playing = [s for s in range(len(totals)) if not resigned[s]]
        ranked = places_from_scores([totals[s] for s in playing])
        places = [len(playing) + 1] * len(totals)
        for s, place in zip(playing, ranked, strict=True):
            places[s] = place
        ties = []
        for score in sorted({totals[s] for s in playing}, reverse=True):
            tied = [s for s in playing if totals[s] == score]
            if len(tied) > 1:
                ties.append(Event("moonriser.tie_shared", {"score": score, "place": places[tied[0]]}))
        # why a lower total can come first: a seat that resigned is last whatever its score
        ties.extend(Event("moonriser.resigned_last", {"seat": s}) for s in range(len(totals)) if resigned[s])
        details = {"breakdown": rows, "resigned": [s for s in range(len(totals)) if resigned[s]]}
        return Outcome(scores=totals, places=tuple(places), details=details, ties=tuple(ties))

    # ------------------------------------------------------------------ view
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Public information, plus ``seat``'s own hand and drawn tiles; never a pile's order."""
        view = public(state, self.to_act(state))
        result = self.outcome(state)
        view["outcome"] = (
            None if result is None else {"scores": list(result.scores), "places": list(result.places)}
        )
        if seat is not None:
            if not 0 <= seat < state["players"]:
                raise ValueError(f"no seat {seat} in a {state['players']}-seat game")
            view.update(private(state, seat))
        return view


GAME = Moonriser()
