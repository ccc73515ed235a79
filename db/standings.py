"""Standings kept up to date inside the transaction that stores a game's results.

A finished table between people updates one rating per player in two pools: the whole game
(variant ``""``) and its variant. A solo table (an automa has a result without a user) updates
the solo record of its game, variant and automa level instead. A table with a bot player (a
result with a ``bot_level``) is stored but counts in neither. Doing this in the results'
transaction means a game is counted exactly once; :func:`rebuild` recomputes everything from
the results table in the order the games finished, with the same counting function
(:func:`count_table`), so both give the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from db import rating
from db.models import NewResult
from db.tx import Tx

RatingKey = tuple[str, str, int]
"""(game, variant, user_id)"""
SoloKey = tuple[str, str, str, int]
"""(game, variant, level, user_id)"""


@dataclass(slots=True)
class Tally:
    """A player's rating in one pool and the games behind it."""

    skill: rating.Skill = field(default_factory=rating.Skill)
    games: int = 0
    wins: int = 0


@dataclass(slots=True)
class SoloTally:
    games: int = 0
    wins: int = 0
    best: int = 0
    best_table: int | None = None
    """The table of the first game that reached ``best`` (the solo board shows that game)."""


@dataclass(slots=True)
class Counted:
    """What one table changed: the rating pools touched (with their new values) and solo records."""

    ratings: dict[RatingKey, Tally] = field(default_factory=dict)
    solo: dict[SoloKey, SoloTally] = field(default_factory=dict)


def rating_keys(game: str, results: Sequence[NewResult]) -> list[RatingKey]:
    """The pools a table between people rates; none for a solo table, a lone player or a table
    with a bot player."""
    people = [r for r in results if r.user_id is not None]
    if len(people) < len(results) or len(people) < 2:
        return []
    pools = dict.fromkeys(["", results[0].variant])  # ordered, without a duplicate ""
    return [(game, variant, r.user_id) for variant in pools for r in people if r.user_id is not None]


def with_bots(results: Sequence[NewResult]) -> bool:
    """Whether a bot player sat at the table: then it is stored but unrated and off the solo boards."""
    return any(r.bot_level is not None for r in results)


def count_table(
    table_id: int,
    game: str,
    results: Sequence[NewResult],
    ratings: dict[RatingKey, Tally],
    solo: dict[SoloKey, SoloTally],
) -> Counted:
    """Count one finished table into ``ratings`` and ``solo`` (updated in place); return what changed.

    ``ratings`` must hold the current tally of every key of :func:`rating_keys` that exists.
    """
    counted = Counted()
    if with_bots(results):
        return counted
    people = [r for r in results if r.user_id is not None]
    if len(people) < len(results):
        for r in people:
            assert r.user_id is not None
            key = (game, r.variant, r.level or "", r.user_id)
            tally = solo.setdefault(key, SoloTally(best=r.score))
            if tally.best_table is None or r.score > tally.best:
                tally.best, tally.best_table = r.score, table_id
            tally.games += 1
            tally.wins += r.place == 1
            counted.solo[key] = tally
        return counted
    keys = rating_keys(game, results)
    for variant in dict.fromkeys(k[1] for k in keys):
        pool = [(game, variant, r.user_id) for r in people if r.user_id is not None]
        tallies = [ratings.setdefault(k, Tally()) for k in pool]
        after = rating.rate([t.skill for t in tallies], [r.place for r in people])
        for key, tally, skill, r in zip(pool, tallies, after, people, strict=True):
            tally.skill = skill
            tally.games += 1
            tally.wins += r.place == 1
            counted.ratings[key] = tally
    return counted


async def record(
    tx: Tx,
    *,
    table_id: int,
    game: str,
    guild_id: int | None,
    results: Sequence[NewResult],
    now: float,
) -> None:
    """Count the results of one finished table (names, server membership, ratings or solo record)."""
    await tx.execute(
        "INSERT INTO players (user_id, name, updated_at) "
        "SELECT user_id, name, ? FROM seats WHERE table_id = ? AND user_id IS NOT NULL "
        "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
        (now, table_id),
    )
    if guild_id is not None:  # a player who left the server meanwhile is not on its boards again
        gone = await tx.fetchall(
            "SELECT user_id FROM seats WHERE table_id = ? AND left_at IS NOT NULL", (table_id,)
        )
        left = {g["user_id"] for g in gone}
        await tx.executemany(
            "INSERT INTO guild_players (guild_id, user_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(guild_id, r.user_id, now) for r in results if r.user_id is not None and r.user_id not in left],
        )
    ratings: dict[RatingKey, Tally] = {}
    for key in rating_keys(game, results):
        rows = list(
            await tx.fetchall(
                "SELECT mu, sigma, games, wins FROM ratings WHERE game = ? AND variant = ? AND user_id = ?",
                key,
            )
        )
        if rows:
            r = rows[0]
            ratings[key] = Tally(rating.Skill(r["mu"], r["sigma"]), r["games"], r["wins"])
    solo = {
        key: SoloTally(r["games"], r["wins"], r["best"], r["best_table"])
        for key in _solo_keys(game, results)
        for r in await tx.fetchall(
            "SELECT games, wins, best, best_table FROM solo_records WHERE game = ? AND variant = ? "
            "AND level = ? "
            "AND user_id = ?",
            key,
        )
    }
    counted = count_table(table_id, game, results, ratings, solo)
    await _write(tx, counted, [(table_id, now, counted)], now)


