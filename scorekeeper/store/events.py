"""Rows of the events, event_rounds and event_tables tables (schema:
``store/migrations/events.py``). Plain functions; the service layer commits."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from . import dumps, now
from .event_settings import EventSettings


@dataclass(slots=True)
class StoredEvent:
    """One row of ``events``."""

    id: str
    director_key_hash: str
    game: str
    data: EventSettings
    created: str
    updated: str
    version: int


@dataclass(slots=True)
class StoredTable:
    """One table of one round."""

    round: int
    table_no: int
    seats: dict[str, int]
    match_id: str | None
    decider: str | None
    confirmed: dict[str, str | None] | None = None  # {"NS": when, "EW": when} (issue 26)
    disputed: str | None = None


@dataclass(slots=True)
class StoredRound:
    """One round: who sits out, when it started (None: planned), its tables, and when the
    director ended it early (None: it ends with its matches)."""

    no: int
    sit_outs: list[int]
    started: str | None
    tables: list[StoredTable]
    ended: str | None = None


def insert_event(db: Database, event_id: str, key_hash: str, settings: EventSettings) -> None:
    """A new event (version 1)."""
    stamp = now()
    db.execute("INSERT INTO events (id, director_key_hash, game, data, created, updated, version)"
               " VALUES (?, ?, ?, ?, ?, ?, 1)", [event_id, key_hash, settings.game,
                                                  dumps(settings.as_json()), stamp, stamp])


def get_event(db: Database, event_id: str) -> StoredEvent | None:
    """The event row, or None."""
    row = db.execute("SELECT id, director_key_hash, game, data, created, updated, version"
                     " FROM events WHERE id = ?", [event_id]).fetchone()
    if row is None:
        return None
    return StoredEvent(row[0], row[1], row[2], EventSettings.from_json(json.loads(row[3])),
                       row[4], row[5], row[6])


def bump_event(db: Database, event_id: str) -> None:
    """Version + 1 and a new ``updated`` time."""
    db.execute("UPDATE events SET version = version + 1, updated = ? WHERE id = ?",
               [now(), event_id])


def insert_round(db: Database, event_id: str, no: int, sit_outs: list[int],
                 tables: list[dict[str, int]]) -> None:
    """A planned round and its tables (numbered from 1)."""
    db.execute("INSERT INTO event_rounds (event_id, no, sit_outs, started) VALUES (?, ?, ?, NULL)",
               [event_id, no, dumps(sit_outs)])
    for table_no, seats in enumerate(tables, start=1):
        db.execute("INSERT INTO event_tables (event_id, round, table_no, seats)"
                   " VALUES (?, ?, ?, ?)", [event_id, no, table_no, dumps(seats)])


def start_round(db: Database, event_id: str, no: int, matches: dict[int, str]) -> None:
    """Mark round ``no`` started with its tables' matches (table no -> match id)."""
    db.execute("UPDATE event_rounds SET started = ? WHERE event_id = ? AND no = ?",
               [now(), event_id, no])
    for table_no, match_id in matches.items():
        db.execute("UPDATE event_tables SET match_id = ? WHERE event_id = ? AND round = ?"
                   " AND table_no = ?", [match_id, event_id, no, table_no])


def set_data(db: Database, event_id: str, settings: EventSettings) -> None:
    """Replace the event's settings (a late arrival, a player gone, a table's new key)."""
    db.execute("UPDATE events SET data = ? WHERE id = ?", [dumps(settings.as_json()), event_id])


def delete_planned_rounds(db: Database, event_id: str, first: int) -> None:
    """Remove the rounds from ``first`` on that have not started (to plan them again)."""
    planned = [r[0] for r in db.execute(
        "SELECT no FROM event_rounds WHERE event_id = ? AND no >= ? AND started IS NULL",
        [event_id, first]).fetchall()]
    for no in planned:
        db.execute("DELETE FROM event_tables WHERE event_id = ? AND round = ?", [event_id, no])
        db.execute("DELETE FROM event_rounds WHERE event_id = ? AND no = ?", [event_id, no])


def replace_round(db: Database, event_id: str, no: int, sit_outs: list[int],
                  tables: list[dict[str, int]]) -> None:
    """Replace planned round ``no`` (a player moved), or store it (a progressive round)."""
    db.execute("DELETE FROM event_tables WHERE event_id = ? AND round = ?", [event_id, no])
    db.execute("DELETE FROM event_rounds WHERE event_id = ? AND no = ? AND started IS NULL",
               [event_id, no])
    insert_round(db, event_id, no, sit_outs, tables)


def end_round(db: Database, event_id: str, no: int) -> None:
    """Mark round ``no`` ended early by the director."""
    db.execute("UPDATE event_rounds SET ended = ? WHERE event_id = ? AND no = ?",
               [now(), event_id, no])


