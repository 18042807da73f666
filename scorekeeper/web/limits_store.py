"""Rate-limit counts shared by every server process: a ``limits`` storage in a small SQLite
file of its own (``instance/limits.db``), so a client gets the limit once, not once per worker.

Registered for URIs ``sqlite:///<path>`` (the ``limits`` library finds storages by scheme).
Fixed windows only (Flask-Limiter's default strategy): a counter per key with the moment its
window ends. Counts are not the match data: the file runs with ``synchronous=OFF`` (a crash
may forget the last counts, never corrupt the matches), WAL, and is apart from the matches'
database, so counting never waits for a hand's write lock nor makes a save wait.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from limits.storage import Storage

from scorekeeper.store.db import sqlite3

SCHEME = "sqlite"
SCHEMA = ("CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY KEY, value INTEGER NOT NULL,"
          " expiry REAL NOT NULL) WITHOUT ROWID")
SWEEP_EVERY = 500  # counts: expired rows are removed now and then


class SQLiteStorage(Storage):
    """``limits`` storage in a SQLite file shared by processes (fixed windows)."""

    STORAGE_SCHEME = [SCHEME]  # noqa: RUF012 - the limits library's own class attribute

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: Any):
        self.path = uri.removeprefix(f"{SCHEME}://")
        self.local = threading.local()
        self.counted = 0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self.local, "conn", None)
        if conn is None or getattr(self.local, "pid", None) != os.getpid():
            conn = sqlite3.connect(self.path, timeout=5, isolation_level=None,
                                   check_same_thread=True)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute(SCHEMA)
            self.local.conn, self.local.pid = conn, os.getpid()
        return conn

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Add ``amount`` to the count of ``key``, starting a new window of ``expiry``
        seconds when the last one has ended; the count now."""
        now = time.time()
        conn = self._conn()
        row = conn.execute(
            "INSERT INTO counts (key, value, expiry) VALUES (?, ?, ?) ON CONFLICT (key) DO"
            " UPDATE SET value = CASE WHEN expiry <= ? THEN excluded.value"
            " ELSE value + excluded.value END,"
            " expiry = CASE WHEN expiry <= ? THEN excluded.expiry ELSE expiry END"
            " RETURNING value", (key, amount, now + expiry, now, now)).fetchone()
        self.counted += 1
        if self.counted % SWEEP_EVERY == 0:
            conn.execute("DELETE FROM counts WHERE expiry <= ?", (now,))
        return int(row[0])

    def get(self, key: str) -> int:
        row = self._conn().execute("SELECT value FROM counts WHERE key = ? AND expiry > ?",
                                   (key, time.time())).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        now = time.time()
        row = self._conn().execute("SELECT expiry FROM counts WHERE key = ? AND expiry > ?",
                                   (key, now)).fetchone()
        return float(row[0]) if row else now

    def check(self) -> bool:
        try:
            self._conn().execute("SELECT 1").fetchone()
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        return self._conn().execute("DELETE FROM counts").rowcount

    def clear(self, key: str) -> None:
        self._conn().execute("DELETE FROM counts WHERE key = ?", (key,))
