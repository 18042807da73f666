"""Duplicate sessions (issue 39): a session, its results one row each, and every change made to
them (the history a director's correction keeps)."""

from __future__ import annotations

from sqlite_utils import Database


def sessions(db: Database) -> None:
    # A session: the session file without its results (JSON: name, date, scoring, movement,
    # pairs, boards), the hash of its edit key, a version bumped by every change, and the
    # movement it was started with (JSON: kind, tables, boards a round, rounds, way; NULL for a
    # session imported from a file).
    db.execute(
        """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            edit_key_hash TEXT NOT NULL,
            game TEXT NOT NULL,
            data TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            plan TEXT
        )
        """
    )
    # A result (the session file's result object, JSON), in the order entered (``no``); a
    # board's NS pair names it, as a pair plays a board once.
    db.execute(
        """
        CREATE TABLE session_results (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            board INTEGER NOT NULL,
            ns TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (session_id, no),
            UNIQUE (session_id, board, ns)
        )
        """
    )
    # Every entry, correction and removal: the result before and after (NULL: none), when,
    # and the Idempotency-Key and body hash of the request that made it (a retry's answer).
    db.execute(
        """
        CREATE TABLE session_changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            board INTEGER NOT NULL,
            ns TEXT NOT NULL,
            old TEXT,
            new TEXT,
            idempotency_key TEXT,
            body_hash TEXT
        )
        """
    )
    db.execute("CREATE INDEX session_changes_session ON session_changes (session_id, id)")
    db.execute("CREATE UNIQUE INDEX session_changes_key ON session_changes"
               " (session_id, idempotency_key) WHERE idempotency_key IS NOT NULL")
    # A board's hand record as its game shows it, with its analysis (Bridge's double-dummy
    # table and par take up to a second or two a board): worked out once, kept.
    db.execute(
        """
        CREATE TABLE session_hand_records (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            board INTEGER NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (session_id, board)
        )
        """
    )
