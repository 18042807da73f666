"""Duplicate sessions in the JSON API (docs/api.md, "Duplicate sessions"): create one from a
session file, read its results, enter, correct or remove a result, read its history, and the
session's files (the session file, and each export its game writes). Writes take the
session's edit key as a Bearer key only: no cookie and no CSRF token."""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...engine.messages import fill
from ...service import sessions
from ...service.sessions import LoadedSession, SessionOutcome, SessionProblemText, SessionStatus
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..etags import LANGUAGE_VARY, session_etag
from ..ratelimit import count_keyed_write, refuse_if_address_full, spend_creations
from ..security import bearer_key
from .matches import idempotency_key, json_response, read_json

STATUS = {SessionStatus.CREATED: 201, SessionStatus.CHANGED: 200, SessionStatus.UNCHANGED: 200,
          SessionStatus.REPLAYED: 200, SessionStatus.ILLEGAL: 422,
          SessionStatus.KEY_REUSED: 422, SessionStatus.STALE: 412,
          SessionStatus.NOT_FOUND: 404}


def problem_text(problem: SessionProblemText) -> dict[str, Any]:
    """A refusal as the spec's error object, its message in the reader's language (the
    English one when the words have no translation or do not fit their parameters)."""
    message = problem.message
    if problem.template is not None:
        translated = fill(_(problem.template), dict(problem.params))
        message = translated if "{" not in translated else problem.message
    return {"board": problem.board, "result": problem.result, "field": problem.field,
            "message": message}


def links(session_id: str) -> dict[str, str]:
    """Where a session's page and files are."""
    return {"session_url": url_for("sessions.results_page", session_id=session_id),
            "file_url": url_for("sessions_api.export_file", session_id=session_id,
                                suffix="json")}


def session_body(loaded: LoadedSession) -> dict[str, Any]:
    """The GET answer: the session's id, version and files, and its game's check answer."""
    stored = loaded.stored
    exports = {e.suffix: url_for("sessions_api.export_file", session_id=stored.id,
                                 suffix=e.suffix)
               for e in (loaded.part.exports if loaded.part is not None else ())}
    return {"id": stored.id, "game": stored.game, "version": stored.version,
            "name": stored.data.get("name"), "date": stored.data.get("date"),
            **links(stored.id), "exports": exports, "results": loaded.answer}


def _refused(outcome: SessionOutcome) -> Response:
    if outcome.status is SessionStatus.NOT_FOUND:
        abort(404, description=_("There is no such session or result."))
    if outcome.status is SessionStatus.STALE:
        abort(412, description=_("The session changed since you loaded it: load it again."))
    if outcome.status is SessionStatus.KEY_REUSED:
        errors = [{"board": None, "result": None, "field": None, "message": _(
            "This Idempotency-Key was already used with another body.")}]
    else:
        errors = [problem_text(p) for p in outcome.problems]
    return json_response({"errors": errors}, STATUS[outcome.status])


def _answer(outcome: SessionOutcome, change: str | None = None) -> Response:
    if outcome.session is None:
        return _refused(outcome)
    body = session_body(outcome.session)
    if change is not None:
        body["change"] = change
    response = json_response(body, STATUS[outcome.status])
    stored = outcome.session.stored
    response.set_etag(session_etag(stored.id, stored.version))
    if outcome.status is SessionStatus.REPLAYED:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def _loaded_or_404(session_id: str) -> LoadedSession:
    loaded = sessions.load_session(get_db(), session_id)
    if loaded is None:
        abort(404, description=_("There is no such session."))
    return loaded


def _require_key(session_id: str) -> None:
    """404 for an unknown session, 403 without its edit key as a Bearer key."""
    db = get_db()
    from ...store import sessions as session_store

    if session_store.get_version(db, session_id) is None:
        abort(404, description=_("There is no such session."))
    key = bearer_key()
    if key is None:
        abort(403, description=_("Changing a session needs its edit key (Authorization: "
                                 "Bearer <key>)."))
    if not sessions.check_edit_key(db, session_id, key):
        abort(403, description=_("The session's edit key is wrong."))
    key_hash = session_store.get_key_hash(db, session_id)
    if key_hash is not None:
        count_keyed_write(f"session:{session_id}", key_hash)


