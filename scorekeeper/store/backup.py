"""Backups of the SQLite database: a consistent copy, verified before it is trusted; and
restore, which checks a backup fully before anything is replaced, and replaces nothing while a
server uses the database.

A restore never moves, copies or deletes a database file (nor its ``-journal`` or ``-wal``):
the current database is opened through SQLite, which rolls back a crashed writer's journal or
reads the WAL's committed pages, and both the safety copy and the replacement are made by
SQLite's backup API, itself one transaction on the destination.
"""

from __future__ import annotations

import errno
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .db import connect, sqlite3
from .restore_checks import CandidateError, drop_litestream, verify_candidate

PID_FILE = "serve.pid"  # `scorekeeper serve` writes its pid here (gunicorn's pidfile)
SIDE_FILES = ("-journal", "-wal")

TABLES = ("matches", "hands", "hand_history", "idempotency")


class BackupError(Exception):
    """A backup or restore that could not be done (the message says why)."""


@dataclass(frozen=True, slots=True)
class Restored:
    """What a restore did: the restored database's row counts, the safety copy of the database
    it replaced (None: there was none), and the derived tables the backup held otherwise than
    its hands make them (rebuilt from the hands all the same)."""

    counts: dict[str, int]
    safe: Path | None
    rebuilt_differed: tuple[str, ...]


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts of the data tables."""
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def verify(path: Path) -> dict[str, int]:
    """Run ``PRAGMA integrity_check`` on a database file; return its row counts."""
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
        copy = sqlite3.connect(str(partial))
        try:  # Litestream's own tables, if it replicates the database: not Scorekeeper's data
            drop_litestream(copy)
        finally:
            copy.close()
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




# --- restore -----------------------------------------------------------------------------------


def serving_pid(folder: Path) -> int | None:
    """The pid of a live server using this instance folder (its ``serve.pid``), or None."""
    try:
        pid = int((folder / PID_FILE).read_text().strip())
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)  # signal 0: is there such a process (nothing is sent)
    except ProcessLookupError:
        return None  # a server that was killed left its pid file behind
    except PermissionError:
        return pid  # it exists, run by another user
    return pid if pid != os.getpid() else None


def os_sentence(error: BaseException, folder: Path) -> str:
    """A disk's refusal in words (read-only folder, full disk, no permission)."""
    code = getattr(error, "errno", None)
    text = str(error).lower()
    if code in (errno.ENOSPC, errno.EFBIG) or "full" in text:
        return f"the disk under {folder} is full: free some space and restore again"
    if code == errno.EIO or "disk i/o" in text:
        return (f"could not write in {folder}: the disk is full or failing (disk I/O error); "
                f"free some space and restore again")
    if code in (errno.EACCES, errno.EPERM, errno.EROFS) or "readonly" in text \
            or "read-only" in text or "unable to open" in text:
        return f"cannot write in {folder} (read-only or no permission)"
    return f"cannot restore into {folder}: {getattr(error, 'strerror', None) or error}"


def restore_database(source: Path, dest: Path) -> Restored:
    """Replace the database at ``dest`` with the backup ``source``, once it has passed every
    check (:mod:`.restore_checks`). Refused while a server uses the instance folder.

    The current database is kept as ``<name>.before-restore-<UTC time>`` (a new name each time:
    an earlier safety copy is never overwritten), holding exactly its committed data. Any
    failure leaves the current database as it was and no file behind. A Litestream restore, or
    a backup taken while Litestream ran, has Litestream's tables: they are dropped from the
    candidate. Every derived table is rebuilt from the hands (:func:`.rebuild_derived`).
    """
    folder = dest.parent
    pid = serving_pid(folder)
    if pid is not None:
        raise BackupError(f"a server is using this instance (process {pid}, named in "
                          f"{folder / PID_FILE}): stop it, then restore")
    if not source.is_file():
        raise BackupError(f"there is no file at {source}")
    beside = [f"{source.name}{s}" for s in SIDE_FILES
              if Path(f"{source}{s}").is_file() and Path(f"{source}{s}").stat().st_size]
    if beside:
        raise BackupError(f"{source} has {', '.join(beside)} beside it: it was being written, "
                          f"or its writer crashed. Make a clean copy with `scorekeeper backup "
                          f"--instance` on its folder, or restore another backup")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder, prefix=".restore-") as work:
            candidate = Path(work) / "candidate.db"
            _copy(source, candidate)
            differed = verify_candidate(candidate, str(source))
            counts, safe = _replace(candidate, dest)
            return Restored(counts, safe, tuple(differed))
    except CandidateError as e:
        raise BackupError(str(e)) from None
    except sqlite3.DatabaseError as e:
        if "not a database" in str(e) or "malformed" in str(e):
            raise BackupError(f"{source} is not a Scorekeeper database, or is damaged "
                              f"({e})") from None
        raise BackupError(os_sentence(e, folder)) from None
    except OSError as e:
        raise BackupError(os_sentence(e, folder)) from None