def _solo_keys(game: str, results: Sequence[NewResult]) -> list[SoloKey]:
    if all(r.user_id is not None for r in results) or with_bots(results):
        return []
    return [(game, r.variant, r.level or "", r.user_id) for r in results if r.user_id is not None]


_UPSERT_RATING = (
    "INSERT INTO ratings (game, variant, user_id, mu, sigma, rating, games, wins, listed, updated_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, COALESCE((SELECT global_board FROM players WHERE user_id = ?), 1), ?) "
    "ON CONFLICT (game, variant, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
    "rating = excluded.rating, games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at"
)
_UPSERT_SOLO = (
    "INSERT INTO solo_records (game, variant, level, user_id, games, wins, best, best_table, listed, "
    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
    "COALESCE((SELECT global_board FROM players WHERE user_id = ?), 1), ?) "
    "ON CONFLICT (game, variant, level, user_id) DO UPDATE SET games = excluded.games, "
    "wins = excluded.wins, best = excluded.best, best_table = excluded.best_table, "
    "updated_at = excluded.updated_at"
)


async def _write(
    tx: Tx,
    final: Counted,
    changes: Sequence[tuple[int, float, Counted]],
    now: float,
) -> None:
    """Store the final tallies and, per table, the rating each player had after it (the charts)."""
    await tx.executemany(
        _UPSERT_RATING,
        [
            (*key, t.skill.mu, t.skill.sigma, t.skill.shown, t.games, t.wins, key[2], now)
            for key, t in final.ratings.items()
        ],
    )
    await tx.executemany(
        _UPSERT_SOLO,
        [(*key, t.games, t.wins, t.best, t.best_table, key[3], now) for key, t in final.solo.items()],
    )
    await tx.executemany(
        "INSERT INTO rating_changes (table_id, variant, user_id, game, mu, sigma, rating, finished_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (table_id, variant, user, game, skill.mu, skill.sigma, skill.shown, finished)
            for table_id, finished, counted in changes
            for (game, variant, user), skill in ((k, t.skill) for k, t in counted.ratings.items())
        ],
    )


async def rebuild(tx: Tx) -> int:
    """Recompute every rating and solo record from the results, in finishing order.

    Returns the number of tables counted. Everything is counted in memory and written at the
    end, so a rebuild of a big file is a few statements, not several per game. Server
    membership and names are left as they are (they do not depend on the order of games).
    """
    await tx.execute("DELETE FROM rating_changes")
    await tx.execute("DELETE FROM ratings")
    await tx.execute("DELETE FROM solo_records")
    rows = list(
        await tx.fetchall(
            "SELECT table_id, seat, user_id, game, place, score, finished_at, variant, level, bot_level "
            "FROM results ORDER BY finished_at, table_id, seat"
        )
    )
    final = Counted()
    changes: list[tuple[int, float, Counted]] = []
    batch: list[NewResult] = []
    for i, r in enumerate(rows):
        batch.append(
            NewResult(
                r["seat"], r["user_id"], r["place"], r["score"], r["variant"], r["level"], r["bot_level"]
            )
        )
        if i + 1 < len(rows) and rows[i + 1]["table_id"] == r["table_id"]:
            continue
        counted = count_table(r["table_id"], r["game"], batch, final.ratings, final.solo)
        # Snapshot the skills now: later games replace the tallies' skills (immutable values).
        changes.append((r["table_id"], r["finished_at"], _snapshot(counted)))
        batch = []
    await _write(tx, final, changes, changes[-1][1] if changes else 0.0)
    return len(changes)


def _snapshot(counted: Counted) -> Counted:
    return Counted({k: Tally(t.skill, t.games, t.wins) for k, t in counted.ratings.items()}, {})


async def set_listed(tx: Tx, user_id: int, listed: bool, now: float) -> None:
    """Show or hide a player on the global boards (their preference and every row of theirs)."""
    await tx.execute(
        "INSERT INTO players (user_id, global_board, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET global_board = excluded.global_board, "
        "updated_at = excluded.updated_at",
        (user_id, int(listed), now),
    )
    await tx.execute("UPDATE ratings SET listed = ? WHERE user_id = ?", (int(listed), user_id))
    await tx.execute("UPDATE solo_records SET listed = ? WHERE user_id = ?", (int(listed), user_id))