def _if_match(session_id: str) -> int | None:
    """The version an ``If-Match`` header stands for (None: absent or ``*``); 412 for a tag
    that is not the session's current one."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    from ...store import sessions as session_store

    version = session_store.get_version(get_db(), session_id) or 0
    if not request.if_match.contains(session_etag(session_id, version)):
        abort(412, description=_("The session changed since you loaded it: load it again."))
    return version


def create_session() -> Response:
    """A new session from a session file (its results may be included)."""
    body = read_json()
    refuse_if_storage_full(get_db())
    outcome = sessions.create_session(get_db(), body, spend_creations)
    if outcome.status is not SessionStatus.CREATED or outcome.session is None:
        return _refused(outcome)
    session_id, key = outcome.session.stored.id, outcome.edit_key
    out = session_body(outcome.session)
    out["edit_key"] = key
    out["edit_url"] = f"{out['session_url']}?key={key}"
    response = json_response(out, 201)
    response.headers["Location"] = url_for("sessions_api.read_session", session_id=session_id)
    return response


def read_session(session_id: str) -> Response:
    """The session's results now, with an ETag (304 when unchanged)."""
    from ...store import sessions as session_store

    version = session_store.get_version(get_db(), session_id)
    if version is None:
        abort(404, description=_("There is no such session."))
    tag = session_etag(session_id, version)
    if request.if_none_match.contains_weak(tag):
        response = current_app.response_class(status=304)
        response.set_etag(tag)
        response.headers["Cache-Control"] = "no-cache"
        response.vary.update(LANGUAGE_VARY)
        return response
    body = json_response(session_body(_loaded_or_404(session_id)))
    body.set_etag(tag)
    body.vary.update(LANGUAGE_VARY)
    return body


def enter_result(session_id: str) -> Response:
    """Enter a result, or correct the one the board's NS pair has."""
    _require_key(session_id)
    body = read_json()
    refuse_if_address_full()  # a new result: this address's share of the storage
    version = _if_match(session_id)
    outcome = sessions.enter_result(get_db(), session_id, body, idempotency_key(), version)
    change = {SessionStatus.CREATED: "entered", SessionStatus.CHANGED: "corrected",
              SessionStatus.UNCHANGED: "unchanged", SessionStatus.REPLAYED: "replayed"}
    return _answer(outcome, change.get(outcome.status))


def remove_result(session_id: str, board: int, ns: str) -> Response:
    """Remove a result (kept in the history)."""
    _require_key(session_id)
    version = _if_match(session_id)
    outcome = sessions.remove_result(get_db(), session_id, board, ns, idempotency_key(),
                                     version)
    return _answer(outcome, "removed" if outcome.status is SessionStatus.CHANGED else
                   "replayed")


def session_history(session_id: str) -> Response:
    """Every entry, correction and removal, oldest first."""
    changes = sessions.history(get_db(), session_id)
    if changes is None:
        abort(404, description=_("There is no such session."))
    return json_response({"changes": [
        {"no": c.no, "at": c.at, "board": c.board, "ns": c.ns,
         "change": c.state or ("entered" if c.old is None else "removed" if c.new is None
                               else "corrected"),
         "by": "director" if c.by_table is None else f"table {c.by_table}",
         "old": c.old, "new": c.new} for c in changes]})


def export_file(session_id: str, suffix: str) -> Response:
    """The session file (``.json``), or one of the files its game writes (``.csv``,
    ``.pbn``), as a download."""
    loaded = _loaded_or_404(session_id)
    name = f"session-{session_id[:8]}.{suffix}"
    if suffix == "json":
        text = current_app.json.dumps(loaded.stored.as_file())
        mimetype = "application/json"
    else:
        part = loaded.part
        export = next((e for e in (part.exports if part else ()) if e.suffix == suffix), None)
        if export is None or not loaded.answer.get("ok"):
            abort(404, description=_("This session has no such file."))
        text, mimetype = export.write(loaded.stored.as_file(), loaded.answer), export.mimetype
    response = current_app.response_class(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-cache"
    return response