def _copy(source: Path, candidate: Path) -> None:
    """A private copy of the backup, made by SQLite (the backup file is only read: immutable,
    since nothing beside it may change it), in rollback-journal mode."""
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    out = sqlite3.connect(str(candidate))
    try:
        src.backup(out)
        out.execute("PRAGMA journal_mode=DELETE")
    finally:
        src.close()
        out.close()


def _replace(candidate: Path, dest: Path) -> tuple[dict[str, int], Path | None]:
    """Keep a safety copy of the current database, then write the candidate over it."""
    existed = dest.is_file() and dest.stat().st_size > 0
    live = connect(dest, busy_timeout_ms=0)  # rolls back a hot journal, reads the WAL
    safe: Path | None = None
    replaced = False
    try:
        try:  # nothing else may hold the database: a writer, or a reader in the middle
            live.execute("BEGIN EXCLUSIVE")
            live.conn.rollback()
        except sqlite3.OperationalError as e:
            raise BackupError(f"another program is using {dest} ({e}): stop it, then "
                              f"restore") from None
        offsets = _version_offsets(live.conn)
        if existed:
            safe = _safety_copy(live.conn, dest)
        cand = sqlite3.connect(str(candidate))
        try:
            _bump_versions(cand, offsets)
            page = live.execute("PRAGMA page_size").fetchone()[0]
            if cand.execute("PRAGMA page_size").fetchone()[0] != page:
                # SQLite's backup into a WAL database needs the same page size on both sides
                cand.execute(f"PRAGMA page_size={int(page)}")
                cand.execute("VACUUM")
            cand.backup(live.conn)  # one transaction on the destination, through its journal
        finally:
            cand.close()
        replaced = True
        return counts(live.conn), safe
    except BaseException:
        if not replaced:  # the old database is untouched: neither a copy nor a new file
            if safe is not None:
                safe.unlink(missing_ok=True)
            if not existed:
                live.conn.close()
                for suffix in ("", *SIDE_FILES, "-shm"):
                    Path(f"{dest}{suffix}").unlink(missing_ok=True)
        raise
    finally:
        live.conn.close()


def _version_offsets(conn: sqlite3.Connection) -> dict[str, int]:
    """Per table with versions: the highest version in the current database (0 if none)."""
    out = {}
    for table in ("matches", "events", "sessions"):
        try:
            out[table] = int(conn.execute(f"SELECT max(version) FROM {table}").fetchone()[0]
                             or 0)
        except sqlite3.OperationalError:  # a database not yet migrated this far
            out[table] = 0
    try:  # a duplicate session's table stamps (issue 41)
        out["tables"] = int(conn.execute("SELECT max(tables_version) FROM sessions")
                            .fetchone()[0] or 0)
    except sqlite3.OperationalError:
        out["tables"] = 0
    return out


def _bump_versions(cand: sqlite3.Connection, offsets: dict[str, int]) -> None:
    """Every restored match and event gets a version above any the current database had, so
    a phone's page or poll from before the restore is behind (its ETag never matches)."""
    with cand:
        cand.execute("UPDATE matches SET version = version + ?, hands_version = hands_version"
                     " + ?", [offsets["matches"], offsets["matches"]])
        cand.execute("UPDATE events SET version = version + ?", [offsets["events"]])
        cand.execute("UPDATE sessions SET version = version + ?, tables_version ="
                     " tables_version + ?", [offsets["sessions"], offsets["tables"]])


def _safety_copy(conn: sqlite3.Connection, dest: Path) -> Path:
    """The current database's committed data, copied by SQLite to a new timestamped name (the
    name is taken first, exclusively: an earlier copy is never overwritten)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    for n in range(100):
        safe = dest.with_name(f"{dest.name}.before-restore-{stamp}" + (f"-{n}" if n else ""))
        try:
            os.close(os.open(safe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            continue
        try:
            out = sqlite3.connect(str(safe))
            try:
                conn.backup(out)
                if out.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    raise BackupError(f"the safety copy {safe} fails the integrity check")
            finally:
                out.close()
        except BaseException:
            safe.unlink(missing_ok=True)
            Path(f"{safe}-journal").unlink(missing_ok=True)
            raise
        return safe
    raise BackupError(f"cannot find a free name for the safety copy of {dest}")
