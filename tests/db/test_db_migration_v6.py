"""Schema 6: the record of interactions that took effect, kept when an undo removes a move.

A file from schema 5 comes out with every interaction its moves carried already recorded, so
a move Discord delivers again after the upgrade and an undo is still recognised."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import DuplicateInteraction, NewMove, Store, migrations
from tests.db.db_support import HOST


async def test_a_schema_5_file_keeps_its_moves_interactions_through_the_upgrade(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        m.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:5])
        async with Store(str(db_path)):
            pass
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, parent_id, host_id, status, options, "
            "locale, seed, max_seats, state, version, created_at, updated_at) "
            "VALUES (1, 'runarch', 1, 10, 5, ?, 'active', '{}', 'en', 1, 2, '{\"n\":2}', 3, 0, 0)",
            (HOST,),
        )
        conn.execute(
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (1, 0, ?, 'host', 0)",
            (HOST,),
        )
        conn.executemany(
            "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at) "
            "VALUES (1, ?, 0, ?, ?, ?, 50)",
            [(0, HOST, "a", 41), (1, None, "b", None)],
        )
    async with Store(str(db_path)) as store:
        assert await store.interaction_seen(41)
        row = await store.take_back(1, expected_version=3, keep=0, state={"n": 0}, awaited=[0])
        with pytest.raises(DuplicateInteraction):
            await store.commit_moves(
                1, expected_version=row.version, moves=[NewMove(0, "a", HOST)], state={}, interaction_id=41
            )
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT interaction_id, table_id, kind FROM interactions").fetchall() == [
            (41, 1, "move")
        ]
