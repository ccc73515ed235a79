"""Schema migrations, tracked by ``PRAGMA user_version`` (SQLite's; PostgreSQL gets its own).

``MIGRATIONS[i]`` brings the schema from version ``i`` to ``i + 1``. To change the schema,
append a script; never edit one that has shipped, because old files already ran it.
An upgrade runs in one transaction: every pending migration, the bump of ``user_version``
and the data work that follows (the store rebuilds the standings of a file from before
ratings) commit together, so a failure, or a kill at any point, leaves the file exactly at
its previous version, and the next start upgrades it again from there.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Iterator

from db.errors import SchemaTooNew
from db.tx import Tx

_V1 = """
CREATE TABLE game_tables (
    id               INTEGER PRIMARY KEY,
    game             TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    parent_id        INTEGER,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options          TEXT    NOT NULL,
    locale           TEXT    NOT NULL,
    seed             INTEGER NOT NULL,
    max_seats        INTEGER NOT NULL CHECK (max_seats >= 1),
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    lobby_message_id INTEGER,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

-- One open game per channel (thread or DM); finished and cancelled tables do not count.
CREATE UNIQUE INDEX game_tables_open_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'active');
-- The scheduler will look for active tables idle since some time.
CREATE INDEX game_tables_status_updated ON game_tables (status, updated_at);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE moves (
    id             INTEGER PRIMARY KEY,
    table_id       INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL CHECK (ply >= 0),
    seat           INTEGER NOT NULL,
    user_id        INTEGER,
    notation       TEXT    NOT NULL,
    interaction_id INTEGER UNIQUE,
    created_at     REAL    NOT NULL,
    UNIQUE (table_id, ply)
);

