"""The organiser key's nonce (table ``organiser``, migration ``0021_player_changes``); the key
itself is derived by :mod:`scorekeeper.service.organiser` and never stored."""

from __future__ import annotations

from sqlite_utils import Database

from . import now


def get_nonce(db: Database) -> str | None:
    """The current nonce, or None before the first one."""
    row = db.execute("SELECT nonce FROM organiser WHERE id = 1").fetchone()
    return row[0] if row else None


def set_nonce(db: Database, nonce: str) -> None:
    """Replace the nonce (inside the caller's transaction)."""
    db.execute("INSERT OR REPLACE INTO organiser (id, nonce, created) VALUES (1, ?, ?)",
               [nonce, now()])
