"""Backups of the SQLite database: a consistent copy, verified before it is trusted."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from .db import connect, migrations, sqlite3

TABLES = ("matches", "hands", "hand_history", "idempotency")


class BackupError(Exception):
    """A backup or restore that could not be done (the message says why)."""


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts of the data tables."""
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def expected_schema(applied: list[str]) -> dict[str, list[tuple[str, str, int, int]]]:
    """Every table's columns (name, type, not null, primary key) after the migrations
    ``applied``, in order, as this version of Scorekeeper would have made them."""
    empty = Database(memory=True)
    try:
        known = [m.name for m in migrations.pending(empty)]
    finally:
        empty.conn.close()
    unknown = [name for name in applied if name not in known]
    if unknown:
        raise BackupError(f"the backup was made by a newer Scorekeeper (migrations "
                          f"{', '.join(unknown)}); upgrade before restoring it")
    if applied != known[: len(applied)]:
        raise BackupError(f"the backup's migrations are not in Scorekeeper's order: {applied}")
    db = Database(memory=True)
    try:
        later = known[len(applied):]
        migrations.apply(db, stop_before=later[:1] or None)
        return schema(db.conn)
    finally:
        db.conn.close()


def schema(conn: sqlite3.Connection) -> dict[str, list[tuple[str, str, int, int]]]:
    """Every table's columns: name, declared type, not null, primary key position."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " ORDER BY name")]
    return {name: [(c[1], str(c[2]).upper(), int(c[3]), int(c[5]))
                   for c in conn.execute(f'PRAGMA table_info("{name}")')]
            for name in names}


def check_schema(conn: sqlite3.Connection, path: Path) -> None:
    """The file is a Scorekeeper database: its migrations table, every table with exactly the
    columns its migrations make, and no foreign key pointing nowhere."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "_sqlite_migrations" not in tables:
        raise BackupError(f"{path} is not a Scorekeeper database: it has no migrations table")
    applied = [r[0] for r in conn.execute(
        "SELECT name FROM _sqlite_migrations WHERE migration_set = 'scorekeeper'"
        " ORDER BY id")]
    if not applied:
        raise BackupError(f"{path} is not a Scorekeeper database: no migration was applied")
    want = expected_schema(applied)
    got = schema(conn)
    for table, columns in want.items():
        if table == "_sqlite_migrations":  # sqlite-utils' own table: checked by the query above
            continue
        if table not in got:
            raise BackupError(f"{path} has no table {table}")
        if got[table] != columns:
            raise BackupError(f"{path}: table {table} has columns "
                              f"{[c[0] for c in got[table]]}, expected {[c[0] for c in columns]}")
    extra = sorted(set(got) - set(want))
    if extra:
        raise BackupError(f"{path} has tables Scorekeeper does not make: {', '.join(extra)}")
    dangling = conn.execute("PRAGMA foreign_key_check").fetchall()
    if dangling:
        raise BackupError(f"{path} fails the foreign key check: {len(dangling)} rows point to "
                          f"nothing (first in table {dangling[0][0]})")


def verify(path: Path, full: bool = False) -> dict[str, int]:
    """Run ``PRAGMA integrity_check`` on a database file; return its row counts.

    :param full: also check the schema (migrations table, every table's columns) and
        ``PRAGMA foreign_key_check``: what a restore needs before it replaces anything.
    """
    if not path.is_file():
        raise BackupError(f"there is no file at {path}")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise BackupError(f"cannot open {path}: {e}") from e
    try:
        result = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise BackupError(f"{path} fails the integrity check: {result}")
        if full:
            check_schema(conn, path)
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

    Stop the server first. The backup is checked first (integrity, schema, foreign keys):
    nothing is replaced unless it passes. The old database is kept as
    ``<name>.before-restore-<UTC time>`` (a new name each time: an earlier safety copy is never
    overwritten).
    """
    got = verify(source, full=True)
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
        keep_aside(dest)
    for suffix in ("-wal", "-shm", "-journal"):
        Path(str(dest) + suffix).unlink(missing_ok=True)
    os.replace(tmp, dest)
    return got


def keep_aside(dest: Path) -> Path:
    """Move the database to a new timestamped name beside it (never over an existing file)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    for n in range(100):
        safe = dest.with_name(f"{dest.name}.before-restore-{stamp}" + (f"-{n}" if n else ""))
        try:
            os.link(dest, safe)  # fails if the name exists: never replaces a safety copy
        except FileExistsError:
            continue
        dest.unlink()
        return safe
    raise BackupError(f"cannot find a free name for the safety copy of {dest}")
