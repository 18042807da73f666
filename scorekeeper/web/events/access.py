"""What every club-night view checks first: the event exists, who directs it (a Bearer
key for the API, this phone's rights cookie for the pages), and how a change is answered
(a status for the API, a flash and a redirect for the pages)."""

from __future__ import annotations

from flask import abort, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...service import events
from ...service.events import EventResult, EventStatus
from ...service.events.model import Event
from ...store.db import get_db
from ..security import bearer_key, bounded_int, rights_match
from .words import errors

STATUS = {EventStatus.CREATED: 201, EventStatus.STARTED: 201, EventStatus.DECIDED: 200,
          EventStatus.CHANGED: 200,
          EventStatus.ILLEGAL: 422, EventStatus.NOT_READY: 409, EventStatus.FINISHED: 409,
          EventStatus.NOT_FOUND: 404}


# --- rights ---------------------------------------------------------------------------------


def _ref(event_id: str) -> str:
    return f"event:{event_id}"


def event_or_404(event_id: str) -> Event:
    found = events.load_event(get_db(), event_id)
    if found is None:
        abort(404, description=_("There is no such event."))
    return found


def director_here(event_id: str) -> bool:
    """Whether the request holds the director's rights: a Bearer key (API) or this phone's
    rights cookie (pages)."""
    from ...store import events as event_store

    row = event_store.get_event(get_db(), event_id)
    return row is not None and rights_match(_ref(event_id), row.director_key_hash)


def api_director(event_id: str) -> bool:
    """The API's director check: no Authorization, False; a wrong key, 403."""
    key = bearer_key()
    if key is None:
        return False
    if not events.check_director_key(get_db(), event_id, key):
        abort(403, description=_("The director's key is wrong."))
    return True


def require_api_director(event_id: str) -> None:
    event_or_404(event_id)
    if not api_director(event_id):
        abort(403, description=_("This needs the director's key (Authorization: Bearer "
                                 "<key>)."))



def _form_int(name: str) -> int | None:
    try:
        return bounded_int(request.form.get(name, ""))
    except ValueError:
        return None


def _director_post(event_id: str) -> None:
    event_or_404(event_id)
    if not director_here(event_id):
        abort(403)


def _after(event_id: str, result: EventResult, done: str | None) -> ResponseReturnValue:
    """Post/Redirect/Get: a sentence for what was done (``done``; None: the page shows it),
    or the problems (nothing stored)."""
    if result.status in (EventStatus.CHANGED, EventStatus.STARTED, EventStatus.DECIDED):
        if done is not None:
            flash(done, "ok")
    else:
        flash(" ".join(e["message"] for e in errors(result)), "error")
    return redirect(url_for("events.director", event_id=event_id))
