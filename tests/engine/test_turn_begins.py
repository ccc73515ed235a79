"""A game may say itself when a turn begins (``Game.turn_begins``): a companion whose one player is
always awaited still gets a new board post for each turn of its own opponent."""

from __future__ import annotations

from typing import Any

from engine.core import Move
from engine.core.game import Game, GameInfo, Outcome, State
from engine.core.turns import starts_turn


class Companion(Game):
    """The person is always awaited; the opponent's turns are counted in ``opponent_turns``."""

    info = GameInfo(name="companion", min_players=1, max_players=1)

    def new(self, seats: int, options: Any, seed: int, content: Any = None) -> State:
        return {"opponent_turns": 0, "notes": 0}

    def to_act(self, state: State) -> list[int]:
        return [0]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return [Move("note"), Move("done")]

    def apply(self, state: State, seat: int, move: Move | str) -> tuple[State, list]:
        kind = move.kind if isinstance(move, Move) else move
        key = "opponent_turns" if kind == "done" else "notes"
        return {**state, key: state[key] + 1}, []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def outcome(self, state: State) -> Outcome | None:
        return None

    def parse_move(self, text: str) -> Move:
        return Move(text)

    def turn_begins(self, before: State, after: State) -> bool | None:
        return after["opponent_turns"] != before["opponent_turns"]


class Plain(Companion):
    def turn_begins(self, before: State, after: State) -> bool | None:
        return None


def test_the_games_own_word_decides_when_its_player_is_always_awaited() -> None:
    game = Companion()
    state = game.new(1, {}, 0)
    noted, _ = game.apply(state, 0, "note")
    done, _ = game.apply(noted, 0, "done")
    assert not starts_turn(game, state, noted)  # a note within the person's turn edits the post
    assert starts_turn(game, noted, done)  # the opponent's turn gets a post of its own


def test_without_it_the_awaited_seats_decide() -> None:
    game = Plain()
    state = game.new(1, {}, 0)
    done, _ = game.apply(state, 0, "done")
    assert not starts_turn(game, state, done)
