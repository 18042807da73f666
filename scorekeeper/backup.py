"""Backups of the SQLite database: a consistent copy, verified before it is trusted."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from .db import connect

TABLES = ("matches", "hands", "hand_history", "idempotency")


class BackupError(Exception):
    """A backup or restore that could not be done (the message says why)."""


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts of the data tables."""
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def verify(path: Path) -> dict[str, int]:
    """Run ``PRAGMA integrity_check`` on a database file; return its row counts."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise BackupError(f"cannot open {path}: {e}") from e
    try:
        result = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise BackupError(f"{path} fails the integrity check: {result}")
        return counts(conn)
    except sqlite3.Error as e:
        raise BackupError(f"{path} is not a Scorekeeper database: {e}") from e
    finally:
        conn.close()


def backup_database(source: Path, dest: Path) -> dict[str, int]:
    """Copy the live database to ``dest`` with ``VACUUM INTO`` and verify the copy.

    Safe while the app runs: ``VACUUM INTO`` reads one consistent snapshot (writers wait a
    moment, or carry on in WAL mode). The copy is written beside ``dest`` and appears under
    that name only once it passes ``PRAGMA integrity_check``; a failed backup leaves nothing.
    Returns the copy's row counts (the database at the moment of the snapshot; other writes may
    land before or after it, so they are checked only for what cannot shrink: the matches).
    """
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    if dest.exists():
        raise BackupError(f"{dest} exists already")
    partial = dest.with_name(f".{dest.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        db = connect(source)
        try:
            before = counts(db.conn)
            db.conn.execute("VACUUM INTO ?", [str(partial)])
        finally:
            db.conn.close()
        got = verify(partial)
        if got["matches"] < before["matches"]:  # matches are never deleted: a copy has them all
            raise BackupError(f"the copy has {got['matches']} matches, the database had "
                              f"{before['matches']}")
        try:
            os.link(partial, dest)  # never replaces a file that appeared meanwhile
        except FileExistsError:
            raise BackupError(f"{dest} exists already") from None
    except sqlite3.Error as e:
        raise BackupError(f"backup failed: {e}") from e
    finally:
        partial.unlink(missing_ok=True)
    return got


def restore_database(source: Path, dest: Path) -> dict[str, int]:
    """Replace the database at ``dest`` with the verified backup ``source``.

    Stop the server first. The old database is kept as ``<name>.before-restore``.
    """
    got = verify(source)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".restoring")
    tmp.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    out = sqlite3.connect(tmp)
    try:
        src.backup(out)
    finally:
        src.close()
        out.close()
    if dest.exists():
        os.replace(dest, dest.with_name(dest.name + ".before-restore"))
    for suffix in ("-wal", "-shm", "-journal"):
        Path(str(dest) + suffix).unlink(missing_ok=True)
    os.replace(tmp, dest)
    return got
