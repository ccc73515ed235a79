"""Seat clocks inside the store's transactions: who is awaited since when, and what is due.

Kept apart from ``store.py`` because it is one idea: a seat's reminder and deadline are
stored instants (indexed), recomputed only when the set of awaited seats changes or a
vacation moves them, so the periodic check is a range scan and never replays a game.

A process acting on a due instant holds it with a lease (``remind_claimed_until``,
``deadline_claimed_until``; :func:`claim`); the instant itself stays the real one. Every write
of a new instant (or its clearing) ends that instant's lease: the lease belongs to the instant
it was taken for.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from db.models import DueClock, NewMove
from db.tx import Row, Tx

_FREE_REMIND = "remind_claimed_until = NULL"
_FREE_DEADLINE = "deadline_claimed_until = NULL"
_CLEAR = (
    "awaited_since = NULL, clock_start = NULL, remind_at = NULL, deadline = NULL, "
    f"{_FREE_REMIND}, {_FREE_DEADLINE}"
)


async def vacation_until(tx: Tx, user_id: int) -> float | None:
    rows = list(await tx.fetchall("SELECT vacation_until FROM players WHERE user_id = ?", (user_id,)))
    return rows[0]["vacation_until"] if rows else None


def standin_runs(moves: Sequence[NewMove], seat: int) -> int:
    """How many turns of ``seat`` the stand-in bot played among ``moves``: runs of its moves
    for the seat, each begun by another seat's move (or the batch's start)."""
    runs, previous = 0, None
    for move in moves:
        if move.source == "standin" and move.seat == seat and previous != (seat, "standin"):
            runs += 1
        previous = (move.seat, move.source)
    return runs


async def update_standins(tx: Tx, table_id: int, moves: Sequence[NewMove]) -> None:
    """Count the turns the stand-in bot played; a person's own move gives their seat back."""
    for seat in sorted({m.seat for m in moves if m.source in ("standin", "player")}):
        if any(m.seat == seat and m.source == "player" for m in moves):
            sql, params = "standin_turns = 0", ()
        else:
            sql, params = "standin_turns = standin_turns + ?", (standin_runs(moves, seat),)
        await tx.execute(f"UPDATE seats SET {sql} WHERE table_id = ? AND seat = ?", (*params, table_id, seat))


async def stand_in_now(tx: Tx, user_id: int, now: float) -> None:
    """A vacation began: at tables with a stand-in, the bot plays the user's waiting turns at once."""
    await tx.execute(
        f"UPDATE seats SET deadline = ?, remind_at = NULL, {_FREE_REMIND}, {_FREE_DEADLINE} "
        "WHERE user_id = ? AND awaited_since IS NOT NULL AND deadline IS NOT NULL AND clock_start < ? "
        "AND table_id IN (SELECT id FROM game_tables WHERE standin_level IS NOT NULL)",
        (now, user_id, now + PAUSE / 2),  # not at a paused table (``shift_guild``)
    )


