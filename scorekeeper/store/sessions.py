"""Rows of the sessions, session_results and session_changes tables (schema:
``store/migrations/sessions.py``). Plain functions; the service layer commits."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from . import now


def dumps(value: Any) -> str:
    """JSON text keeping the keys' order: a session file's pairs are in its order (its
    ranking keeps that order between equals), and an export gives the file back as it came."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class StoredSession:
    """One session: its file without results (``data``) and its results in order."""

    id: str
    edit_key_hash: str
    game: str
    data: dict[str, Any]
    results: list[dict[str, Any]]
    created: str
    updated: str
    version: int
    plan: dict[str, Any] | None = None

    def as_file(self) -> dict[str, Any]:
        """The session file (``scorekeeper-session/1``) with every result."""
        return {**self.data, "results": self.results}


@dataclass(frozen=True, slots=True)
class StoredChange:
    """One entry, correction or removal of a result."""

    no: int
    at: str
    board: int
    ns: str
    old: dict[str, Any] | None
    new: dict[str, Any] | None
    by_table: int | None = None  # the table whose phone made it (None: the director)
    state: str | None = None  # the opponents' answer (accepted, disputed), old = new


def insert_session(db: Database, session_id: str, key_hash: str, game: str,
                   data: dict[str, Any], results: list[dict[str, Any]],
                   plan: dict[str, Any] | None = None) -> None:
    """A new session (version 1), the results its file brought and its movement's plan."""
    stamp = now()
    db.execute("INSERT INTO sessions (id, edit_key_hash, game, data, created, updated, version,"
               " plan) VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
               [session_id, key_hash, game, dumps(data), stamp, stamp,
                None if plan is None else dumps(plan)])
    db.conn.executemany(
        "INSERT INTO session_results (session_id, no, board, ns, data) VALUES (?, ?, ?, ?, ?)",
        [(session_id, no, int(r["board"]), r["ns"], dumps(r))
         for no, r in enumerate(results, 1)])


def get_version(db: Database, session_id: str) -> int | None:
    row = db.execute("SELECT version FROM sessions WHERE id = ?", [session_id]).fetchone()
    return None if row is None else int(row[0])


def session_stamp(db: Database, session_id: str) -> str | None:
    """What a session's live views depend on (its version: every change bumps it), as the
    stream and the ETags say it; None: no such session."""
    version = get_version(db, session_id)
    return None if version is None else str(version)


@dataclass(frozen=True, slots=True)
class ChangeMark:
    """The last change a loaded session includes (its row's id, 0 for none, and time): the
    next load of the session replays the changes after it."""

    id: int
    at: str


def get_session(db: Database, session_id: str) -> StoredSession | None:
    """The session and its results in the order entered, or None."""
    head = get_head(db, session_id)
    if head is None:
        return None
    texts = db.execute("SELECT data FROM session_results WHERE session_id = ? ORDER BY no",
                       [session_id]).fetchall()
    return StoredSession(head.id, head.edit_key_hash, head.game, head.data,
                         [json.loads(t[0]) for t in texts], head.created, head.updated,
                         head.version, head.plan)


def board_results(db: Database, session_id: str, board: int) -> list[dict[str, Any]]:
    """Board ``board``'s results, in the order entered (a write's check of one board reads
    these, not the session's thousands)."""
    return [json.loads(t[0]) for t in db.execute(
        "SELECT data FROM session_results WHERE session_id = ? AND board = ? ORDER BY no",
        [session_id, board]).fetchall()]


def get_head(db: Database, session_id: str) -> StoredSession | None:
    """The session without its results (``results`` empty), or None."""
    row = db.execute("SELECT id, edit_key_hash, game, data, created, updated, version, plan"
                     " FROM sessions WHERE id = ?", [session_id]).fetchone()
    if row is None:
        return None
    return StoredSession(row[0], row[1], row[2], json.loads(row[3]), [], row[4], row[5],
                         row[6], None if row[7] is None else json.loads(row[7]))


def get_key_hash(db: Database, session_id: str) -> str | None:
    row = db.execute("SELECT edit_key_hash FROM sessions WHERE id = ?", [session_id]).fetchone()
    return None if row is None else str(row[0])


def count_results(db: Database, session_id: str) -> int:
    return int(db.execute("SELECT count(*) FROM session_results WHERE session_id = ?",
                          [session_id]).fetchone()[0])


def last_change(db: Database, session_id: str) -> ChangeMark:
    row = db.execute("SELECT id, at FROM session_changes WHERE session_id = ? ORDER BY id DESC"
                     " LIMIT 1", [session_id]).fetchone()
    return ChangeMark(0, "") if row is None else ChangeMark(int(row[0]), str(row[1]))


def has_change(db: Database, session_id: str, mark: ChangeMark) -> bool:
    """Whether ``mark`` is a change of this session's history (not one of a database
    restored since)."""
    if mark.id == 0:
        return True
    row = db.execute("SELECT at FROM session_changes WHERE id = ? AND session_id = ?",
                     [mark.id, session_id]).fetchone()
    return row is not None and row[0] == mark.at


