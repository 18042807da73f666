"""The JSON API (spec/api.md), the match-file export and the health check.

Views are thin: they read the request, call :mod:`scorekeeper.service`, and turn the
:class:`~scorekeeper.service.results.ServiceResult` into a status and a body.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from flask import abort, current_app, jsonify, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.store.db import sqlite3

from ... import service
from ...engine.games import file_notation, notation_named
from ...engine.state import MatchState
from ...formats import safejson
from ...i18n.messages import problem_json, said_message
from ...service import event_keys, players
from ...service.results import LoadedMatch, ServiceResult, Status
from ...store.db import get_db, heartbeat, storage_full
from .. import outcomes
from ..errors import database_trouble, error_body, refuse_if_storage_full
from ..etags import LANGUAGE_VARY, match_etag, not_modified
from ..forms import decoded
from ..match.hand_analysis import analysed
from ..ratelimit import count_write, refuse_if_address_full
from ..security import bearer_key, csrf, has_rights_for, may_edit

MAX_IDEMPOTENCY_KEY = 100


# --- reading requests -------------------------------------------------------------------------


def read_json() -> Any:
    """The request body as JSON: 415 if it is not declared JSON, 400 if it does not parse or
    passes the limits of :mod:`scorekeeper.formats.safejson` (depth, size, valid Unicode)."""
    if not request.is_json:
        abort(415)
    raw = request.get_data(cache=True)  # raises 413 past MAX_CONTENT_LENGTH
    try:
        return safejson.loads(raw)
    except safejson.Refused as refused:
        abort(400, description=body_refused(refused.problem.code))


def body_refused(code: str) -> str:
    """Why a request's JSON body is refused, said of a request (the file checker's words
    speak of a file)."""
    if code == "file.too_deep":
        return _("The body nests lists or objects more than %(max)d deep.",
                 max=safejson.MAX_DEPTH)
    if code == "file.bad_text":
        return _("The body holds text that is not valid Unicode (a lone surrogate such as "
                 "\\ud800).")
    if code == "file.bad_number":
        return _("The body holds a number larger than %(max)s: no score, count or number of "
                 "anything is.", max=f"{safejson.MAX_INT:,}")
    if code == "file.too_large":
        return _("The body is larger than %(max)d bytes.", max=safejson.MAX_BYTES)
    return _("The body is not valid JSON.")


def read_object() -> dict[str, Any] | Response:
    """The JSON body, which must be an object; else a 422 answer."""
    body = read_json()
    if not isinstance(body, dict):
        return unprocessable(_("The body must be a JSON object."))
    return body


def unprocessable(message: str, field: str | None = None, hand: int | None = None) -> Response:
    """A 422 answer with one error."""
    response = jsonify(error_body(message, field=field, hand=hand))
    response.status_code = 422
    return response


def idempotency_key() -> str | None:
    """The ``Idempotency-Key`` header (up to 100 characters), or None."""
    key = request.headers.get("Idempotency-Key")
    if key is None or key == "":
        return None
    if len(key) > MAX_IDEMPOTENCY_KEY:
        abort(400, description=_("Idempotency-Key is longer than 100 characters."))
    return key


def authorise(match_id: str) -> None:
    """Allow a write: 404 for an unknown match, 403 without the current edit key.

    A bearer key is checked alone (no cookie, no CSRF token). Without one, the scorer rights
    kept in the phone's cookie by the pages count, and then the CSRF token is required as for
    forms.
    """
    db = get_db()
    if not service.exists(db, match_id):
        abort(404, description=_("There is no such match."))
    key = bearer_key()
    if key is None:
        if not has_rights_for(match_id):
            abort(403, description=_(
                "Recording needs the match's edit key (Authorization: Bearer <key>)."
            ))
        csrf.protect()
        allowed = may_edit(db, match_id)
    else:
        allowed = service.check_edit_key(db, match_id, key)
    if not allowed and event_keys.locked_table(db, match_id):
        abort(403, description=_("This table's result is locked: both pairs confirmed it. "
                                 "Ask the director to reopen the table for a correction."))
    if not allowed:
        abort(403, description=_("The edit key is wrong or has been replaced."))
    count_write(match_id)


def if_match_version(match_id: str) -> int | None:
    """The match version an ``If-Match`` header stands for (None if absent or ``*``).

    The header must hold the match's full current ETag (as a GET gives it), compared strongly;
    anything else, a made-up hash included, is 412.
    """
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    loaded = load_or_404(match_id)
    current = match_etag(match_id, loaded.version)
    if not request.if_match.contains(current):
        abort(412)
    return loaded.version


# --- answers ----------------------------------------------------------------------------------


def json_response(body: Any, status: int = 200, encoded: str | None = None) -> Response:
    """A JSON response that is never cached without revalidation (``encoded``: the body
    already made into JSON text)."""
    if encoded is not None:
        response = current_app.response_class(encoded, mimetype="application/json")
    else:
        response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store" if status >= 300 or status == 201 \
        else "no-cache"
    return response


def answer(outcome: ServiceResult, if_match: bool = False) -> Response:
    """Turn a service outcome into the API's answer."""
    if outcome.status is Status.NOT_FOUND:
        abort(404, description=outcomes.message(outcome))
    if outcome.ok:
        if outcome.response is not None:
            body = outcome.response
        else:
            body = {"hand": outcome.hand, "state": _state_json(outcome.state)}
        response = json_response(body, outcomes.http_status(outcome), outcome.response_json)
        if outcome.status is Status.DUPLICATE:
            response.headers["Idempotent-Replayed"] = "true"
        if outcome.version is not None:
            response.headers["X-Match-Version"] = str(outcome.version)
        return response
    body = {"errors": outcomes.errors(outcome)}
    if outcome.state is not None:
        body["state"] = outcome.state.as_json()
    status = outcomes.http_status(outcome)
    if if_match and outcome.status is Status.CONFLICT:
        status = 412
    return json_response(body, status)


