"""A duplicate session loaded and checked (issue 41): the game's check of a session file
(whole, or again from what the check of an earlier version kept), and each version loaded
once a process. A new version is the newest kept one with the changes since replayed
(``session_changes`` after its mark), checked again for the boards they changed; a history
that is not the kept one's (a restore) is loaded whole. A write reads the session in its lock
here too (:func:`current`), not scored: it scores after its commit.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from typing import Any

from cachetools import LRUCache
from sqlite_utils import Database

from .. import store
from ..engine.games import GAMES
from ..engine.messages import fill
from ..engine.problems import show
from ..engine.sessions import SESSION_MESSAGES, SessionPart
from ..store import sessions as session_store


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


class _Answer:
    """A version's check answer, scored on the first ask and kept (a lock: pages on several
    threads may ask at once). A write needs only the check's read, and at 1,000 tables
    scoring is 25 ms a version a process: a version no page asks for is never scored."""

    __slots__ = ("_answer", "_checked", "_lines", "_lock", "_part", "_ranks", "_read")

    def __init__(self, read: Any, part: SessionPart | None,
                 answer: dict[str, Any] | None = None) -> None:
        self._lock = threading.Lock()
        self._read, self._part = read, part
        self._answer: dict[str, Any] | None = answer
        self._checked: Any = None
        self._lines: dict[int, dict[str, Any]] = {}  # boards' lines scored alone, kept
        self._ranks: dict[str, Any] | None = None  # the answer but its boards' lines

    def answer(self) -> dict[str, Any]:
        if self._answer is None:
            with self._lock:
                if self._answer is None:
                    self._answer, self._checked = _scored(self._part, self._read)
        return self._answer

    def standings(self) -> dict[str, Any]:
        """The answer without its boards' lines, when the game can give it alone (its
        ``standings``: a wall ranks the pairs, and at 1,000 tables every line moves with the
        most results on a board), else the answer."""
        part = self._part
        if self._answer is not None or part is None or part.standings is None or \
                not _rechecks(part):
            return self.answer()
        if self._ranks is None:
            with self._lock:
                if self._answer is None and self._ranks is None:
                    # the ranked read: the next answer or version starts from its totals
                    self._ranks, self._read = part.standings(self._read)
        return self._ranks if self._ranks is not None else self.answer()

    def board_lines(self, numbers: tuple[int, ...]) -> dict[int, dict[str, Any]]:
        """These boards' lines of the answer: from the answer once scored, else scored
        alone when the game can (its ``board_lines``), else from the answer."""
        if self._answer is None and self._part is not None and \
                self._part.board_lines is not None and self._read is not None:
            # a round's change asks a page of every table at once: each board scored once
            missing = tuple(n for n in numbers if n not in self._lines)
            found = self._part.board_lines(self._read, missing) if missing else {}
            if found is not None:
                with self._lock:
                    self._lines.update(found)
                    return {n: self._lines[n] for n in numbers if n in self._lines}
        return {int(b["board"]): b for b in self.answer().get("boards", [])
                if int(b["board"]) in numbers}

    def checked(self) -> Any:
        """What the game's next check starts from: the scored check once scored (it keeps
        the totals), else the read (its boards are scored when an answer is asked)."""
        if self._answer is not None and self._checked is not None:
            return self._checked
        return self._read if _rechecks(self._part) else None


@dataclass(frozen=True, slots=True)
class LoadedSession:
    """A stored session and the game's check answer for it now (scored when first asked);
    what the game's next check of it starts from (``checked``, None: a whole check) and the
    last change it includes (``mark``: the next load replays those after it)."""

    stored: session_store.StoredSession
    scoring: _Answer
    mark: session_store.ChangeMark | None = None

    @property
    def answer(self) -> dict[str, Any]:
        return self.scoring.answer()

    @property
    def checked(self) -> Any:
        return self.scoring.checked()

    @property
    def standings(self) -> dict[str, Any]:
        """The answer without its boards' lines (``ok``, the scoring, the pairs' ranks)."""
        return self.scoring.standings()

    def board_lines(self, numbers: tuple[int, ...]) -> dict[int, dict[str, Any]]:
        """Boards ``numbers``' lines of the answer (a table's page: its boards alone)."""
        return self.scoring.board_lines(numbers)

    @property
    def part(self) -> SessionPart | None:
        return session_parts().get(self.stored.game)


def session_parts() -> dict[str, SessionPart | None]:
    """Each registered game's session part (None: it keeps no sessions)."""
    return {game.name: game.session for game in GAMES.values()}


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
    return LoadedSession(stored, _answer_of(stored.as_file()),
                         session_store.last_change(db, session_id))


def _answer_of(data: Mapping[str, Any], before: Any = None) -> _Answer:
    """A session file's answer to come: its refusals at once, else scored when asked."""
    problems, read, part = _recheck(data, before)
    if problems or part is None:
        return _Answer(None, None, {"ok": False, "errors": [_error(p) for p in problems]})
    return _Answer(read, part)


def _replayed(db: Database, base: LoadedSession) -> LoadedSession | None:
    """A newer version of ``base``'s session, checked from what ``base``'s check kept; None
    when it cannot be replayed (:func:`_replay_results`): loaded whole."""
    found = _replay_results(db, base)
    if found is None:
        return None
    stored, mark = found
    if stored.results == base.stored.results:  # an answer at a table, a round, a phone
        return LoadedSession(replace(stored, results=base.stored.results), base.scoring, mark)
    problems, read, part = _recheck(stored.as_file(), base.checked)
    return None if problems else LoadedSession(stored, _Answer(read, part), mark)


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


def current(db: Database, session_id: str) -> _Current | None:
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


def _rechecks(part: SessionPart | None) -> bool:
    return part is not None and part.recheck is not None and part.rescore is not None


def _place(results: list[dict[str, Any]], board: int, ns: Any) -> int | None:
    """Where board ``board``'s result of NS pair ``ns`` is (the pair first: it rules out all
    but a board's worth of 36,000 results at a string compare each)."""
    return next((i for i, r in enumerate(results)
                 if r["ns"] == ns and int(r["board"]) == board), None)
