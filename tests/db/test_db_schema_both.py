"""The same migrations reach the same schema on SQLite and on PostgreSQL.

Both stores are opened on new databases; then each side's catalogue is read into one neutral
form and compared: every table's columns (name, kind of value, NOT NULL, default, primary key),
unique and primary keys, foreign keys with their ON DELETE, the count of CHECK constraints, and
every index the migrations create (name, columns and their order, unique, partial). The kinds
compared are SQLite's: ``INTEGER`` (PostgreSQL's ``bigint``: Discord ids need 8 bytes), ``REAL``
(``double precision``), ``TEXT``. SQLite's implicit ``rowid`` counts as a column where
PostgreSQL has one (:data:`db.pg_dialect.IMPLICIT_ROWID`).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from db import Store
from db.migrations import MIGRATIONS
from db.pg_dialect import IMPLICIT_ROWID

SQLITE_KINDS = {"integer": "INTEGER", "real": "REAL", "text": "TEXT"}
POSTGRES_KINDS = {"bigint": "INTEGER", "double precision": "REAL", "text": "TEXT"}
"""8-byte integers and floats on both; PostgreSQL's 4-byte ``integer`` or ``real`` would differ."""

ON_DELETE = {"c": "CASCADE", "a": "NO ACTION", "r": "RESTRICT", "n": "SET NULL", "d": "SET DEFAULT"}

Schema = dict[str, Any]


def _default(text: str | None) -> str | None:
    """A column default without PostgreSQL's casts (``'auto'::text`` is SQLite's ``'auto'``)."""
    return None if text is None else re.sub(r"::[a-z ]+$", "", text)


def sqlite_schema(path: Path) -> Schema:
    conn = sqlite3.connect(path)
    try:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        columns, keys, foreign, checks, indexes = set(), set(), set(), {}, set()
        for t in names:
            info = conn.execute(f"PRAGMA table_info({t})").fetchall()
            for _cid, name, kind, notnull, default, pk in info:
                # INTEGER PRIMARY KEY is the rowid: never NULL, numbered when a row gives none.
                rowid_key = bool(pk) and kind.upper() == "INTEGER" and sum(1 for c in info if c[5]) == 1
                kind = SQLITE_KINDS.get(kind.lower(), kind)
                columns.add((t, name, kind, bool(notnull or pk), _default(default), rowid_key))
            if t in IMPLICIT_ROWID:
                columns.add((t, "rowid", "INTEGER", True, None, True))
            pk_cols = tuple(c[1] for c in sorted((c for c in info if c[5]), key=lambda c: c[5]))
            if pk_cols:
                keys.add((t, "primary", pk_cols))
            for fk in conn.execute(f"PRAGMA foreign_key_list({t})"):
                foreign.add((t, fk[3], fk[2], fk[4], fk[6].upper()))
            sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (t,)).fetchone()[0]
            checks[t] = len(re.findall(r"\bCHECK\s*\(", sql, re.IGNORECASE))
            for _seq, index, unique, origin, partial in conn.execute(f"PRAGMA index_list({t})"):
                cols = tuple(
                    f"{r[2]} DESC" if r[3] else r[2]
                    for r in conn.execute(f"PRAGMA index_xinfo({index})")
                    if r[5]  # key columns, not the rowid SQLite appends
                )
                if origin == "u":
                    keys.add((t, "unique", cols))
                elif origin == "c":
                    indexes.add((t, index, cols, bool(unique), bool(partial)))
        return {"tables": set(names), "columns": columns, "keys": keys, "foreign": foreign,
                "checks": checks, "indexes": indexes}  # fmt: skip
    finally:
        conn.close()


async def postgres_schema(url: str) -> Schema:
    conn = await asyncpg.connect(url)
    try:
        names = {
            r["tablename"]
            for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        } - {"schema_version"}  # PostgreSQL's place for SQLite's user_version
        columns = {
            (r["table_name"], r["column_name"], POSTGRES_KINDS.get(r["data_type"], r["data_type"]),
             r["is_nullable"] == "NO", _default(r["column_default"]), r["is_identity"] == "YES")
            for r in await conn.fetch(
                "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity "
                "FROM information_schema.columns WHERE table_schema = current_schema()"
            )
            if r["table_name"] in names
        }  # fmt: skip
        keys, foreign, checks = set(), set(), dict.fromkeys(names, 0)
        for r in await conn.fetch(
            "SELECT c.contype::text AS contype, c.conrelid::regclass::text AS t, "
            "c.confrelid::regclass::text AS ref, "
            "c.confdeltype::text AS confdeltype, "
            "ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a "
            "      ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols, "
            "ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a "
            "      ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS refcols "
            "FROM pg_constraint c JOIN pg_namespace s ON s.oid = c.connamespace "
            "WHERE s.nspname = current_schema()"
        ):
            if r["t"] not in names:
                continue
            if r["contype"] == "p":
                keys.add((r["t"], "primary", tuple(r["cols"])))
            elif r["contype"] == "u":
                keys.add((r["t"], "unique", tuple(r["cols"])))
            elif r["contype"] == "f":
                on_delete = ON_DELETE[r["confdeltype"]]
                foreign.add((r["t"], r["cols"][0], r["ref"], r["refcols"][0], on_delete))
            elif r["contype"] == "c":
                checks[r["t"]] += 1
        indexes = set()
        for r in await conn.fetch(
            "SELECT i.indrelid::regclass::text AS t, x.relname AS name, i.indisunique AS uniq, "
            "i.indpred IS NOT NULL AS partial, "
            "ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) || "
            "             CASE WHEN i.indoption[k - 1] & 1 = 1 THEN ' DESC' ELSE '' END "
            "      FROM generate_series(1, i.indnkeyatts) k) AS cols "
            "FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid "
            "JOIN pg_namespace s ON s.oid = x.relnamespace "
            "WHERE s.nspname = current_schema() "
            "AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)"
        ):
            if r["t"] in names:
                indexes.add((r["t"], r["name"], tuple(r["cols"]), r["uniq"], r["partial"]))
        return {"tables": names, "columns": columns, "keys": keys, "foreign": foreign,
                "checks": checks, "indexes": indexes}  # fmt: skip
    finally:
        await conn.close()


async def test_the_migrations_reach_the_same_schema_on_both(db_path: Path, pg_databases: Any) -> None:
    url = pg_databases.empty()
    async with Store(str(db_path)), Store(url):
        pass
    lite, pg = sqlite_schema(db_path), await postgres_schema(url)
    assert len(lite["tables"]) >= 11 and len(lite["indexes"]) >= 19  # the comparison sees the schema
    for part in ("tables", "columns", "keys", "foreign", "checks", "indexes"):
        assert pg[part] == lite[part], part


async def test_a_store_on_postgres_reopens_without_migrating_again(pg_databases: Any) -> None:
    url = pg_databases.empty()
    async with Store(url):
        pass
    async with Store(url):
        pass
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetch("SELECT version FROM schema_version") == [(len(MIGRATIONS),)]
    finally:
        await conn.close()
