"""Standings kept up to date inside the transaction that stores a game's results.

A finished table between people updates one rating per player in two pools: the whole game
(variant ``""``) and its variant. A solo table (an automa has a result without a user) updates
the solo record of its game, variant and automa level instead. Doing this in the results'
transaction means a game is counted exactly once; :func:`rebuild` recomputes everything from
the results table in the order the games finished, which gives the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from db import rating
from db.models import NewResult
from db.sql import run, run_many


async def record(
    conn: aiosqlite.Connection,
    *,
    table_id: int,
    game: str,
    guild_id: int | None,
    results: Sequence[NewResult],
    now: float,
) -> None:
    """Count the results of one finished table (names, server membership, ratings or solo record)."""
    people = [r for r in results if r.user_id is not None]
    await run(
        conn,
        "INSERT INTO players (user_id, name, updated_at) "
        "SELECT user_id, name, ? FROM seats WHERE table_id = ? AND true "
        "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
        (now, table_id),
    )
    if guild_id is not None:
        await run_many(
            conn,
            "INSERT OR IGNORE INTO guild_players (guild_id, user_id, since) VALUES (?, ?, ?)",
            [(guild_id, r.user_id, now) for r in people],
        )
    await _count(conn, table_id=table_id, game=game, results=results, now=now)


async def _count(
    conn: aiosqlite.Connection, *, table_id: int, game: str, results: Sequence[NewResult], now: float
) -> None:
    people = [r for r in results if r.user_id is not None]
    if len(people) < len(results):
        for r in people:
            await _solo(conn, game, r, now)
    elif len(people) >= 2:
        pools = dict.fromkeys(["", results[0].variant])  # ordered, without a duplicate ""
        for variant in pools:
            await _rate(conn, table_id, game, variant, people, now)


async def _solo(conn: aiosqlite.Connection, game: str, r: NewResult, now: float) -> None:
    await run(
        conn,
        "INSERT INTO solo_records (game, variant, level, user_id, games, wins, best, listed, updated_at) "
        "VALUES (?, ?, ?, ?, 1, ?, ?, "
        "COALESCE((SELECT global_board FROM players WHERE user_id = ?), 1), ?) "
        "ON CONFLICT (game, variant, level, user_id) DO UPDATE SET games = games + 1, "
        "wins = wins + excluded.wins, best = MAX(best, excluded.best), updated_at = excluded.updated_at",
        (game, r.variant, r.level or "", r.user_id, int(r.place == 1), r.score, r.user_id, now),
    )


async def _rate(
    conn: aiosqlite.Connection,
    table_id: int,
    game: str,
    variant: str,
    people: Sequence[NewResult],
    now: float,
) -> None:
    before = []
    for r in people:
        rows = list(
            await conn.execute_fetchall(
                "SELECT mu, sigma FROM ratings WHERE game = ? AND variant = ? AND user_id = ?",
                (game, variant, r.user_id),
            )
        )
        before.append(rating.Skill(rows[0]["mu"], rows[0]["sigma"]) if rows else rating.Skill())
    after = rating.rate(before, [r.place for r in people])
    for r, skill in zip(people, after, strict=True):
        await run(
            conn,
            "INSERT INTO ratings (game, variant, user_id, mu, sigma, rating, games, wins, listed, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, "
            "COALESCE((SELECT global_board FROM players WHERE user_id = ?), 1), ?) "
            "ON CONFLICT (game, variant, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "rating = excluded.rating, games = games + 1, wins = wins + excluded.wins, "
            "updated_at = excluded.updated_at",
            (game, variant, r.user_id, skill.mu, skill.sigma, skill.shown, int(r.place == 1), r.user_id, now),
        )
        await run(
            conn,
            "INSERT INTO rating_changes (table_id, variant, user_id, game, mu, sigma, rating, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, variant, r.user_id, game, skill.mu, skill.sigma, skill.shown, now),
        )


async def rebuild(conn: aiosqlite.Connection) -> int:
    """Recompute every rating and solo record from the results, in finishing order.

    Returns the number of tables counted. Server membership and names are left as they are
    (they are not derived from the order of games).
    """
    await run(conn, "DELETE FROM rating_changes")
    await run(conn, "DELETE FROM ratings")
    await run(conn, "DELETE FROM solo_records")
    rows = await conn.execute_fetchall(
        "SELECT table_id, seat, user_id, game, place, score, finished_at, variant, level FROM results "
        "ORDER BY finished_at, table_id, seat"
    )
    tables = 0
    batch: list[NewResult] = []
    current: tuple[int, str, float] | None = None
    for r in [*rows, None]:
        key = None if r is None else (r["table_id"], r["game"], r["finished_at"])
        if current is not None and key != current:
            await _count(conn, table_id=current[0], game=current[1], results=batch, now=current[2])
            tables += 1
            batch = []
        if r is None:
            break
        current = key
        batch.append(NewResult(r["seat"], r["user_id"], r["place"], r["score"], r["variant"], r["level"]))
    return tables


async def set_listed(conn: aiosqlite.Connection, user_id: int, listed: bool, now: float) -> None:
    """Show or hide a player on the global boards (their preference and every row of theirs)."""
    await run(
        conn,
        "INSERT INTO players (user_id, global_board, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET global_board = excluded.global_board, "
        "updated_at = excluded.updated_at",
        (user_id, int(listed), now),
    )
    await run(conn, "UPDATE ratings SET listed = ? WHERE user_id = ?", (int(listed), user_id))
    await run(conn, "UPDATE solo_records SET listed = ? WHERE user_id = ?", (int(listed), user_id))
