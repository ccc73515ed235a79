"""Property: whatever sequence of commits happens, the log and version reflect exactly it."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import NewMove, Store
from tests.db.db_support import ALICE, HOST, FakeClock

notations = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12
)  # includes Czech letters, quotes, semicolons, emoji…
moves_st = st.lists(
    st.tuples(st.integers(0, 1), notations, st.booleans()),  # (seat, notation, automated?)
    min_size=1,
    max_size=4,
)
commits_st = st.lists(moves_st, min_size=0, max_size=12)


async def _run(path: Path, commits: list[list[tuple[int, str, bool]]]) -> None:
    clock = FakeClock()
    async with Store(str(path), clock=clock) as store:
        t = await store.create_table(
            game="runarch", guild_id=None, channel_id=1, parent_id=None, host_id=HOST, host_name="H",
            options={}, locale="en", seed=0, max_seats=2,
        )  # fmt: skip
        await store.join(t.id, ALICE, "A")
        row = await store.start(t.id, {"log": []})
        expected: list[tuple[int, int, int | None, str, float]] = []
        for n, batch in enumerate(commits):
            clock.advance(1.5)
            new = [NewMove(seat, text, None if auto else (HOST, ALICE)[seat]) for seat, text, auto in batch]
            expected += [
                (len(expected) + i, m.seat, m.user_id, m.notation, clock.now) for i, m in enumerate(new)
            ]
            row = await store.commit_moves(
                t.id,
                expected_version=row.version,
                moves=new,
                state={"log": [e[3] for e in expected]},
                interaction_id=10_000 + n,
            )
    # Reopen: what survived on disk is what was committed.
    async with Store(str(path), clock=clock) as store:
        stored = await store.moves(t.id)
        final = await store.table(t.id)
    assert [(m.ply, m.seat, m.user_id, m.notation, m.created_at) for m in stored] == expected
    assert final is not None and final.version == len(commits) + 1
    assert final.state == {"log": [e[3] for e in expected]}
    firsts = [m.interaction_id for m in stored if m.interaction_id is not None]
    assert firsts == [10_000 + n for n in range(len(commits))]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commits=commits_st)
def test_stored_log_equals_committed_sequence(commits: list[list[tuple[int, str, bool]]]) -> None:
    # Hypothesis drives a sync test; each example gets a fresh file and event loop.
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_run(Path(tmp) / "p.sqlite3", commits))