async def update_awaited(
    tx: Tx,
    table_id: int,
    awaited: Collection[int],
    moves: Sequence[NewMove],
    now: float,
    *,
    settings: Row | None = None,
) -> None:
    """Start the clocks of newly awaited seats, stop the others, count missed limits.

    A seat that stays awaited keeps its clock (time counts from when it became awaited),
    unless the bot just moved for it at its limit, or, at a table with a stand-in, its player
    moved after the limit before the bot took over (they are here): then a fresh period starts. A clock
    started during a vacation counts from the vacation's end, unless the table has a stand-in:
    then it is due at once, so the bot plays that turn. A bot player's seat never waits, so it
    never gets a clock, whatever ``awaited`` says. ``settings``: the table's ``remind_after``,
    ``time_limit`` and ``standin_level`` when the caller has read them already (one round trip
    fewer on PostgreSQL); a seat's player's vacation comes with the seat, and a count of missed
    limits that stays as it was is not written again, for the same reason.
    """
    await update_standins(tx, table_id, moves)
    if settings is None:
        (settings,) = await tx.fetchall(
            "SELECT remind_after, time_limit, standin_level FROM game_tables WHERE id = ?", (table_id,)
        )
    seats = await tx.fetchall(
        "SELECT s.seat, s.user_id, s.awaited_since, s.deadline, s.timeouts, s.left_at, p.vacation_until "
        "FROM seats s LEFT JOIN players p ON p.user_id = s.user_id "
        "WHERE s.table_id = ? AND s.user_id IS NOT NULL /* FOR UPDATE OF s */",
        (table_id,),
    )
    timed_out = {m.seat for m in moves if m.source == "timeout"}
    acted = {m.seat for m in moves if m.source == "player"}
    for s in seats:
        seat = s["seat"]
        timeouts = 0 if seat in acted else s["timeouts"] + (1 if seat in timed_out else 0)
        if seat not in awaited:
            await tx.execute(
                f"UPDATE seats SET {_CLEAR}, timeouts = ? WHERE table_id = ? AND seat = ?",
                (timeouts, table_id, seat),
            )
            continue
        late = s["deadline"] is not None and s["deadline"] <= now and settings["standin_level"] is not None
        if s["awaited_since"] is not None and seat not in timed_out and not (seat in acted and late):
            if timeouts != s["timeouts"]:
                await tx.execute(
                    "UPDATE seats SET timeouts = ? WHERE table_id = ? AND seat = ?",
                    (timeouts, table_id, seat),
                )
            continue
        await _start(
            tx,
            table_id,
            seat,
            s["user_id"],
            settings,
            now,
            timeouts,
            (s["vacation_until"],),
            left=s["left_at"] is not None,
        )


async def _start(
    tx: Tx,
    table_id: int,
    seat: int,
    user_id: int,
    settings: Row,
    now: float,
    timeouts: int,
    vacation: tuple[float | None] | None = None,
    *,
    left: bool = False,
) -> None:
    """A fresh waiting period for ``seat`` from ``now`` (``settings``: the table's reminder, limit
    and stand-in level; ``vacation``: the player's ``vacation_until`` if already read). A player
    who ``left`` the server is out of time at once."""
    away = (await vacation_until(tx, user_id)) if vacation is None else vacation[0]
    start = max(now, away or 0.0)
    remind_after, limit = settings["remind_after"], settings["time_limit"]
    if left:
        start, remind_after, limit = now, None, 0.0  # gone: the at-limit rule applies now
    elif start > now and limit is not None and settings["standin_level"] is not None:
        start, remind_after, limit = now, None, 0.0  # away: the stand-in plays this turn now
    await tx.execute(
        "UPDATE seats SET awaited_since = ?, clock_start = ?, remind_at = ?, deadline = ?, timeouts = ?, "
        f"{_FREE_REMIND}, {_FREE_DEADLINE} WHERE table_id = ? AND seat = ?",
        (
            now,
            start,
            None if remind_after is None else start + remind_after,
            None if limit is None else start + limit,
            timeouts,
            table_id,
            seat,
        ),
    )


async def restart_late(tx: Tx, table_id: int, seat: int, now: float) -> bool:
    """The player of ``seat`` acted at a table with a stand-in after their limit passed, before
    the bot took their seat over: they are here, so their turn waits for them with a fresh
    period (which also ends the scheduler's claim on the old deadline). ``False`` if the seat
    was not past its limit."""
    settings = await tx.fetchone(
        "SELECT remind_after, time_limit, standin_level FROM game_tables WHERE id = ?", (table_id,)
    )
    late = await tx.fetchone(
        "SELECT user_id, timeouts FROM seats WHERE table_id = ? AND seat = ? AND awaited_since IS NOT NULL "
        "AND deadline IS NOT NULL AND deadline <= ?",
        (table_id, seat, now),
    )
    if settings is None or settings["standin_level"] is None or late is None:
        return False
    await _start(tx, table_id, seat, late["user_id"], settings, now, late["timeouts"])
    return True


