"""The rules card's short codes (issue 26)."""

from __future__ import annotations

from sqlite_utils import Database


def rules_codes(db: Database) -> None:
    # A short code naming a game and its rules (a club night's house rules), so another phone
    # can start a match with the same rules: the code is a hash of the content, so the same
    # rules always get the same code.
    db.execute(
        """
        CREATE TABLE rules_codes (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            rules TEXT NOT NULL,
            created TEXT NOT NULL
        )
        """
    )
