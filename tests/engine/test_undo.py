"""Where undo stops: RunArch's decisions in rulebook situations, and the generic planning of one
undo step (``engine.core.undo``), including a companion game that takes its bot's steps back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event, Game, GameInfo, IllegalMove, Move, Outcome, Rng, State
from engine.core.game import replay
from engine.core.undo import (
    ACTED_FOR,
    NOTHING,
    OTHER_MOVED,
    Actor,
    Plan,
    Step,
    Stop,
    batch_undoable,
    plan_undo,
    replay_marked,
)
from engine.runarch import GAME
from tests.engine.runarch_support import complex_game, pattern, setup, solo_game, stones_with

ROW1_C01 = stones_with({"row1": pattern("C01")})
"""C01's pattern on row 1: it scores 10 there."""


def verdict(state: State, seat: int, notation: str) -> tuple[State, str | None]:
    """Apply ``notation``; the state after it and ``None`` if it can be taken back, else the reason."""
    move = GAME.parse_move(notation)
    after, _ = GAME.apply(state, seat, move)
    if GAME.can_undo(state, seat, move, after):
        return after, None
    return after, GAME.undo_stop(state, seat, move, after)


# ------------------------------------------------------------------ RunArch, simple game


def test_a_swap_and_the_scoring_after_it_can_be_taken_back_while_nothing_is_drawn() -> None:
    """„Hráč během svého tahu provede jednu povinnou akci a případně až několik nepovinných akcí“:
    the swap is followed by more own steps of the same turn, and shows nobody anything new."""
    state = setup(stones=ROW1_C01)
    swapped, reason = verdict(state, 0, "swap D4 E4")
    assert reason is None
    empty = dict(swapped, deck=[])
    scored, reason = verdict(empty, 0, "score C01 row1")
    assert reason is None, "with the deck empty a scoring draws nothing"
    assert scored["scores"][0] == 10


def test_a_scoring_that_draws_a_card_and_the_end_of_a_turn_are_final() -> None:
    """„Kartu … odloží bokem a dolízne si za ní na ruku novou“: the new card cannot be unseen."""
    state = setup(stones=ROW1_C01)
    scored, reason = verdict(state, 0, "score C01 row1")
    assert reason == "runarch.undo.drew"
    swapped, _ = verdict(scored, 0, "swap D4 E4")
    _, reason = verdict(swapped, 0, "end")
    assert reason == "runarch.undo.turn_ended"


# ------------------------------------------------------------------ RunArch, complex game


def test_complex_movement_and_bets_can_be_taken_back() -> None:
    double = complex_game(handed=[0, 2])  # the opponent passed 50: double swap or jump
    swapped, reason = verdict(double, 0, "swap A1 B1")
    assert reason is None
    _, reason = verdict(swapped, 0, "swap C3 D4")
    assert reason is None, "the second swap of a double swap"
    _, reason = verdict(double, 0, "jump A1 C1")
    assert reason is None
    bet = {"kind": "bet", "token": "gold", "source": "K01"}
    _, reason = verdict(complex_game(pending=[bet]), 0, "bet left 3")
    assert reason is None, "a bet on a public target shows nothing new"


def test_a_complex_scoring_is_final_once_it_draws_or_turns_a_token() -> None:
    _, reason = verdict(complex_game(stones=ROW1_C01), 0, "score C01 row1 left")
    assert reason == "runarch.undo.drew", "without the diagonal token the deck refills the hand at once"
    # With the diagonal token the replacement is a decision of its own: the scoring shows nothing yet.
    scored, reason = verdict(complex_game(stones=ROW1_C01, handed=[0, 1]), 0, "score C01 row1 left")
    assert reason is None and scored["pending"] == [{"kind": "draw"}]
    assert verdict(scored, 0, "draw")[1] == "runarch.undo.drew"
    assert verdict(scored, 0, "take 2")[1] == "runarch.undo.drew"
    # Passing 25 turns the next token over: "si odkryl spodnější žeton".
    passing = complex_game(stones=ROW1_C01, handed=[0, 1], scores=[20, 0])
    assert verdict(passing, 0, "score C01 row1 left")[1] == "runarch.undo.token"


def test_the_setup_choice_is_final() -> None:
    state = GAME.new(2, {"variant": "complex"}, 7)
    goal, secret, *_ = sorted(state["setup_hands"][0])
    assert verdict(state, 0, f"setup {goal} {secret}")[1] == "runarch.undo.setup"


def test_the_automa_turn_is_final() -> None:
    state = solo_game()
    swapped, _ = verdict(state, 0, "swap A1 B1")
    ended, _ = verdict(swapped, 0, "end")
    assert GAME.to_act(ended) == [1]
    assert verdict(ended, 1, "automa")[1] == "undo.final"


# ------------------------------------------------------------------ planning one step


def runarch_log(notations: Sequence[tuple[int, str]], actor: Actor = Actor.PERSON) -> list[Step]:
    return [Step(seat, notation, actor) for seat, notation in notations]


def test_one_request_takes_back_one_step_to_the_replay_of_the_rest() -> None:
    log = runarch_log([(0, "swap A1 B1"), (0, "end"), (1, "swap C3 D3")])
    replayed = replay_marked(GAME, 2, {}, 5, log)
    found = plan_undo(replayed, log, 1)
    assert isinstance(found, Plan) and found.keep == 2
    assert found.state == replay(GAME, 2, {}, 5, [(s.seat, s.notation) for s in log[:2]])


