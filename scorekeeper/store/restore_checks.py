"""What a restore checks in a candidate database before it replaces anything: the schema exactly
as this Scorekeeper's migrations make it (tables, columns, indexes; no trigger or view of its
own), SQLite's integrity and foreign key checks, every stored JSON value, and every match
replayed through the engine. A backup is a file from anywhere: a trigger in it would run on the
next save, a hand that is not JSON would break its match's pages.

Two things are made on the candidate rather than trusted: Litestream's own tables (it adds them
to the database it replicates, so its restores and any backup taken while it runs have them)
are dropped, and every table derived from the hands (the statistics) is rebuilt from them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from ..engine.matchfile import check_match
from .db import migrate, migrations, sqlite3
from .facts import rebuild_all

# Columns holding JSON (table, column, what the value must be). A test checks that each exists.
JSON_COLUMNS: tuple[tuple[str, str, type | None], ...] = (
    ("matches", "data", dict),
    ("hands", "data", dict),
    ("hand_history", "old", None),
    ("hand_history", "new", None),
    ("idempotency", "response", dict),
    ("events", "data", dict),
    ("event_rounds", "sit_outs", list),
    ("event_tables", "seats", dict),
    ("player_history", "detail", None),
    ("sessions", "data", dict),
    ("sessions", "plan", None),
    ("session_results", "data", dict),
    ("session_changes", "old", None),
    ("session_changes", "new", None),
    ("session_hand_records", "data", dict),
)
# SQLite's own statistics tables (ANALYZE) only steer query plans; they are not compared.
IGNORED = "sqlite_stat%"
# Litestream keeps its position in tables of its own in the database it replicates
# (``_litestream_seq``, ``_litestream_lock``): not Scorekeeper's data, dropped from a candidate.
LITESTREAM_PREFIX = "_litestream_"
# The tables made from the hands and never edited by hand (store/facts.py, the player_totals
# triggers), in the order they are emptied: a restore rebuilds them rather than trusting them.
# A test (tests/test_restore_derived.py) keeps every other table listed as restored as it is.
DERIVED = ("hand_facts", "seat_facts", "seat_stats", "match_facts", "player_days",
           "player_totals")


class CandidateError(Exception):
    """The candidate is not a database this Scorekeeper made (the message says why)."""


def master(conn: sqlite3.Connection) -> set[tuple[str, str, str, str]]:
    """Everything the schema holds: (type, name, table, SQL) of each table, index, view and
    trigger (indexes SQLite makes for a UNIQUE or PRIMARY KEY have no SQL and are included)."""
    return {(r[0], r[1], r[2], r[3] or "") for r in conn.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE ?", [IGNORED])}


def applied_migrations(conn: sqlite3.Connection, name: str) -> list[str]:
    """The candidate's applied migrations, in order (it must be a Scorekeeper database)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "_sqlite_migrations" not in tables:
        raise CandidateError(f"{name} is not a Scorekeeper database: it has no migrations table")
    applied = [r[0] for r in conn.execute(
        "SELECT name FROM _sqlite_migrations WHERE migration_set = 'scorekeeper' ORDER BY id")]
    if not applied:
        raise CandidateError(f"{name} is not a Scorekeeper database: no migration was applied")
    return applied


def expected_master(applied: list[str]) -> set[tuple[str, str, str, str]]:
    """The schema a fresh database has after the migrations ``applied``, made by this version's
    own migrations (so an older backup is compared with what it was then)."""
    fresh = Database(memory=True)
    try:
        known = [m.name for m in migrations.pending(fresh)]
        unknown = [n for n in applied if n not in known]
        if unknown:
            raise CandidateError(f"the backup was made by a newer Scorekeeper (migrations "
                                 f"{', '.join(unknown)}); upgrade before restoring it")
        if applied != known[: len(applied)]:
            raise CandidateError(f"the backup's migrations are not in Scorekeeper's order: "
                                 f"{', '.join(applied)}")
        later = known[len(applied):]
        migrations.apply(fresh, stop_before=later[:1] or None)
        return master(fresh.conn)
    finally:
        fresh.conn.close()


def check_schema(conn: sqlite3.Connection, name: str) -> None:
    """The candidate's schema is exactly what the migrations it says it has make."""
    want = expected_master(applied_migrations(conn, name))
    got = master(conn)
    words = {"table": "table", "index": "index", "view": "view", "trigger": "trigger"}
    for kind, what, _table, _sql in sorted(got - want):
        same_name = [w for w in want if w[1] == what and w[0] == kind]
        if same_name:
            raise CandidateError(f"{name}: {words.get(kind, kind)} {what} is not as "
                                 f"Scorekeeper's migrations make it (a column or its "
                                 f"definition differs)")
        raise CandidateError(f"{name} has a {words.get(kind, kind)} Scorekeeper does not make: "
                             f"{what}")
    for kind, what, _table, _sql in sorted(want - got):
        raise CandidateError(f"{name} lacks the {words.get(kind, kind)} {what} that "
                             f"Scorekeeper's migrations make")


