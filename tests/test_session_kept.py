"""A duplicate session loaded once per version in a process (``service.sessions.load_session``):
every page, part and poll of a session loads it. A change gives the next version: the newest
kept one with the changes since replayed, checked again for the boards they changed, exactly
what a whole load gives, whichever connection (process) made them; a history that is not the
kept one's is loaded whole. A load inside a write keeps nothing (its version is not committed
yet); a game taken out of the registry scores it no more."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import store
from scorekeeper.engine.games import GAMES
from scorekeeper.service import session_loads, sessions
from scorekeeper.store import sessions as session_store
from scorekeeper.store.db import connect

SESSIONS = Path(__file__).parent / "data" / "sessions"


def created(db: Any) -> str:
    data = json.loads((SESSIONS / "spec-example.json").read_text())
    made = sessions.create_session(db, data)
    assert made.session_id is not None, made.problems
    return str(made.session_id)


def test_a_version_is_loaded_once_and_a_change_loads_the_next(db: Any) -> None:
    session_id = created(db)
    first = sessions.load_session(db, session_id)
    assert first is not None and sessions.load_session(db, session_id) is first
    result = dict(first.stored.results[0])
    result["tricks"] = 13 - int(result["tricks"]) if result.get("tricks") is not None else 7
    changed = sessions.enter_result(db, session_id, result)
    again = sessions.load_session(db, session_id)
    assert again is not None and again is not first, changed.status
    assert again.stored.version > first.stored.version
    assert again.stored.results != first.stored.results


def test_a_load_inside_a_write_keeps_nothing(db: Any) -> None:
    session_id = created(db)
    session_loads._LOADED.clear()
    with store.transaction(db):
        inside = sessions.load_session(db, session_id)
    assert inside is not None and sessions.load_session(db, session_id) is not inside


def test_a_game_taken_out_scores_the_kept_session_no_more(
        db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = created(db)
    scored = sessions.load_session(db, session_id)
    assert scored is not None and scored.answer.get("ok")
    monkeypatch.delitem(GAMES, "bridge")
    unscored = sessions.load_session(db, session_id)
    assert unscored is not None and unscored is not scored


def whole(db: Any, session_id: str) -> sessions.LoadedSession:
    session_loads._LOADED.clear()
    loaded = sessions.load_session(db, session_id)
    assert loaded is not None
    return loaded


def played(board: int, ns: str, ew: str, tricks: int) -> dict[str, Any]:
    return {"board": board, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N",
            "tricks": tricks}


@pytest.mark.parametrize("walls", [False, True], ids=["answers", "walls ranking first"])
def test_each_new_version_from_another_process_is_what_a_whole_load_gives(
        app: Any, db: Any, monkeypatch: pytest.MonkeyPatch, walls: bool) -> None:
    """Each version replayed from the one before (scored whole, or only ranked as a wall
    asks: the next starts from the ranked read) is a whole load's."""
    session_id = created(db)
    other = connect(app.config["DATABASE"])  # another worker's connection
    loads: list[str] = []
    monkeypatch.setattr(session_loads, "_whole", lambda d, i, f=session_loads._whole: (
        loads.append(i), f(d, i))[1])
    try:
        steps = [
            lambda: sessions.enter_result(other, session_id, played(2, "N1", "E2", 9)),
            lambda: sessions.enter_result(other, session_id, played(2, "N2", "E1", 8)),
            lambda: sessions.enter_result(other, session_id, played(2, "N1", "E2", 11)),
            lambda: sessions.remove_result(other, session_id, 1, "N1"),
            lambda: sessions.enter_result(other, session_id, played(1, "N1", "E1", 7)),
        ]
        assert sessions.load_session(db, session_id) is not None
        for step in steps:
            session_loads._LOADED.clear()  # only this connection's loads are kept
            kept = sessions.load_session(db, session_id)
            assert kept is not None
            if walls:
                assert kept.standings["ok"]  # ranked alone, no board's line made
            kept_before = len(loads)
            assert step().status in (sessions.SessionStatus.CREATED,
                                     sessions.SessionStatus.CHANGED)
            session_loads._LOADED.pop(next(k for k in list(session_loads._LOADED)
                                      if k[1] == max(v for _, v in session_loads._LOADED)))
            replayed = sessions.load_session(db, session_id)
            assert replayed is not None and len(loads) == kept_before  # not loaded whole
            again = whole(db, session_id)
            assert replayed.stored == again.stored
            if walls:
                assert replayed.standings == {k: v for k, v in again.answer.items()
                                              if k != "boards"}
            assert replayed.answer == again.answer
            assert replayed.mark == again.mark
    finally:
        other.conn.close()


