"""Abuse limits, counted by Flask-Limiter (and its ``limits`` library), each refusal a 429 with
``Retry-After`` and a sentence a person understands.

- Per client address: creating or importing matches (``CREATE_LIMIT``, 20 an hour and 5 a
  minute: the storage budget of one address, and no burst that holds the write lock) and PDFs
  (``PDF_LIMIT``, 30 a minute).
- Per edit key, counted only once the key has been checked (:func:`count_write`): writes to a
  match (``WRITE_LIMIT_PER_MINUTE``, 60). A viewer without the key is refused with 403 before
  anything is counted, so nobody can use up the scorer's allowance, whoever shares their
  address (a venue's NAT).

Every limit is a setting (``instance/config.py`` or ``SCOREKEEPER_CREATE_LIMIT`` ...): a
Flask-Limiter string such as ``"20 per hour"``, or ``0``/empty to turn it off. Counts are kept
in ``instance/limits.db`` (:mod:`scorekeeper.limits_store`), shared by every server process,
so a client gets each limit once however many workers serve it; ``RATELIMIT_STORAGE_URI`` may
name another store (``redis://...``, ``memcached://...``, or ``memory://``: per process).
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from collections.abc import Callable

from flask import Flask, current_app, request
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse
from werkzeug.exceptions import TooManyRequests

from scorekeeper.store.db import sqlite3

DEFAULTS = {
    "CREATE_LIMIT": "20 per hour;5 per minute",
    "PDF_LIMIT": "30 per minute",
    "WRITE_LIMIT_PER_MINUTE": 60,
    "RATELIMIT_STORAGE_URI": None,  # None: sqlite:///<instance>/limits.db (limits_store)
    "RATELIMIT_SWALLOW_ERRORS": True,  # a count that can't be kept (read-only disk) lets it be
    "RATELIMIT_HEADERS_ENABLED": True,  # Retry-After (and X-RateLimit-*) on limited answers
}
CREATE_ENDPOINTS = ("api.create_match", "table.start", "table.import_match",
                    "events_api.create_event")
PDF_ENDPOINTS = ("prints.sheet_pdf", "prints.blank_pdf", "prints.match_blank_pdf",
                 "events.tally_pdf", "events.chart_pdf", "events.tents_pdf",
                 "players.season_pdf")
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
EXTENSION = "scorekeeper.limiter"


def _is_off(name: str) -> bool:
    return str(current_app.config.get(name) or "0").strip() in ("", "0")


def _setting(name: str) -> Callable[[], str]:
    def value() -> str:  # a limit that is off still needs a string Flask-Limiter can parse
        return "1 per second" if _is_off(name) else str(current_app.config[name])
    return value


def _off(name: str) -> Callable[[], bool]:
    def off() -> bool:
        return _is_off(name)
    return off


def create_message() -> str:
    return _("Too many new matches from this address: wait a while before starting or "
             "importing another (the limit keeps the server's storage for everyone).")


def pdf_message() -> str:
    return _("Too many PDFs asked for from this address: wait a moment and try again.")


def write_message() -> str:
    return _("Too many changes to this match in a minute; wait a moment and try again.")


def init_app(app: Flask) -> None:
    """One Limiter per app; the per-address limits wrap their views (call after the
    blueprints are registered)."""
    from . import limits_store

    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = (
            f"{limits_store.SCHEME}://{os.path.join(app.instance_path, 'limits.db')}")
    limiter = Limiter(get_remote_address, app=app)
    app.extensions[EXTENSION] = limiter
    for endpoints, name, message, scope in (
        (CREATE_ENDPOINTS, "CREATE_LIMIT", create_message, "create"),
        (PDF_ENDPOINTS, "PDF_LIMIT", pdf_message, "pdf"),
    ):
        shared = limiter.shared_limit(_setting(name), scope=scope, error_message=message,
                                      exempt_when=_off(name))
        for endpoint in endpoints:
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])


def _write_item() -> RateLimitItem | None:
    per_minute = int(current_app.config.get("WRITE_LIMIT_PER_MINUTE") or 0)
    return parse(f"{per_minute} per minute") if per_minute > 0 else None


def count_write(match_id: str) -> None:
    """Count one write to a match whose edit key the caller has just checked; 429 past the
    limit.

    Only unsafe methods count. The count belongs to the match's current edit key (by the hash
    stored with the match: the counts hold no key); a new key starts a new count.
    """
    item = _write_item()
    if item is None or request.method not in UNSAFE_METHODS:
        return
    from . import store
    from .store.db import get_db

    row = store.get_match(get_db(), match_id)
    if row is None:
        return
    limiter: Limiter = current_app.extensions[EXTENSION]
    who = hashlib.sha256(f"{match_id}:{row.edit_key_hash}".encode()).hexdigest()[:32]
    try:
        if limiter.limiter.hit(item, "write", who):
            return
    except sqlite3.Error:
        return  # the counts can't be kept (a read-only disk): the write goes on uncounted
    reset, _remaining = limiter.limiter.get_window_stats(item, "write", who)
    raise TooManyRequests(write_message(), retry_after=max(1, math.ceil(reset - time.time())))
