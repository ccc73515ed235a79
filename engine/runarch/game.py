"""RunArch, simple 2-player variant, as an :class:`engine.core.Game`.

A turn: score any number of hand cards before or after exactly one swap of two
neighbouring stones, then ``end``. Passing the target finishes the round; the best single
card then wins a bonus. Decisions where the rulebook is silent are listed in
``docs/rules/runarch.md``.

``apply`` copies only what a move changes (a shallow copy of the state plus the lists it
edits), because random self-play and the benchmark apply hundreds of thousands of moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.core import (
    Event,
    Game,
    GameInfo,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    Rng,
    State,
    places_from_scores,
)
from engine.runarch.board import generate_pads, generate_stones
from engine.runarch.cards import CARD_IDS, CARDS
from engine.runarch.components import ALL_LINES, CELL_INDEX, NEIGHBOURS, SIMPLE_LINES
from engine.runarch.components import line_cells as _line_cells
from engine.runarch.notation import (
    END,
    END_MOVE,
    RESIGN,
    SCORE,
    SCORE_MOVES,
    SWAP,
    SWAP_MOVES,
    canonical,
    parse_move,
)
from engine.runarch.scoring import line_points, score_line

NAME = "runarch"
SEATS = 2
HAND_SIZE = 2

VARIANT_LINES: Mapping[str, Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {"simple": MappingProxyType({line: ALL_LINES[line] for line in SIMPLE_LINES})}
)
"""Lines a card may be scored on, per variant (the complex game will add the diagonals)."""

_LINE_ORDER = {line: i for i, line in enumerate(ALL_LINES)}
_PATTERNS = {card_id: CARDS[card_id].pattern for card_id in CARD_IDS}

INFO = GameInfo(
    name=NAME,
    min_players=SEATS,
    max_players=SEATS,
    options=MappingProxyType(
        {
            "target": OptionSpec(default=75, minimum=30, maximum=150),
            "minimum": OptionSpec(default=5, minimum=5, maximum=10),
            "best_bonus": OptionSpec(default=5, minimum=0, maximum=20),
            "max_rounds": OptionSpec(default=60, minimum=10, maximum=200),
        }
    ),
)


def _bad_cell_or_index(cell: str) -> int:
    index = CELL_INDEX.get(cell)
    if index is None:
        raise IllegalMove("runarch.bad_cell", cell=cell)
    return index


def _turn_record(state: State, seat: int) -> dict[str, Any]:
    """A fresh copy of this turn's ``last`` record (a new one when the turn has just begun)."""
    last = state["last"]
    if last is None or last["seat"] != seat:
        return {"seat": seat, "swap": None, "scores": []}
    return {"seat": seat, "swap": last["swap"], "scores": list(last["scores"])}