CREATE TABLE results (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    game        TEXT    NOT NULL,
    guild_id    INTEGER,
    place       INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
-- Leaderboards: per game and server, per game globally, and one user's history.
CREATE INDEX results_game_guild_user ON results (game, guild_id, user_id);
CREATE INDEX results_game_user ON results (game, user_id);
CREATE INDEX results_user ON results (user_id);
"""

_V2 = """
-- Per-table clock settings (seconds; NULL = none, as at a solo table) and why a table ended
-- other than by play ('abandoned' tables are unrated; 'timeout', 'kicked', 'left' are not).
ALTER TABLE game_tables ADD COLUMN remind_after REAL;
ALTER TABLE game_tables ADD COLUMN time_limit REAL;
ALTER TABLE game_tables ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'auto'
    CHECK (on_timeout IN ('auto', 'remove'));
ALTER TABLE game_tables ADD COLUMN end_reason TEXT;
UPDATE game_tables SET remind_after = 43200, time_limit = 259200 WHERE max_seats > 1;

-- A seat's clock: awaited since when, the instant its periods count from (moved by
-- vacations), and the next reminder and deadline. remind_at is cleared once the reminder
-- went out, so the periodic check finds each due instant by an index range scan.
ALTER TABLE seats ADD COLUMN awaited_since REAL;
ALTER TABLE seats ADD COLUMN clock_start REAL;
ALTER TABLE seats ADD COLUMN remind_at REAL;
ALTER TABLE seats ADD COLUMN deadline REAL;
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX seats_remind_at ON seats (remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX seats_deadline ON seats (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX seats_user_awaited ON seats (user_id) WHERE awaited_since IS NOT NULL;

-- Who made a move: the player, an automa, or the bot for an absent player.
ALTER TABLE moves ADD COLUMN source TEXT NOT NULL DEFAULT 'player';
UPDATE moves SET source = 'automa' WHERE user_id IS NULL;

-- Per-user preferences: reminder DMs (off unless asked for) and a vacation end.
CREATE TABLE players (
    user_id        INTEGER PRIMARY KEY,
    dm_reminders   INTEGER NOT NULL DEFAULT 0,
    locale         TEXT,
    vacation_until REAL,
    updated_at     REAL    NOT NULL
);
"""

_V3 = """
-- What splits the standings: the variant (RunArch's simple/complex; '' for a game without
-- variants) and, at a solo table, the automa's level. The display name a player had at the end.
-- Version-2 rows are filled from their table's options (RunArch was the only game then).
ALTER TABLE results ADD COLUMN variant TEXT NOT NULL DEFAULT '';
ALTER TABLE results ADD COLUMN level TEXT;
UPDATE results SET variant = COALESCE(
    (SELECT json_extract(t.options, '$.variant') FROM game_tables t WHERE t.id = results.table_id), '');
UPDATE results SET level = COALESCE(
    (SELECT json_extract(t.options, '$.difficulty') FROM game_tables t WHERE t.id = results.table_id),
    'normal')
    WHERE table_id IN (SELECT table_id FROM results WHERE user_id IS NULL);
CREATE INDEX results_user_finished ON results (user_id, finished_at);
-- /record finds the last table of a thread, open or not.
CREATE INDEX game_tables_channel ON game_tables (channel_id, id);

-- One rating per player and pool: the whole game (variant '') and each variant. ``rating``
-- is the number shown and sorted on; ``listed`` is 0 for players hidden from global boards.
CREATE TABLE ratings (
    game       TEXT    NOT NULL,
    variant    TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    rating     REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    listed     INTEGER NOT NULL DEFAULT 1,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (game, variant, user_id)
);
CREATE INDEX ratings_board ON ratings (game, variant, listed, rating DESC, user_id);
CREATE INDEX ratings_user ON ratings (user_id);

-- Every rated seat's rating after the game, per pool: the /stats chart.
CREATE TABLE rating_changes (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    variant     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (table_id, variant, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes (user_id, game, variant, finished_at);

-- Solo boards: per game, variant and automa level, a player's games, wins and best score.
CREATE TABLE solo_records (
    game       TEXT    NOT NULL,
    variant    TEXT    NOT NULL,
    level      TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    best       INTEGER NOT NULL,
    listed     INTEGER NOT NULL DEFAULT 1,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (game, variant, level, user_id)
);
CREATE INDEX solo_records_board ON solo_records (game, variant, level, listed, best DESC, user_id);
CREATE INDEX solo_records_user ON solo_records (user_id);

-- Who belongs on a server's boards: players who finished a game there (forgotten when they
-- leave the server, if the bot hears of it).
CREATE TABLE guild_players (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    since    REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX guild_players_user ON guild_players (user_id);
INSERT OR IGNORE INTO guild_players (guild_id, user_id, since)
    SELECT guild_id, user_id, MIN(finished_at) FROM results
    WHERE guild_id IS NOT NULL AND user_id IS NOT NULL GROUP BY guild_id, user_id;

-- The global boards opt-out and the last display name, for boards that cannot ask Discord.
ALTER TABLE players ADD COLUMN global_board INTEGER NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN name TEXT;
INSERT OR IGNORE INTO players (user_id, updated_at)
    SELECT DISTINCT user_id, 0 FROM results WHERE user_id IS NOT NULL;
UPDATE players SET name = (
    SELECT s.name FROM seats s JOIN results r ON r.table_id = s.table_id AND r.user_id = s.user_id
    WHERE s.user_id = players.user_id ORDER BY r.finished_at DESC LIMIT 1)
    WHERE name IS NULL;
"""

_V4 = """
-- Bot players: a seat the host filled in the lobby has no user (user_id NULL) and a level;
-- its name holds its number among the table's bots ('1', '2'), shown in the reader's language.
-- SQLite cannot drop NOT NULL in place, so seats is rebuilt keeping every row and index.
-- A bot never waits, so it never has a clock (the CHECK makes a mistake fail loudly).
CREATE TABLE seats_v4 (
    table_id      INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    user_id       INTEGER,
    name          TEXT    NOT NULL,
    joined_at     REAL    NOT NULL,
    awaited_since REAL,
    clock_start   REAL,
    remind_at     REAL,
    deadline      REAL,
    timeouts      INTEGER NOT NULL DEFAULT 0,
    bot_level     TEXT,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id),
    CHECK ((user_id IS NULL) = (bot_level IS NOT NULL)),
    CHECK (bot_level IS NULL OR (awaited_since IS NULL AND remind_at IS NULL AND deadline IS NULL))
);
INSERT INTO seats_v4 (table_id, seat, user_id, name, joined_at, awaited_since, clock_start, remind_at,
                      deadline, timeouts)
    SELECT table_id, seat, user_id, name, joined_at, awaited_since, clock_start, remind_at, deadline, timeouts
    FROM seats;
DROP TABLE seats;
ALTER TABLE seats_v4 RENAME TO seats;
CREATE INDEX seats_user ON seats (user_id);
CREATE INDEX seats_remind_at ON seats (remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX seats_deadline ON seats (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX seats_user_awaited ON seats (user_id) WHERE awaited_since IS NOT NULL;

-- Seats reserved in a lobby for invited people who have not joined yet.
CREATE TABLE invites (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    invited_at REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX invites_user ON invites (user_id);

-- A bot player's result (user_id NULL): a table with one is stored but never rated.
ALTER TABLE results ADD COLUMN bot_level TEXT;

-- One open table per thread on a server, but one per game in a DM (a solo RunArch game and a
-- MarsBot game side by side).
DROP INDEX game_tables_open_channel;
CREATE UNIQUE INDEX game_tables_open_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'active') AND guild_id IS NOT NULL;
CREATE UNIQUE INDEX game_tables_open_dm_game
    ON game_tables (channel_id, game) WHERE status IN ('lobby', 'active') AND guild_id IS NULL;
"""

_V5 = """
-- What a solo board shows of a player's best game. A result keeps the figures its game names
-- beside the scores (a JSON object of whole numbers such as {"generation": 14} for MarsBot;
-- NULL when there are none), and a solo record the table of its best game, where the automa's
-- score and the win or loss are read. Older records point at their first game with the best
-- score (what counting game by game keeps, as a rebuild would).
ALTER TABLE results ADD COLUMN figures TEXT;
ALTER TABLE solo_records ADD COLUMN best_table INTEGER;
UPDATE solo_records SET best_table = (
    SELECT r.table_id FROM results r
    WHERE r.user_id = solo_records.user_id AND r.game = solo_records.game
      AND r.variant = solo_records.variant AND COALESCE(r.level, '') = solo_records.level
      AND r.score = solo_records.best
      AND EXISTS (SELECT 1 FROM results a WHERE a.table_id = r.table_id AND a.user_id IS NULL)
    ORDER BY r.finished_at, r.table_id LIMIT 1);
"""

_V6 = """
-- Every interaction that took effect (a move or an undo), kept when an undo removes the move
-- that carried it, so an interaction Discord delivers again never takes effect a second time.
CREATE TABLE interactions (
    interaction_id INTEGER PRIMARY KEY,
    table_id       INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL CHECK (kind IN ('move', 'undo')),
    created_at     REAL    NOT NULL
);
INSERT INTO interactions (interaction_id, table_id, kind, created_at)
    SELECT interaction_id, table_id, 'move', created_at FROM moves WHERE interaction_id IS NOT NULL;
"""

_V7 = """
-- Catch-up and stand-in (one self-contained step). digest: the post that pings a player opens
-- with what the others did since their last turn (1) or not (0). standin_level: the level of the
-- game's bot that plays an absent player's turns at their limit or on vacation (NULL: the
-- table's on_timeout applies). A seat's standin_turns counts the turns the bot has played for
-- it since its player last acted; above 0 the bot holds the seat.
ALTER TABLE game_tables ADD COLUMN digest INTEGER NOT NULL DEFAULT 1;
ALTER TABLE game_tables ADD COLUMN standin_level TEXT;
ALTER TABLE seats ADD COLUMN standin_turns INTEGER NOT NULL DEFAULT 0;
"""

_V8 = """
-- Several processes share the timers: a process takes a due reminder or deadline with a lease
-- (these columns: until when it is that process's alone) and leaves the instant itself as it
-- is, so every display shows the real time limit while the bot acts on it. Acting on the
-- item moves or clears its instant, and writing a new instant ends its lease; a process that
-- dies holding one leaves it to be taken again when the lease ends. The partial indexes find
-- the earliest lease end (when a held item may be taken again) without a scan.
ALTER TABLE seats ADD COLUMN remind_claimed_until REAL;
ALTER TABLE seats ADD COLUMN deadline_claimed_until REAL;
CREATE INDEX seats_remind_claimed ON seats (remind_claimed_until)
    WHERE remind_claimed_until IS NOT NULL;
CREATE INDEX seats_deadline_claimed ON seats (deadline_claimed_until)
    WHERE deadline_claimed_until IS NOT NULL;
"""

_V9 = """
-- A player who left the server (left_at: when the bot heard of it; NULL while they are on it).
-- At a running table their seat is handled as timed out: each of their turns is due at once,
-- so the table's at-limit rule applies as soon as it comes. Cleared when they come back.
ALTER TABLE seats ADD COLUMN left_at REAL;
"""

_V10 = """
-- A table whose thread was deleted (thread_lost_at: when a post first found it gone; NULL while
-- its thread is there). Kept here rather than in one process's memory so that /games says so
-- after a restart and on every process, and the parent channel is told once: by the post that
-- sets it. Moving the table to a new thread clears it in the same statement.
ALTER TABLE game_tables ADD COLUMN thread_lost_at REAL;
"""

MIGRATIONS: list[str] = [_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10]
"""Ordered migration scripts; append only."""

RATED_SINCE = 3
"""The first schema with ratings: a file upgraded from an older one has its standings rebuilt."""


def split_statements(script: str) -> Iterator[str]:
    """Yield the complete statements of ``script`` one by one.

    ``executescript`` would COMMIT any open transaction first, which would break the
    "migration and version bump in one transaction" guarantee, so statements are run singly.
    ``sqlite3.complete_statement`` decides which semicolons end a statement (not those in
    string literals or inside a trigger body).
    """
    start = 0
    for i, ch in enumerate(script):
        if ch == ";" and sqlite3.complete_statement(script[start : i + 1]):
            if _has_code(script[start:i]):
                yield script[start : i + 1].strip()
            start = i + 1
    if _has_code(script[start:]):
        yield script[start:].strip()  # a last statement without its semicolon


def _has_code(text: str) -> bool:
    return any(line.split("--", 1)[0].strip() for line in text.splitlines())


async def schema_version(tx: Tx) -> int:
    """The ``user_version`` of the open database (0 for a new file)."""
    row = await tx.fetchone("PRAGMA user_version")
    assert row is not None
    return int(row[0])


def too_new(version: int, known: int) -> str:
    """The problem of a file from a newer version of the bot, said to whoever started it."""
    return f"was written by a newer version of the bot (schema {version}; this version knows {known})"


AfterUpgrade = Callable[[Tx, int], Awaitable[object]]
"""Data work that belongs to an upgrade: called with the transaction and the old version."""


async def migrate(tx: Tx, *, then: AfterUpgrade | None = None) -> int:
    """Apply the migrations the file has not seen yet; return the resulting version.

    A store operation: it runs inside one write transaction (``BEGIN IMMEDIATE``), so the
    version is read under the write lock and two processes opening an old file at once upgrade
    it once, and a failure leaves the file exactly as it was. ``then(tx, old_version)`` runs
    after the scripts in the same transaction, only when something was applied. The list is
    read at call time so tests can append a migration with ``monkeypatch``.
    """
    migrations = MIGRATIONS
    known = len(migrations)
    current = await schema_version(tx)
    if current > known:
        raise SchemaTooNew(await _file_of(tx), too_new(current, known))
    for target in range(current + 1, known + 1):
        for stmt in split_statements(migrations[target - 1]):
            await tx.execute(stmt)
        # user_version is part of the database header, hence transactional.
        await tx.execute(f"PRAGMA user_version = {int(target)}")
    if then is not None and current < known:
        await then(tx, current)
    return known


async def _file_of(tx: Tx) -> str:
    rows = await tx.fetchall("PRAGMA database_list")
    return next((str(r[2]) for r in rows if r[1] == "main"), "") or ":memory:"
