"""RunArch as an :class:`engine.core.Game`: the simple and complex variants, for two people or
one person against the automa.

This module sets a game up and dispatches; the rules live beside it (``simple``, ``complex``,
``setup``, ``automa``, ``ending`` and the data modules). Decisions where the rulebook is silent
are listed in ``docs/rules/runarch.md``.

``apply`` copies only what a move changes (a shallow copy of the state plus the lists it
edits), because random self-play and the benchmark apply hundreds of thousands of moves.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    Rng,
    State,
    places_from_scores,
)
from engine.runarch import complex as complex_rules
from engine.runarch import movement, offer
from engine.runarch import simple as simple_rules
from engine.runarch.absent import quietest_swap
from engine.runarch.automa import AUTOMA_SEAT, DIFFICULTIES, automa_turn, difficulty
from engine.runarch.bets import targets
from engine.runarch.board import generate_pads, generate_stones
from engine.runarch.bot import LEVELS as BOT_LEVELS
from engine.runarch.bot import bot_move as bot_player_move
from engine.runarch.cards import deck as deck_version
from engine.runarch.components import line_cells as _line_cells
from engine.runarch.conditions import conditions as condition_version
from engine.runarch.content import deck_of, pin, versions_of
from engine.runarch.ending import breakdown, close_turn, end_turn, resign, tie_events
from engine.runarch.notation import (
    AUTOMA,
    AUTOMA_MOVE,
    BET,
    DRAW,
    END,
    JUMP,
    RESIGN,
    SCORE,
    SETUP,
    SWAP,
    TAKE,
    canonical,
    parse_move,
)
from engine.runarch.setup import choose, choosers, complex_fields, setup_moves
from engine.runarch.tokens import abilities as _abilities
from engine.runarch.tokens import own_minimum
from engine.runarch.undo import stop as undo_reason
from engine.runarch.views import (
    automa_public,
    complex_public,
    plain_copy,
    public_pending,
    seat_private,
)

NAME = "runarch"
SEATS = 2
HAND_SIZE = 2
VARIANTS: tuple[str, ...] = ("simple", "complex")
COMPLEX_KINDS = frozenset({SETUP, JUMP, BET, DRAW, TAKE})

INFO = GameInfo(
    name=NAME,
    min_players=1,
    max_players=SEATS,
    options=MappingProxyType(
        {
            "target": OptionSpec(default=75, minimum=30, maximum=150),
            "minimum": OptionSpec(default=5, minimum=5, maximum=10),
            "best_bonus": OptionSpec(default=5, minimum=0, maximum=20),
            "max_rounds": OptionSpec(default=60, minimum=10, maximum=200),
            "variant": OptionSpec(default="simple", choices=VARIANTS),
            "difficulty": OptionSpec(default="normal", choices=tuple(DIFFICULTIES)),
        }
    ),
    solo_automa=True,
    timeout_move=True,
    variant_option="variant",
    level_option="difficulty",
    seat_params=("seat", "next", "opponent"),
    automa_name_key="runarch.automa_name",
    bot_levels=BOT_LEVELS,
    digest=MappingProxyType({"runarch.scored": DigestEntry("runarch.digest.scored", "card")}),
)


def _people(state: State) -> range:
    """Seats played by a person (the automa's seat is not one in solo)."""
    return range(1) if state.get("solo") else range(SEATS)


class RunArch(Game):
    """The rules; stateless, every method pure."""

    info = INFO

    # ----------------------------------------------------------------- set-up
    def new(
        self, seats: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None = None
    ) -> State:
        """Two people (``seats=2``) or one person against the automa (``seats=1``, still 2 seats).

        The simple draws come first and unchanged, so a simple game replays as it always did;
        the complex game draws its extras afterwards. ``content`` pins the versions of the deck
        and the condition tokens (a replay passes the stored game's); the newest by default.
        """
        if seats not in (1, SEATS):
            raise ValueError(f"RunArch is for 1 (against the automa) or {SEATS} players, not {seats}")
        opts = self.options(options)
        variant, level = opts.pop("variant"), opts.pop("difficulty")
        solo = seats == 1
        versions = pin(content)
        rng = Rng(seed)
        pads = generate_pads(rng)
        stones = generate_stones(rng)
        deck = list(deck_version(versions["cards"]).ids)
        rng.shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        if variant == "simple":
            for _ in range(HAND_SIZE):
                for hand in hands[: 1 if solo else SEATS]:
                    hand.append(deck.pop())
        state: State = {
            "game": NAME,
            "variant": variant,
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
            "solo": solo,
            "difficulty": level if solo else None,
            "phase": "play",
            "pending": [],
            "content": versions,
        }
        if solo:
            state.update(discard=[], automa=None)
        if variant == "complex":
            tokens = condition_version(versions["conditions"])
            state.update(complex_fields(rng, deck, solo, tokens))
            state["rng"] = rng.state
        return state

    # ------------------------------------------------------------- queries
    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        if state.get("phase") == "setup":
            return choosers(state)
        return [state["turn"]]

    def automated_seats(self, state: State) -> list[int]:
        return [AUTOMA_SEAT] if state.get("solo") else []

    def choose_automated(self, state: State, seat: int) -> Move:
        """The automa's whole turn is one move; its outcome follows from the deck order alone."""
        if seat not in self.automated_seats(state):
            raise ValueError(f"seat {seat} is not played by the automa")
        return AUTOMA_MOVE

    def points(self, state: State, seat: int) -> int | None:
        return int(state["scores"][seat])

    def bot_move(self, state: State, seat: int, level: str) -> Move:
        """A bot player's move (``engine.runarch.bot``): greedy on score, or weaker at ``easy``."""
        return bot_player_move(self, state, seat, level)

    def timeout_move(self, state: State, seat: int) -> Move | None:
        """The least the rules ask of an absent player: the turn's compulsory swap, the one that
        disturbs the opponent least (``absent.quietest_swap``), then ``end``; a setup, bet or draw
        they owe takes the first legal choice. The bot never scores or jumps for them."""
        legal = [m for m in self.legal_moves(state, seat) if m.kind not in (SCORE, JUMP)]
        if Move(END) in legal:
            return Move(END)
        swaps = [m for m in legal if m.kind == SWAP]
        if swaps:
            return quietest_swap(state["pads"], state["stones"], swaps)
        return legal[0] if legal else None

    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        """A step that revealed nothing and left the turn going (``engine.runarch.undo``)."""
        return undo_reason(before, seat, move, after) is None

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        return undo_reason(before, seat, move, after) or "undo.final"

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every move ``seat`` may make now.

        ``resign`` is always allowed but deliberately not listed, so random play stays a game.
        """
        if seat not in self.to_act(state):
            return []
        if state.get("phase") == "setup":
            return setup_moves(state["setup_hands"][seat])
        if seat in self.automated_seats(state):
            return [AUTOMA_MOVE]
        if state["variant"] == "complex":
            return complex_rules.legal_moves(state, seat)
        return simple_rules.legal_moves(state, seat)

    def _may_score(self, state: State, seat: int) -> bool:
        return (
            seat in self.to_act(state)
            and state.get("phase") != "setup"
            and seat not in self.automated_seats(state)
            and not state.get("pending")
        )

    def scoring_options(self, state: State, seat: int, card_id: str | None = None) -> list[dict[str, Any]]:
        """Every scoring of ``seat``'s hand that ``score`` would accept now, best first.

        Complex entries also list the archives that would take the card. Empty when ``seat``
        may not score now; ``card_id`` limits it to one card.
        """
        if not self._may_score(state, seat):
            return []
        if state["variant"] == "complex":
            return complex_rules.scoring_options(state, seat, card_id)
        return simple_rules.scoring_options(state, seat, card_id)

    def bet_options(self, state: State, seat: int) -> list[str]:
        """Notations of the bets ``seat`` may place now (empty unless a bet is its next decision)."""
        pending = state.get("pending")
        if seat not in self.to_act(state) or not pending or pending[0]["kind"] != "bet":
            return []
        return [f"{BET} {target}" for target in targets(state, seat)]

    def abilities(self, state: State, seat: int) -> dict[str, bool]:
        """What the tokens ``seat`` received allow: diagonal swaps, double swap/jump, diagonals."""
        return _abilities(state, seat)

    def minimum(self, state: State, seat: int) -> int:
        """The points a card must reach for ``seat`` now."""
        if state.get("solo") and seat == AUTOMA_SEAT:
            return difficulty(state).minimum
        if state["variant"] == "complex":
            return own_minimum(state, seat)
        return state["options"]["minimum"]

    def card(self, card_id: str, state: State | None = None) -> dict[str, Any]:
        """The card as a fresh dict, from the deck ``state`` was set up with (the newest deck
        without a state); ``KeyError`` for an unknown id."""
        deck = deck_version() if state is None else deck_of(state)
        return deck.cards[card_id].as_dict()

    def content(self, state: State) -> dict[str, int]:
        """The versions of the content files this game was set up with."""
        return dict(versions_of(state))

    def line_cells(self, line: str) -> list[str]:
        """Cells of a line in reading order (``row3`` left to right, ``colB`` top to bottom)."""
        return _line_cells(line)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        """Parse, then refuse if over, then if ``seat`` is not awaited, then by the variant's rules."""
        parsed = parse_move(move) if isinstance(move, str) else canonical(move)
        if state["over"]:
            raise IllegalMove("core.game_over")
        kind = parsed.kind
        if kind == RESIGN:
            if seat not in _people(state):
                raise IllegalMove("core.not_your_turn")
            return resign(state, seat)
        if seat not in self.to_act(state):
            if state.get("phase") == "setup" and seat in _people(state):
                raise IllegalMove("runarch.setup_already_chosen")
            raise IllegalMove("core.not_your_turn")
        if state.get("phase") == "setup":
            if kind != SETUP:
                raise IllegalMove("runarch.setup_pending")
            return choose(state, seat, parsed.args)
        if seat in self.automated_seats(state) or kind == AUTOMA:
            return self._automa(state, seat, kind)
        if state["variant"] == "complex":
            return self._complex(state, seat, parsed)
        return self._simple(state, seat, parsed)

    def _automa(self, state: State, seat: int, kind: str) -> tuple[State, list[Event]]:
        if seat not in self.automated_seats(state):
            raise IllegalMove("runarch.not_automa")
        if kind != AUTOMA:
            raise IllegalMove("runarch.automa_only")
        new, events = automa_turn(state)
        events.extend(close_turn(new, seat))
        return new, events

    def _simple(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        kind, args = move.kind, move.args
        if kind in COMPLEX_KINDS:
            raise IllegalMove("runarch.complex_only", move=kind)
        if kind == SWAP:
            return simple_rules.swap(state, seat, *args)
        if kind == SCORE and len(args) == 2:
            return simple_rules.score(state, seat, *args)
        if kind == END:
            return end_turn(state, seat)
        raise IllegalMove("core.bad_notation", text=move.notation)

    def _complex(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        kind, args = move.kind, move.args
        if kind == SETUP:
            raise IllegalMove("runarch.setup_over")
        complex_rules.check_pending(state, seat, kind)
        if kind == SWAP:
            return movement.swap(state, seat, *args)
        if kind == JUMP:
            return movement.jump(state, seat, *args)
        if kind == SCORE:
            card, line, *archive = args
            return complex_rules.score(state, seat, card, line, archive[0] if archive else None)
        if kind == BET:
            return complex_rules.bet(state, seat, args)
        if kind == DRAW:
            return offer.draw(state, seat)
        if kind == TAKE:
            return offer.take(state, seat, args[0])
        if kind == END:
            return end_turn(state, seat)
        raise IllegalMove("core.bad_notation", text=move.notation)  # pragma: no cover - parse refuses

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
        details = {
            "bonus": list(state["bonus"]),
            "best": list(state["best"]),
            "resigned": resigned,
            "breakdown": self._final(state),
        }
        ties = () if resigned is not None else tie_events(scores, places, state["best"])
        return Outcome(scores=scores, places=places, details=details, ties=ties)

    def _final(self, state: State) -> list[dict[str, Any]]:
        """The final breakdown per seat (derived for games finished before it was stored)."""
        if "final" in state:
            return plain_copy(state["final"])
        return [
            breakdown(score - bonus, bonus)
            for score, bonus in zip(state["scores"], state["bonus"], strict=True)
        ]

    # ------------------------------------------------------------------ view
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Public information, plus ``seat``'s own secrets; never the deck order or another's."""
        options = state["options"]
        result = self.outcome(state)
        solo = state.get("solo", False)
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
            "last": plain_copy(state["last"]),
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
            "solo": solo,
            "difficulty": state.get("difficulty"),
            "phase": state.get("phase", "play"),
            "pending": public_pending(state),
            "automa": automa_public(state) if solo else None,
            "final": None if result is None else result.details["breakdown"],
        }
        if state["variant"] == "complex":
            view.update(complex_public(state, [self.minimum(state, s) for s in range(SEATS)]))
        if seat is not None:
            if seat not in range(SEATS):
                raise ValueError(f"no seat {seat} in a {SEATS}-seat game")
            view.update(seat_private(state, seat))
        return view


GAME = RunArch()
