"""Rows of the matches, hands, hand_history and idempotency tables (see db.py for the schema).

Plain functions over a sqlite-utils Database. They do not commit: the service layer wraps
each read-modify-write in :func:`transaction` (``BEGIN IMMEDIATE`` ... ``commit``).
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from weakref import WeakKeyDictionary

from sqlite_utils import Database


def now() -> str:
    """The current time as an ISO 8601 UTC string (what the timestamp columns hold)."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def now_minus(span: timedelta) -> str:
    """The time ``span`` ago, stamped as :func:`now` stamps (stamps compare as text)."""
    return (datetime.now(UTC) - span).isoformat(timespec="seconds").replace("+00:00", "Z")


def dumps(value: Any) -> str:
    """JSON text as stored: compact, UTF-8, keys in a stable order."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@dataclass(slots=True)
class StoredMatch:
    """One row of ``matches``: the match object without its hands, plus bookkeeping."""

    id: str
    edit_key_hash: str
    game: str
    data: dict[str, Any]
    created: str
    updated: str
    version: int
    hands_version: int = 1  # the version at which the hands last changed (not a renamed seat)


@dataclass(slots=True)
class StoredHand:
    """One row of ``hands``: a recorded hand object (as sent, without ``no``)."""

    no: int
    data: dict[str, Any]
    version: int
    submission_key: str | None
    created: str
    updated: str


def begin(db: Database) -> None:
    """Start a write transaction that takes the lock now (never a deferred one)."""
    db.execute("BEGIN IMMEDIATE")


@contextmanager
def transaction(db: Database) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... commit, or rollback on error: a read-modify-write takes the write
    lock before it reads, so two phones are serialised instead of failing with "locked"; a
    waiting writer is SQLite's busy timeout's business (no lock of our own). The cyclic
    collector waits while the lock is held (:func:`_collector_held`)."""
    begin(db)
    with _collector_held():
        pages = _page_count(db)
        try:
            yield
        except BaseException:
            db.conn.rollback()
            raise
        grown = _page_count(db) - pages  # the lock is ours: no other writer grew it meanwhile
        db.conn.commit()
    if grown > 0:
        _grown[db] = _grown.get(db, 0) + grown * _page_size(db)


@contextmanager
def _collector_held() -> Iterator[None]:
    """Python's cyclic collector off while this thread holds the write lock, on again after
    the commit (it then runs at the next allocation that is due). A worker's pages leave
    cycles (forms, templates): at 1,000 tables a collection of them took 0.1-0.2 s, and
    every writer of every worker waited it out behind the lock (issue 41)."""
    if not gc.isenabled():  # held already, or off for good: leave it as it is
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextmanager
def snapshot(db: Database) -> Iterator[None]:
    """Reads that see one state of the database (a deferred read transaction), or the
    transaction already open: another process's commit cannot land between two of them."""
    if db.conn.in_transaction:
        yield
        return
    db.execute("BEGIN")
    try:
        yield
    finally:
        db.conn.rollback()  # nothing written: ending it either way frees the snapshot


# Bytes the database file grew by in each connection's committed transactions, until the
# web layer takes them (:func:`take_growth`) to charge the address that asked for the writes.
_grown: WeakKeyDictionary[Database, int] = WeakKeyDictionary()


def _page_count(db: Database) -> int:
    return int(db.execute("PRAGMA page_count").fetchone()[0])


def _page_size(db: Database) -> int:
    return int(db.execute("PRAGMA page_size").fetchone()[0])


def take_growth(db: Database) -> int:
    """The bytes this connection's transactions grew the database by since the last call."""
    return _grown.pop(db, 0)


def get_version(db: Database, match_id: str) -> int | None:
    """The match's version alone (the cheap answer to a poll), or None."""
    row = db.execute("SELECT version FROM matches WHERE id = ?", [match_id]).fetchone()
    return None if row is None else int(row[0])


def get_match(db: Database, match_id: str) -> StoredMatch | None:
    """The match row, or None."""
    row = db.execute(
        "SELECT id, edit_key_hash, game, data, created, updated, version, hands_version"
        " FROM matches WHERE id = ?",
        [match_id],
    ).fetchone()
    if row is None:
        return None
    return StoredMatch(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6],
                       row[7])


