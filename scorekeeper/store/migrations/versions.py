"""The version at which a match's hands last changed (not its seats' names)."""

from __future__ import annotations

from sqlite_utils import Database


def hands_version(db: Database) -> None:
    # A rename or merge of a player rewrites the seats of every match they sat in and bumps the
    # match's version (pages and ETags must change), but no hand changed: a scorer's page (or a
    # hand queued offline) built before it is not behind. Record, correct and undo set this to
    # the new version; a rename leaves it.
    db.execute("ALTER TABLE matches ADD COLUMN hands_version INTEGER NOT NULL DEFAULT 1")
    db.execute("UPDATE matches SET hands_version = version")
