"""Issue 36: a player who shows up gets their seat back, even while the bot is acting for them.

In each game with a stand-in (``at_limit:bot``), on both backends:

- the seat is held and another player's move hands the turn to it; while that move is being
  saved, the absent player looks at the board: the thread says they are back, and the saved
  move does not take their seat again (no bot turn for them, their turn waits for them);
- the player makes a move of their own after their limit, before the scheduler acts on it: the
  bot does not finish that turn nor take the seat;
- the player looks at the board while the bot is taking their seat over: the takeover is not
  saved, their turn waits for them with a fresh clock.

Each race is made deterministic by holding one step (a commit, the scheduler's action) on an
event until the other interaction has run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord import Env

from tests.bot.four_games import GameSide, open_game, typed_kind

pytestmark = pytest.mark.both_backends

STANDIN_GAMES = ("runarch", "moonriser", "manhattan")
DAY = 24 * 3600.0
OPTIONS = {"limit": "1d", "reminder": "off", "at_limit": "bot"}


class Gate:
    """Holds the next call of ``target.name`` that ``wanted`` picks until :meth:`open`."""

    def __init__(
        self,
        env: Env,
        monkeypatch: pytest.MonkeyPatch,
        target: Any,
        name: str,
        wanted: Callable[..., bool] = lambda *args, **kwargs: True,
    ) -> None:
        self.env, self.held, self.done = env, asyncio.Event(), False
        self.event = asyncio.Event()
        original: Callable[..., Awaitable[Any]] = getattr(target, name)

        async def holding(*args: Any, **kwargs: Any) -> Any:
            if not self.done and wanted(*args, **kwargs):
                self.done = True
                self.held.set()
                await env.external_wait(self.event.wait(), reason="the test holds this step half-way")
            return await original(*args, **kwargs)

        monkeypatch.setattr(target, name, holding)

    async def open(self) -> None:
        assert self.held.is_set(), "nothing was held"
        self.event.set()
        await self.env.settle()


async def opened(env: Env, name: str) -> GameSide:
    if name == "runarch":
        return await open_game(env, name, **OPTIONS)
    return await open_game(env, name, players=3, seed=7, **OPTIONS)


async def seat_row(side: GameSide, seat: int) -> Any:
    row = (await side.row()).seat_row(seat)
    assert row is not None
    return row


def standin_moves(moves: list[Any], seat: int) -> list[str]:
    return [m.notation for m in moves if m.seat == seat and m.source == "standin"]


async def assert_waits_for(side: GameSide, seat: int) -> None:
    """The seat is the player's: not held, awaited, with a clock that has not run out."""
    row = await side.row()
    assert seat not in row.standins, "the bot holds the seat again"
    assert seat in side.game.to_act(row.state or {}), "the game does not wait for the player"
    clock = await seat_row(side, seat)
    assert clock.deadline is not None and clock.deadline > side.store.now(), "no fresh clock"
    assert row.state == await side.replayed()


def posts_with(side: GameSide, text: str) -> list[str]:
    return [m.content for m in side.channel.history() if text in m.content]


async def until_the_move_to(side: GameSide, seat: int) -> tuple[Any, int, Any]:
    """The others play until a move of theirs would hand the turn to the held ``seat``; that
    move (not played), its player and their seat."""
    for _ in range(200):
        person, other = await side.awaited()
        assert other != seat
        state = await side.state()
        move = next(m for m in side.game.legal_moves(state, other) if typed_kind(side.name, m.kind))
        after, _ = side.game.apply(state, other, move)
        if seat in side.game.to_act(after):
            return person, other, move
        await side.play(person, move.notation)
    raise AssertionError("no move handed the turn to the held seat")


