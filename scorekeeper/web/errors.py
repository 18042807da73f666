"""Error answers that never show a stack trace: JSON for the API, a small page for people.

API errors have the shape of the engine's problems: ``{"errors": [{"hand": null, "field":
null, "message": ...}]}``. Pages render ``templates/error.html`` (variables ``code``, ``title``,
``message``) when it exists, else a built-in minimal page.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.wrappers import Response

from scorekeeper.store.db import sqlite3

FALLBACK_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head>
<body><main><h1>{title}</h1><p>{message}</p><p><a href="/">{home}</a></p></main></body></html>
"""


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(CSRFError, handle_csrf)
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(InternalServerError, handle_500)
    app.register_error_handler(sqlite3.Error, handle_database)


class InsufficientStorage(HTTPException):
    """*507*: the storage budget for new matches is spent."""

    code = 507
    description = "Insufficient Storage"


BUSY_RETRY_AFTER = 2  # seconds: a lock is held for milliseconds; 2 s is a polite retry
BROKEN_RETRY_AFTER = 60  # a read-only or full disk needs a person


def database_trouble(error: BaseException) -> str | None:
    """``"busy"`` (locked for longer than the busy timeout), ``"storage"`` (read-only, full,
    unreadable or damaged file), or None for an error that is a bug."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return "busy"
    storage = ("readonly", "read-only", "full", "disk i/o", "unable to open", "malformed",
               "not a database", "no such table")
    if any(word in text for word in storage):
        return "storage"
    return None


def refuse_if_storage_full(db: Any) -> None:
    """507 before a new match when the storage budget is spent (database cap, disk reserve)."""
    from ..store.db import storage_full
    from .ratelimit import refuse_if_address_full

    if storage_full(db):
        raise InsufficientStorage(messages()[507])
    refuse_if_address_full()


def storage_message() -> str:
    """For a person (and the organiser) when the database can't be written."""
    return _("The server can't save anything right now: its database is read-only, damaged or "
             "its disk is full. Nothing was saved. Tell the organiser; try again later.")


def busy_message() -> str:
    """For a person when the database stayed busy."""
    return _("The server is busy saving other scores. Nothing was saved; try again in a "
             "moment.")


def prefers_json() -> bool:
    """Whether the page's script asked for JSON (``Accept: application/json``), not a page."""
    return request.accept_mimetypes.best == "application/json"


def wants_json() -> bool:
    """Whether this request is answered in JSON (the API, the match-file address, a script)."""
    return request.path.startswith("/api/") or request.path.endswith(".json") or prefers_json()


def error_body(message: str, field: str | None = None, hand: int | None = None,
               ) -> dict[str, Any]:
    """An API error body with one error."""
    return {"errors": [{"hand": hand, "field": field, "message": message}]}


def messages() -> dict[int, str]:
    """A plain sentence per status, for people."""
    return {
        400: _("The request could not be understood."),
        403: _("You are not allowed to do that here."),
        404: _("There is nothing at this address."),
        405: _("This address does not accept that kind of request."),
        409: _("That clashes with a change made meanwhile."),
        412: _("The match changed since you loaded it."),
        413: _("The upload is too large (the limit is 1 MB)."),
        415: _("Send JSON, with Content-Type: application/json."),
        422: _("The request is not valid."),
        429: _("Too many requests; wait a moment and try again."),
        503: _("The server is busy; wait a moment and try again."),
        507: _("This server has no room for new matches (its storage limit is reached). "
               "Matches under way can still be scored; tell the organiser."),
        500: _("Something went wrong on the server. Nothing was lost; try again."),
    }


def describe(error: HTTPException) -> str:
    """The message to show: the one given with ``abort()``, else a plain one for the status."""
    code = error.code or 500
    default = type(error).description
    if error.description and error.description != default:
        return str(error.description)
    return messages().get(code, _("The request failed."))


def respond(code: int, message: str, headers: Any = None) -> Response:
    """An error response in the format the request wants."""
    if wants_json():
        response = jsonify(error_body(message))
    else:
        response = current_app.response_class(page(code, message), mimetype="text/html")
    response.status_code = code
    for name, value in headers or ():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def page(code: int, message: str) -> str:
    """The HTML of an error page (the template, or the built-in one if that fails)."""
    title = _("Error %(code)s", code=code)
    try:
        return render_template("error.html", code=code, title=title, message=message)
    except Exception:  # a missing or broken template must not hide the error itself
        from flask_babel import get_locale

        return FALLBACK_PAGE.format(
            lang=escape(str(get_locale() or "en").replace("_", "-")),
            title=escape(title),
            message=escape(message),
            home=escape(_("Home")),
        )


def handle_http(error: HTTPException) -> HTTPException | Response:
    """Any HTTP error (404, 405, 413 ...)."""
    if error.code is None or error.code < 400:
        return error
    return respond(error.code, describe(error), error.get_headers())


def handle_csrf(error: CSRFError) -> Response:
    """A missing, wrong or expired CSRF token (400)."""
    del error
    return respond(
        400, _("This form has expired or did not come from this site. Reload the page and try "
               "again.")
    )


def handle_database(error: sqlite3.Error) -> Response:
    """A database that is busy, read-only or full: 503 with Retry-After, never a 500."""
    trouble = database_trouble(error)
    if trouble is None:
        current_app.logger.exception("database error", exc_info=error)
        return respond(500, messages()[500])
    if trouble == "busy":
        return respond(503, busy_message(), [("Retry-After", str(BUSY_RETRY_AFTER))])
    current_app.logger.error("database can't be written: %s", error)
    return respond(503, storage_message(), [("Retry-After", str(BROKEN_RETRY_AFTER))])


def handle_500(error: InternalServerError) -> Response:
    """An unexpected error: Flask has logged it; the person gets no stack trace."""
    del error
    return respond(500, messages()[500])
