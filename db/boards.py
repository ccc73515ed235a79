"""Read side of the standings: leaderboard pages, a player's summary and their recent games.

A board is a sorted slice of ``ratings`` (or ``solo_records``) read through an index, so a
page costs the same with a hundred stored results or a hundred thousand. A server board is
the same rows joined to the players who finished a game on that server; the global board
leaves out players who opted out. Places follow the board's order (value, then user id),
so two players with the same rating still get distinct, stable places.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from db.models import ResultRow
from db.tx import Row, Tx

RESULT_COLUMNS = (
    "table_id, seat, user_id, game, guild_id, place, score, finished_at, variant, level, bot_level"
)
PER_PAGE = 10


def result_row(r: Row) -> ResultRow:
    return ResultRow(
        r["table_id"],
        r["seat"],
        r["user_id"],
        r["game"],
        r["guild_id"],
        r["place"],
        r["score"],
        r["finished_at"],
        r["variant"],
        r["level"],
        r["bot_level"],
    )


@dataclass(frozen=True, slots=True)
class BoardKey:
    """Which board: a game's rated pool (``variant`` ``""`` = all variants) or, with ``level``, a
    solo board; on one server (``guild_id``) or across all servers (``None``)."""

    game: str
    variant: str = ""
    level: str | None = None
    guild_id: int | None = None

    @property
    def solo(self) -> bool:
        return self.level is not None


@dataclass(frozen=True, slots=True)
class BestGame:
    """A solo player's best game as the board shows it: won or lost, against what score."""

    won: bool
    automa: int | None
    """The automa's score in that game (``None`` if the game stored none)."""
    figures: Mapping[str, int] = field(default_factory=dict)
    """The game's own figures (MarsBot: the generation it ended in)."""


@dataclass(frozen=True, slots=True)
class BoardEntry:
    place: int
    user_id: int
    name: str | None
    value: float
    """The rating on a rated board, the best score on a solo board."""
    games: int
    wins: int
    best_game: BestGame | None = None
    """On a solo board, the game that set the best score."""


@dataclass(frozen=True, slots=True)
class BoardPage:
    key: BoardKey
    page: int
    """0-based, already clamped to the board's last page."""
    total: int
    entries: list[BoardEntry]
    caller: BoardEntry | None
    """The asker's own entry wherever it is on the board; ``None`` if they are not on it."""
    caller_hidden: bool = False
    """The asker has an entry but opted out of global boards."""
    per_page: int = PER_PAGE

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


@dataclass(frozen=True, slots=True)
class _Source:
    """The SQL of one board: its rows (``frm``, ``where`` with ``params``) and its order."""

    frm: str
    where: str
    params: list[object]
    value: str
    extra: str = ""
    """More columns of an entry (a solo board's best game) and the join they need."""
    join: str = ""

    @property
    def order(self) -> str:
        return f"{self.value} DESC, r.user_id"


_BEST_GAME = (
    ", b.place AS best_place, b.figures AS best_figures, "
    "(SELECT MAX(a.score) FROM results a WHERE a.table_id = r.best_table AND a.user_id IS NULL) AS automa"
)
_BEST_JOIN = "LEFT JOIN results b ON b.table_id = r.best_table AND b.user_id = r.user_id"


def _source(key: BoardKey) -> _Source:
    if key.solo:
        table, value = "solo_records", "r.best"
        where, params = "r.game = ? AND r.variant = ? AND r.level = ?", [key.game, key.variant, key.level]
        extra, join = _BEST_GAME, _BEST_JOIN
    else:
        table, value = "ratings", "r.rating"
        where, params = "r.game = ? AND r.variant = ?", [key.game, key.variant]
        extra = join = ""
    if key.guild_id is None:
        return _Source(f"{table} r", f"{where} AND r.listed = 1", params, value, extra, join)
    # CROSS JOIN keeps the server's players as the outer loop: a server board then costs its
    # members' primary-key lookups, however many players the bot has elsewhere.
    frm = f"guild_players g CROSS JOIN {table} r ON r.user_id = g.user_id"
    return _Source(frm, f"g.guild_id = ? AND {where}", [key.guild_id, *params], value, extra, join)