async def seat_left(tx: Tx, table_id: int, seat: int, now: float) -> None:
    """The player of ``seat`` left the server: remembered, and a turn of theirs that is waiting
    is due at once (no reminder), unless the table is paused because the bot is off the server
    (``shift_guild``); one already past its limit keeps its instant (and any claim on it)."""
    await tx.execute(
        "UPDATE seats SET left_at = COALESCE(left_at, ?) WHERE table_id = ? AND seat = ?",
        (now, table_id, seat),
    )
    await tx.execute(
        f"UPDATE seats SET clock_start = ?, deadline = ?, remind_at = NULL, {_FREE_REMIND}, {_FREE_DEADLINE} "
        "WHERE table_id = ? AND seat = ? AND awaited_since IS NOT NULL "
        "AND (deadline IS NULL OR deadline > ?) AND (clock_start IS NULL OR clock_start < ?)",
        (now, now, table_id, seat, now, now + PAUSE / 2),
    )


async def seat_back(tx: Tx, table_id: int, seat: int, now: float) -> bool:
    """The player of ``seat`` is back on the server (or acted at the table): no longer gone, and
    a turn of theirs that was due at once waits for them with a fresh clock (which also ends the
    scheduler's claim on it, so the bot does not act on it). ``False`` if they had not left."""
    row = await tx.fetchone(
        "SELECT user_id, awaited_since, deadline, timeouts, left_at FROM seats "
        "WHERE table_id = ? AND seat = ?",
        (table_id, seat),
    )
    if row is None or row["left_at"] is None:
        return False
    await tx.execute("UPDATE seats SET left_at = NULL WHERE table_id = ? AND seat = ?", (table_id, seat))
    settings = await tx.fetchone(
        "SELECT remind_after, time_limit, standin_level FROM game_tables WHERE id = ?", (table_id,)
    )
    due = row["deadline"] is not None and row["deadline"] <= now
    if settings is not None and row["awaited_since"] is not None and due:
        await _start(tx, table_id, seat, row["user_id"], settings, now, row["timeouts"])
    return True


async def clear(tx: Tx, table_id: int) -> None:
    """Stop every clock of a table that is over (finished, cancelled, abandoned)."""
    await tx.execute(f"UPDATE seats SET {_CLEAR} WHERE table_id = ?", (table_id,))


async def shift_user(tx: Tx, user_id: int, shift: float) -> list[int]:
    """Move every running clock of ``user_id`` by ``shift`` seconds; return the tables touched."""
    rows = await tx.fetchall(
        "SELECT DISTINCT table_id FROM seats WHERE user_id = ? AND awaited_since IS NOT NULL", (user_id,)
    )
    if shift:
        await tx.execute(
            "UPDATE seats SET clock_start = clock_start + ?, remind_at = remind_at + ?, "
            f"deadline = deadline + ?, {_FREE_REMIND}, {_FREE_DEADLINE} "
            "WHERE user_id = ? AND awaited_since IS NOT NULL",
            (shift, shift, shift, user_id),
        )
    return [r["table_id"] for r in rows]


PAUSE = 100 * 365 * 86400.0
"""How far the clocks of a server the bot was removed from are pushed: no reminder or limit of it
comes due, and every display of them could tell. Its return takes this back off."""

_GUILD_SEATS = (
    "awaited_since IS NOT NULL AND clock_start IS NOT NULL AND clock_start {op} ? AND table_id IN "
    "(SELECT id FROM game_tables WHERE guild_id = ? AND status = 'active')"
)


async def shift_guild(tx: Tx, guild_id: int, now: float, *, pause: bool, away: float = 0.0) -> list[int]:
    """Pause (push by :data:`PAUSE`) the running clocks of a server's active tables, or resume the
    paused ones (back by :data:`PAUSE` less ``away``: the time away does not count); return the
    tables touched. Each is idempotent: a paused clock is not pushed twice."""
    where = _GUILD_SEATS.format(op="<" if pause else ">=")
    params = (now + PAUSE / 2, guild_id)
    rows = await tx.fetchall(f"SELECT DISTINCT table_id FROM seats WHERE {where}", params)
    shift = PAUSE if pause else away - PAUSE
    if rows:
        await tx.execute(
            "UPDATE seats SET clock_start = clock_start + ?, remind_at = remind_at + ?, "
            f"deadline = deadline + ?, {_FREE_REMIND}, {_FREE_DEADLINE} WHERE {where}",
            (shift, shift, shift, *params),
        )
    return sorted(r["table_id"] for r in rows)


