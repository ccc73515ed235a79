"""A solo board shows each player's best game: won or lost, the automa's score, the game's figures."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import Store, migrations
from db.boards import BestGame, BoardKey
from tests.db.db_support import FakeClock
from tests.db.test_db_standings import Games

A, B, C = 11, 12, 13
NORMAL = BoardKey("runarch", "simple", level="normal")


@pytest.fixture
def games(store: Store, clock: FakeClock) -> Games:
    return Games(store, clock)


async def test_the_board_shows_the_game_that_set_the_best_score(games: Games, store: Store) -> None:
    await games.solo(A, won=True, score=70, automa=50, figures={"generation": 14})
    await games.solo(A, won=False, score=85, automa=90, figures={"generation": 16})
    page = await store.board(NORMAL, caller_id=A)
    (entry,) = page.entries
    assert (entry.value, entry.games, entry.wins) == (85, 2, 1)
    assert entry.best_game == BestGame(won=False, automa=90, figures={"generation": 16})
    assert page.caller is not None and page.caller.best_game == entry.best_game

    # The same score again does not replace the game that reached it first; a higher one does.
    await games.solo(A, won=True, score=85, automa=60, figures={"generation": 12})
    assert (await store.board(NORMAL)).entries[0].best_game == entry.best_game
    await games.solo(A, won=True, score=95, automa=71, figures={"generation": 13})
    (best,) = (await store.board(NORMAL)).entries
    assert (best.value, best.games, best.wins) == (95, 4, 3)
    assert best.best_game == BestGame(won=True, automa=71, figures={"generation": 13})


async def test_each_level_and_player_has_their_own_best_game_and_rated_boards_none(
    games: Games, store: Store
) -> None:
    await games.solo(A, won=True, score=60, automa=40)
    await games.solo(A, won=False, score=30, automa=80, level="hard")
    await games.solo(B, won=True, score=75, automa=70)
    await games.finish([A, B], [1, 2])
    normal = await store.board(NORMAL)
    assert [(e.user_id, e.best_game) for e in normal.entries] == [
        (B, BestGame(True, 70)),
        (A, BestGame(True, 40)),
    ]
    hard = await store.board(BoardKey("runarch", "simple", level="hard"))
    assert [(e.user_id, e.best_game) for e in hard.entries] == [(A, BestGame(False, 80))]
    server = await store.board(BoardKey("runarch", "simple", level="normal", guild_id=1))
    assert [(e.user_id, e.best_game) for e in server.entries] == [
        (e.user_id, e.best_game) for e in normal.entries
    ]
    rated = await store.board(BoardKey("runarch"))
    assert rated.entries and all(e.best_game is None for e in rated.entries)


async def test_a_rebuild_keeps_the_same_best_games(games: Games, store: Store) -> None:
    await games.solo(A, won=True, score=70, automa=50, figures={"generation": 14})
    await games.solo(A, won=False, score=70, automa=75, figures={"generation": 20})
    await games.solo(C, won=False, score=55, automa=61, figures={"generation": 15})
    before = [(e.user_id, e.value, e.best_game) for e in (await store.board(NORMAL)).entries]
    assert await store.rebuild_standings() == 3
    assert [(e.user_id, e.value, e.best_game) for e in (await store.board(NORMAL)).entries] == before
    assert before[0] == (A, 70, BestGame(True, 50, {"generation": 14}))


async def test_a_version_4_file_learns_its_best_games(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:4])
    async with Store(str(db_path)):
        pass  # a version-4 file, its rows written the way version-4 code wrote them
    solo = [(3, 66, 30, 1), (4, 50, 70, 2), (5, 66, 20, 1)]  # table, C's score, automa's, C's place
    with sqlite3.connect(db_path) as conn:
        for table_id, score, automa, place in solo:
            conn.execute(
                "INSERT INTO game_tables (id, game, guild_id, channel_id, host_id, status, options, locale, "
                "seed, max_seats, state, version, created_at, updated_at) VALUES "
                '(?, \'runarch\', NULL, ?, ?, \'finished\', \'{"variant": "simple", "difficulty": "hard"}\', '
                "'en', 4, 1, '{}', 2, 0, 0)",
                (table_id, 100 + table_id, C),
            )
            conn.executemany(
                "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at, "
                "variant, level) VALUES (?, ?, ?, 'runarch', NULL, ?, ?, ?, 'simple', 'hard')",
                [
                    (table_id, 0, C, place, score, 10.0 * table_id),
                    (table_id, 1, None, 3 - place, automa, 10.0 * table_id),
                ],
            )
        conn.execute(
            "INSERT INTO solo_records (game, variant, level, user_id, games, wins, best, updated_at) "
            "VALUES ('runarch', 'simple', 'hard', ?, 3, 2, 66, 50.0)",
            (C,),
        )
    monkeypatch.undo()
    async with Store(str(db_path)) as store:
        hard = await store.board(BoardKey("runarch", "simple", level="hard"))
    assert [(e.user_id, e.value, e.games, e.best_game) for e in hard.entries] == [
        (C, 66, 3, BestGame(won=True, automa=30))  # the first game with 66, not the later one
    ]
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM results WHERE figures IS NOT NULL").fetchone() == (0,)
