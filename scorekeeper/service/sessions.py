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
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from typing import Any

from cachetools import LRUCache
from sqlite_utils import Database

from .. import store
from ..engine.games import GAMES
from ..engine.messages import fill
from ..engine.problems import show
from ..engine.sessions import SESSION_MESSAGES, SessionPart, is_session
from ..store import dumps, session_players
from ..store import session_tables as table_store
from ..store import sessions as session_store
from .keys import hash_key, new_key, new_match_id


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
class SessionProblemText:
    """A refusal as the spec's error object, with its English template and parameters so the
    web layer can say it in the reader's language."""

    board: int | None
    result: int | None
    field: str | None
    message: str
    template: str | None = None
    params: Mapping[str, Any] = _field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LoadedSession:
    """A stored session and the game's check answer for it now; what the game's next check
    of it starts from (``checked``, None: a whole check) and the last change it includes
    (``mark``: the next load replays those after it)."""

    stored: session_store.StoredSession
    answer: dict[str, Any]
    checked: Any = None
    mark: session_store.ChangeMark | None = None

    @property
    def part(self) -> SessionPart | None:
        return session_parts().get(self.stored.game)


@dataclass(frozen=True, slots=True)
class SessionOutcome:
    status: SessionStatus
    session: LoadedSession | None = None
    problems: tuple[SessionProblemText, ...] = ()
    session_id: str | None = None
    edit_key: str | None = None  # shown once, when the session is created


# a check made inside a write's transaction: None to go on, or the outcome that ends it
Guard = Callable[[session_store.StoredSession], SessionOutcome | None]


def session_parts() -> dict[str, SessionPart | None]:
    """Each registered game's session part (None: it keeps no sessions)."""
    return {game.name: game.session for game in GAMES.values()}


def body_hash(body: Any) -> str:
    return hashlib.sha256(dumps(body).encode()).hexdigest()


def _check(data: Mapping[str, Any], before: Any = None
           ) -> tuple[dict[str, Any], tuple[SessionProblemText, ...], Any]:
    """The game's answer for a session file, its refusals (none when ``ok``) and what its
    next check starts from (None: the game checks each file whole). ``before``: what the
    check of an earlier version of the same session kept."""
    problems, read, part = _recheck(data, before)
    if problems or part is None:
        return {"ok": False, "errors": [_error(p) for p in problems]}, problems, None
    answer, checked = _scored(part, read)
    return answer, (), checked


def _recheck(data: Mapping[str, Any], before: Any = None
             ) -> tuple[tuple[SessionProblemText, ...], Any, SessionPart | None]:
    """A session file's refusals, and what the game scores when there are none (its
    ``recheck``'s read, or the answer of a game that checks each file whole): nothing
    scored yet, so a write judges a change without scoring the session in its lock."""
    parts = session_parts()
    game = data.get("game")
    part = parts.get(game) if isinstance(game, str) else None
    if part is None:
        template = SESSION_MESSAGES["session.bad_game"]
        games = ", ".join(sorted(n for n, p in parts.items() if p is not None)) or "(none here)"
        params = {"games": games, "value": show(game)}
        refusal = SessionProblemText(None, None, "game", fill(template, params), template,
                                     params)
        return (refusal,), None, None
    if part.recheck is not None and part.rescore is not None:
        found, read = part.recheck(data, before)
    else:
        read, found = part.check(data)
        found = [] if read.get("ok") else found
    texts = tuple(SessionProblemText(p.board, p.result, p.field, p.message,
                                     part.messages.get(p.code), dict(p.params))
                  for p in found)
    return texts, read, part


def _scored(part: SessionPart | None, read: Any) -> tuple[dict[str, Any], Any]:
    """The answer and what the next check keeps, from a refusal-free ``_recheck``."""
    if part is None or part.rescore is None or part.recheck is None:
        return read, None
    answer, checked = part.rescore(read)
    return answer, checked


def _error(p: SessionProblemText) -> dict[str, Any]:
    return {"board": p.board, "result": p.result, "field": p.field, "message": p.message}


def _not_a_session() -> tuple[SessionProblemText, ...]:
    template = SESSION_MESSAGES["session.not_session"]
    return (SessionProblemText(None, None, "format", template, template),)


def create_session(db: Database, body: Any, budget: Callable[[int], None] | None = None,
                   plan: dict[str, Any] | None = None) -> SessionOutcome:
    """A new session from a session file; CREATED with its id and edit key (shown once), or
    ILLEGAL with every problem (nothing stored)."""
    if not is_session(body):
        return SessionOutcome(SessionStatus.ILLEGAL, problems=_not_a_session())
    _answer, problems, _checked = _check(body)
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


# The sessions loaded last, by (id, version): every change bumps the version, and a restore
# lifts every version above the database's before (store/backup.py), so a version names one
# content. Every page, part and poll of a session loads it. Read-only, shared. Each kept with
# the game that scored it: a game taken out of the registry scores it no more.
_LOADED: LRUCache[tuple[str, int], tuple[LoadedSession, object]] = LRUCache(maxsize=32)
_loaded_lock = threading.Lock()