def changes_after(db: Database, session_id: str, mark: ChangeMark
                  ) -> list[tuple[ChangeMark, int, str, dict[str, Any] | None]]:
    """The changes after ``mark``, oldest first: each one's mark, board, NS pair and the
    result it left (None: removed)."""
    rows = db.execute("SELECT id, at, board, ns, new FROM session_changes WHERE session_id = ?"
                      " AND id > ? ORDER BY id", [session_id, mark.id]).fetchall()
    return [(ChangeMark(int(i), str(at)), int(board), str(ns),
             None if new is None else json.loads(new)) for i, at, board, ns, new in rows]


def put_result(db: Database, session_id: str, result: dict[str, Any]) -> None:
    """Store a result: in place of the board's result of the same NS pair, else at the end."""
    board, ns = int(result["board"]), result["ns"]
    updated = db.execute("UPDATE session_results SET data = ? WHERE session_id = ? AND board = ?"
                         " AND ns = ?", [dumps(result), session_id, board, ns]).rowcount
    if not updated:
        db.execute("INSERT INTO session_results (session_id, no, board, ns, data) VALUES"
                   " (?, (SELECT coalesce(max(no), 0) + 1 FROM session_results"
                   " WHERE session_id = ?), ?, ?, ?)",
                   [session_id, session_id, board, ns, dumps(result)])


def delete_result(db: Database, session_id: str, board: int, ns: str) -> None:
    db.execute("DELETE FROM session_results WHERE session_id = ? AND board = ? AND ns = ?",
               [session_id, board, ns])


def add_change(db: Database, session_id: str, board: int, ns: str,
               old: dict[str, Any] | None, new: dict[str, Any] | None,
               key: str | None, body_hash: str | None, by_table: int | None = None,
               state: str | None = None) -> ChangeMark:
    """Keep a change in the history (``by_table``: the table's phone that made it, None for
    the director; ``state``: the opponents' answer) and bump the session's version."""
    stamp = now()
    row = db.execute("INSERT INTO session_changes (session_id, at, board, ns, old, new,"
               " idempotency_key, body_hash, by_table, state)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [session_id, stamp, board, ns, None if old is None else dumps(old),
                None if new is None else dumps(new), key, body_hash, by_table, state])
    db.execute("UPDATE sessions SET version = version + 1, updated = ? WHERE id = ?",
               [stamp, session_id])
    return ChangeMark(int(row.lastrowid or 0), stamp)


def keyed_change(db: Database, session_id: str, key: str) -> str | None:
    """The body hash of the change an Idempotency-Key made, or None."""
    row = db.execute("SELECT body_hash FROM session_changes WHERE session_id = ? AND"
                     " idempotency_key = ?", [session_id, key]).fetchone()
    return None if row is None else str(row[0])


def get_changes(db: Database, session_id: str, last: int | None = None
                ) -> list[StoredChange]:
    """Every change (``last``: the last so many), oldest first, numbered from 1."""
    skip = 0
    if last is not None:
        count = int(db.execute("SELECT count(*) FROM session_changes WHERE session_id = ?",
                               [session_id]).fetchone()[0])
        skip = max(0, count - last)
    rows = db.execute("SELECT at, board, ns, old, new, by_table, state FROM session_changes"
                      " WHERE session_id = ? ORDER BY id LIMIT -1 OFFSET ?",
                      [session_id, skip]).fetchall()
    return [StoredChange(no, at, board, ns, None if old is None else json.loads(old),
                         None if new is None else json.loads(new), by, state)
            for no, (at, board, ns, old, new, by, state) in enumerate(rows, skip + 1)]


def get_hand_records(db: Database, session_id: str) -> dict[int, dict[str, Any]]:
    """The hand records worked out so far, by board."""
    return {int(board): json.loads(text) for board, text in db.execute(
        "SELECT board, data FROM session_hand_records WHERE session_id = ? ORDER BY board",
        [session_id]).fetchall()}


def put_hand_record(db: Database, session_id: str, board: int, record: dict[str, Any]) -> None:
    db.execute("INSERT OR REPLACE INTO session_hand_records (session_id, board, data)"
               " VALUES (?, ?, ?)", [session_id, board, dumps(record)])


def put_plan(db: Database, session_id: str, plan: dict[str, Any]) -> None:
    """Keep the session's plan (its movement and how play goes: the round being played, its
    start, the minutes a board, ended) and bump its version, as a result's change does."""
    db.execute("UPDATE sessions SET plan = ?, version = version + 1, updated = ? WHERE id = ?",
               [dumps(plan), now(), session_id])


def recent_pairs(db: Database, sessions: int = 50, most: int = 60) -> list[tuple[str, str]]:
    """The pairs of the last ``sessions`` sessions, the latest first, each partnership once
    (names compared without case): a club's regular pairs, for the next session's form."""
    seen: set[tuple[str, str]] = set()
    out: list[tuple[str, str]] = []
    for (text,) in db.execute("SELECT data FROM sessions ORDER BY created DESC, rowid DESC"
                              " LIMIT ?", [sessions]).fetchall():
        pairs = json.loads(text).get("pairs")
        for names in pairs.values() if isinstance(pairs, dict) else ():
            if not (isinstance(names, list) and len(names) == 2
                    and all(isinstance(n, str) for n in names)):
                continue
            key = (names[0].casefold(), names[1].casefold())
            if key not in seen and (key[1], key[0]) not in seen:
                seen.add(key)
                out.append((names[0], names[1]))
                if len(out) >= most:
                    return out
    return out
