"""Players as records: the players table, each match seat's player, the players' history,
and the match's date (issue 14). Schema: migration ``0004_players`` (:mod:`.migrations.players`).

Plain functions over a sqlite-utils Database; like :mod:`scorekeeper.store` they do not commit
(the service layer wraps them in a transaction).
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ..engine.cards import SEATS, TEAM_OF
from . import dumps, now

ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: ids are read aloud
ID_LENGTH = 8


def normalise(name: str) -> str:
    """The name as matched: case and spaces ignored (and Unicode width forms folded)."""
    return "".join(unicodedata.normalize("NFKC", name).split()).casefold()


def new_player_id() -> str:
    """A fresh, short, random player id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def today() -> str:
    """Today's date (UTC) as ``YYYY-MM-DD``: a match's date when none is given."""
    return datetime.now(UTC).date().isoformat()


def date_of(data: dict[str, Any], created: str | None = None) -> str:
    """The day a stored match was played: its file's ``played``, else the day it was created."""
    played = data.get("played")
    if isinstance(played, str) and len(played) >= 10:
        return played[:10]
    return (created or now())[:10]


# --- players ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """A player of this instance, as the pages name them."""

    id: str
    name: str
    short_name: str | None  # initials, when given
    merged_into: str | None  # the player this one was merged into, if merged away
    created: str


@dataclass(frozen=True, slots=True)
class KnownPlayer:
    """A player offered by name in the start form's and the club night's lists."""

    id: str
    name: str


def get_player(db: Database, player_id: str) -> Player | None:
    """The player row (``merged_into`` set for a player merged into another), or None."""
    row = db.execute("SELECT id, name, short_name, merged_into, created FROM players"
                     " WHERE id = ?", [player_id]).fetchone()
    return None if row is None else Player(*row)


def current_id(db: Database, player_id: str) -> str | None:
    """The id a player goes by now: itself, or the player it was merged into (followed)."""
    seen: set[str] = set()
    while player_id not in seen:
        seen.add(player_id)
        player = get_player(db, player_id)
        if player is None:
            return None
        if not player.merged_into:
            return player_id
        player_id = player.merged_into
    return None


def find_by_name(db: Database, name: str) -> str | None:
    """The player a typed name stands for (case and spaces ignored): of several with the same
    name, the one who played most recently."""
    row = db.execute(
        "SELECT id FROM players WHERE norm = ? AND merged_into IS NULL"
        " ORDER BY last_seen DESC, created LIMIT 1", [normalise(name)],
    ).fetchone()
    return row[0] if row else None


def create_player(db: Database, name: str, by: str, short_name: str | None = None) -> str:
    """Insert a new player; return its id."""
    player_id = new_player_id()
    while get_player(db, player_id) is not None:
        player_id = new_player_id()
    db.execute("INSERT INTO players (id, name, short_name, norm, created) VALUES (?, ?, ?, ?, ?)",
               [player_id, name, short_name, normalise(name), now()])
    add_history(db, player_id, "create", {"name": name}, by)
    return player_id


def recent_players(db: Database, limit: int = 100) -> list[KnownPlayer]:
    """Players (not merged away), the most recently seen first: for the start form's list."""
    rows = db.execute(
        "SELECT id, name FROM players WHERE merged_into IS NULL"
        " ORDER BY last_seen DESC, name LIMIT ?", [limit]).fetchall()
    return [KnownPlayer(*r) for r in rows]


def add_history(db: Database, player_id: str, action: str, detail: dict[str, Any], by: str
                ) -> None:
    """Keep what happened to a player: create, rename, merge (this one went), merged (came in),
    undo (of a change in ``player_changes``)."""
    db.execute("INSERT INTO player_history (player_id, action, detail, at, by)"
               " VALUES (?, ?, ?, ?, ?)", [player_id, action, dumps(detail), now(), by])


# --- seats and dates --------------------------------------------------------------------------


def link_seats(db: Database, match_id: str, players: dict[str, str], seen: str | None = None
               ) -> None:
    """Record which player sits in each seat of a new match (``seen``: when, default now)."""
    for seat, player_id in players.items():
        db.execute("INSERT INTO match_players (match_id, seat, side, player) VALUES (?, ?, ?, ?)",
                   [match_id, seat, TEAM_OF[seat], player_id])
        db.execute("UPDATE players SET last_seen = ? WHERE id = ?", [seen or now(), player_id])


def seat_players(db: Database, match_id: str) -> dict[str, str]:
    """The match's player id by seat."""
    rows = db.execute("SELECT seat, player FROM match_players WHERE match_id = ?",
                      [match_id]).fetchall()
    return {r[0]: r[1] for r in rows}


def first_shared_match(db: Database, a: str, b: str) -> str | None:
    """The earliest match players ``a`` and ``b`` both sat in, or None."""
    row = db.execute("SELECT x.match_id FROM match_players x JOIN match_players y"
                     " ON y.match_id = x.match_id JOIN matches m ON m.id = x.match_id"
                     " WHERE x.player = ? AND y.player = ? ORDER BY m.date, m.created"
                     " LIMIT 1", [a, b]).fetchone()
    return row[0] if row else None


def seat_names(db: Database, match_id: str) -> dict[str, dict[str, str]]:
    """``{seat: {"id", "name"}}`` of a match, seats in order."""
    rows = db.execute("SELECT mp.seat, p.id, p.name FROM match_players mp"
                      " JOIN players p ON p.id = mp.player WHERE mp.match_id = ?",
                      [match_id]).fetchall()
    found = {r[0]: {"id": r[1], "name": r[2]} for r in rows}
    return {s: found[s] for s in SEATS if s in found}


def set_date(db: Database, match_id: str, date: str) -> None:
    """Set the day a match was played."""
    db.execute("UPDATE matches SET date = ? WHERE id = ?", [date, match_id])


def get_date(db: Database, match_id: str) -> str | None:
    """The day a match was played (``YYYY-MM-DD``)."""
    row = db.execute("SELECT date FROM matches WHERE id = ?", [match_id]).fetchone()
    return row[0] if row else None
