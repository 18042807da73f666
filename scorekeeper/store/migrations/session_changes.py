"""Who made each change of a duplicate session (issue 40): the director's console says "at
table 2" or "by the director" beside each entry, correction and answer."""

from __future__ import annotations

from sqlite_utils import Database


def change_by(db: Database) -> None:
    # The table whose phone made the change (NULL: the director, or the session's key holder
    # through the API); for the opponents' one tap, the state it gave the table's result
    # (accepted or disputed: the result itself is unchanged, old = new).
    db.execute("ALTER TABLE session_changes ADD COLUMN by_table INTEGER")
    db.execute("ALTER TABLE session_changes ADD COLUMN state TEXT")
