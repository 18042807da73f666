"""Which player each name of a session's pairs is (``session_players``): linked when the
session is stored, by the rule a match's seats follow (``players.find_by_name``), and read
back for a player's page and the ratings, a merged player counting as whom they went into."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from . import now
from .players import create_player, find_by_name


def link_names(db: Database, session_id: str, pairs: Mapping[str, Any], by: str) -> None:
    """Link each name of each pair to a player: the player of that name (case and spaces
    ignored), created on first use, unless that player is already another name of this
    session (one person plays in one place: two people of one name are two players)."""
    taken: set[str] = set()
    rows = []
    for pair, names in pairs.items():
        if not isinstance(names, list | tuple):
            continue
        for slot, name in enumerate(names[:2]):
            if not isinstance(name, str) or not name.strip():
                continue
            found = find_by_name(db, name)
            if found is None or found in taken:
                found = create_player(db, name, by)
            taken.add(found)
            rows.append((session_id, str(pair), slot, found))
    db.conn.executemany("INSERT INTO session_players (session_id, pair, slot, player)"
                        " VALUES (?, ?, ?, ?)", rows)
    if taken:
        marks = ", ".join("?" * len(taken))
        db.execute(f"UPDATE players SET last_seen = ? WHERE id IN ({marks})",
                   [now(), *sorted(taken)])


# a linked player as they go now: a merged player's target
_CURRENT = "coalesce(p.merged_into, p.id)"


def sessions_of(db: Database, player_id: str) -> list[tuple[str, str, int]]:
    """The player's (session id, pair, slot), sessions in the order they were stored."""
    return [(r[0], r[1], int(r[2])) for r in db.execute(
        f"SELECT sp.session_id, sp.pair, sp.slot FROM session_players sp"
        f" JOIN players p ON p.id = sp.player JOIN sessions s ON s.id = sp.session_id"
        f" WHERE {_CURRENT} = ? ORDER BY s.created, s.id", [player_id]).fetchall()]


def players_of(db: Database, session_id: str) -> dict[tuple[str, int], tuple[str, str]]:
    """Each (pair, slot) of a session: the player's id and name as they go now."""
    return {(r[0], int(r[1])): (r[2], r[3]) for r in db.execute(
        f"SELECT sp.pair, sp.slot, {_CURRENT}, coalesce(m.name, p.name)"
        f" FROM session_players sp JOIN players p ON p.id = sp.player"
        f" LEFT JOIN players m ON m.id = p.merged_into WHERE sp.session_id = ?",
        [session_id]).fetchall()}


def every_link(db: Database) -> list[tuple[str, str, dict[str, tuple[str, ...]]]]:
    """Every session with linked players, in the order stored: its id, when it was created,
    and each pair's players as they go now."""
    out: dict[str, tuple[str, dict[str, list[tuple[int, str]]]]] = {}
    for session_id, created, pair, slot, player in db.execute(
            f"SELECT s.id, s.created, sp.pair, sp.slot, {_CURRENT} FROM session_players sp"
            f" JOIN players p ON p.id = sp.player JOIN sessions s ON s.id = sp.session_id"
            f" ORDER BY s.created, s.id").fetchall():
        out.setdefault(session_id, (created, {}))[1].setdefault(pair, []).append(
            (int(slot), player))
    return [(sid, created, {pair: tuple(p for _s, p in sorted(two)) for pair, two in
                            pairs.items()}) for sid, (created, pairs) in out.items()]


def first_shared_session(db: Database, a: str, b: str) -> tuple[str, str] | None:
    """The earliest session players ``a`` and ``b`` (as they go now) both played in: its
    name (or "") and day, or None. Two names of one session are two people."""
    row = db.execute(
        f"SELECT s.data, s.created FROM session_players x"
        f" JOIN players p ON p.id = x.player JOIN session_players y"
        f" ON y.session_id = x.session_id JOIN players q ON q.id = y.player"
        f" JOIN sessions s ON s.id = x.session_id"
        f" WHERE {_CURRENT} = ? AND coalesce(q.merged_into, q.id) = ?"
        f" ORDER BY s.created, s.id LIMIT 1", [a, b]).fetchone()
    if row is None:
        return None
    data = json.loads(row[0])
    date = data.get("date") if isinstance(data.get("date"), str) else row[1][:10]
    return str(data.get("name") or ""), str(date)


def session_mates(db: Database, player: str) -> set[str]:
    """Every player (as they go now) who played in a session with ``player``."""
    return {r[0] for r in db.execute(
        f"SELECT DISTINCT coalesce(q.merged_into, q.id) FROM session_players x"
        f" JOIN players p ON p.id = x.player JOIN session_players y"
        f" ON y.session_id = x.session_id JOIN players q ON q.id = y.player"
        f" WHERE {_CURRENT} = ?", [player]).fetchall()} - {player}
