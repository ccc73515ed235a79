"""Races and repeated deliveries in every game: each interaction takes effect at most once,
and choices made at the same time by different seats all count."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord import Env

from db.errors import StaleVersion
from db.models import NewMove
from db.store import Store
from engine.moonriser.suggest import ranked_keeps
from tests.bot.four_games import GAMES, GameSide, open_game, undoable_steps
from tests.bot.harness import left_nothing, moved
from tests.bot.redelivery import Deliveries


@pytest.mark.parametrize("name", GAMES)
async def test_an_undo_or_a_move_delivered_again_takes_effect_once(simcord_env: Env, name: str) -> None:
    """Discord delivers the same ``/undo`` twice, then the move it took back again: the board is
    where one undo left it (one step back, not two), and the move is not played a second time."""
    side = await open_game(simcord_env, name)
    wanted = 1 if name == "runarch" else 2  # a RunArch turn has one step that can be taken back
    steps = await side.advance_until(lambda state, seat: undoable_steps(side.game, name, state, seat, wanted))
    person, _ = await side.awaited()
    deliveries = Deliveries(simcord_env)
    for notation in steps:
        await side.play(person, notation)
    last_move = deliveries.last()
    after_steps = await side.snapshot()
    assert after_steps[1][-1] == steps[-1], after_steps[1]
    undone = await side.undo(person)
    assert left_nothing(undone), undone  # answered by editing the turn's post
    undo = deliveries.last()
    after_undo = await side.snapshot()
    assert after_undo[1] == after_steps[1][:-1], "the undo took back the last step"

    await deliveries.again(undo)
    assert await side.snapshot() == after_undo, "the undo delivered again took back nothing more"
    await deliveries.again(last_move)
    assert await side.snapshot() == after_undo, "the move taken back was not played again"
    assert (await side.row()).state == await side.replayed()
    # The person can still make that move themselves, with a new interaction.
    await side.play(person, steps[-1])
    assert (await side.snapshot())[1] == after_steps[1]


class HoldRetries:
    """Holds one interaction's commits, ``times`` of them, each until ``release``: the command
    typed first keeps losing the race to the others' commands made while it waits."""

    def __init__(self, env: Env, store: Store, times: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.env, self.times = env, times
        self.held: int | None = None
        self.calls = 0
        self.gates: list[asyncio.Event] = []
        original: Callable[..., Awaitable[Any]] = store.commit_moves

        async def held(*args: Any, **kwargs: Any) -> Any:
            if self.held is None:
                self.held = kwargs["interaction_id"]
            if kwargs["interaction_id"] == self.held:
                self.calls += 1
                if self.calls <= times:
                    gate = asyncio.Event()
                    self.gates.append(gate)
                    await env.external_wait(gate.wait(), reason="the test holds this command half-way")
            return await original(*args, **kwargs)

        monkeypatch.setattr(store, "commit_moves", held)

    async def release(self) -> None:
        self.gates[-1].set()
        await self.env.settle()


SIMULTANEOUS = {
    "runarch": {"variant": "complex"},  # both players choose their goals at once
    "moonriser": {"players": 4},  # every seat keeps 3 of its 5 tiles at once
    "manhattan": {"players": 5},  # the fourth and fifth players choose their start bonus at once
    "marsbot": {},  # one person, two reports typed at the same moment
}


async def simultaneous_choices(side: GameSide) -> list[tuple[Any, str]]:
    """Choices of several seats (MarsBot: of its one person) that do not depend on each other."""
    state = await side.state()
    if side.name == "marsbot":
        return [(side.people[0], "raise temperature 1"), (side.people[0], "raise oxygen 1")]
    if side.name == "moonriser":
        state = await side.advance_until(lambda st, _: st if st["phase"] == "setup_keep" else None)
    choices = []
    for seat in side.game.to_act(state):
        move = next(iter(side.game.legal_moves(state, seat)))
        choices.append((await side.person_at(seat), move.notation))
    return choices


@pytest.mark.parametrize("name", GAMES)
async def test_choices_typed_at_the_same_moment_all_count(
    simcord_env: Env, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first command is read, then every other seat's command is committed before it, one
    after another: it is applied to each newer position in turn and counts, like all others."""
    side = await open_game(simcord_env, name, **SIMULTANEOUS[name])
    choices = await simultaneous_choices(side)
    assert len(choices) >= 2, choices
    before = await side.snapshot()
    (first, first_move), *others = choices
    hold = HoldRetries(simcord_env, side.store, len(others), monkeypatch)
    typed_first = await side.play(first, first_move)
    for person, notation in others:
        result = await side.play(person, notation)
        assert moved(result), result  # counted: no refusal, nothing left behind but the post
        await hold.release()
    texts = [typed_first.response.content if typed_first.response else ""]
    texts += [m.content for m in typed_first.followups]
    assert not any("changed" in text or "could not be applied" in text for text in texts), texts
    assert hold.calls == len(others) + 1, "the first command lost every race and was applied again"
    moves = (await side.snapshot())[1][len(before[1]) :]
    assert sorted(moves) == sorted(n for _, n in choices), "every choice counted, each once"
    assert (await side.row()).state == await side.replayed()


async def test_a_keep_picker_is_not_stale_after_another_player_kept(simcord_env: Env) -> None:
    """Moonriser's setup: alice opens her Keep picker, bob keeps by command, then alice chooses."""
    side = await open_game(simcord_env, "moonriser", players=3)
    state = await side.advance_until(lambda st, _: st if st["phase"] == "setup_keep" else None)
    seats = side.game.to_act(state)
    first, second = await side.person_at(seats[0]), await side.person_at(seats[1])
    board = [m for m in side.channel.history() if m.attachments][-1]
    shown = await first.click(board, label="Keep tiles")
    assert shown.ephemeral and shown.response.components, shown.response.content
    other = next(iter(side.game.legal_moves(state, seats[1]))).notation
    await side.play(second, other)
    drawn = state["seats"][seats[0]]["drawn"]
    whole = ranked_keeps(state, seats[0], 25)  # keep 3 of 5: one select of the 10 whole keeps
    kept = await first.select(shown.response.message, [str(whole.index(tuple(sorted(drawn[:3]))))])
    texts = [kept.response.content if kept.response else ""] + [m.content for m in kept.followups]
    assert not any("changed" in text for text in texts), texts
    drawn = state["seats"][seats[0]]["drawn"]
    mine = [
        m
        for m in await side.store.moves(side.table_id)
        if m.seat == seats[0] and m.notation.startswith("keep")
    ]
    assert [m.notation for m in mine] == ["keep " + " ".join(sorted(drawn[:3]))]


async def test_a_keep_picker_whose_own_tiles_changed_is_still_refused(simcord_env: Env) -> None:
    """What the choice was made from is checked: after the player kept by command, their old
    picker is refused and nothing more is kept."""
    side = await open_game(simcord_env, "moonriser", players=3)
    state = await side.advance_until(lambda st, _: st if st["phase"] == "setup_keep" else None)
    seat = side.game.to_act(state)[0]
    person = await side.person_at(seat)
    board = [m for m in side.channel.history() if m.attachments][-1]
    shown = await person.click(board, label="Keep tiles")
    await side.play(person, next(iter(side.game.legal_moves(state, seat))).notation)
    snapshot = await side.snapshot()
    drawn = state["seats"][seat]["drawn"]
    whole = ranked_keeps(state, seat, 25)
    late = await person.select(shown.response.message, [str(whole.index(tuple(sorted(drawn[2:5]))))])
    texts = [late.response.content if late.response else ""] + [m.content for m in late.followups]
    assert any("changed" in text for text in texts), texts
    assert await side.snapshot() == snapshot


async def test_a_typed_command_that_keeps_losing_is_refused_without_talking_of_a_button(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past its retries a typed command is refused in its own words (never "that button")."""
    side = await open_game(simcord_env, "marsbot")
    person = side.people[0]
    store = side.store
    original = store.commit_moves

    async def always_stale(*args: Any, **kwargs: Any) -> Any:
        raise StaleVersion((await side.row()).version)

    monkeypatch.setattr(store, "commit_moves", always_stale)
    before = await side.snapshot()
    refused = await side.play(person, "raise temperature 1")
    monkeypatch.setattr(store, "commit_moves", original)
    assert refused.ephemeral and refused.response is not None
    assert "button" not in refused.response.content
    assert "could not be applied" in refused.response.content
    assert await side.snapshot() == before


async def test_a_last_trade_picker_is_not_stale_after_another_players_last_trade(simcord_env: Env) -> None:
    """Moonriser's end: the others make their last trades at once, each with their own tokens.
    The game is brought there by committing its bot's moves, then two players trade."""
    side = await open_game(simcord_env, "moonriser", players=3)
    for _ in range(3000):
        row = await side.row()
        assert row.state is not None and side.game.outcome(row.state) is None
        if row.state["phase"] == "final":
            break
        seat = side.game.to_act(row.state)[0]
        move = side.game.bot_move(row.state, seat, "normal")
        after, _ = side.game.apply(row.state, seat, move)
        await side.store.commit_moves(
            row.id,
            expected_version=row.version,
            moves=[NewMove(seat, move.notation, row.user_at(seat))],
            state=after,
            interaction_id=None,
        )
    state = await side.state()
    first_seat, second_seat = side.game.to_act(state)[:2]
    first, second = await side.person_at(first_seat), await side.person_at(second_seat)
    shown = await side.slash(first, "moonriser board")
    assert shown.response is not None
    opened = await first.click(side.posts()[-1], label="Trade")
    assert opened.ephemeral and opened.response.components, opened.response.content
    theirs = next(m for m in side.game.legal_moves(state, second_seat) if m.kind == "trade")
    traded = await side.play(second, theirs.notation)
    assert "changed" not in answered(traded)
    mine = next(m for m in side.game.legal_moves(state, first_seat) if m.kind == "trade")
    picked = await first.select(opened.response.message, [mine.notation])
    assert "changed" not in answered(picked), answered(picked)
    log = [(m.seat, m.notation) for m in await side.store.moves(side.table_id)]
    assert log[-2:] == [(second_seat, theirs.notation), (first_seat, mine.notation)]


def answered(result: Any) -> str:
    texts = [result.response.content if result.response is not None else ""]
    return "\n".join(texts + [m.content for m in result.followups])