def match_body(loaded: LoadedMatch) -> dict[str, Any]:
    """The GET answer: the match file object and its replayed state."""
    body: dict[str, Any] = {"match": loaded.match.as_file(), "state": _state_json(loaded.state),
                            **seat_players(loaded.id)}
    if loaded.problems:
        body["errors"] = [problem_json(p) for p in loaded.problems]
    return body


def _state_json(state: MatchState | None) -> dict[str, Any] | None:
    """The replayed state as the API answers it (the `scorekeeper check` object)."""
    return state.as_json() if state is not None else None


def seat_players(match_id: str) -> dict[str, Any]:
    """What issue 14 adds to a match's answers: ``date`` (the day played) and ``players``
    (``{seat: {"id", "name"}}``), beside the spec's keys."""
    db = get_db()
    return {"date": players.match_date(db, match_id),
            "players": players.match_players(db, match_id)}


def load_or_404(match_id: str) -> LoadedMatch:
    """The match, or a 404."""
    loaded = service.load(get_db(), match_id)
    if loaded is None:
        abort(404, description=_("There is no such match."))
    return loaded


# --- routes -----------------------------------------------------------------------------------


HEALTH_EVERY = 1.0  # seconds: a flood of /healthz writes the heartbeat once a second at most
_health_lock = threading.Lock()
_health: dict[str, tuple[float, int, str]] = {}


