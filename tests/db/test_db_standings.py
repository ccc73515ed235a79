"""Ratings, solo records and boards as the store keeps them when games finish."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from db import NewMove, NewResult, Store, TableRow, migrations
from db.boards import BoardKey
from tests.db.db_support import FakeClock

A, B, C, D, E = 11, 12, 13, 14, 15
NAMES = {A: "Ann", B: "Ben", C: "Cid", D: "Dan", E: "Eva"}


class Games:
    """Finishes tables in the store the way the bot does: lobby, start, one final commit."""

    def __init__(self, store: Store, clock: FakeClock) -> None:
        self.store, self.clock, self.channel = store, clock, 1000

    async def finish(
        self,
        players: Sequence[int],
        places: Sequence[int],
        *,
        guild: int | None = 1,
        variant: str = "simple",
        scores: Sequence[int] | None = None,
    ) -> TableRow:
        self.channel += 1
        self.clock.advance(60)
        row = await self.store.create_table(
            game="runarch",
            guild_id=guild,
            channel_id=self.channel,
            parent_id=None,
            host_id=players[0],
            host_name=NAMES[players[0]],
            options={"variant": variant},
            locale="en",
            seed=1,
            max_seats=len(players),
        )
        for user in players[1:]:
            await self.store.join(row.id, user, NAMES[user])
        row = await self.store.start(row.id, {"ply": 0})
        scores = scores or [100 - 10 * p for p in places]
        results = [
            NewResult(seat, user, place, score, variant)
            for seat, (user, place, score) in enumerate(zip(players, places, scores, strict=True))
        ]
        return await self._commit(row, results)

    async def solo(
        self,
        user: int,
        won: bool,
        score: int,
        *,
        level: str = "normal",
        automa: int = 50,
        figures: Mapping[str, int] | None = None,
    ) -> TableRow:
        self.channel += 1
        self.clock.advance(60)
        row = await self.store.create_table(
            game="runarch",
            guild_id=None,
            channel_id=self.channel,
            parent_id=None,
            host_id=user,
            host_name=NAMES[user],
            options={"variant": "simple", "difficulty": level},
            locale="en",
            seed=1,
            max_seats=1,
        )
        row = await self.store.start(row.id, {"ply": 0})
        extra = dict(figures or {})
        results = [
            NewResult(0, user, 1 if won else 2, score, "simple", level, figures=extra),
            NewResult(1, None, 2 if won else 1, automa, "simple", level, figures=extra),
        ]
        return await self._commit(row, results)

    async def _commit(self, row: TableRow, results: list[NewResult]) -> TableRow:
        return await self.store.commit_moves(
            row.id,
            expected_version=row.version,
            moves=[NewMove(0, "end", row.user_at(0))],
            state={"over": True},
            interaction_id=None,
            results=results,
        )


@pytest.fixture
def games(store: Store, clock: FakeClock) -> Games:
    return Games(store, clock)


def _ratings(db_path: Path, variant: str = "") -> dict[int, tuple[float, float, float, int, int]]:
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT user_id, mu, sigma, rating, games, wins FROM ratings WHERE variant = ?", (variant,)
        ).fetchall()
    return {r[0]: tuple(r[1:]) for r in rows}  # type: ignore[misc]


async def test_two_player_ratings_equal_the_librarys_own_update(games: Games, db_path: Path) -> None:
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 2])
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])

    await games.finish([A, B], [1, 2])
    await games.finish([B, A], [1, 2])
    await games.finish([A, B], [1, 2])

    got = _ratings(db_path)
    assert got[A][:2] == pytest.approx((a.mu, a.sigma), rel=1e-12)
    assert got[B][:2] == pytest.approx((b.mu, b.sigma), rel=1e-12)
    assert got[A][3:] == (3, 2) and got[B][3:] == (3, 1)
    assert got[A][2] == pytest.approx(1000 + 40 * a.ordinal())  # the shown number: 1000 + 40 × ordinal
    assert got[A][2] > got[B][2]


async def test_four_player_ratings_with_a_tie_equal_the_librarys_own_update(
    games: Games, db_path: Path
) -> None:
    model = PlackettLuce()
    r = {u: model.rating() for u in (A, B, C, D)}
    order = [A, B, C, D]
    rated = model.rate([[r[u]] for u in order], ranks=[2, 1, 4, 2])
    r = {u: team[0] for u, team in zip(order, rated, strict=True)}
    order2 = [D, C, B, A]
    rated = model.rate([[r[u]] for u in order2], ranks=[1, 2, 3, 4])
    r = {u: team[0] for u, team in zip(order2, rated, strict=True)}

    await games.finish(order, [2, 1, 4, 2])
    await games.finish(order2, [1, 2, 3, 4])

    got = _ratings(db_path)
    for user in order:
        assert got[user][:2] == pytest.approx((r[user].mu, r[user].sigma), rel=1e-12)
    assert {u: got[u][4] for u in order} == {A: 0, B: 1, C: 0, D: 1}


async def test_each_variant_has_its_own_pool_besides_the_whole_game(games: Games, db_path: Path) -> None:
    await games.finish([A, B], [1, 2], variant="complex")
    await games.finish([C, B], [1, 2], variant="simple")
    assert set(_ratings(db_path, "complex")) == {A, B}
    assert set(_ratings(db_path, "simple")) == {B, C}
    whole = _ratings(db_path, "")
    assert set(whole) == {A, B, C} and whole[B][3] == 2


async def test_resigned_or_timed_out_player_is_rated_as_last(games: Games, db_path: Path) -> None:
    """The engine puts a player who resigned or was removed last; the rating follows the places."""
    await games.finish([A, B], [2, 1], scores=[60, 20])  # A led on points but resigned
    got = _ratings(db_path)
    assert got[B][2] > got[A][2] and got[B][4] == 1 and got[A][4] == 0


async def test_solo_games_fill_solo_boards_per_level_and_are_not_rated(
    games: Games, store: Store, db_path: Path
) -> None:
    await games.solo(A, won=True, score=70)
    await games.solo(A, won=False, score=85)
    await games.solo(A, won=True, score=40, level="hard")
    await games.solo(B, won=True, score=90)
    assert _ratings(db_path) == {}
    page = await store.board(BoardKey("runarch", "simple", level="normal"), caller_id=A)
    assert [(e.user_id, e.value, e.games, e.wins) for e in page.entries] == [(B, 90, 1, 1), (A, 85, 2, 1)]
    assert page.caller is not None and page.caller.place == 2
    hard = await store.board(BoardKey("runarch", "simple", level="hard"))
    assert [(e.user_id, e.value) for e in hard.entries] == [(A, 40)]


async def test_boards_server_members_global_opt_out_and_the_callers_place(games: Games, store: Store) -> None:
    # Server 1: A, B, C. Server 2: D, E, and A plays there too.
    await games.finish([A, B], [1, 2])
    await games.finish([A, C], [1, 2])
    await games.finish([B, C], [1, 2])
    await games.finish([D, E], [1, 2], guild=2)
    await games.finish([D, A], [1, 2], guild=2)
    key = BoardKey("runarch")
    everyone = await store.board(key)
    assert everyone.total == 5
    values = [e.value for e in everyone.entries]
    assert values == sorted(values, reverse=True) and [e.place for e in everyone.entries] == [1, 2, 3, 4, 5]
    names = {e.user_id: e.name for e in everyone.entries}
    assert names[A] == "Ann" and names[E] == "Eva"

    server1 = await store.board(BoardKey("runarch", guild_id=1), caller_id=C)
    assert {e.user_id for e in server1.entries} == {A, B, C}
    server2 = await store.board(BoardKey("runarch", guild_id=2))
    assert {e.user_id for e in server2.entries} == {A, D, E}
    assert server1.caller is not None and server1.caller.user_id == C
    assert server1.caller == next(e for e in server1.entries if e.user_id == C)

    await store.set_global_board(A, False)
    hidden = await store.board(key, caller_id=A)
    assert A not in {e.user_id for e in hidden.entries} and hidden.total == 4
    assert hidden.caller is None and hidden.caller_hidden
    assert A in {e.user_id for e in (await store.board(BoardKey("runarch", guild_id=1))).entries}
    await games.finish([A, E], [1, 2], guild=2)  # new rows of a hidden player stay hidden
    assert A not in {e.user_id for e in (await store.board(key)).entries}
    await store.set_global_board(A, True)
    assert A in {e.user_id for e in (await store.board(key)).entries}

    await store.forget_member(1, B)
    assert B not in {e.user_id for e in (await store.board(BoardKey("runarch", guild_id=1))).entries}


async def test_pages_are_clamped_and_the_caller_off_page_keeps_their_place(
    games: Games, store: Store
) -> None:
    for _ in range(13):
        await games.finish([A, B], [1, 2])
    await games.finish([C, D], [1, 2])
    await games.finish([E, D], [2, 1])
    page = await store.board(BoardKey("runarch"), page=7, caller_id=D, per_page=2)
    assert page.pages == 3 and page.page == 2 and len(page.entries) == 1
    first = await store.board(BoardKey("runarch"), page=-3, caller_id=D, per_page=2)
    assert first.page == 0 and first.entries[0].user_id == A
    assert first.caller is not None and first.caller.place not in {e.place for e in first.entries}
    ranked = [
        e.user_id for p in range(3) for e in (await store.board(BoardKey("runarch"), p, per_page=2)).entries
    ]
    assert ranked.index(D) + 1 == first.caller.place


async def test_rebuild_gives_the_same_standings_as_counting_game_by_game(
    games: Games, store: Store, db_path: Path
) -> None:
    await games.finish([A, B, C, D], [1, 2, 2, 4], variant="complex")
    await games.finish([B, A], [1, 2])
    await games.solo(C, won=True, score=77)
    await games.finish([C, A, E], [3, 1, 2])
    before = {v: _ratings(db_path, v) for v in ("", "simple", "complex")}
    history = await store.rating_history(A, "runarch")
    assert await store.rebuild_standings() == 4
    assert {v: _ratings(db_path, v) for v in ("", "simple", "complex")} == before
    assert await store.rating_history(A, "runarch") == history and len(history) == 3
    solo = await store.board(BoardKey("runarch", "simple", level="normal"))
    assert [(e.user_id, e.value, e.wins) for e in solo.entries] == [(C, 77, 1)]


async def test_summary_streak_and_history(games: Games, store: Store) -> None:
    for places in ([1, 2], [1, 2], [2, 1], [1, 2], [1, 2], [1, 2]):
        await games.finish([A, B], places)
    await games.solo(A, won=True, score=60)
    summary = await store.player_summary(A)
    assert summary is not None
    assert (summary.games, summary.wins, summary.longest_streak) == (7, 6, 4)
    assert summary.favourite() == "runarch"
    assert ("runarch", "") in summary.ratings and ("runarch", "simple") in summary.ratings
    solo_line = next(line for line in summary.lines if line.level is not None)
    assert (solo_line.games, solo_line.wins, solo_line.best) == (1, 1, 60)
    assert await store.player_summary(E) is None

    recent = await store.recent_games(A, limit=3)
    assert len(recent) == 3 and recent[0].level == "normal"
    assert [(s.name, s.place) for s in recent[0].standings] == [("Ann", 1), (None, 2)]
    assert [(s.name, s.place) for s in recent[1].standings] == [("Ann", 1), ("Ben", 2)]
    assert recent[0].finished_at > recent[1].finished_at


async def test_a_version_2_file_gets_variants_levels_and_rebuilt_ratings(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:2])
    async with Store(str(db_path)):
        pass  # a version-2 file; its rows are written the way version-2 code wrote them
    tables = [  # id, guild, options, seats (user, name), results (user, place, score)
        (1, 1, '{"variant": "complex"}', [(A, "Ann"), (B, "Ben")], [(A, 2, 40), (B, 1, 60)]),
        (2, 1, '{"variant": "simple"}', [(A, "Ann"), (B, "Ben")], [(A, 1, 80), (B, 2, 50)]),
        (3, None, '{"variant": "simple", "difficulty": "hard"}', [(C, "Cid")], [(C, 1, 66), (None, 2, 30)]),
    ]
    with sqlite3.connect(db_path) as conn:
        for table_id, guild, options, seats, results in tables:
            conn.execute(
                "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, "
                "seed, max_seats, state, version, created_at, updated_at) "
                "VALUES (?, 'runarch', ?, ?, ?, 'finished', ?, 'en', 4, ?, '{}', 2, 0, 0)",
                (table_id, guild, 100 + table_id, seats[0][0], options, len(seats)),
            )
            conn.executemany(
                "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, 0)",
                [(table_id, seat, user, name) for seat, (user, name) in enumerate(seats)],
            )
            conn.executemany(
                "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at) "
                "VALUES (?, ?, ?, 'runarch', ?, ?, ?, ?)",
                [
                    (table_id, seat, u, guild, p, sc, 10.0 * table_id)
                    for seat, (u, p, sc) in enumerate(results)
                ],
            )
    monkeypatch.undo()
    async with Store(str(db_path)) as store:
        variants = [r.variant for t in (1, 2) for r in await store.results(t)]
        solo = await store.results(3)
        board = await store.board(BoardKey("runarch", guild_id=1))
        hard = await store.board(BoardKey("runarch", "simple", level="hard"))
    assert variants == ["complex", "complex", "simple", "simple"]
    assert [r.level for r in solo] == ["hard", "hard"]
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 2])
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    got = {e.user_id: (e.value, e.name) for e in board.entries}
    assert got[A] == (pytest.approx(1000 + 40 * a.ordinal()), "Ann")
    assert got[B] == (pytest.approx(1000 + 40 * b.ordinal()), "Ben")
    assert [(e.user_id, e.value, e.name) for e in hard.entries] == [(C, 66, "Cid")]
