"""A session's pages: what the game's check answer says, laid out (the results, a board's
traveller, a pair's score card). Views are thin: the game's answer is the page's data."""

from __future__ import annotations

from typing import Any

from flask import abort, render_template
from flask_babel import gettext as _

from ...service import sessions
from ...service.sessions import LoadedSession
from ...store.db import get_db


def _loaded(session_id: str) -> LoadedSession:
    loaded = sessions.load_session(get_db(), session_id)
    if loaded is None:
        abort(404, description=_("There is no such session."))
    return loaded


def _fields(answer: dict[str, Any]) -> list[tuple[str | None, list[dict[str, Any]]]]:
    """The ranked pairs by field: NS and EW apart (a Mitchell), or all together (None)."""
    fields: dict[str | None, list[dict[str, Any]]] = {}
    for line in answer.get("pairs", []):
        fields.setdefault(line["direction"], []).append(line)
    return list(fields.items())


def results_page(session_id: str) -> str:
    loaded = _loaded(session_id)
    return render_template("sessions/results.html", s=loaded.stored, answer=loaded.answer,
                           fields=_fields(loaded.answer))


def board_page(session_id: str, board: int) -> str:
    loaded = _loaded(session_id)
    line = next((b for b in loaded.answer.get("boards", []) if b["board"] == board), None)
    if line is None:
        abort(404, description=_("This session has no results on that board yet."))
    return render_template("sessions/board.html", s=loaded.stored, answer=loaded.answer,
                           board=line)


def pair_page(session_id: str, pair: str) -> str:
    loaded = _loaded(session_id)
    if pair not in loaded.stored.data.get("pairs", {}):
        abort(404, description=_("This session has no such pair."))
    return render_template("sessions/pair.html", s=loaded.stored, answer=loaded.answer,
                           pair=pair)