def test_the_latest_move_in_the_way_is_the_reason_given() -> None:
    log = runarch_log([(0, "swap A1 B1"), (0, "end"), (1, "swap C3 D3")])
    replayed = replay_marked(GAME, 2, {}, 5, log)
    assert plan_undo(replayed, log, 0) == Stop(OTHER_MOVED, 1), "not merely 'your turn has ended'"
    assert plan_undo(replayed, log, 0, length=2) == Stop("runarch.undo.turn_ended", 0)
    assert plan_undo(replayed, log, 1, length=2) == Stop(NOTHING)


def test_a_move_the_bot_made_for_a_player_is_never_taken_back() -> None:
    log = [Step(0, "swap A1 B1"), Step(0, "end", Actor.ACTED_FOR)]
    replayed = replay_marked(GAME, 2, {}, 5, log)
    assert plan_undo(replayed, log, 0) == Stop(ACTED_FOR, 0)
    assert plan_undo(replayed, log, 1) == Stop(NOTHING)


def test_a_solo_player_stops_at_the_automa() -> None:
    log = [Step(0, "swap A1 B1"), Step(0, "end"), Step(1, "automa", Actor.AUTOMATED), Step(0, "swap C3 D3")]
    replayed = replay_marked(GAME, 1, {}, 5, log)
    found = plan_undo(replayed, log, 0)
    assert isinstance(found, Plan) and found.keep == 3
    assert plan_undo(replayed, log, 0, length=3) == Stop(OTHER_MOVED, 1)
    assert not batch_undoable(GAME, replayed.states[1], 0, log[1:3])
    assert batch_undoable(GAME, replayed.states[3], 0, log[3:])


# ------------------------------------------------------------------ a companion game


class Companion(Game):
    """A tiny companion game (MarsBot's shape): the person reports a physical card (``answer 3``),
    the bot acts on it at once (``act``), and after every second answer it also draws one of its
    own cards (``draw``), which reveals it. A wrong answer is corrected by taking it back with the
    bot's steps that acted on it, up to the bot's last draw."""

    info = GameInfo(name="companion", min_players=1, max_players=1, solo_automa=True)
    BOT = 1

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []

    def new(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        deck = list(range(20))
        Rng(seed).shuffle(deck)
        return {"answers": [], "acted": [], "drawn": [], "deck": deck, "waiting": 0, "owes_draw": False}

    def to_act(self, state: State) -> list[int]:
        return [state["waiting"]]

    def automated_seats(self, state: State) -> list[int]:
        return [self.BOT]

    def choose_automated(self, state: State, seat: int) -> Move:
        return Move("draw") if state["owes_draw"] else Move("act")

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat == self.BOT:
            return [self.choose_automated(state, seat)]
        return [Move("answer", (str(n),)) for n in range(1, 10)]

    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list[Event]]:
        move = self.parse_move(move) if isinstance(move, str) else move
        if seat not in self.to_act(state) or move not in self.legal_moves(state, seat):
            raise IllegalMove("core.not_your_turn")
        new = {key: list(value) if isinstance(value, list) else value for key, value in state.items()}
        if move.kind == "answer":
            new["answers"].append(int(move.args[0]))
            new["waiting"] = self.BOT
        elif move.kind == "act":
            new["acted"].append(new["answers"][-1] * 2)
            new["owes_draw"] = len(new["answers"]) % 2 == 0
            new["waiting"] = self.BOT if new["owes_draw"] else 0
        else:
            new["drawn"].append(new["deck"].pop())
            new["owes_draw"], new["waiting"] = False, 0
        return new, []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {key: value for key, value in state.items() if key != "deck"}

    def outcome(self, state: State) -> Outcome | None:
        return None

    def parse_move(self, text: str) -> Move:
        kind, *args = text.split()
        return Move(kind, tuple(args))

    def can_undo(self, before: State, seat: int, move: Move, after: State) -> bool:
        self.asked.append((seat, move.notation))
        return move.kind != "draw"

    def undo_stop(self, before: State, seat: int, move: Move, after: State) -> str:
        return "companion.bot_drew"


def companion_log(game: Companion, answers: Sequence[int]) -> list[Step]:
    """The person's answers, each followed by the bot's automated steps (as the table service runs them)."""
    state, log = game.new(1, {}, 3), []
    for answer in answers:
        step = Step(0, f"answer {answer}")
        state, _ = game.apply(state, 0, step.notation)
        log.append(step)
        while game.BOT in game.to_act(state):
            move = game.choose_automated(state, game.BOT)
            state, _ = game.apply(state, game.BOT, move)
            log.append(Step(game.BOT, move.notation, Actor.AUTOMATED))
    return log


def test_a_companion_game_takes_back_a_wrong_answer_with_the_bot_steps_that_followed() -> None:
    game = Companion()
    log = companion_log(game, [3, 5, 7])
    assert [s.notation for s in log] == ["answer 3", "act", "answer 5", "act", "draw", "answer 7", "act"]
    replayed = replay_marked(game, 1, {}, 3, log)
    assert (1, "act") in game.asked, "the engine is asked about its automated moves too"

    found = plan_undo(replayed, log, 0)
    assert isinstance(found, Plan) and found.keep == 5, "the answer and the bot's act on it go together"
    assert found.state == replay(game, 1, {}, 3, [(s.seat, s.notation) for s in log[:5]])
    assert found.state["acted"] == [6, 10] and found.state["waiting"] == 0
    assert batch_undoable(game, replayed.states[5], 0, log[5:])

    # One step further back the bot has drawn a card since: the engine's own reason stops undo.
    assert plan_undo(replayed, log, 0, length=5) == Stop("companion.bot_drew", 1)
    assert not batch_undoable(game, replayed.states[2], 0, log[2:5])

    # The corrected answer replays like any other.
    corrected = [*log[:5], *companion_log(game, [4])[:2]]
    again = replay_marked(game, 1, {}, 3, corrected)
    assert again.end["answers"] == [3, 5, 4] and again.end["acted"] == [6, 10, 8]