def _best_game(row: Row) -> BestGame | None:
    """The best game of a solo board's row; ``None`` on a rated board or if it is not known."""
    keys = row.keys()
    if "best_place" not in keys or row["best_place"] is None:
        return None
    figures = json.loads(row["best_figures"]) if row["best_figures"] else {}
    return BestGame(row["best_place"] == 1, row["automa"], figures)


_NAMES = "LEFT JOIN players p ON p.user_id = r.user_id"


async def board_page(
    tx: Tx, key: BoardKey, page: int, caller_id: int | None, per_page: int = PER_PAGE
) -> BoardPage:
    """One page of a board (clamped to its range) and where the caller stands on it."""
    src = _source(key)
    (count,) = await tx.fetchall(f"SELECT COUNT(*) AS n FROM {src.frm} WHERE {src.where}", src.params)
    total: int = count["n"]
    page = max(0, min(page, math.ceil(total / per_page) - 1))
    rows = await tx.fetchall(
        f"SELECT r.user_id, {src.value} AS value, r.games, r.wins, p.name{src.extra} FROM {src.frm} "
        f"{_NAMES} {src.join} WHERE {src.where} ORDER BY {src.order} LIMIT ? OFFSET ?",
        [*src.params, per_page, page * per_page],
    )
    entries = [
        BoardEntry(
            page * per_page + i + 1, r["user_id"], r["name"], r["value"], r["games"], r["wins"], _best_game(r)
        )
        for i, r in enumerate(rows)
    ]
    caller, hidden = (None, False) if caller_id is None else await _caller(tx, key, src, caller_id)
    return BoardPage(key, page, total, entries, caller, hidden, per_page)


async def _caller(tx: Tx, key: BoardKey, src: _Source, user_id: int) -> tuple[BoardEntry | None, bool]:
    """The user's entry and place on the board, or whether they hid it from this (global) board."""
    mine = list(
        await tx.fetchall(
            f"SELECT {src.value} AS value, r.games, r.wins, p.name{src.extra} FROM {src.frm} {_NAMES} "
            f"{src.join} WHERE {src.where} AND r.user_id = ?",
            [*src.params, user_id],
        )
    )
    if not mine:
        return None, key.guild_id is None and await _has_entry(tx, key, user_id)
    me = mine[0]
    (ahead,) = await tx.fetchall(
        f"SELECT COUNT(*) AS n FROM {src.frm} WHERE {src.where} "
        f"AND ({src.value} > ? OR ({src.value} = ? AND r.user_id < ?))",
        [*src.params, me["value"], me["value"], user_id],
    )
    entry = BoardEntry(
        ahead["n"] + 1, user_id, me["name"], me["value"], me["games"], me["wins"], _best_game(me)
    )
    return entry, False


async def _has_entry(tx: Tx, key: BoardKey, user_id: int) -> bool:
    if key.solo:
        sql = "SELECT 1 FROM solo_records WHERE game = ? AND variant = ? AND level = ? AND user_id = ?"
        params: list[object] = [key.game, key.variant, key.level, user_id]
    else:
        sql = "SELECT 1 FROM ratings WHERE game = ? AND variant = ? AND user_id = ?"
        params = [key.game, key.variant, user_id]
    return bool(list(await tx.fetchall(sql, params)))


# ------------------------------------------------------------------------- players


@dataclass(frozen=True, slots=True)
class GameLine:
    """A player's count for one game, variant and (solo) automa level."""

    game: str
    variant: str
    level: str | None
    games: int
    wins: int
    best: int


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    user_id: int
    name: str | None
    lines: list[GameLine]
    ratings: dict[tuple[str, str], tuple[float, int, int]]
    """(game, variant) -> (rating, games, wins); variant ``""`` is the whole game."""
    places: list[int] = field(default_factory=list)
    """The player's place in every finished game, oldest first."""

    @property
    def games(self) -> int:
        return sum(line.games for line in self.lines)

    @property
    def wins(self) -> int:
        return sum(line.wins for line in self.lines)

    @property
    def longest_streak(self) -> int:
        return longest_streak(self.places)

    def favourite(self) -> str | None:
        """The game played most (ties: the one listed first, i.e. alphabetically)."""
        totals: dict[str, int] = {}
        for line in self.lines:
            totals[line.game] = totals.get(line.game, 0) + line.games
        return max(totals, key=lambda g: totals[g]) if totals else None


