"""The SQLite connection: a sqlite-utils Database per request, pragmas, and migrations.

Opening a connection and setting its pragmas costs about 0.2 ms, as much as a whole cached
page; so each thread keeps its connection between requests (:func:`get_db`) while the file it
opened is still the file at that path and still writable (a restored or read-only database gets
a fresh connection, which sees what changed).

This module and :mod:`scorekeeper.store` are the only code that talks to SQLite; others take
the module (``sqlite3``, its exceptions) from here.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Flask, current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

# The one SQLite module of the project, resolved as sqlite-utils resolves it: the pysqlite3
# wheel (a bundled SQLite with the WAL-reset fix) when installed, else the standard library's.
# Its exceptions are not the standard module's, so every connection and every ``except`` takes
# it from here.
if TYPE_CHECKING:  # sqlite-utils types it as the standard module, whose API pysqlite3 has
    import sqlite3 as sqlite3
else:
    from sqlite_utils.utils import sqlite3

from .migrations import migrations as migrations

BUSY_TIMEOUT_MS = 10_000  # tools (backup, migrations at start): they can wait
REQUEST_BUSY_TIMEOUT_MS = 5_000  # a request waits at most this long, then answers 503
DATABASE_MAX_MB = 2048  # the database may grow to this; new matches stop at 90% of it
DISK_RESERVE_MB = 200  # new matches stop when the disk has less than this free



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


def connect(path: str | Path, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
            max_mb: int | None = None) -> Database:
    """Open the database file with the project's pragmas (busy timeout, FULL sync, journal).

    :param max_mb: if given, SQLite itself refuses to grow the file past this many MB
        (``max_page_count``): a write beyond it fails with "database or disk is full".
    """
    conn = sqlite3.connect(str(path), timeout=busy_timeout_ms / 1000)
    db = Database(conn)
    db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
    if max_mb:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        db.execute(f"PRAGMA max_page_count={int(max_mb) * 1024 * 1024 // page_size}")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    want = "wal" if wal_is_safe() else "delete"
    mode = db.execute("PRAGMA journal_mode").fetchone()[0]
    if mode.lower() != want:
        db.execute(f"PRAGMA journal_mode={want}")
    return db


def connect_read_only(path: str | Path, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Database:
    """Open the database file for reading only (``mode=ro``): a command that only reads (the
    CSV export) can never write the schema or the data under a running server."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout_ms / 1000)
    db = Database(conn)
    db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
    return db


def pending_migrations(db: Database, migration_set: Migrations = migrations) -> list[str]:
    """The names of the migrations not yet applied to ``db`` (reads only)."""
    return [m.name for m in migration_set.pending(db)]


def database_path(app: Flask) -> Path:
    """Where the app's SQLite file lives (``DATABASE`` config, default instance/scorekeeper.db)."""
    return Path(app.config["DATABASE"])


class _Kept(threading.local):
    """This thread's connection between requests: what it was opened with, and for which file."""

    settings: tuple[str, int, int | None] | None = None
    identity: tuple[int, int, int] | None = None
    db: Database | None = None


_kept = _Kept()


def _identity(path: str) -> tuple[int, int, int] | None:
    """The file at ``path`` (device, inode, process) if it exists and may be written."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not os.access(path, os.W_OK):  # read-only (or immutable) now: open afresh, and fail
        return None
    return st.st_dev, st.st_ino, os.getpid()


def get_db() -> Database:
    """The request's database: this thread's kept connection when it still fits, else a new one.

    A request waits ``DB_BUSY_TIMEOUT_MS`` (5 s) at most for a lock, then the busy error
    becomes a 503 with Retry-After (:mod:`scorekeeper.web.errors`); the file may not grow past
    ``DATABASE_MAX_MB``.
    """
    if "db" not in g:
        config = current_app.config
        path = str(database_path(current_app))
        settings = (path, int(config.get("DB_BUSY_TIMEOUT_MS", REQUEST_BUSY_TIMEOUT_MS)),
                    int(config.get("DATABASE_MAX_MB", DATABASE_MAX_MB) or 0) or None)
        identity = _identity(path)
        if _kept.db is not None and (_kept.settings, _kept.identity) == (settings, identity) \
                and identity is not None:
            g.db = _kept.db
        else:
            _forget_kept()
            g.db = connect(path, busy_timeout_ms=settings[1], max_mb=settings[2])
            if identity is not None:
                _kept.settings, _kept.identity, _kept.db = settings, identity, g.db
    db: Database = g.db
    return db


def _forget_kept() -> None:
    """Close this thread's kept connection (if it belongs to this process)."""
    db, identity = _kept.db, _kept.identity
    _kept.db, _kept.settings, _kept.identity = None, None, None
    if db is not None and identity is not None and identity[2] == os.getpid():
        db.conn.close()


def size_mb(db: Database) -> float:
    """The database's size in MB (its pages, the WAL's committed ones included)."""
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    return float(pages * page_size) / (1024 * 1024)


def storage_full(db: Database) -> bool:
    """Whether new matches must be refused: the database is at 90% of ``DATABASE_MAX_MB``,
    or the disk under it has less than ``DISK_RESERVE_MB`` free."""
    config = current_app.config
    max_mb = float(config.get("DATABASE_MAX_MB", DATABASE_MAX_MB) or 0)
    if max_mb and size_mb(db) >= 0.9 * max_mb:
        return True
    reserve = float(config.get("DISK_RESERVE_MB", DISK_RESERVE_MB) or 0)
    if reserve:
        free = shutil.disk_usage(database_path(current_app).parent).free / (1024 * 1024)
        if free < reserve:
            return True
    return False


def heartbeat(db: Database) -> None:
    """Prove the database can be written: one committed write to the one-row heartbeat table.

    Raises ``sqlite3.Error`` when it can't (busy, read-only, full disk).
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("INSERT OR REPLACE INTO heartbeat (id, at) VALUES (1, datetime('now'))")
        db.conn.commit()
    except BaseException:
        db.conn.rollback()
        raise


def close_db(exc: BaseException | None = None) -> None:
    """End the request's use of the database: roll back anything left uncommitted; close it
    unless it is this thread's kept connection (a request that failed closes that too)."""
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except sqlite3.Error:
        exc = exc or RuntimeError("rollback failed")
    if db is not _kept.db:
        db.conn.close()
    elif exc is not None:
        _forget_kept()


def hold_write_lock(path: str | Path, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                    ) -> sqlite3.Connection | None:
    """Take the database's write lock once no connection, of this process or another, is
    inside a write transaction, and keep it: the returned connection holds it until it is
    closed or the process ends. A process that ends while holding it ends between commits.

    Returns None when the lock could not be had (busy past the timeout, or no writable
    database): the caller decides whether to go on anyway. The connection may be used from
    any thread (it is only held, then closed)."""
    try:
        conn = sqlite3.connect(str(path), timeout=busy_timeout_ms / 1000,
                               isolation_level=None, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error:
        conn.close()
        return None
    return conn


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