def insert_match(
    db: Database, match_id: str, key_hash: str, game: str, data: dict[str, Any],
    rematch_of: str | None = None,
) -> None:
    """Insert a new match row (version 1); ``rematch_of``: the match it is the rematch of."""
    stamp = now()
    db.execute(
        "INSERT INTO matches (id, edit_key_hash, game, data, created, updated, version,"
        " rematch_of) VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
        [match_id, key_hash, game, dumps(data), stamp, stamp, rematch_of],
    )


def get_rematch(db: Database, match_id: str) -> str | None:
    """The id of the rematch of a match, if one was started."""
    row = db.execute("SELECT id FROM matches WHERE rematch_of = ?", [match_id]).fetchone()
    return row[0] if row else None


def rematch_of(db: Database, match_id: str) -> str | None:
    """The match ``match_id`` is the rematch of, if any."""
    row = db.execute("SELECT rematch_of FROM matches WHERE id = ?", [match_id]).fetchone()
    return row[0] if row else None


def touch_match(db: Database, match_id: str) -> None:
    """A new version of the match's pages with no hand changed (its rematch was started)."""
    db.execute("UPDATE matches SET version = version + 1, updated = ? WHERE id = ?",
               [now(), match_id])


def unlink_rematch(db: Database, match_id: str) -> None:
    """Forget which match is the rematch of ``match_id`` (the rematch itself is kept)."""
    db.execute("UPDATE matches SET rematch_of = NULL WHERE rematch_of = ?", [match_id])


def bump_match(db: Database, match_id: str) -> None:
    """Mark the match's hands changed: version + 1 (and ``hands_version`` with it) and a new
    ``updated`` time."""
    db.execute(
        "UPDATE matches SET version = version + 1, hands_version = version + 1, updated = ?"
        " WHERE id = ?", [now(), match_id]
    )


def set_edit_key_hash(db: Database, match_id: str, key_hash: str) -> None:
    """Replace the stored edit-key hash (revoking the old key)."""
    db.execute("UPDATE matches SET edit_key_hash = ? WHERE id = ?", [key_hash, match_id])


def get_hands(db: Database, match_id: str) -> list[StoredHand]:
    """The recorded hands of a match, in order."""
    rows = db.execute(
        "SELECT no, data, version, submission_key, created, updated FROM hands"
        " WHERE match_id = ? ORDER BY no",
        [match_id],
    ).fetchall()
    return [StoredHand(r[0], json.loads(r[1]), r[2], r[3], r[4], r[5]) for r in rows]


def hand_texts(db: Database, match_id: str) -> list[str]:
    """The recorded hands of a match as their stored JSON texts, in order, unparsed."""
    rows = db.execute("SELECT data FROM hands WHERE match_id = ? ORDER BY no",
                      [match_id]).fetchall()
    return [r[0] for r in rows]


def insert_hand(
    db: Database, match_id: str, no: int, data: dict[str, Any], submission_key: str | None
) -> str:
    """Insert hand ``no`` (the UNIQUE constraints catch a second phone and a resubmission);
    return its JSON text as stored."""
    stamp = now()
    text = dumps(data)
    db.execute(
        "INSERT INTO hands (match_id, no, data, version, submission_key, created, updated)"
        " VALUES (?, ?, ?, 1, ?, ?, ?)",
        [match_id, no, text, submission_key, stamp, stamp],
    )
    return text


def insert_hands(db: Database, match_id: str, hands: list[dict[str, Any]]) -> None:
    """Insert an imported match's hands 1, 2, ... in one statement (the write lock is held
    for as short a time as can be)."""
    stamp = now()
    db.conn.executemany(
        "INSERT INTO hands (match_id, no, data, version, submission_key, created, updated)"
        " VALUES (?, ?, ?, 1, NULL, ?, ?)",
        [(match_id, no, text, stamp, stamp) for no, text in enumerate(
            (dumps(hand) for hand in hands), start=1)],
    )


def update_hand(db: Database, match_id: str, no: int, data: dict[str, Any], version: int) -> bool:
    """Replace hand ``no`` if it is still at ``version``; False when someone changed it first."""
    cursor = db.execute(
        "UPDATE hands SET data = ?, version = version + 1, updated = ?"
        " WHERE match_id = ? AND no = ? AND version = ?",
        [dumps(data), now(), match_id, no, version],
    )
    return cursor.rowcount == 1


