"""The Manhattan Project as an :class:`engine.core.Game`, for 2–5 players.

This module dispatches; the rules live beside it (``setup``, ``spaces``, ``market``,
``buildings``, ``air``, ``repair``, ``draft``, ``bombs``, ``workers``, ``moves``, ``turns``,
``scoring``, ``resign``). Decisions where the rulebook is silent or garbled are in
``docs/rules/manhattan.md``.

``apply`` copies only what a move changes (a shallow copy of the state plus the parts it edits).
``legal_moves`` is lazy and never applies a candidate to find out whether it is legal.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
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
from engine.manhattan import air, bombs, bot, buildings, draft, repair, spaces, workers
from engine.manhattan.content import space_of
from engine.manhattan.market import price
from engine.manhattan.moves import bomb_action_error, done_error, retrieve_error, turn_moves
from engine.manhattan.notation import (
    ATTACK,
    BOMB,
    BONUS,
    DONE,
    DONE_MOVE,
    EU,
    LOAD,
    PICK,
    PLACE,
    RAID,
    REPAIR,
    REPAIR_NONE,
    RESIGN,
    RETRIEVE,
    RETRIEVE_MOVE,
    TEST,
    TURN_MOVES,
    WORK,
    blocks,
    canonical,
    hire_of,
    parse_move,
    split_tokens,
)
from engine.manhattan.resign import resign
from engine.manhattan.scoring import scores
from engine.manhattan.setup import bonus, new_state
from engine.manhattan.turns import end_turn
from engine.manhattan.undo import stop as undo_reason
from engine.manhattan.views import private, public

NAME = "manhattan"

INFO = GameInfo(
    name=NAME,
    min_players=2,
    max_players=5,
    options=MappingProxyType({"max_rounds": OptionSpec(default=40, minimum=10, maximum=100)}),
    timeout_move=True,
    seat_params=("seat", "target", "owner"),
    bot_levels=bot.LEVELS,
    digest=MappingProxyType(
        {
            "manhattan.built": DigestEntry("manhattan.digest.built", "card"),
            "manhattan.bomb_built": DigestEntry("manhattan.digest.bomb", "card"),
            "manhattan.tested": DigestEntry("manhattan.digest.tested", "card"),
            "manhattan.loaded": DigestEntry("manhattan.digest.loaded", "card"),
            "manhattan.attacked": DigestEntry("manhattan.digest.struck", "target"),
            "manhattan.raided": DigestEntry("manhattan.digest.struck", "target"),
        }
    ),
)


def allowed(state: State) -> frozenset[str]:
    """The kinds of move the awaited seats may make now (``resign`` aside)."""
    if state["phase"] == "bonus":
        return frozenset({BONUS})
    pending = state["pending"]
    if pending is not None:
        return frozenset({REPAIR if pending["kind"] == "repair" else PICK})
    return TURN_MOVES


def _asking(state: State) -> bool:
    """Whether a repair or a bomb design is asking the seats in turn order."""
    pending = state["pending"]
    return pending is not None and pending["kind"] in ("repair", "draft")


class Manhattan(Game):
    """The rules; stateless, every method pure."""

    info = INFO

    def new(
        self, seats: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None = None
    ) -> State:
        if not self.info.min_players <= seats <= self.info.max_players:
            raise ValueError(f"The Manhattan Project is for 2 to 5 players, not {seats}")
        return new_state(seats, self.options(options), seed, content)

    def content(self, state: State) -> dict[str, int]:
        return dict(state["content"])

    # ------------------------------------------------------------- queries
    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        pending = state["pending"]
        if pending is not None:
            return list(pending["queue"]) if pending["kind"] == "bonus" else list(pending["queue"][:1])
        return [] if state["active"] is None else [state["active"]]

    def legal_moves(self, state: State, seat: int) -> Iterator[Move]:
        """Every move ``seat`` may make now, lazily, cheapest kinds first.

        ``resign`` is always allowed but deliberately not listed, so random play stays a game."""
        if seat not in self.to_act(state):
            return iter(())
        kinds = allowed(state)
        if BONUS in kinds:
            return iter([Move(BONUS, ("E",)), Move(BONUS, ("S",))])
        if REPAIR in kinds:
            return repair.repair_moves(state, seat)
        if PICK in kinds:
            return draft.pick_moves(state, seat)
        return turn_moves(state, seat)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def turn_begins(self, before: State, after: State) -> bool | None:
        """A repair and a bomb design ask the seats one by one inside the active seat's turn:
        their answers, and the turn going back to the active seat, are steps of that turn (one
        board post; each seat asked is still called), not turns of their own."""
        if before["active"] == after["active"] and (_asking(before) or _asking(after)):
            return False
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        """Parse, then refuse if over, then if ``seat`` is not awaited, then by the rules."""
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
        if state["phase"] == "bonus" and kind != BONUS:
            raise IllegalMove("manhattan.bonus_first")  # say what comes first, not just "not now"
        if kind not in allowed(state):
            raise IllegalMove("manhattan.not_now", move=kind)
        if kind == BONUS:
            return bonus(state, seat, args[0])
        if kind == REPAIR:
            return repair.repair(state, seat, () if parsed == REPAIR_NONE else args)
        if kind == PICK:
            return draft.pick(state, seat, args[0])
        return self._turn_move(state, seat, kind, args)

    def _turn_move(
        self, state: State, seat: int, kind: str, args: tuple[str, ...]
    ) -> tuple[State, list[Event]]:
        if kind == PLACE:
            block, hire = blocks(args), hire_of(args)
            rest = args[2 : len(args) - (1 if block or hire else 0)]
            return spaces.place(
                state, seat, args[0], split_tokens(args[1]), rest[0] if rest else None, block, hire
            )
        if kind == WORK:
            hire = hire_of(args)
            option = next((a for a in args[2 : len(args) - (1 if hire else 0)] if a != EU), None)
            tokens = split_tokens(args[1])
            return buildings.work(state, seat, args[0], tokens, option, EU in args[2:], hire)
        if kind == ATTACK:
            return air.attack(state, seat, int(args[0]), args[1])
        if kind == RAID:
            return air.raid(state, seat, int(args[0]), args[1])
        if kind == BOMB:
            return bombs.build_bomb(state, seat, args[0], split_tokens(args[1]))
        if kind in (TEST, LOAD):
            error = bomb_action_error(state, seat)
            if error is not None:
                raise error
            return (bombs.test_bomb if kind == TEST else bombs.load_bomb)(state, seat, args[0])
        if kind == RETRIEVE:
            error = retrieve_error(state, seat)
            if error is not None:
                raise error
            new, events = workers.retrieve(state, seat)
            end_turn(new, seat, events, retrieved=True)
            return new, events
        assert kind == DONE
        error = done_error(state, seat)
        if error is not None:
            raise error
        new = dict(state)
        events: list[Event] = []
        end_turn(new, seat, events)
        return new, events

    # ------------------------------------------------------------- seats
    def points(self, state: State, seat: int) -> int | None:
        return int(scores(state)[seat]["total"])

    def bot_move(self, state: State, seat: int, level: str) -> Move:
        return bot.choose(self, state, seat, level)

    def timeout_move(self, state: State, seat: int) -> Move | None:
        """The smallest safe step for an absent seat: ``bonus E``, ``repair none``, the first
        pick, ``done`` once a worker was placed, else ``retrieve`` if it may, else the cheapest
        placement, one that only yields if it can (else ``done``, a pass). It never builds a bomb,
        strikes or designs for them."""
        if seat not in self.to_act(state):
            return None
        kinds = allowed(state)
        if BONUS in kinds:
            return Move(BONUS, ("E",))
        if REPAIR in kinds:
            return REPAIR_NONE
        if PICK in kinds:
            return next(draft.pick_moves(state, seat))
        if state["turn"]["placed"] > 0 or done_error(state, seat) is None:
            return DONE_MOVE
        if retrieve_error(state, seat) is None:
            return RETRIEVE_MOVE
        cheapest = min(spaces.place_moves(state, seat), key=lambda m: _timeout_key(state, m), default=None)
        if cheapest is not None:
            return cheapest
        return next(turn_moves(state, seat), None)

    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        return undo_reason(before, seat, move, after) is None

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        return undo_reason(before, seat, move, after) or "undo.final"

    # --------------------------------------------------------------- outcome
    def outcome(self, state: State) -> Outcome | None:
        """The seat that reached the target (or the last one left) is first; the others by points,
        equal points sharing a place; seats that resigned come last (together)."""
        if state["phase"] != "over":
            return None
        rows = scores(state)
        totals = tuple(row["total"] for row in rows)
        resigned = [row["resigned"] for row in state["seats"]]
        playing = [s for s in range(len(totals)) if not resigned[s]]
        winner = state["winner"]
        ranked = places_from_scores([1 if s == winner else 0 for s in playing], [totals[s] for s in playing])
        places = [len(playing) + 1] * len(totals)
        for s, place in zip(playing, ranked, strict=True):
            places[s] = place
        ties = []
        for score in sorted({totals[s] for s in playing if s != winner}, reverse=True):
            tied = [s for s in playing if totals[s] == score and s != winner]
            if len(tied) > 1:
                ties.append(Event("manhattan.tie_shared", {"score": score, "place": places[tied[0]]}))
        details = {
            "breakdown": rows,
            "winner": winner,
            "resigned": [s for s in range(len(totals)) if resigned[s]],
        }
        return Outcome(scores=totals, places=tuple(places), details=details, ties=tuple(ties))

    # ------------------------------------------------------------------ view
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Public information, plus ``seat``'s own bomb hand and, while it picks, the draft."""
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


def _timeout_key(state: State, move: Move) -> tuple[int, int, str]:
    """Spaces that only yield first (no build, strike, repair, design or espionage for an absent
    player), then the cheapest."""
    space = space_of(state, move.args[0])
    assert space is not None
    if space.action == "build":
        return 1, price(state, int(move.args[2]), split_tokens(move.args[1])), move.notation
    return (0 if space.action is None else 1), space.cost["money"] + space.cost["ore"], move.notation


GAME = Manhattan()