def longest_streak(places: Sequence[int]) -> int:
    """The longest run of wins (first places) in a row."""
    best = run = 0
    for place in places:
        run = run + 1 if place == 1 else 0
        best = max(best, run)
    return best


async def player_summary(tx: Tx, user_id: int) -> PlayerSummary | None:
    """What ``/stats`` shows; ``None`` for someone who never finished a game."""
    places = [
        r["place"]
        for r in await tx.fetchall(
            "SELECT place FROM results WHERE user_id = ? ORDER BY finished_at, table_id", (user_id,)
        )
    ]
    if not places:
        return None
    lines = [
        GameLine(r["game"], r["variant"], r["level"], r["games"], r["wins"] or 0, r["best"])
        for r in await tx.fetchall(
            "SELECT game, variant, level, COUNT(*) AS games, "
            "SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS wins, MAX(score) AS best "
            "FROM results WHERE user_id = ? GROUP BY game, variant, level ORDER BY game, level IS NOT NULL, "
            "variant, level",
            (user_id,),
        )
    ]
    ratings = {
        (r["game"], r["variant"]): (r["rating"], r["games"], r["wins"])
        for r in await tx.fetchall(
            "SELECT game, variant, rating, games, wins FROM ratings WHERE user_id = ?", (user_id,)
        )
    }
    names = list(await tx.fetchall("SELECT name FROM players WHERE user_id = ?", (user_id,)))
    return PlayerSummary(user_id, names[0]["name"] if names else None, lines, ratings, places)


async def rating_history(tx: Tx, user_id: int, game: str, variant: str = "") -> list[float]:
    """The shown rating after each rated game of one pool, oldest first (the /stats chart)."""
    rows = await tx.fetchall(
        "SELECT rating FROM rating_changes WHERE user_id = ? AND game = ? AND variant = ? "
        "ORDER BY finished_at, table_id",
        (user_id, game, variant),
    )
    return [r["rating"] for r in rows]


# ------------------------------------------------------------------------- history


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    user_id: int | None
    name: str | None
    place: int
    score: int
    bot_level: str | None = None
    """A bot player's level (``name`` is then its number among the table's bots)."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    table_id: int
    game: str
    variant: str
    level: str | None
    guild_id: int | None
    channel_id: int
    finished_at: float
    end_reason: str | None
    standings: list[Standing]


async def recent_games(tx: Tx, user_id: int, limit: int = 10) -> list[FinishedGame]:
    """The user's last finished games, newest first, each with every seat's result."""
    ids = [
        r["table_id"]
        for r in await tx.fetchall(
            "SELECT table_id FROM results WHERE user_id = ? ORDER BY finished_at DESC, table_id DESC LIMIT ?",
            (user_id, limit),
        )
    ]
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    rows = await tx.fetchall(
        "SELECT r.table_id, r.seat, r.user_id, r.game, r.place, r.score, r.finished_at, r.variant, r.level, "
        "t.guild_id, t.channel_id, t.end_reason, s.name, s.bot_level FROM results r "
        "JOIN game_tables t ON t.id = r.table_id "
        "LEFT JOIN seats s ON s.table_id = r.table_id AND s.seat = r.seat "
        f"WHERE r.table_id IN ({marks}) ORDER BY r.place, r.seat",
        ids,
    )
    games: dict[int, FinishedGame] = {}
    for r in rows:
        game = games.get(r["table_id"])
        if game is None:
            game = games[r["table_id"]] = FinishedGame(
                r["table_id"],
                r["game"],
                r["variant"],
                r["level"],
                r["guild_id"],
                r["channel_id"],
                r["finished_at"],
                r["end_reason"],
                [],
            )
        game.standings.append(
            Standing(r["seat"], r["user_id"], r["name"], r["place"], r["score"], r["bot_level"])
        )
    return [games[i] for i in ids if i in games]