def test_an_accepted_board_is_a_version_with_the_same_answer(app: Any, db: Any) -> None:
    session_id = created(db)
    first = sessions.load_session(db, session_id)
    assert first is not None
    with store.transaction(db):  # what the opponents' Accept writes
        result = first.stored.results[0]
        session_store.add_change(db, session_id, 1, result["ns"], result, result, None, None,
                                 1, "accepted")
    after = sessions.load_session(db, session_id)
    assert after is not None and after.stored.version == first.stored.version + 1
    assert after.answer == first.answer and after.stored.results == first.stored.results


def test_a_history_that_is_not_the_kept_one_is_loaded_whole(
        db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = created(db)
    sessions.enter_result(db, session_id, played(2, "N1", "E2", 9))
    kept = sessions.load_session(db, session_id)
    assert kept is not None and kept.mark is not None and kept.mark.id > 0
    # as after a restore: the kept mark names a change this database does not have
    session_loads._LOADED.clear()
    session_loads._keep(sessions.LoadedSession(
        kept.stored, kept.scoring,
        session_store.ChangeMark(kept.mark.id, "1999-01-01T00:00:00Z")))
    sessions.enter_result(db, session_id, played(3, "N2", "E1", 8))
    loads: list[str] = []
    monkeypatch.setattr(session_loads, "_whole", lambda d, i, f=session_loads._whole: (
        loads.append(i), f(d, i))[1])
    session_loads._LOADED.pop((session_id, kept.stored.version + 1), None)
    loaded = sessions.load_session(db, session_id)
    assert loads == [session_id] and loaded is not None
    assert len(loaded.stored.results) == len(kept.stored.results) + 1


def test_a_save_catches_up_before_its_lock(app: Any, db: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Another worker's change is replayed before this worker's save takes SQLite's write
    lock (a snapshot read): in the lock nothing is replayed or read whole, and every other
    writer waits only for the save's own writes."""
    session_id = created(db)
    assert sessions.load_session(db, session_id) is not None
    other = connect(app.config["DATABASE"])  # another worker's connection
    try:
        sessions.enter_result(other, session_id, played(2, "N1", "E2", 9))
    finally:
        other.conn.close()
    newest = max(v for i, v in session_loads._LOADED if i == session_id)
    session_loads._LOADED.pop((session_id, newest))  # kept by the other process alone
    holding = [False]
    write = store.transaction

    @contextmanager
    def held(d: Any) -> Iterator[None]:
        with write(d):
            holding[0] = True
            try:
                yield
            finally:
                holding[0] = False

    monkeypatch.setattr(store, "transaction", held)
    locked: list[bool] = []  # for each replay or whole read: was the write lock held?

    def spied(real: Any) -> Any:
        return lambda d, x: (locked.append(holding[0]), real(d, x))[1]

    monkeypatch.setattr(session_loads, "_replay_results", spied(session_loads._replay_results))
    monkeypatch.setattr(session_loads, "_whole", spied(session_loads._whole))
    saved = sessions.enter_result(db, session_id, played(2, "N2", "E1", 8))
    assert saved.status in (sessions.SessionStatus.CREATED, sessions.SessionStatus.CHANGED)
    assert locked == [False]  # one replay, outside the lock
    assert saved.session is not None and saved.session.answer == whole(db, session_id).answer
