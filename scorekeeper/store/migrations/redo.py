"""Undo can be taken back: a hand's history may say 'redo' (issue 24)."""

from __future__ import annotations

from sqlite_utils import Database


def redo_action(db: Database) -> None:
    # SQLite cannot change a CHECK constraint in place: the table is made again, rows kept.
    db.execute(
        """
        CREATE TABLE hand_history_new (
            id INTEGER PRIMARY KEY,
            match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            no INTEGER NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('correct', 'undo', 'redo')),
            old TEXT,
            new TEXT,
            at TEXT NOT NULL,
            by TEXT NOT NULL
        )
        """
    )
    db.execute("INSERT INTO hand_history_new SELECT id, match_id, no, action, old, new, at, by"
               " FROM hand_history")
    db.execute("DROP TABLE hand_history")
    db.execute("ALTER TABLE hand_history_new RENAME TO hand_history")
    db.execute("CREATE INDEX hand_history_match ON hand_history (match_id, id)")
