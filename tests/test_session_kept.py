"""A duplicate session loaded once per version in a process (``service.sessions.load_session``):
every page, part and poll of a session loads it, and its check recomputes every board. A change
gives the next version, loaded again; a load inside a write keeps nothing (its version is not
committed yet); a game taken out of the registry scores it no more."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import store
from scorekeeper.engine.games import GAMES
from scorekeeper.service import sessions

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
    sessions._LOADED.clear()
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