def load_session(db: Database, session_id: str) -> LoadedSession | None:
    """The session and its results recomputed, or None. Kept per version in this process
    (except inside a write: its version is not committed yet); a new version is the newest
    kept one with the changes since replayed, and its game checks only the boards they
    changed (a 1,000-table session: about 40 ms, against 0.5 s loaded whole)."""
    with store.snapshot(db):
        version = session_store.get_version(db, session_id)
        if version is None:
            return None
        kept, newest = _kept(session_id, version)
        if kept is not None:
            return kept
        loaded = _replayed(db, newest) if newest is not None else None
        if loaded is None:
            loaded = _whole(db, session_id)
    if loaded is not None and not db.conn.in_transaction:
        _keep(loaded)
    return loaded


def _kept(session_id: str, version: int) -> tuple[LoadedSession | None, LoadedSession | None]:
    """This version kept, and the newest kept version before it (each still its game's)."""
    with _loaded_lock:
        held = [(v, entry) for (i, v), entry in _LOADED.items() if i == session_id]
    scored = {v: loaded for v, (loaded, game) in held
              if GAMES.get(loaded.stored.game) is game}
    older = [v for v in scored if v < version]
    return scored.get(version), scored[max(older)] if older else None


def _keep(loaded: LoadedSession) -> None:
    with _loaded_lock:
        _LOADED[(loaded.stored.id, loaded.stored.version)] = (
            loaded, GAMES.get(loaded.stored.game))


def _whole(db: Database, session_id: str) -> LoadedSession | None:
    stored = session_store.get_session(db, session_id)
    if stored is None:
        return None
    answer, _problems, checked = _check(stored.as_file())
    return LoadedSession(stored, answer, checked, session_store.last_change(db, session_id))


def _replayed(db: Database, base: LoadedSession) -> LoadedSession | None:
    """A newer version of ``base``'s session, checked from what ``base``'s check kept; None
    when it cannot be replayed (:func:`_replay_results`): loaded whole."""
    found = _replay_results(db, base)
    if found is None:
        return None
    stored, mark = found
    if stored.results == base.stored.results:  # an answer at a table, a round, a phone
        return LoadedSession(replace(stored, results=base.stored.results), base.answer,
                             base.checked, mark)
    answer, problems, checked = _check(stored.as_file(), base.checked)
    return None if problems else LoadedSession(stored, answer, checked, mark)


def _replay_results(db: Database, base: LoadedSession
                    ) -> tuple[session_store.StoredSession, session_store.ChangeMark] | None:
    """The session now: ``base``'s results with the changes after its mark replayed as they
    were stored (a result in place of its board's NS pair's, else at the end; removed), and
    the last change's mark. None when it cannot be (no mark, a history that is not
    ``base``'s, a count that disagrees)."""
    sid, mark = base.stored.id, base.mark
    head = session_store.get_head(db, sid)
    if head is None or mark is None or head.created != base.stored.created or \
            not session_store.has_change(db, sid, mark):
        return None
    results = list(base.stored.results)
    for change, board, ns, new in session_store.changes_after(db, sid, mark):
        place = _place(results, board, ns)
        if new is None:
            if place is not None:
                del results[place]
        elif place is None:
            results.append(new)
        else:
            results[place] = new
        mark = change
    if len(results) != session_store.count_results(db, sid):
        return None
    return replace(head, results=results), mark


@dataclass(frozen=True, slots=True)
class _Current:
    """A session as a write sees it in its lock: stored, and what its game's next check
    starts from (read, not scored: the write scores after its commit, outside the lock)."""

    stored: session_store.StoredSession
    checked: Any


def _current(db: Database, session_id: str) -> _Current | None:
    """The session now, inside a write's transaction: the version kept in this process, or
    the newest kept one with the changes since replayed and read (not scored), or read
    whole."""
    version = session_store.get_version(db, session_id)
    if version is None:
        return None
    kept, newest = _kept(session_id, version)
    if kept is not None:
        return _Current(kept.stored, kept.checked)
    found = _replay_results(db, newest) if newest is not None else None
    if found is not None and newest is not None:
        problems, read, part = _recheck(found[0].as_file(), newest.checked)
        if not problems:
            return _Current(found[0], read if _rechecks(part) else None)
    stored = session_store.get_session(db, session_id)
    if stored is None:
        return None
    problems, read, part = _recheck(stored.as_file())
    return _Current(stored, read if _rechecks(part) and not problems else None)


def stored_now(db: Database, session_id: str) -> session_store.StoredSession | None:
    """The session's results now, for a write's own check in its lock (nothing scored)."""
    current = _current(db, session_id)
    return None if current is None else current.stored


def _rechecks(part: SessionPart | None) -> bool:
    return part is not None and part.recheck is not None and part.rescore is not None


def _place(results: list[dict[str, Any]], board: int, ns: Any) -> int | None:
    """Where board ``board``'s result of NS pair ``ns`` is (the pair first: it rules out all
    but a board's worth of 36,000 results at a string compare each)."""
    return next((i for i, r in enumerate(results)
                 if r["ns"] == ns and int(r["board"]) == board), None)


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
    answer, checked = _scored(part, read)
    entered = LoadedSession(replace(stored, results=results, version=stored.version + 1,
                                    updated=mark.at), answer, checked, mark)
    _keep(entered)  # committed: the next page and the next write start from it
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
               ) -> tuple[dict[str, Any], tuple[SessionProblemText, ...]]:
    """The game's answer for the session with ``result`` added (nothing stored): what a
    Save would do, for its label."""
    stored = loaded.stored
    answer, problems, _checked = _check(
        stored.as_file() | {"results": [*stored.results, dict(result)]}, loaded.checked)
    return answer, problems


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