@pytest.mark.parametrize("name", STANDIN_GAMES)
async def test_a_look_while_the_move_to_the_held_seat_is_saved_gives_the_seat_back(
    simcord_env: Env, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    side = await opened(simcord_env, name)
    absent, seat = await side.awaited()
    await simcord_env.advance_time(DAY + 60)
    assert seat in (await side.row()).standins, "the stand-in took the seat at the limit"
    # The move that hands the turn to the held seat is held half-way through its save.
    person, other, move = await until_the_move_to(side, seat)
    gate = Gate(
        simcord_env, monkeypatch, side.store, "commit_moves", lambda *a, **k: k["interaction_id"] is not None
    )
    before = len(await side.store.moves(side.table_id))
    await side.play(person, move.notation)
    assert gate.held.is_set()
    shown = await side.slash(absent, f"{name} board")
    assert shown.response is not None and shown.response.attachments, shown.response.content
    assert posts_with(side, f"**{absent.user.name}** is back"), "the thread is told at once"
    await gate.open()

    moves = await side.store.moves(side.table_id)
    assert [m.notation for m in moves[before:] if m.seat == other][:1] == [move.notation]
    assert sum(1 for m in moves[before:] if m.interaction_id is not None) == 1, "the move counted once"
    assert standin_moves(moves[before:], seat) == [], "the bot played a turn for a player who is back"
    await assert_waits_for(side, seat)


async def test_a_button_move_saved_while_the_player_comes_back_still_counts(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same race with RunArch's End turn button: giving the seat back changed no board, so
    the click is applied again to the table as it is now, not refused as stale."""
    side = await opened(simcord_env, "runarch")
    absent, seat = await side.awaited()
    await simcord_env.advance_time(DAY + 60)
    person, other, move = await until_the_move_to(side, seat)
    assert move.notation == "end"
    gate = Gate(
        simcord_env, monkeypatch, side.store, "commit_moves", lambda *a, **k: k["interaction_id"] is not None
    )
    before = len(await side.store.moves(side.table_id))
    clicked = await person.click(side.posts()[-1], label="End turn")
    assert gate.held.is_set()
    await side.slash(absent, "runarch board")
    await gate.open()
    texts = [clicked.response.content if clicked.response else ""] + [m.content for m in clicked.followups]
    assert not any("changed" in text for text in texts), texts
    moves = await side.store.moves(side.table_id)
    assert [(m.seat, m.notation, m.source) for m in moves[before:]] == [(other, "end", "player")]
    await assert_waits_for(side, seat)


async def own_step(side: GameSide) -> tuple[Any, int, str]:
    """Play on until the awaited person has a typed move after which they are still to act."""
    for _ in range(60):
        person, seat = await side.awaited()
        state = await side.state()
        for move in side.game.legal_moves(state, seat):
            if typed_kind(side.name, move.kind) and side.game.to_act(
                side.game.apply(state, seat, move)[0]
            ) == [seat]:
                return person, seat, move.notation
        move = next(m for m in side.game.legal_moves(state, seat) if typed_kind(side.name, m.kind))
        await side.play(person, move.notation)
    raise AssertionError("no step that leaves the player to act")


@pytest.mark.parametrize("name", STANDIN_GAMES)
async def test_a_move_of_ones_own_after_the_limit_keeps_the_seat(
    simcord_env: Env, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    side = await opened(simcord_env, name)
    late, seat, step = await own_step(side)
    before = len(await side.store.moves(side.table_id))
    absence = simcord_env.bot.absence  # type: ignore[attr-defined]
    gate = Gate(simcord_env, monkeypatch, absence, "time_out")
    await simcord_env.advance_time(DAY + 60)  # the limit passes; the scheduler is about to act
    assert gate.held.is_set()
    played = await side.play(late, step)
    assert played.response is None or not played.ephemeral, played.response.content
    await gate.open()

    moves = await side.store.moves(side.table_id)
    assert [(m.notation, m.source) for m in moves[before:]] == [(step, "player")]
    assert posts_with(side, "stands in") == []
    await assert_waits_for(side, seat)


@pytest.mark.parametrize("name", STANDIN_GAMES)
async def test_a_look_during_the_takeover_gives_the_seat_back(
    simcord_env: Env, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    side = await opened(simcord_env, name)
    late, seat = await side.awaited()
    limit = (await seat_row(side, seat)).deadline
    gate = Gate(
        simcord_env, monkeypatch, side.store, "commit_moves", lambda *a, **k: k["interaction_id"] is None
    )
    await simcord_env.advance_time(DAY + 60)  # the bot has played the turn and is saving it
    assert gate.held.is_set()
    shown = await side.slash(late, f"{name} board")
    assert shown.response is not None and shown.response.attachments, shown.response.content
    await gate.open()

    assert standin_moves(await side.store.moves(side.table_id), seat) == []
    assert posts_with(side, "stands in") == []
    await assert_waits_for(side, seat)
    assert (await seat_row(side, seat)).deadline != limit
    # The fresh clock runs out in its turn: then the bot does stand in.
    await simcord_env.advance_time(DAY + 120)
    assert seat in (await side.row()).standins and posts_with(side, "stands in")
