"""Rows of the events, event_rounds and event_tables tables (schema:
``store/migrations/events.py``). Plain functions; the service layer commits."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from . import dumps, now


@dataclass(slots=True)
class StoredEvent:
    """One row of ``events``."""

    id: str
    director_key_hash: str
    game: str
    data: dict[str, Any]
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


@dataclass(slots=True)
class StoredRound:
    """One round: who sits out, when it started (None: planned), its tables."""

    no: int
    sit_outs: list[int]
    started: str | None
    tables: list[StoredTable]


def insert_event(db: Database, event_id: str, key_hash: str, game: str,
                 data: dict[str, Any]) -> None:
    """A new event (version 1)."""
    stamp = now()
    db.execute("INSERT INTO events (id, director_key_hash, game, data, created, updated, version)"
               " VALUES (?, ?, ?, ?, ?, ?, 1)", [event_id, key_hash, game, dumps(data), stamp,
                                                  stamp])


def get_event(db: Database, event_id: str) -> StoredEvent | None:
    """The event row, or None."""
    row = db.execute("SELECT id, director_key_hash, game, data, created, updated, version"
                     " FROM events WHERE id = ?", [event_id]).fetchone()
    if row is None:
        return None
    return StoredEvent(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6])


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


def set_decider(db: Database, event_id: str, no: int, table_no: int, side: str) -> bool:
    """Record the side that won a tied table's extra hand; False if there is no such table."""
    cursor = db.execute("UPDATE event_tables SET decider = ? WHERE event_id = ? AND round = ?"
                        " AND table_no = ?", [side, event_id, no, table_no])
    return cursor.rowcount == 1


def get_rounds(db: Database, event_id: str) -> list[StoredRound]:
    """Every round of the event with its tables, in order."""
    rounds = {
        r[0]: StoredRound(r[0], json.loads(r[1]), r[2], [])
        for r in db.execute("SELECT no, sit_outs, started FROM event_rounds WHERE event_id = ?"
                            " ORDER BY no", [event_id]).fetchall()
    }
    for t in db.execute("SELECT round, table_no, seats, match_id, decider FROM event_tables"
                        " WHERE event_id = ? ORDER BY round, table_no", [event_id]).fetchall():
        rounds[t[0]].tables.append(StoredTable(t[0], t[1], json.loads(t[2]), t[3], t[4]))
    return list(rounds.values())


def table_of_match(db: Database, match_id: str) -> tuple[str, int, int] | None:
    """(event id, round, table) of a match that is a club night's table, else None."""
    row = db.execute("SELECT event_id, round, table_no FROM event_tables WHERE match_id = ?",
                     [match_id]).fetchone()
    return None if row is None else (row[0], int(row[1]), int(row[2]))
