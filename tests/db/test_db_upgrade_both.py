"""The migrations' data work gives the same rows on both databases.

A database at schema 2 (before ratings, bot players, interactions) gets the same rows on SQLite
and on PostgreSQL: a finished server game with a variant, a solo game against the automa, a
lobby with a seat. Then the store opens it at the newest schema: every data statement of the
later migrations runs (the variant and level read from the options' JSON, the seats rebuilt,
players and server members filled in, the interactions copied from the moves) and the store
rebuilds the standings of a file from before ratings. Every row of every table must then be
the same on both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from db import Store, migrations
from db.pg_dialect import IMPLICIT_ROWID
from tests.pg_support import Databases

TABLE = "INSERT INTO game_tables (game, guild_id, channel_id, parent_id, host_id, status, options, locale, "
TABLE += "seed, "
SEAT = "INSERT INTO seats (table_id, seat, user_id, name, joined_at"
MOVE = "INSERT INTO moves (table_id, ply, seat, user_id, notation, interaction_id, created_at"
RESULT = "INSERT INTO results (table_id, seat, user_id, game, guild_id, place, score, finished_at) VALUES "
V2_ROWS = [
    TABLE + "max_seats, state, version, created_at, updated_at) VALUES "
    "('runarch', 9, 100, 50, 11, 'finished', '{\"variant\": \"complex\"}', 'en', 3, 2, '{}', 4, 10.0, 20.5)",
    TABLE + "max_seats, state, version, created_at, updated_at) VALUES "
    "('runarch', NULL, 200, NULL, 12, 'finished', '{\"difficulty\": \"hard\"}', 'cs', 5, 1, '{}', 3, 30, 40)",
    TABLE + "max_seats, created_at, updated_at) VALUES "
    "('runarch', 9, 300, 50, 13, 'lobby', '{}', 'en', 7, 2, 50, 50)",
    SEAT + ", timeouts) VALUES (1, 0, 11, 'ann', 10, 1)",
    SEAT + ") VALUES (1, 1, 14, 'ben', 11)",
    SEAT + ") VALUES (2, 0, 12, 'cid', 30)",
    SEAT + ", awaited_since, remind_at, deadline) VALUES (3, 0, 13, 'dan', 50, 50, 90, 120)",
    MOVE + ") VALUES (1, 0, 0, 11, 'swap A1 B1', 5001, 12)",
    MOVE + ") VALUES (1, 1, 1, 14, 'resign', 5002, 20.5)",
    MOVE + ", source) VALUES (2, 0, 1, NULL, 'end', NULL, 35, 'automa')",
    RESULT + "(1, 0, 11, 'runarch', 9, 1, 31, 20.5)",
    RESULT + "(1, 1, 14, 'runarch', 9, 2, 12, 20.5)",
    RESULT + "(2, 0, 12, 'runarch', NULL, 1, 40, 40)",
    RESULT + "(2, 1, NULL, 'runarch', NULL, 2, 33, 40)",
    "INSERT INTO players (user_id, dm_reminders, locale, updated_at) VALUES (12, 1, 'cs', 41)",
]


async def _upgraded(target: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of ``target`` after it was filled at schema 2 and opened at the newest."""
    with monkeypatch.context() as old:
        old.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:2])
        async with Store(target) as store, store._write() as db:
            for sql in V2_ROWS:
                await db.execute(sql)
    async with Store(target) as store, store._read() as db:
        names = ("game_tables", "seats", "moves", "results", "players", "ratings", "rating_changes",
                 "solo_records", "guild_players", "invites", "interactions")  # fmt: skip
        rows: dict[str, list[tuple[Any, ...]]] = {}
        for name in names:
            found = await db.execute_fetchall(f"SELECT * FROM {name}")
            hidden = {"rowid"} if name in IMPLICIT_ROWID else set()  # SQLite's rowid is no column of *
            own = [k for k in (found[0].keys() if found else ()) if k not in hidden]
            rows[name] = sorted((tuple((k, r[k]) for k in own) for r in found), key=repr)
        return rows


async def test_an_old_database_upgrades_to_the_same_rows_on_both(
    tmp_path: Path, pg_databases: Databases, monkeypatch: pytest.MonkeyPatch
) -> None:
    lite = await _upgraded(str(tmp_path / "old.sqlite3"), monkeypatch)
    pg = await _upgraded(pg_databases.empty(), monkeypatch)
    assert lite["ratings"] and lite["solo_records"] and lite["interactions"]  # the data work ran
    assert {r[:2] for r in lite["results"]} >= {(("table_id", 1), ("seat", 0))}
    for name, rows in lite.items():
        assert pg[name] == rows, name