def healthz() -> Response:
    """``ok`` when the app answers and its database can be written (a one-row heartbeat write,
    at most once a second per process); else 503 with what is wrong, for the organiser's
    monitoring."""
    path = current_app.config["DATABASE"]
    with _health_lock:
        last = _health.get(path)
        if last is None or time.monotonic() - last[0] >= HEALTH_EVERY:
            last = (time.monotonic(), *_check_health())
            _health[path] = last
    _when, status, text = last
    response = current_app.response_class(text, status=status, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    if status == 503:
        response.headers["Retry-After"] = "10"
    return response


def _check_health() -> tuple[int, str]:
    try:
        heartbeat(get_db())
        if storage_full(get_db()):
            return 200, "ok: storage limit reached, new matches are refused"
    except sqlite3.Error as error:
        trouble = database_trouble(error)
        return 503, f"database {'busy' if trouble == 'busy' else 'not writable'}: {error}"
    return 200, "ok"


def create_match() -> Response:
    """Create a match (or import one with its hands, or an EGN file; or, with a body that is
    not JSON, a file of a text notation: Bridge's PBN)."""
    if not request.is_json:
        text = decoded(request.get_data(cache=True))  # raises 413 past MAX_CONTENT_LENGTH
        if file_notation(text, "", text=True) is None:
            abort(415)
        refuse_if_storage_full(get_db())
        outcome = service.import_text(get_db(), text)
    else:
        data = read_json()
        refuse_if_storage_full(get_db())
        outcome = service.create_match(get_db(), data)
    if not outcome.ok:
        return json_response({"errors": outcomes.errors(outcome)}, 422)
    match_id, key = outcome.match_id, outcome.edit_key
    assert match_id is not None and key is not None  # a created match has both
    view_url = f"/m/{match_id}"
    body = {
        "id": match_id,
        "edit_key": key,
        "view_url": view_url,
        "edit_url": f"{view_url}?key={key}",
        "state": _state_json(outcome.state),
        **seat_players(match_id),
    }
    response = json_response(body, 201)
    response.headers["Location"] = url_for("api.read_match", match_id=match_id)
    return response


def read_match(match_id: str) -> Response:
    """The match and its state, with an ETag (304 when unchanged).

    The ETag comes from the match's stored version (bumped by every change) and the answer's
    language, so an unchanged poll is answered 304 after one small query: the match is neither
    loaded nor replayed, and no JSON is built. ``If-None-Match`` must name the full ETag.
    """
    if request.if_none_match:
        version = service.version(get_db(), match_id)
        if version is not None:
            unchanged = not_modified(match_etag(match_id, version), vary=LANGUAGE_VARY)
            if unchanged is not None:
                return unchanged
    loaded = load_or_404(match_id)
    response = json_response(match_body(loaded))
    response.set_etag(match_etag(match_id, loaded.version))
    response.vary.update(LANGUAGE_VARY)
    return response.make_conditional(request)


def match_history(match_id: str) -> Response:
    """Corrections and undos, oldest first: ``{"history": [{no, action, old, new, at, by}]}``."""
    entries = service.history(get_db(), match_id)
    if entries is None:
        abort(404, description=_("There is no such match."))
    return json_response({"history": [e.as_json() for e in entries]})


def record_hand(match_id: str) -> Response:
    """Record the next hand: a hand object plus the ``no`` it expects to get."""
    authorise(match_id)
    refuse_if_address_full()
    key = idempotency_key()
    body = read_object()
    if isinstance(body, Response):
        return body
    no = body.pop("no", None)
    if isinstance(no, bool) or not isinstance(no, int) or no < 1:
        return unprocessable(_("\"no\" must be the number this hand gets (the next hand)."),
                             field="no")
    return answer(service.record_hand(get_db(), match_id, body, no, key))


def correct_hand(match_id: str, no: int) -> Response:
    """Correct a recorded hand; later hands are re-scored. ``If-Match`` is honoured (412)."""
    authorise(match_id)
    version = if_match_version(match_id)
    body = read_object()
    if isinstance(body, Response):
        return body
    given = body.pop("no", no)
    if given != no or isinstance(given, bool):
        return unprocessable(_("\"no\" in the body differs from the address."), field="no",
                             hand=no)
    outcome = service.correct_hand(
        get_db(), match_id, no, body, by="api", expected_match_version=version
    )
    return answer(outcome, if_match=version is not None)


def undo_hand(match_id: str, no: int) -> Response:
    """Undo the last hand (409 for any other)."""
    authorise(match_id)
    version = if_match_version(match_id)
    outcome = service.undo_last(get_db(), match_id, no, by="api", expected_match_version=version)
    return answer(outcome, if_match=version is not None)


def hand_analysis(match_id: str, no: int) -> Response:
    """The double-dummy analysis of a hand with a complete card record (docs/api.md): the
    core's ``{hand, makers, par, after, costly}``, or the game's own object (Bridge's table,
    par and play, with its sentences in the request's language as ``words``); 404 for an
    unknown match or hand, 422 (with the reason) when the hand can't be analysed. Reading
    needs only the match's id. Answers are kept per match version (hand_analysis.analysed)."""
    loaded = load_or_404(match_id)
    if not 1 <= no <= loaded.hand_count:
        abort(404, description=_("There is no such hand."))
    result, problems = analysed(loaded, no)
    if result is None:
        return json_response({"errors": [problem_json(p) for p in problems]}, 422)
    body = result.as_json()
    part = loaded.match.game.analysis
    if part is not None and part.words is not None:
        body = {**body, "words": {group: [said_message(s.template, s.params) for s in said]
                                  for group, said in part.words(result).items()}}
    return json_response(body)


def export_match(match_id: str) -> Response:
    """The match file, as a download."""
    loaded = load_or_404(match_id)
    text = json.dumps(loaded.match.as_file(), ensure_ascii=False, indent=2) + "\n"
    response = current_app.response_class(text, mimetype="application/json")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{loaded.game}-{match_id}.json"'
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


def export_notation(match_id: str, extension: str) -> Response:
    """A match written in its game's notation (Euchre's EGN 1.4), as a download (docs/api.md):
    ``/m/<id>.<extension>``; 404 for a notation no game has, or another game's."""
    found = notation_named(extension)
    if found is None or found[1].export is None:
        abort(404)
    loaded = load_or_404(match_id)
    if loaded.match.game.notation is not found[1]:
        abort(404, description=_(found[1].only))
    written = found[1].export(loaded.match.as_file())
    text = written if isinstance(written, str) else \
        json.dumps(written, ensure_ascii=False, indent=2) + "\n"
    response = current_app.response_class(text, mimetype=found[1].media_type)
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{loaded.game}-{match_id}.{extension}"')
    response.headers["Cache-Control"] = "no-cache"
    return response
