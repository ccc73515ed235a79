"""Random play with random undo requests: the stored state is always the replay of the stored log.

Moves go through the store as the table service commits them (automated moves right after the
move that hands them the turn); undo requests go through ``bot.undo``'s own planning and commit,
by a random seat, whether or not it may take anything back.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.tables import TableService
from bot.undo import can_step_again, commit, look, steps_of
from db import NewMove, Store, TableRow
from engine.core.game import replay
from engine.core.undo import Plan, Stop, batch_undoable
from engine.runarch import GAME

PEOPLE = (101, 102)


async def _table(store: Store, seats: int, options: dict[str, Any], seed: int) -> TableRow:
    row = await store.create_table(
        game="runarch",
        guild_id=None,
        channel_id=seed,
        parent_id=None,
        host_id=PEOPLE[0],
        host_name="Ann",
        options=GAME.options(options),
        locale="en",
        seed=seed,
        max_seats=seats,
    )
    if seats == 2:
        await store.join(row.id, PEOPLE[1], "Ben")
    state = GAME.new(seats, row.options, seed)
    return await store.start(row.id, state, awaited=TableService.awaited(GAME, state))


async def _move(store: Store, row: TableRow, rnd: random.Random) -> tuple[TableRow, int, bool]:
    """A random legal move of an awaited person; the new table, the mover, and whether the board
    after it offers Undo."""
    assert row.state is not None
    seat = rnd.choice(TableService.awaited(GAME, row.state))
    move = rnd.choice(GAME.legal_moves(row.state, seat))
    state, _ = GAME.apply(row.state, seat, move)
    moves = [NewMove(seat, move.notation, row.user_at(seat))]
    state, _ = TableService.run_automated(GAME, state, moves)
    offer = batch_undoable(GAME, row.state, seat, steps_of(moves))
    done = await store.commit_moves(
        row.id,
        expected_version=row.version,
        moves=moves,
        state=state,
        interaction_id=None,
        results=TableService.results(row, GAME, state),
        awaited=TableService.awaited(GAME, state),
    )
    return done, seat, offer


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (2, {"variant": "complex"}), (1, {}), (1, {"variant": "complex"})],
    ids=["simple", "complex", "solo", "complex-solo"],
)
async def test_random_play_with_random_undos_keeps_the_state_the_replay_of_the_log(
    tmp_path: Path, seats: int, options: dict[str, Any]
) -> None:
    store = Store(str(tmp_path / "undo.sqlite3"))
    await store.open()
    taken_back = 0
    try:
        for seed in range(4):
            rnd = random.Random(seed)
            row = await _table(store, seats, options, seed + 1)
            seen: dict[tuple[str, ...], Any] = {(): row.state}
            versions = [row.version]
            for _ in range(150):
                if row.status != "active":
                    break
                before = row
                if rnd.random() < 0.35:
                    seat = rnd.randrange(seats)
                    looked = await look(store, GAME, row.id, seat)
                    if isinstance(looked.found, Plan):
                        state = looked.found.state
                        row = await commit(store, looked, looked.found, TableService.awaited(GAME, state))
                        offer = can_step_again(looked, looked.found, seat)
                        taken_back += 1
                else:
                    row, seat, offer = await _move(store, row, rnd)
                if row is not before and row.status == "active":
                    # The Undo button is under the new board exactly when a request would take a step back.
                    assert offer == isinstance((await look(store, GAME, row.id, seat)).found, Plan)
                if row is before:
                    assert await store.table(row.id) == row, "a refused undo changes nothing"
                    continue
                moves = await store.moves(row.id)
                log = [(m.seat, m.notation) for m in moves]
                assert replay(GAME, seats, row.options, row.seed, log) == row.state
                key = tuple(f"{seat}:{notation}" for seat, notation in log)
                assert seen.setdefault(key, row.state) == row.state, "an undo returns to the very state"
                assert row.version > versions[-1], "every change, undo included, is a new version"
                versions.append(row.version)
    finally:
        await store.close()
    assert taken_back >= 10, "the random play took enough steps back to mean something"


async def test_a_log_that_no_longer_replays_to_the_stored_state_takes_nothing_back(tmp_path: Path) -> None:
    """A game stored under older rules (its log replays elsewhere, or not at all) refuses undo
    rather than writing a state its log does not lead to."""
    store = Store(str(tmp_path / "old.sqlite3"))
    await store.open()
    try:
        row = await _table(store, 2, {}, 9)
        assert row.state is not None
        state, _ = GAME.apply(row.state, 0, "swap A1 B1")
        stored_elsewhere = dict(state, scores=[3, 0])
        row = await store.commit_moves(
            row.id,
            expected_version=row.version,
            moves=[NewMove(0, "swap A1 B1", PEOPLE[0])],
            state=stored_elsewhere,
            interaction_id=None,
            awaited=[0],
        )
        looked = await look(store, GAME, row.id, 0)
        assert looked.found == Stop("undo.no_replay") and looked.replayed is None
        row = await store.commit_moves(
            row.id,
            expected_version=row.version,
            moves=[NewMove(0, "swap A1 B1", PEOPLE[0])],
            state=stored_elsewhere,
            interaction_id=None,
            awaited=[0],
        )
        assert (await look(store, GAME, row.id, 0)).found == Stop("undo.no_replay"), (
            "a second swap is illegal"
        )
    finally:
        await store.close()
