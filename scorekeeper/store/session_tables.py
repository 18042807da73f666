"""Rows of a duplicate session at play (schema: ``store/migrations/session_tables.py``): the
round under way, the phone holding each table's right, each result's state at its table.
Plain functions; the service layer commits."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from . import now


@dataclass(frozen=True, slots=True)
class StoredRound:
    """The round under way (1 to start), since when, and when the session ended (None: not)."""

    round: int
    started: str
    ended: str | None


@dataclass(frozen=True, slots=True)
class StoredState:
    """A result's state at its table: entered, accepted or disputed, and since when."""

    state: str
    at: str


def get_round(db: Database, session_id: str) -> StoredRound | None:
    row = db.execute("SELECT round, coalesce(round_started, created), ended FROM sessions"
                     " WHERE id = ?", [session_id]).fetchone()
    return None if row is None else StoredRound(int(row[0]), str(row[1]), row[2])


def _bump(db: Database, session_id: str, stamp: str) -> None:
    """A change the pages and streams follow: the session's version moves."""
    db.execute("UPDATE sessions SET version = version + 1, updated = ? WHERE id = ?",
               [stamp, session_id])


def bump_tables(db: Database, session_id: str) -> None:
    """A change every table's page shows (the round, its clock, the end)."""
    db.execute("UPDATE sessions SET tables_version = tables_version + 1 WHERE id = ?",
               [session_id])


def bump_table(db: Database, session_id: str, table: int) -> None:
    """A change table ``table``'s page shows (its results, their answers, its phone)."""
    db.execute("INSERT INTO session_table_versions (session_id, table_no, version)"
               " VALUES (?, ?, 1) ON CONFLICT (session_id, table_no)"
               " DO UPDATE SET version = version + 1", [session_id, table])


def table_stamps(db: Database, session_id: str, tables: list[int]) -> dict[int, str] | None:
    """Each table's stamp now: what its page and stream follow (None: no such session)."""
    row = db.execute("SELECT tables_version FROM sessions WHERE id = ?",
                     [session_id]).fetchone()
    if row is None:
        return None
    own = dict(db.execute(
        "SELECT table_no, version FROM session_table_versions WHERE session_id = ? AND"
        f" table_no IN ({','.join('?' * len(tables))})", [session_id, *tables]).fetchall())
    return {t: f"{row[0]}.{own.get(t, 0)}" for t in tables}


def set_round(db: Database, session_id: str, number: int) -> None:
    stamp = now()
    db.execute("UPDATE sessions SET round = ?, round_started = ? WHERE id = ?",
               [number, stamp, session_id])
    _bump(db, session_id, stamp)
    bump_tables(db, session_id)


def set_ended(db: Database, session_id: str, ended: bool) -> None:
    stamp = now()
    db.execute("UPDATE sessions SET ended = ? WHERE id = ?",
               [stamp if ended else None, session_id])
    _bump(db, session_id, stamp)
    bump_tables(db, session_id)


def get_holder(db: Database, session_id: str, table: int) -> str | None:
    """The hash of the token of the phone holding the table's right, or None (no phone yet)."""
    row = db.execute("SELECT holder_hash FROM session_tables WHERE session_id = ? AND"
                     " table_no = ?", [session_id, table]).fetchone()
    return None if row is None else str(row[0])


def set_holder(db: Database, session_id: str, table: int, holder_hash: str) -> None:
    """A phone took the table's right: the table's stamp moves, so the phone that had it is
    told (the session's version does not: nothing but that table's page shows it, and 1,000
    tables sitting down would redraw every wall and console 1,000 times)."""
    stamp = now()
    db.execute("INSERT OR REPLACE INTO session_tables (session_id, table_no, holder_hash, taken)"
               " VALUES (?, ?, ?, ?)", [session_id, table, holder_hash, stamp])
    bump_table(db, session_id, table)


def get_states(db: Database, session_id: str, ns: str | None = None,
               besides: str | None = None) -> dict[tuple[int, str], StoredState]:
    """Each result's state by (board, NS pair), or NS pair ``ns``'s alone, or those in
    another state than ``besides``; results the director entered have none."""
    pair = "" if ns is None else " AND ns = ?"
    other = "" if besides is None else " AND state != ?"
    return {(int(b), str(n)): StoredState(str(s), str(at)) for b, n, s, at in db.execute(
        "SELECT board, ns, state, state_at FROM session_results WHERE session_id = ? AND"
        f" state IS NOT NULL{pair}{other}",
        [session_id, *([] if ns is None else [ns]), *([] if besides is None else [besides])]
    ).fetchall()}


def set_state(db: Database, session_id: str, board: int, ns: str, state: str | None,
              bump: bool = True) -> None:
    """Give the board's result of NS pair ``ns`` a state (None: the director's own);
    ``bump``: False when the write that made the result moved the version already."""
    stamp = now()
    db.execute("UPDATE session_results SET state = ?, state_at = ? WHERE session_id = ? AND"
               " board = ? AND ns = ?",
               [state, None if state is None else stamp, session_id, board, ns])
    if bump:
        _bump(db, session_id, stamp)