def delete_hand(db: Database, match_id: str, no: int) -> None:
    """Delete hand ``no``."""
    db.execute("DELETE FROM hands WHERE match_id = ? AND no = ?", [match_id, no])


def add_history(
    db: Database,
    match_id: str,
    no: int,
    action: str,
    old: dict[str, Any] | None,
    new: dict[str, Any] | None,
    by: str,
) -> None:
    """Keep a replaced hand: ``action`` is 'correct', 'undo' or 'redo' (an undo taken back)."""
    db.execute(
        "INSERT INTO hand_history (match_id, no, action, old, new, at, by)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            match_id,
            no,
            action,
            None if old is None else dumps(old),
            None if new is None else dumps(new),
            now(),
            by,
        ],
    )


def get_history(db: Database, match_id: str) -> list[dict[str, Any]]:
    """The corrections and undos of a match, oldest first."""
    rows = db.execute(
        "SELECT no, action, old, new, at, by FROM hand_history WHERE match_id = ? ORDER BY id",
        [match_id],
    ).fetchall()
    return [
        {
            "no": r[0],
            "action": r[1],
            "old": None if r[2] is None else json.loads(r[2]),
            "new": None if r[3] is None else json.loads(r[3]),
            "at": r[4],
            "by": r[5],
        }
        for r in rows
    ]


@dataclass(frozen=True, slots=True)
class KeptAnswer:
    """What is kept of the answer given to an idempotency key: the hand as answered, and the
    match's last history entry then (``history``: the hands as they were can be told from the
    entries after it). ``response`` is the whole first answer in rows made before migration
    0027 that it could not shrink (``history`` None)."""

    request_hash: str
    status: int
    response: dict[str, Any]
    history: int | None


def get_idempotent(db: Database, match_id: str, key: str) -> KeptAnswer | None:
    """What is kept of the answer to an idempotency key, or None."""
    row = db.execute(
        "SELECT request_hash, status, response, history FROM idempotency"
        " WHERE match_id = ? AND key = ?",
        [match_id, key],
    ).fetchone()
    if row is None:
        return None
    return KeptAnswer(row[0], row[1], json.loads(row[2]), row[3])


def put_idempotent(db: Database, match_id: str, key: str, request_hash: str, status: int,
                   hand: dict[str, Any], history: int) -> None:
    """Remember the answer given to a request with an idempotency key: the ``hand`` answered
    and the match's ``history`` mark (:func:`history_mark`), not the whole state: a state
    grows with the match, so keeping one per save grew the database with its square."""
    db.execute(
        "INSERT INTO idempotency (match_id, key, request_hash, status, response, created,"
        " history) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [match_id, key, request_hash, status, dumps({"hand": hand}), now(), history],
    )


def prune_idempotent(db: Database, before: str, limit: int = 100) -> int:
    """Forget at most ``limit`` answers to idempotency keys given before ``before`` (a
    :func:`now` stamp); how many. A few at a time, so no save holds the lock for long."""
    return db.execute(
        "DELETE FROM idempotency WHERE rowid IN (SELECT rowid FROM idempotency"
        " WHERE created < ? ORDER BY created LIMIT ?)", [before, limit]).rowcount


def history_mark(db: Database, match_id: str) -> int:
    """The id of the match's last history entry (0: none yet)."""
    row = db.execute("SELECT COALESCE(MAX(id), 0) FROM hand_history WHERE match_id = ?",
                     [match_id]).fetchone()
    return int(row[0])


def hands_before_changes(db: Database, match_id: str, mark: int, upto: int,
                         ) -> dict[int, dict[str, Any] | None]:
    """Each of hands 1..``upto`` corrected, undone or redone after history entry ``mark``: the
    hand as it was then (the ``old`` of its first change since)."""
    rows = db.execute(
        "SELECT no, old FROM hand_history WHERE match_id = ? AND id > ? AND no <= ?"
        " ORDER BY id DESC", [match_id, mark, upto]).fetchall()
    return {int(no): None if old is None else json.loads(old) for no, old in rows}
