"""Duplicate sessions kept in the app: created from a session file, results entered, corrected
or removed one at a time (each change kept), and every result recomputed by the part of the
game the session names (``Game.session``). Nothing here knows a game's scoring.

A change is checked by checking the whole session file it would make: a result the game
refuses is stored nowhere, and the answer is always the game's own check answer.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.sessions import is_session
from ..store import dumps, session_players
from ..store import session_tables as table_store
from ..store import sessions as session_store
from .keys import hash_key, new_key, new_match_id
from .session_loads import (
    LoadedSession,
    SessionProblemText,
    _Answer,
    _Current,
    _keep,
    _not_a_session,
    _place,
    _recheck,
    load_session,
    session_parts,
)
from .session_loads import current as _current

__all__ = [  # with the loading's names, which a session's callers have always found here
    "Guard", "HandRecords", "LoadedSession", "SessionOutcome", "SessionProblemText",
    "SessionStatus", "body_hash", "check_edit_key", "create_session", "enter_result",
    "hand_records", "history", "load_session", "remove_result", "session_parts",
    "try_result",
]


class SessionStatus(enum.Enum):
    CREATED = "created"  # a new session, or a result entered
    CHANGED = "changed"  # a result corrected or removed
    UNCHANGED = "unchanged"  # the same result again: nothing stored
    REPLAYED = "replayed"  # an Idempotency-Key's retry: nothing stored
    ILLEGAL = "illegal"  # the game refuses it: nothing stored
    KEY_REUSED = "key_reused"  # an Idempotency-Key sent again with another body
    STALE = "stale"  # If-Match named an older version: nothing stored
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class SessionOutcome:
    status: SessionStatus
    session: LoadedSession | None = None
    problems: tuple[SessionProblemText, ...] = ()
    session_id: str | None = None
    edit_key: str | None = None  # shown once, when the session is created


# a check made inside a write's transaction: None to go on, or the outcome that ends it
Guard = Callable[[session_store.StoredSession], SessionOutcome | None]


def body_hash(body: Any) -> str:
    return hashlib.sha256(dumps(body).encode()).hexdigest()


def create_session(db: Database, body: Any, budget: Callable[[int], None] | None = None,
                   plan: dict[str, Any] | None = None) -> SessionOutcome:
    """A new session from a session file; CREATED with its id and edit key (shown once), or
    ILLEGAL with every problem (nothing stored)."""
    if not is_session(body):
        return SessionOutcome(SessionStatus.ILLEGAL, problems=_not_a_session())
    problems, _read, _part = _recheck(body)  # judged: the answer is scored when asked
    if problems:
        return SessionOutcome(SessionStatus.ILLEGAL, problems=problems)
    session_id, key = new_match_id(), new_key()
    data = {k: v for k, v in body.items() if k != "results"}
    with store.transaction(db):
        if budget is not None:
            budget(1)
        session_store.insert_session(db, session_id, hash_key(key), str(body["game"]), data,
                                     list(body.get("results", [])), plan)
        # the pairs' names are players, as a match's seats are (a player's page, the ratings)
        session_players.link_names(db, session_id, data.get("pairs", {}), "session")
    loaded = load_session(db, session_id)
    return SessionOutcome(SessionStatus.CREATED, loaded, session_id=session_id, edit_key=key)


def check_edit_key(db: Database, session_id: str, key: str | None) -> bool:
    """Whether ``key`` is the session's edit key (constant-time compare)."""
    found = session_store.get_key_hash(db, session_id)
    expected = found if found is not None else "0" * 64
    return hmac.compare_digest(expected, hash_key(key or "")) and found is not None \
        and bool(key)


def _board_of(result: Mapping[str, Any]) -> int | None:
    board = result.get("board")
    if isinstance(board, bool):
        return None
    if isinstance(board, str) and board.isascii() and board.isdigit() and len(board) < 10:
        return int(board)
    return board if isinstance(board, int) else None


def _replay(db: Database, session_id: str, key: str | None, digest: str
            ) -> SessionOutcome | None:
    """The answer to a retried Idempotency-Key (REPLAYED, or KEY_REUSED for another body),
    or None for a key not seen."""
    if key is None:
        return None
    seen = session_store.keyed_change(db, session_id, key)
    if seen is None:
        return None
    if seen != digest:
        return SessionOutcome(SessionStatus.KEY_REUSED)
    return SessionOutcome(SessionStatus.REPLAYED, load_session(db, session_id))


def _writable(db: Database, session_id: str, key: str | None, digest: str,
              version: int | None) -> _Current | SessionOutcome:
    """The session a write may change, or the outcome that ends the write first: no such
    session, the same keyed write answered again, or a stale version (If-Match)."""
    current = _current(db, session_id)
    if current is None:
        return SessionOutcome(SessionStatus.NOT_FOUND)
    replayed = _replay(db, session_id, key, digest)
    if replayed is not None:
        return replayed
    if version is not None and version != current.stored.version:
        return SessionOutcome(SessionStatus.STALE)
    return current


