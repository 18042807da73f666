"""Migrations 0001-0003: matches, hands, their history and idempotency keys; the rematch link;
the heartbeat row."""

from __future__ import annotations

from sqlite_utils import Database


def initial(db: Database) -> None:
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


def rematch_of(db: Database) -> None:
    # A rematch remembers the match it follows; one rematch per match, so two phones pressing
    # Rematch at once land in the same new match.
    db.execute("ALTER TABLE matches ADD COLUMN rematch_of TEXT")
    db.execute("CREATE UNIQUE INDEX matches_rematch_of ON matches (rematch_of)"
               " WHERE rematch_of IS NOT NULL")


def heartbeat(db: Database) -> None:
    # One row that /healthz rewrites: proof that the database can be written, not only read.
    db.execute("CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL)")
