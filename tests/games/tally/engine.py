"""Tally as an engine: the ``Game`` contract over the rules in ``rules.py``."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from engine.core import Event, Game, IllegalMove, Move, Outcome, State
from tests.games.tally import bots
from tests.games.tally import rules as r

SIMPLE_MOVES = frozenset({r.STEP, r.DRAW, r.DONE, r.CHALLENGE, r.ALLOW, r.RESIGN})
NUMBER = re.compile(r"[0-9]{1,3}")


class Tally(Game):
    info = r.INFO

    def new(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        return r.new_state(seats, self.options(options)["rounds"], seed)

    def to_act(self, state: State) -> list[int]:
        """Every seat that has not bid (all at once), else the mover, else the reacting seat."""
        phase = state["phase"]
        if phase == r.BID:
            return [s for s in r.active(state) if state["bids"][s] is None]
        if phase == "turn":
            return [state["queue"][0]]
        if phase == "react":
            return [state["reactor"]]
        return []

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """``resign`` is always allowed to a seat still in the game, but not listed, so random
        play stays a game."""
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == r.BID:
            return [Move(r.BID, (str(v),)) for v in range(r.MAX_BID + 1)]
        if phase == "react":
            return [Move(r.CHALLENGE), Move(r.ALLOW)]
        moves = [Move(r.STEP)] if state["pending"] < r.MAX_STEPS else []
        if not state["drew"] and state["deck"]:
            moves.append(Move(r.DRAW))
        return [*moves, Move(r.DONE)]

    def parse_move(self, text: str) -> Move:
        words = text.strip().lower().split()
        if words[:1] == [r.BID] and len(words) == 2 and NUMBER.fullmatch(words[1]):
            return Move(r.BID, (str(int(words[1])),))
        if len(words) == 1 and words[0] in SIMPLE_MOVES:
            return Move(words[0])
        raise IllegalMove("core.bad_notation", text=text)

    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        """Parse -> game not over -> seat awaited (``resign``: seat still playing) -> legal -> apply."""
        parsed = self.parse_move(move if isinstance(move, str) else move.notation)
        if state["phase"] == "over":
            raise IllegalMove("core.game_over")
        if parsed.kind == r.RESIGN:
            if seat not in r.active(state):
                raise IllegalMove("core.not_your_turn")
        elif seat not in self.to_act(state):
            waiting_bid = state["phase"] == r.BID and seat in r.active(state)
            raise IllegalMove("tally.already_bid" if waiting_bid else "core.not_your_turn")
        else:
            self._check(state, parsed)
        after = copy.deepcopy(state)
        return after, self._run(after, seat, parsed)

    @staticmethod
    def _check(state: State, move: Move) -> None:
        """Refuse a move the awaited seat may not make now, saying why."""
        phase, kind = state["phase"], move.kind
        if phase == r.BID:
            if kind != r.BID:
                raise IllegalMove("tally.bid_first")
            if int(move.args[0]) > r.MAX_BID:
                raise IllegalMove("tally.bad_bid", most=r.MAX_BID)
        elif phase == "react":
            if kind not in (r.CHALLENGE, r.ALLOW):
                raise IllegalMove("tally.react_first")
        elif kind == r.BID:
            raise IllegalMove("tally.bids_closed")
        elif kind in (r.CHALLENGE, r.ALLOW):
            raise IllegalMove("tally.nothing_to_answer")
        elif kind == r.STEP and state["pending"] >= r.MAX_STEPS:
            raise IllegalMove("tally.too_many_steps", most=r.MAX_STEPS)
        elif kind == r.DRAW and state["drew"]:
            raise IllegalMove("tally.already_drew")
        elif kind == r.DRAW and not state["deck"]:
            raise IllegalMove("tally.deck_empty")

    @staticmethod
    def _run(state: State, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        if kind == r.BID:
            return r.bid(state, seat, int(move.args[0]))
        if kind == r.STEP:
            return r.step(state, seat)
        if kind == r.DRAW:
            return r.draw(state, seat)
        if kind == r.DONE:
            return r.done(state, seat)
        if kind in (r.CHALLENGE, r.ALLOW):
            return r.react(state, seat, kind == r.CHALLENGE)
        return r.resign(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Hands stay private and bids hidden until everyone has bid; a seat sees its own of both."""
        bidding = state["phase"] == r.BID
        public: dict[str, Any] = {
            "round": state["round"],
            "rounds": state["rounds"],
            "phase": state["phase"],
            "seats": state["seats"],
            "out": list(state["out"]),
            "points": list(state["points"]),
            "pending": state["pending"],
            "mover": r.mover(state),
            "reactor": state["reactor"],
            "to_act": self.to_act(state),
            "bids": [None if bidding else b for b in state["bids"]],
            "has_bid": [b is not None for b in state["bids"]],
            "hand_sizes": [len(h) for h in state["hands"]],
            "deck_size": len(state["deck"]),
        }
        outcome = self.outcome(state)
        if outcome is not None:
            public["scores"] = list(outcome.scores)
            public["places"] = list(outcome.places)
        if seat is not None and 0 <= seat < state["seats"]:
            public["hand"] = list(state["hands"][seat])
            public["my_bid"] = state["bids"][seat]
        return public

    def outcome(self, state: State) -> Outcome | None:
        """Points plus cards in hand; seats still playing rank by score (ties share a place),
        seats that left rank below them, the last to leave first."""
        if state["phase"] != "over":
            return None
        scores = tuple(p + sum(h) for p, h in zip(state["points"], state["hands"], strict=True))
        playing = r.active(state)
        out = state["out"]
        places = [0] * state["seats"]
        for seat in playing:
            places[seat] = 1 + sum(1 for other in playing if scores[other] > scores[seat])
        for index, seat in enumerate(out):
            places[seat] = len(playing) + len(out) - index
        ties = tuple(
            Event("tally.tie_shared", {"score": score, "count": count})
            for score in sorted({scores[s] for s in playing}, reverse=True)
            if (count := sum(1 for s in playing if scores[s] == score)) > 1
        )
        hands = [list(h) for h in state["hands"]]
        details = {"points": list(state["points"]), "hands": hands, "out": list(out)}
        return Outcome(scores=scores, places=tuple(places), details=details, ties=ties)

    def timeout_move(self, state: State, seat: int) -> Move | None:
        return bots.timeout_move(state) if seat in self.to_act(state) else None

    def bot_move(self, state: State, seat: int, level: str) -> Move:
        return bots.bot_move(state, seat, level, self.legal_moves(state, seat))

    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        """A step reveals nothing and nobody can act on it before the turn ends: it may be taken
        back. A draw shows a card, a bid is secret, a reaction settles points: those stay."""
        return move.kind == r.STEP

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        """A draw says why it stays (its card was seen); a bid or a reaction gets the general reason."""
        return "tally.undo_drew" if move.kind == r.DRAW else "undo.final"


GAME = Tally()
