"""The replay's frames follow the board posts: a bot player's turn, like an automa's, is no turn
of its own (it never waits), so ``/record``'s GIF has no frame the thread had no post for."""

from __future__ import annotations

from engine.core import GameRecord
from render.replay import turn_states
from tests.games.tally.engine import GAME

BOT = 1
MOVES = [(BOT, "bid 2"), (0, "bid 0"), (0, "done"), (BOT, "draw"), (BOT, "step"), (BOT, "step")]
MOVES += [(BOT, "done"), (0, "allow")]
"""One round for a person (seat 0) and a hard bot: the bot's turn ends in a reaction for seat 0."""


def test_a_bot_players_turn_is_no_frame_of_its_own() -> None:
    record = GameRecord(
        game="tally", seed=1, seats=2, options={"rounds": 1}, players=["ann", "Bot 1 (hard)"], moves=MOVES
    )
    frames = list(turn_states(GAME, record, bots={BOT}))
    # The start, seat 0 asked to react to the bot's two steps, the end: ann's bid (she moves first)
    # and her "done" (only the bot acts next) begin no turn, as they post no new board.
    assert [(f["phase"], GAME.to_act(f)) for f in frames] == [("bid", [0, 1]), ("react", [0]), ("over", [])]
    assert len(list(turn_states(GAME, record))) == 4, "without the bot's seat its turn is a frame"
