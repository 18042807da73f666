"""The SQLite connection: one sqlite-utils Database per request, pragmas, and migrations.

This module and :mod:`scorekeeper.store` are the only code that talks to SQLite.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

BUSY_TIMEOUT_MS = 10_000

migrations = Migrations("scorekeeper")


def wal_is_safe(version: tuple[int, ...] | None = None) -> bool:
    """Whether this SQLite has the WAL-reset fix (3.51.3, backported to 3.50.7 and 3.44.6).

    Older versions can corrupt a WAL database when two connections write or checkpoint at once,
    so they keep the rollback journal (DELETE) instead.
    """
    v = tuple(version or sqlite3.sqlite_version_info)[:3]
    if v >= (3, 51, 3):
        return True
    if v[:2] == (3, 50):
        return v >= (3, 50, 7)
    if v[:2] == (3, 44):
        return v >= (3, 44, 6)
    return False


def connect(path: str | Path) -> Database:
    """Open the database file with the project's pragmas (busy timeout, FULL sync, journal)."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    db = Database(conn)
    db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    want = "wal" if wal_is_safe() else "delete"
    mode = db.execute("PRAGMA journal_mode").fetchone()[0]
    if mode.lower() != want:
        db.execute(f"PRAGMA journal_mode={want}")
    return db


def database_path(app: Flask) -> Path:
    """Where the app's SQLite file lives (``DATABASE`` config, default instance/scorekeeper.db)."""
    return Path(app.config["DATABASE"])


def get_db() -> Database:
    """The request's database, opened on first use and closed at teardown."""
    if "db" not in g:
        g.db = connect(database_path(current_app))
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    """Close the request's database, rolling back anything left uncommitted."""
    db = g.pop("db", None)
    if db is not None:
        if db.conn.in_transaction:
            db.conn.rollback()
        db.conn.close()


def migrate(db: Database, migration_set: Migrations = migrations) -> list[str]:
    """Apply pending migrations; return the names applied.

    Transactional migrations run under ``BEGIN IMMEDIATE`` so two processes starting at once do
    not race. Each is a savepoint recorded together with its ``_sqlite_migrations`` row: a
    failing migration rolls back completely (the ones before it stay applied) and the error is
    raised. A migration registered with ``transactional=False`` (VACUUM, a journal-mode change)
    runs on its own, outside any transaction.
    """
    before = {m.name for m in migration_set.applied(db)}
    while pending := migration_set.pending(db):
        later = [m.name for m in pending[1:]]
        if not pending[0].transactional:
            migration_set.apply(db, stop_before=later[:1] or None)
            continue
        stop = [m.name for m in pending if not m.transactional][:1] or None
        db.execute("BEGIN IMMEDIATE")
        try:
            migration_set.apply(db, stop_before=stop)
        except BaseException:
            db.conn.commit()  # keep the migrations that finished; the failed one is rolled back
            raise
        db.conn.commit()
    return [m.name for m in migration_set.applied(db) if m.name not in before]


def init_app(app: Flask) -> None:
    """Create the database and apply migrations at start; close connections at teardown."""
    path = database_path(app)
    path.parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        migrate(db)
    finally:
        db.conn.close()
    app.teardown_appcontext(close_db)


# --- migrations (append only: never edit one that has shipped) ------------------------------


@migrations(name="0001_initial")
def _initial(db: Database) -> None:
    db.execute(
        """
        CREATE TABLE matches (
            id TEXT PRIMARY KEY,
            edit_key_hash TEXT NOT NULL,
            game TEXT NOT NULL,
            data TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1
        )
        """
    )
    db.execute(
        """
        CREATE TABLE hands (
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            data TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            submission_key TEXT,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            PRIMARY KEY (match_id, no),
            UNIQUE (match_id, submission_key)
        )
        """
    )
    db.execute(
        """
        CREATE TABLE hand_history (
            id INTEGER PRIMARY KEY,
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('correct', 'undo')),
            old TEXT,
            new TEXT,
            at TEXT NOT NULL,
            by TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX hand_history_match ON hand_history (match_id, id)")
    db.execute(
        """
        CREATE TABLE idempotency (
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            status INTEGER NOT NULL,
            response TEXT NOT NULL,
            created TEXT NOT NULL,
            PRIMARY KEY (match_id, key)
        )
        """
    )


@migrations(name="0002_rematch_of")
def _rematch_of(db: Database) -> None:
    # A rematch remembers the match it follows; one rematch per match, so two phones pressing
    # Rematch at once land in the same new match.
    db.execute("ALTER TABLE matches ADD COLUMN rematch_of TEXT")
    db.execute("CREATE UNIQUE INDEX matches_rematch_of ON matches (rematch_of)"
               " WHERE rematch_of IS NOT NULL")