def close_match(db: Database, match_id: str, data: dict[str, Any] | None,
                key_hash: str | None) -> None:
    """End a round's match early: new match data (its ``deals`` cut to the hands played) or a
    new edit-key hash that no key matches (a table with no hand), and a new version."""
    if data is not None:
        db.execute("UPDATE matches SET data = ? WHERE id = ?", [dumps(data), match_id])
    if key_hash is not None:
        db.execute("UPDATE matches SET edit_key_hash = ? WHERE id = ?", [key_hash, match_id])
    db.execute("UPDATE matches SET version = version + 1, updated = ? WHERE id = ?",
               [now(), match_id])


def set_decider(db: Database, event_id: str, no: int, table_no: int, side: str) -> bool:
    """Record the side that won a tied table's extra hand; False if there is no such table."""
    cursor = db.execute("UPDATE event_tables SET decider = ? WHERE event_id = ? AND round = ?"
                        " AND table_no = ?", [side, event_id, no, table_no])
    return cursor.rowcount == 1


def get_rounds(db: Database, event_id: str) -> list[StoredRound]:
    """Every round of the event with its tables, in order."""
    rounds = {
        r[0]: StoredRound(r[0], json.loads(r[1]), r[2], [], r[3])
        for r in db.execute("SELECT no, sit_outs, started, ended FROM event_rounds"
                            " WHERE event_id = ? ORDER BY no", [event_id]).fetchall()
    }
    for t in db.execute("SELECT round, table_no, seats, match_id, decider, confirmed_ns,"
                        " confirmed_ew, disputed FROM event_tables"
                        " WHERE event_id = ? ORDER BY round, table_no", [event_id]).fetchall():
        rounds[t[0]].tables.append(StoredTable(t[0], t[1], json.loads(t[2]), t[3], t[4],
                                               {"NS": t[5], "EW": t[6]}, t[7]))
    return list(rounds.values())


def table_of_match(db: Database, match_id: str) -> tuple[str, int, int] | None:
    """(event id, round, table) of a match that is a club night's table, else None."""
    row = db.execute("SELECT event_id, round, table_no FROM event_tables WHERE match_id = ?",
                     [match_id]).fetchone()
    return None if row is None else (row[0], int(row[1]), int(row[2]))


def event_stamp(db: Database, event_id: str) -> str | None:
    """What the event's live views depend on, in one indexed query: its version and its
    tables' matches' versions (a hand saved at a table changes it); None: no such event."""
    row = db.execute(
        "SELECT e.version, (SELECT group_concat(m.id || ':' || m.version, ',')"
        " FROM event_tables t JOIN matches m ON m.id = t.match_id WHERE t.event_id = e.id)"
        " FROM events e WHERE e.id = ?", [event_id]).fetchone()
    return None if row is None else f"{row[0]}/{row[1] or ''}"


def last_hand_times(db: Database, event_id: str) -> dict[str, str]:
    """When each of the event's matches last had a hand saved or corrected (match id -> ISO)."""
    rows = db.execute(
        "SELECT h.match_id, max(h.updated) FROM hands h JOIN event_tables t"
        " ON t.match_id = h.match_id WHERE t.event_id = ? GROUP BY h.match_id",
        [event_id]).fetchall()
    return {r[0]: r[1] for r in rows}


def set_confirmation(db: Database, event_id: str, no: int, table_no: int,
                     column: str, when: str | None) -> None:
    """Set one of a table's ``confirmed_ns``, ``confirmed_ew`` or ``disputed`` times."""
    assert column in ("confirmed_ns", "confirmed_ew", "disputed")
    db.execute(f"UPDATE event_tables SET {column} = ? WHERE event_id = ? AND round = ?"
               " AND table_no = ?", [when, event_id, no, table_no])


def set_match_key(db: Database, match_id: str, key_hash: str) -> None:
    """A round's match gets another edit-key hash (locked when confirmed, reopened)."""
    db.execute("UPDATE matches SET edit_key_hash = ?, version = version + 1, updated = ?"
               " WHERE id = ?", [key_hash, now(), match_id])


def unend_round(db: Database, event_id: str, no: int) -> None:
    """Round ``no`` is no longer ended early (the director's undo)."""
    db.execute("UPDATE event_rounds SET ended = NULL WHERE event_id = ? AND no = ?",
               [event_id, no])


def unstart_round(db: Database, event_id: str, no: int) -> None:
    """Round ``no`` goes back to planned: its matches (no hand saved) are deleted."""
    ids = [r[0] for r in db.execute("SELECT match_id FROM event_tables WHERE event_id = ? AND"
                                    " round = ? AND match_id IS NOT NULL",
                                    [event_id, no]).fetchall()]
    db.execute("UPDATE event_tables SET match_id = NULL WHERE event_id = ? AND round = ?",
               [event_id, no])
    db.execute("UPDATE event_rounds SET started = NULL WHERE event_id = ? AND no = ?",
               [event_id, no])
    for match_id in ids:
        db.execute("DELETE FROM matches WHERE id = ?", [match_id])
