"""Migration ``0021_player_changes`` (issue 22): every rename and merge of players with what it
moved, so that it can be undone exactly; and the organiser key's nonce."""

from __future__ import annotations

import secrets

from sqlite_utils import Database


def player_changes(db: Database) -> None:
    # One row per rename or merge. ``detail`` (JSON) holds what it moved: the player rows as
    # they were, the seats moved (merge), each rewritten seat's old name in the match files;
    # ``touches`` (JSON list) every player it changed, for the undo-in-order rule.
    db.execute("""
        CREATE TABLE player_changes (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('rename', 'merge')),
            player TEXT NOT NULL REFERENCES players(id),
            into_player TEXT REFERENCES players(id),
            touches TEXT NOT NULL,
            detail TEXT NOT NULL,
            at TEXT NOT NULL,
            by TEXT NOT NULL,
            undone_at TEXT,
            undone_by TEXT
        )""")
    # The organiser key is derived from the instance's secret key and this nonce (so the
    # command can show it again without storing it); a new nonce replaces the key.
    db.execute("""
        CREATE TABLE organiser (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            nonce TEXT NOT NULL,
            created TEXT NOT NULL
        )""")
    db.execute("INSERT INTO organiser (id, nonce, created) VALUES (1, ?, datetime('now'))",
               [secrets.token_urlsafe(16)])