def drop_litestream(conn: sqlite3.Connection) -> list[str]:
    """Drop Litestream's own tables from the candidate (with any index or trigger on them);
    returns their names. Anything else the migrations do not make is still refused."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?",
        [len(LITESTREAM_PREFIX), LITESTREAM_PREFIX])]
    for name in names:
        conn.execute(f'DROP TABLE "{name}"')
    conn.commit()
    return names


def rebuild_derived(db: Database) -> list[str]:
    """Empty every derived table and make it afresh from the matches and their hands, as a save
    would have; returns the tables whose rows differ from what the candidate held (a backup
    whose statistics were wrong, by a bug or by hand, restores with the right ones)."""
    with db.conn:
        for table in DERIVED:
            db.execute(f"DROP TABLE IF EXISTS temp.old_{table}")
            db.execute(f"CREATE TEMP TABLE old_{table} AS SELECT * FROM main.{table}")
        for table in DERIVED:  # player_days' triggers update player_totals: emptied after it
            db.execute(f"DELETE FROM main.{table}")
        rebuild_all(db)
    differ = [table for table in DERIVED if db.execute(
        f"SELECT EXISTS (SELECT * FROM temp.old_{table} EXCEPT SELECT * FROM main.{table})"
        f" OR EXISTS (SELECT * FROM main.{table} EXCEPT SELECT * FROM temp.old_{table})"
    ).fetchone()[0]]
    for table in DERIVED:
        db.execute(f"DROP TABLE temp.old_{table}")
    return differ


def check_integrity(conn: sqlite3.Connection, name: str) -> None:
    """SQLite's own checks: every page and index sound, no foreign key pointing nowhere."""
    result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise CandidateError(f"{name} fails the integrity check: {result}")
    dangling = conn.execute("PRAGMA foreign_key_check").fetchall()
    if dangling:
        raise CandidateError(f"{name} fails the foreign key check: {len(dangling)} rows point "
                             f"to nothing (first in table {dangling[0][0]})")


def check_json(conn: sqlite3.Connection, name: str) -> None:
    """Every stored JSON value parses, and is an object or a list where the app expects one."""
    for table, column, kind in JSON_COLUMNS:
        for rowid, text in conn.execute(
                f'SELECT rowid, "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL'):
            try:
                value = json.loads(text) if isinstance(text, str) else None
            except ValueError:
                value = None
            if value is None and kind is None and text == "null":
                continue
            if value is None or (kind is not None and not isinstance(value, kind)):
                raise CandidateError(f"{name}: {table}.{column} of row {rowid} is not the JSON "
                                     f"Scorekeeper writes")


def check_replays(conn: sqlite3.Connection, name: str) -> int:
    """Every match replays through the engine without a problem; returns how many."""
    hands: dict[str, list[Any]] = {}
    for match_id, text in conn.execute("SELECT match_id, data FROM hands ORDER BY match_id, no"):
        hands.setdefault(match_id, []).append(json.loads(text))
    count = 0
    for match_id, text in conn.execute("SELECT id, data FROM matches ORDER BY id"):
        data = json.loads(text)
        result = check_match({**data, "hands": hands.get(match_id, [])})
        if not result.ok:
            first = result.problems[0]
            where = f" (hand {first.hand})" if first.hand else ""
            raise CandidateError(f"{name}: match {match_id} does not replay{where}: "
                                 f"{first.message}")
        count += 1
    return count


def verify_candidate(path: Path, name: str) -> list[str]:
    """Check a private copy of the backup, bring it to this version's migrations, check its
    data and rebuild its derived tables; returns those whose rows were not as the hands make
    them. Raises :class:`CandidateError` (or ``sqlite3.Error``) if anything is wrong."""
    conn = sqlite3.connect(str(path))
    try:
        check_integrity(conn, name)
        drop_litestream(conn)
        check_schema(conn, name)
    finally:
        conn.close()
    db = Database(sqlite3.connect(str(path)))
    try:
        migrate(db)  # an older backup gets this version's later migrations, here, on the copy
        check_integrity(db.conn, name)
        check_json(db.conn, name)
        check_replays(db.conn, name)
        differ = rebuild_derived(db)
        check_integrity(db.conn, name)
    finally:
        db.conn.close()
    return differ