class RunArch(Game):
    """The rules; stateless, every method pure."""

    info = INFO

    # ----------------------------------------------------------------- set-up
    def new(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if seats != SEATS:
            raise ValueError(f"RunArch (simple) is for exactly {SEATS} players, not {seats}")
        opts = self.options(options)
        rng = Rng(seed)
        pads = generate_pads(rng)
        stones = generate_stones(rng)
        deck = list(CARD_IDS)
        rng.shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        for _ in range(HAND_SIZE):
            for hand in hands:
                hand.append(deck.pop())
        return {
            "game": NAME,
            "variant": "simple",
            "options": opts,
            "rng": rng.state,
            "pads": pads,
            "stones": stones,
            "deck": deck,
            "hands": hands,
            "scores": [0] * SEATS,
            "best": [0] * SEATS,
            "bonus": [0] * SEATS,
            "scored": [[] for _ in range(SEATS)],
            "turn": 0,
            "round": 1,
            "swapped": False,
            "final_round": False,
            "over": False,
            "resigned": None,
            "last": None,
            "ply": 0,
        }

    # ------------------------------------------------------------- queries
    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Swaps (until one is made), every acceptable score, and ``end`` (after the swap).

        ``resign`` is always allowed but deliberately not listed, so random play stays a game.
        """
        if state["over"] or seat != state["turn"]:
            return []
        moves = [SCORE_MOVES[card, line] for card, line, _ in self._acceptable(state, seat)]
        if state["swapped"]:
            moves.append(END_MOVE)
        else:
            moves.extend(SWAP_MOVES)
        return moves

    def _acceptable(self, state: State, seat: int) -> list[tuple[str, str, int]]:
        stones = state["stones"]
        minimum = state["options"]["minimum"]
        lines = VARIANT_LINES[state["variant"]]
        found = []
        for card in state["hands"][seat]:
            pattern = _PATTERNS[card]
            for line, cells in lines.items():
                points = line_points(pattern, stones, cells)
                if points >= minimum:
                    found.append((card, line, points))
        return found

    def scoring_options(self, state: State, seat: int, card_id: str | None = None) -> list[dict[str, Any]]:
        """Every (card, line) of ``seat``'s hand that ``score`` would accept now, best first.

        Empty when the game is over or ``seat`` is not to act; ``card_id`` limits it to one card.
        """
        if state["over"] or seat != state["turn"]:
            return []
        options = [
            {"card": card, "line": line, "points": points}
            for card, line, points in self._acceptable(state, seat)
            if card_id is None or card == card_id
        ]
        options.sort(key=lambda o: (-o["points"], o["card"], _LINE_ORDER[o["line"]]))
        return options

    def card(self, card_id: str) -> dict[str, Any]:
        """The card as a fresh dict; ``KeyError`` for an unknown id."""
        return CARDS[card_id].as_dict()

    def line_cells(self, line: str) -> list[str]:
        """Cells of a line in reading order (``row3`` left to right, ``colB`` top to bottom)."""
        return _line_cells(line)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        parsed = parse_move(move) if isinstance(move, str) else canonical(move)
        if state["over"]:
            raise IllegalMove("core.game_over")
        kind = parsed.kind
        if kind == RESIGN:
            if seat not in range(SEATS):
                raise IllegalMove("core.not_your_turn")
            return self._resign(state, seat)
        if seat != state["turn"]:
            raise IllegalMove("core.not_your_turn")
        if kind == SWAP:
            return self._swap(state, seat, *parsed.args)
        if kind == SCORE:
            return self._score(state, seat, *parsed.args)
        if kind == END:
            return self._end(state, seat)
        raise IllegalMove("core.bad_notation", text=parsed.notation)  # pragma: no cover - parse refuses

    def _swap(self, state: State, seat: int, a: str, b: str) -> tuple[State, list[Event]]:
        if state["swapped"]:
            raise IllegalMove("runarch.already_swapped")
        ia, ib = _bad_cell_or_index(a), _bad_cell_or_index(b)
        if ia == ib:
            raise IllegalMove("runarch.same_cell", cell=a)
        if ib not in NEIGHBOURS[ia]:
            raise IllegalMove("runarch.not_adjacent", a=a, b=b)
        stones = list(state["stones"])
        stone_a, stone_b = stones[ia], stones[ib]
        stones[ia], stones[ib] = stone_b, stone_a
        last = _turn_record(state, seat)
        last["swap"] = [a, b]
        new = dict(state)
        new["stones"] = stones
        new["swapped"] = True
        new["last"] = last
        new["ply"] = state["ply"] + 1
        params = {"seat": seat, "a": a, "b": b, "stone_a": stone_a, "stone_b": stone_b}
        event = Event("runarch.swapped", params)
        return new, [event]

    def _score(self, state: State, seat: int, card: str, line: str) -> tuple[State, list[Event]]:
        hand = state["hands"][seat]
        if card not in hand:
            raise IllegalMove("runarch.card_not_in_hand", card=card)
        cells = VARIANT_LINES[state["variant"]].get(line)
        if cells is None:
            raise IllegalMove("runarch.bad_line", line=line)
        stones = state["stones"]
        points, position = score_line(_PATTERNS[card], [stones[i] for i in cells])
        if position:
            raise IllegalMove("runarch.no_match", card=card, line=line, position=position)
        minimum = state["options"]["minimum"]
        if points < minimum:
            raise IllegalMove("runarch.below_minimum", card=card, line=line, points=points, minimum=minimum)

        new = dict(state)
        new_hand = [c for c in hand if c != card]
        if state["deck"]:
            deck = list(state["deck"])
            new_hand.append(deck.pop())  # drawn face down: no event names it
            new["deck"] = deck
        hands = list(state["hands"])
        hands[seat] = new_hand
        new["hands"] = hands
        scores = list(state["scores"])
        scores[seat] += points
        new["scores"] = scores
        if points > state["best"][seat]:
            best = list(state["best"])
            best[seat] = points
            new["best"] = best
        scored = list(state["scored"])
        scored[seat] = [*scored[seat], card]
        new["scored"] = scored
        last = _turn_record(state, seat)
        last["scores"].append({"card": card, "line": line, "points": points})
        new["last"] = last
        new["ply"] = state["ply"] + 1
        events = [
            Event(
                "runarch.scored",
                {"seat": seat, "card": card, "line": line, "points": points, "total": scores[seat]},
            )
        ]
        target = state["options"]["target"]
        if not state["final_round"] and scores[seat] > target:
            new["final_round"] = True
            events.append(Event("runarch.final_round", {"seat": seat, "target": target}))
        return new, events

    def _end(self, state: State, seat: int) -> tuple[State, list[Event]]:
        if not state["swapped"]:
            raise IllegalMove("runarch.must_swap_first")
        new = dict(state)
        new["swapped"] = False
        new["ply"] = state["ply"] + 1
        nxt = (seat + 1) % SEATS
        if nxt != 0:  # the round goes on: the second seat still plays
            new["turn"] = nxt
            return new, [Event("runarch.turn_ended", {"seat": seat, "next": nxt})]
        if (
            state["final_round"]
            or state["round"] >= state["options"]["max_rounds"]
            or not any(state["hands"])
        ):
            return self._finish(new)
        new["turn"] = nxt
        new["round"] = state["round"] + 1
        return new, [Event("runarch.turn_ended", {"seat": seat, "next": nxt})]

    def _finish(self, new: State) -> tuple[State, list[Event]]:
        """End of the last round: the best-card duel, then the final scores (``new`` is a copy)."""
        events: list[Event] = []
        best = new["best"]
        top = max(best)
        winners = [s for s in range(SEATS) if best[s] == top]
        bonus = [0] * SEATS
        amount = new["options"]["best_bonus"]
        if len(winners) == 1 and top > 0 and amount > 0:
            winner = winners[0]
            bonus[winner] = amount
            events.append(Event("runarch.best_card_bonus", {"seat": winner, "best": top, "bonus": amount}))
        scores = [score + extra for score, extra in zip(new["scores"], bonus, strict=True)]
        new["scores"] = scores
        new["bonus"] = bonus
        new["over"] = True
        events.append(Event("runarch.game_over", {"scores": list(scores)}))
        return new, events

    def _resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        new = dict(state)
        new["over"] = True
        new["resigned"] = seat
        new["ply"] = state["ply"] + 1
        return new, [
            Event("core.resigned", {"seat": seat}),
            Event("runarch.game_over", {"scores": list(state["scores"])}),
        ]

    # --------------------------------------------------------------- outcome
    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = tuple(state["scores"])
        resigned = state["resigned"]
        if resigned is not None:
            places = tuple(SEATS if s == resigned else 1 for s in range(SEATS))
        else:
            places = tuple(places_from_scores(scores, tiebreak=state["best"]))
        details = {"bonus": list(state["bonus"]), "best": list(state["best"]), "resigned": resigned}
        return Outcome(scores=scores, places=places, details=details)

    # ------------------------------------------------------------------ view
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Public information, plus ``seat``'s own hand; never the deck order or another hand."""
        options = state["options"]
        last = state["last"]
        result = self.outcome(state)
        view: dict[str, Any] = {
            "game": NAME,
            "variant": state["variant"],
            "pads": list(state["pads"]),
            "stones": list(state["stones"]),
            "scores": list(state["scores"]),
            "best": list(state["best"]),
            "to_act": self.to_act(state),
            "turn": state["turn"],
            "round": state["round"],
            "swapped": state["swapped"],
            "target": options["target"],
            "minimum": options["minimum"],
            "best_bonus": options["best_bonus"],
            "deck_count": len(state["deck"]),
            "hand_counts": [len(hand) for hand in state["hands"]],
            "scored": [list(pile) for pile in state["scored"]],
            "last": None
            if last is None
            else {
                "seat": last["seat"],
                "swap": None if last["swap"] is None else list(last["swap"]),
                "scores": [dict(s) for s in last["scores"]],
            },
            "final_round": state["final_round"],
            "over": state["over"],
            "outcome": None
            if result is None
            else {
                "scores": list(result.scores),
                "places": list(result.places),
                "bonus": list(state["bonus"]),
                "resigned": state["resigned"],
            },
        }
        if seat is not None:
            if seat not in range(SEATS):
                raise ValueError(f"no seat {seat} in a {SEATS}-player game")
            view["seat"] = seat
            view["hand"] = [CARDS[card].as_dict() for card in state["hands"][seat]]
        return view


GAME = RunArch()