def enter_result(db: Database, session_id: str, result: Any, key: str | None = None,
                 version: int | None = None, guard: Guard | None = None,
                 state: str | None = None) -> SessionOutcome:
    """Enter a result, or correct the one its board's NS pair has (the old one is kept in the
    history); the session is checked in the write's lock (the changed board read again) and
    scored after it. ``version``: the session version the caller saw (If-Match), None for
    any. ``guard``: what a table's phone checks first, in the same transaction (its refusal
    ends the write); ``state``: the result's state at its table (``store/session_tables``),
    None for the director's."""
    digest = body_hash(result)
    # this process catches up with the session before the lock (a snapshot read): in the lock
    # only the changes of the moments between are replayed, not every other worker's since
    # this one's last page (a whole first load at 1,000 tables: 0.5 s)
    load_session(db, session_id)
    with store.transaction(db):
        current = _writable(db, session_id, key, digest, version)
        if isinstance(current, SessionOutcome):
            return current
        stored = current.stored
        refused = guard(stored) if guard is not None else None
        if refused is not None:
            return refused
        results = list(stored.results)
        board = _board_of(result) if isinstance(result, dict) else None
        ns = result.get("ns") if isinstance(result, dict) else None
        place = _place(results, board, ns) if board is not None else None
        old = results[place] if place is not None else None
        if place is None:
            results.append(result)
        else:
            results[place] = result
        problems, read, part = _recheck(stored.as_file() | {"results": results},
                                        current.checked)
        if problems:
            return SessionOutcome(SessionStatus.ILLEGAL, problems=problems)
        if old != result:
            assert board is not None and isinstance(ns, str)
            session_store.put_result(db, session_id, result)
            table = result.get("table") if state is not None else None  # a table's phone
            mark = session_store.add_change(db, session_id, board, ns, old, result, key,
                                            digest, table if isinstance(table, int) else None)
            table_store.set_state(db, session_id, board, ns, state, bump=False)
            _touch_tables(db, session_id, old, result)
    if old == result:
        return SessionOutcome(SessionStatus.UNCHANGED, load_session(db, session_id))
    entered = LoadedSession(replace(stored, results=results, version=stored.version + 1,
                                    updated=mark.at), _Answer(read, part), mark)
    _keep(entered)  # committed: the next page and the next write start from it (scored
    # when a page asks)
    status = SessionStatus.CREATED if old is None else SessionStatus.CHANGED
    return SessionOutcome(status, entered)


def remove_result(db: Database, session_id: str, board: int, ns: str, key: str | None = None,
                  version: int | None = None) -> SessionOutcome:
    """Remove board ``board``'s result of NS pair ``ns`` (kept in the history)."""
    digest = body_hash({"remove": [board, ns]})
    with store.transaction(db):
        current = _writable(db, session_id, key, digest, version)
        if isinstance(current, SessionOutcome):
            return current
        old = next((r for r in current.stored.results
                    if int(r["board"]) == board and r["ns"] == ns), None)
        if old is None:
            return SessionOutcome(SessionStatus.NOT_FOUND)
        session_store.delete_result(db, session_id, board, ns)
        session_store.add_change(db, session_id, board, ns, old, None, key, digest)
        _touch_tables(db, session_id, old)
    return SessionOutcome(SessionStatus.CHANGED, load_session(db, session_id))


def _touch_tables(db: Database, session_id: str, *results: Mapping[str, Any] | None) -> None:
    """Move the stamps of the tables whose pages show these results: each result's table,
    or every table for a result that names none (the director's, from a file)."""
    for result in results:
        if result is None:
            continue
        table = result.get("table")
        if isinstance(table, int) and not isinstance(table, bool):
            table_store.bump_table(db, session_id, table)
        else:
            table_store.bump_tables(db, session_id)


def try_result(loaded: LoadedSession, result: Mapping[str, Any]
               ) -> tuple[dict[int, dict[str, Any]], tuple[SessionProblemText, ...]]:
    """What a Save would do (nothing stored): the line of the result's board with it added,
    scored alone when the game can (the Save button's label), or the refusals."""
    stored = loaded.stored
    problems, read, part = _recheck(
        stored.as_file() | {"results": [*stored.results, dict(result)]}, loaded.checked)
    if problems:
        return {}, problems
    board = _board_of(result)
    return _Answer(read, part).board_lines(() if board is None else (board,)), ()


def history(db: Database, session_id: str, last: int | None = None
            ) -> list[session_store.StoredChange] | None:
    """The session's changes, oldest first (``last``: the last so many), or None."""
    if session_store.get_version(db, session_id) is None:
        return None
    return session_store.get_changes(db, session_id, last)


@dataclass(frozen=True, slots=True)
class HandRecords:
    """The boards' hand records as the game shows them, and the boards whose analysis is not
    worked out yet (the time given ran out: asked again, they follow)."""

    records: dict[int, dict[str, Any]]
    pending: tuple[int, ...]


def hand_records(db: Database, loaded: LoadedSession, seconds: float = 2.0,
                 boards: tuple[int, ...] | None = None) -> HandRecords:
    """The session's hand records (``boards``: only these), each worked out by its game once
    and kept; those not yet kept are worked out for up to ``seconds``, the rest pending."""
    part = loaded.part
    numbers = sorted(int(k) for k in (loaded.stored.data.get("boards") or {})
                     if str(k).isdigit())
    if boards is not None:
        numbers = [n for n in numbers if n in boards]
    if part is None or part.hand_record is None or not numbers:
        return HandRecords({}, ())
    kept = session_store.get_hand_records(db, loaded.stored.id)
    until = time.monotonic() + seconds
    pending: list[int] = []
    for number in numbers:
        if number in kept:
            continue
        if time.monotonic() > until:
            pending.append(number)
            continue
        record = part.hand_record(loaded.stored.as_file(), number)
        if record is None:
            continue
        with store.transaction(db):
            session_store.put_hand_record(db, loaded.stored.id, number, record)
        kept[number] = record
    return HandRecords({n: kept[n] for n in numbers if n in kept}, tuple(pending))