async def due_after_pause(tx: Tx, table_ids: Sequence[int], now: float) -> None:
    """Tables that resume after the bot was off their server: a waiting turn that would have been
    due at once had the bot been there is due now: its player left the server, or is on
    vacation at a table with a stand-in (:func:`seat_left`, :func:`stand_in_now`)."""
    if not table_ids:
        return
    marks = ", ".join("?" for _ in table_ids)
    await tx.execute(
        f"UPDATE seats SET deadline = ?, remind_at = NULL, {_FREE_REMIND}, {_FREE_DEADLINE} "
        f"WHERE table_id IN ({marks}) AND awaited_since IS NOT NULL AND (deadline IS NULL OR deadline > ?) "
        "AND (left_at IS NOT NULL OR (user_id IN (SELECT user_id FROM players WHERE vacation_until > ?) "
        "AND table_id IN (SELECT id FROM game_tables WHERE standin_level IS NOT NULL)))",
        (now, *table_ids, now, now),
    )


async def paused_guilds(tx: Tx, now: float) -> list[int]:
    """The servers whose tables :func:`shift_guild` paused (checked against the bot's servers at
    start: the bot may have been added back while it was not running)."""
    rows = await tx.fetchall(
        "SELECT DISTINCT t.guild_id FROM seats s JOIN game_tables t ON t.id = s.table_id "
        "WHERE s.awaited_since IS NOT NULL AND s.clock_start >= ? AND t.status = 'active'",
        (now + PAUSE / 2,),
    )
    return sorted(r["guild_id"] for r in rows if r["guild_id"] is not None)


DUE_SQL = (
    "SELECT table_id, seat, user_id, 'deadline' AS kind, deadline AS due FROM seats "
    "WHERE deadline IS NOT NULL AND deadline <= ? "
    "UNION ALL "
    "SELECT table_id, seat, user_id, 'remind' AS kind, remind_at AS due FROM seats "
    "WHERE remind_at IS NOT NULL AND remind_at <= ? "
    "ORDER BY due LIMIT ?"
)
"""Every due reminder and deadline, oldest first (parameters: now, now, limit). Both halves are
range scans of a partial index."""


async def due(tx: Tx, now: float, limit: int) -> list[DueClock]:
    rows = await tx.fetchall(DUE_SQL, (now, now, limit))
    return [DueClock(r["table_id"], r["seat"], r["user_id"], r["kind"], r["due"]) for r in rows]


ShardScope = tuple[int, tuple[int, ...]]
"""``(shard_count, shard_ids)``: only tables of these Discord shards (see ``bot.sharding``)."""

KINDS = {"deadline": ("deadline", "deadline_claimed_until"), "remind": ("remind_at", "remind_claimed_until")}
"""Each kind of item: the seat's column holding its instant, and the one holding its lease."""


def on_shards(table: str, shards: ShardScope) -> tuple[str, tuple[int, ...]]:
    """A condition and its parameters keeping the rows of ``game_tables`` (as ``table``) on
    ``shards``: a server's table on its server's shard, a DM table on shard 0."""
    count, ids = shards
    marks = ", ".join("?" * len(ids))
    return (
        f"(CASE WHEN {table}.guild_id IS NULL THEN 0 ELSE ({table}.guild_id >> 22) % ? END) IN ({marks})",
        (count, *ids),
    )


def _in_scope(shards: ShardScope | None) -> tuple[str, str, tuple[int, ...]]:
    """A join, a condition and its parameters keeping the seats of tables on ``shards`` (a DM
    table is on shard 0); nothing for ``None``."""
    if shards is None:
        return "", "", ()
    condition, params = on_shards("g", shards)
    return " CROSS JOIN game_tables g ON g.id = s.table_id", f" AND {condition}", params


