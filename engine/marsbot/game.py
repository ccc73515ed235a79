"""MarsBot as an :class:`engine.core.Game`: the Terraforming Mars solo automa as a companion.

The person plays physical Terraforming Mars; the engine keeps MarsBot's board, money, TR and
decks and the map, decides what MarsBot does and says what to do on the table. Seat 0 is the
person, seat 1 MarsBot (``automated_seats``); MarsBot never waits: everything it does happens
inside the person's move that hands it the turn, pausing on a question when it needs to know
what a revealed card shows. The rules live beside this module (``setup``, ``resolve`` and the
step modules, ``reports``, ``moves``, ``scoring``, ``views``, ``undo``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from engine.core import Event, Game, GameInfo, IllegalMove, Move, OptionSpec, Outcome, State
from engine.marsbot.common import MARSBOT_SEAT, PERSON_SEAT, event, plain_copy
from engine.marsbot.content import DIFFICULTIES
from engine.marsbot.corporations import set_up
from engine.marsbot.levels import CUSTOM, MODIFICATIONS, parse
from engine.marsbot.levels import OPTION as MODIFICATIONS_OPTION
from engine.marsbot.maps import MAPS, THARSIS
from engine.marsbot.moves import legal_moves, move_kinds
from engine.marsbot.notation import ANSWERS, RESIGN, canonical, parse_move
from engine.marsbot.reports import answer, final_move, report
from engine.marsbot.resolve import append
from engine.marsbot.scoring import breakdown
from engine.marsbot.setup import CORPORATION_CHOICES, deal_first_deck, new_state
from engine.marsbot.steps import run
from engine.marsbot.undo import stop as undo_reason
from engine.marsbot.views import public

NAME = "marsbot"

INFO = GameInfo(
    name=NAME,
    min_players=1,
    max_players=1,
    options=MappingProxyType(
        {
            "difficulty": OptionSpec(default="medium", choices=(*DIFFICULTIES, CUSTOM)),
            MODIFICATIONS_OPTION: OptionSpec(default=""),
            "map": OptionSpec(default=THARSIS, choices=MAPS),
            "corporation": OptionSpec(default="none", choices=CORPORATION_CHOICES),
            "prelude": OptionSpec(default=False),
            "venus": OptionSpec(default=False),
            "draft": OptionSpec(default=False),
        }
    ),
    solo_automa=True,
    timeout_move=False,
    level_option="difficulty",
    seat_params=(),
    automa_name_key="marsbot.name",
    resign_move=RESIGN,
    bot_levels=(),
)


class MarsBot(Game):
    """The rules; stateless, every method pure."""

    info = INFO

    def new(
        self, seats: int, options: Mapping[str, Any], seed: int, content: Mapping[str, int] | None = None
    ) -> State:
        """One person against MarsBot (``seats=1``; the state has the two sides)."""
        if seats != 1:
            raise ValueError(f"MarsBot is played by one person, not {seats}")
        state = new_state(self.options(options), seed, content)
        events: list[Event] = []
        set_up(state, events)
        deal_first_deck(state, events)
        append(state, {"do": "start_actions"})
        run(state, events)
        return state

    def options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The shared checks, and a custom level's modifications must be the rulebook's."""
        merged = super().options(given)
        try:
            parse(str(merged[MODIFICATIONS_OPTION]))
        except ValueError as error:
            raise IllegalMove(
                "core.option_choice", option=MODIFICATIONS_OPTION, choices=", ".join(MODIFICATIONS)
            ) from error
        return merged

    def content(self, state: State) -> dict[str, int]:
        return dict(state["content"])

    # ------------------------------------------------------------- queries
    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [PERSON_SEAT]

    def automated_seats(self, state: State) -> list[int]:
        return [MARSBOT_SEAT]

    def choose_automated(self, state: State, seat: int) -> Move:
        raise ValueError("MarsBot plays inside the person's moves; it never waits for a move of its own")

    def legal_moves(self, state: State, seat: int) -> Iterator[Move]:
        """Every move the person may make now, lazily (see ``engine.marsbot.moves``: the ``card``
        answer is listed in part; ``resign`` is always allowed but not listed)."""
        if seat != PERSON_SEAT:
            return iter(())
        return legal_moves(state)

    def move_kinds(self, state: State, seat: int) -> frozenset[str]:
        """The kinds of ``legal_moves(state, seat)``, found without listing every move (the
        board's buttons ask only which kinds exist)."""
        return move_kinds(state) if seat == PERSON_SEAT else frozenset()

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        """Parse; refuse if over or not the person; an answer must fit the waiting question,
        a report the phase; then MarsBot resolves as far as it can without the person."""
        parsed = parse_move(move) if isinstance(move, str) else canonical(move)
        if state["phase"] == "over":
            raise IllegalMove("core.game_over")
        if seat != PERSON_SEAT:
            raise IllegalMove("core.not_your_turn")
        new = plain_copy(state)
        new["last"] = {"spaces": []}
        events: list[Event] = []
        if parsed.kind == RESIGN:
            new.update(phase="over", ended="resigned", winner=MARSBOT_SEAT, question=None, todo=[])
            return new, [event("resigned")]
        if new["question"] is not None:
            answer(new, parsed, events)
        elif parsed.kind in ANSWERS:
            raise IllegalMove("marsbot.no_question", move=parsed.kind)
        elif new["phase"] == "final":
            final_move(new, parsed, events)
        elif new["phase"] == "person":
            report(new, parsed, events)
        else:
            raise IllegalMove("marsbot.not_now", move=parsed.kind)
        run(new, events)
        return new, events

    # ---------------------------------------------------------------- posts
    def turn_begins(self, before: State, after: State) -> bool | None:
        """A board post per MarsBot turn: the person is always the one awaited, so the awaited
        seats never change; a new MarsBot turn, a new generation or the final phases begin one."""
        return _stage(before) != _stage(after)

    # ----------------------------------------------------------------- undo
    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        return undo_reason(before, move, after) is None

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        return undo_reason(before, move, after) or "undo.final"

    # --------------------------------------------------------------- outcome
    def outcome(self, state: State) -> Outcome | None:
        """The person first only with strictly more VP; MarsBot wins ties, the generation limit
        and a resignation."""
        if state["phase"] != "over":
            return None
        final = state["final"] or breakdown(state, None)
        person = state["person_total"] or 0
        winner = state["winner"]
        places = (1, 2) if winner == PERSON_SEAT else (2, 1)
        ties: tuple[Event, ...] = ()
        if state["ended"] == "scored" and person == final["total"]:
            ties = (event("tie_marsbot", score=person),)
        details = {"ended": state["ended"], "breakdown": plain_copy(final), "winner": winner}
        figures = {"generation": state["generation"]}
        return Outcome((person, final["total"]), places, details=details, ties=ties, figures=figures)

    # ------------------------------------------------------------------ view
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything but the generator and the order of MarsBot's action and bonus decks."""
        if seat not in (None, PERSON_SEAT, MARSBOT_SEAT):
            raise ValueError(f"no seat {seat} in a MarsBot game")
        shown = public(state, self.to_act(state))
        result = self.outcome(state)
        shown["outcome"] = (
            None if result is None else {"scores": list(result.scores), "places": list(result.places)}
        )
        return shown


def _stage(state: State) -> tuple[Any, ...]:
    """What begins a new board post when it changes (``MarsBot.turn_begins``)."""
    late = state["phase"] if state["phase"] in ("final", "scoring") else ""
    return state["generation"], state["turns"], late


GAME = MarsBot()