def claim_sql(kind: str, shards: ShardScope | None) -> tuple[str, tuple[int, ...]]:
    """One statement taking the due, unheld items of ``kind`` (parameters: the lease's end, now,
    now, the scope's, the limit): the oldest first by the instant's partial index, each locked
    ``FOR UPDATE SKIP LOCKED`` on PostgreSQL, its lease set, its row returned."""
    column, lease = KINDS[kind]
    join, where, params = _in_scope(shards)
    return (
        f"UPDATE seats SET {lease} = ? WHERE (table_id, seat) IN ("
        f"SELECT s.table_id, s.seat FROM seats s{join} "
        f"WHERE s.{column} IS NOT NULL AND s.{column} <= ? AND (s.{lease} IS NULL OR s.{lease} <= ?){where} "
        f"ORDER BY s.{column} LIMIT ? /* FOR UPDATE OF s SKIP LOCKED */"
        f") RETURNING table_id, seat, user_id, {column} AS due"
    ), params


async def claim(tx: Tx, now: float, until: float, limit: int, shards: ShardScope | None) -> list[DueClock]:
    """Take the reminders and deadlines due at ``now`` (of tables on ``shards``) for this process.

    An item is due when its instant has passed and no lease holds it (none, or one ended by
    ``now``). Taking it sets its lease to ``until`` in this transaction, so no other process
    takes it while this one acts, and one that crashed mid-action loses nothing: at ``until``
    the item may be taken again. The instant stays as it is (every display shows the real
    limit); acting on the item moves or clears it, which ends the lease, and :func:`release`
    hands back one that was not acted on. On PostgreSQL the due rows are locked ``FOR UPDATE
    SKIP LOCKED``: two processes claiming at once take disjoint items without waiting for each
    other (a row changed after this snapshot aborts the transaction, which is run again and no
    longer sees it free). On SQLite the one writer at a time makes the same statement a claim.
    At most ``limit`` items of each kind, oldest first, each with ``claimed_until`` = ``until``.
    """
    found: list[DueClock] = []
    for kind in KINDS:
        sql, scope = claim_sql(kind, shards)
        for r in await tx.fetchall(sql, (until, now, now, *scope, limit)):
            found.append(
                DueClock(r["table_id"], r["seat"], r["user_id"], kind, r["due"], claimed_until=until)
            )
    found.sort(key=lambda d: (d.due, d.kind, d.table_id, d.seat))
    return found


async def release(tx: Tx, items: Sequence[tuple[DueClock, float | None]]) -> list[DueClock]:
    """Set the lease of each claimed item still due as it was claimed to the given end
    (``None``: free at once); return those items. An item its action consumed (its instant
    moved or cleared, so its lease ended) or that another claim holds is left alone."""
    pending = []
    for item, until in items:
        column, lease = KINDS[item.kind]
        done = await tx.execute(
            f"UPDATE seats SET {lease} = ? WHERE table_id = ? AND seat = ? AND {column} = ? AND {lease} = ?",
            (until, item.table_id, item.seat, item.due, item.claimed_until),
        )
        if done.rowcount == 1:
            pending.append(item)
    return pending


def next_sql(shards: ShardScope | None) -> tuple[str, tuple[int, ...]]:
    """One statement: the next instant an item (of a table on ``shards``) may be taken, ``NULL``
    when no clock runs. For each kind: the earliest unheld instant (the instant's partial index
    walked in order past the few held rows) and the earliest end of a lease (the lease's
    partial index; a lease ends after its instant, but the later of the two counts)."""
    join, where, params = _in_scope(shards)
    parts = []
    for column, lease in KINDS.values():
        parts.append(
            f"SELECT (SELECT s.{column} FROM seats s{join} WHERE s.{column} IS NOT NULL "
            f"AND s.{lease} IS NULL{where} ORDER BY s.{column} LIMIT 1) AS due"
        )
        parts.append(
            f"SELECT (SELECT MIN(CASE WHEN s.{lease} > s.{column} THEN s.{lease} ELSE s.{column} END) "
            f"FROM seats s{join} WHERE s.{lease} IS NOT NULL AND s.{column} IS NOT NULL{where}) AS due"
        )
    return f"SELECT MIN(due) AS due FROM ({' UNION ALL '.join(parts)}) AS soon", params * len(parts)


async def next_due(tx: Tx, shards: ShardScope | None = None) -> float | None:
    """The next instant an item of a table on ``shards`` (default: any) may be taken."""
    sql, params = next_sql(shards)
    row = await tx.fetchone(sql, params)
    return None if row is None else row["due"]
