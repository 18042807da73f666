"""Abuse limits, counted by Flask-Limiter (and its ``limits`` library), each refusal a 429 with
``Retry-After``, the time to wait in words, and a sentence a person understands.

- Per client address: new matches (``CREATE_LIMIT``, 120 an hour and 30 a minute: the storage
  budget of one address, and no burst that holds the write lock). Every path that makes
  matches counts: the start form, an import, the API, a rematch (once, when it is made) and a
  club night (one per table of each round it starts). A pub's 12-20 tables share its Wi-Fi's
  one address, so they must all fit in one minute's allowance; the refusal says that everyone
  on the network shares it. PDFs (``PDF_LIMIT``, 30 a minute): every ``.pdf`` address.
- Per edit key, counted only once the key has been checked (:func:`count_write`): writes to a
  match (``WRITE_LIMIT_PER_MINUTE``, 60). A viewer without the key is refused with 403 before
  anything is counted, so nobody can use up the scorer's allowance, whoever shares their
  address (a venue's NAT).

Every limit is a setting (``instance/config.py`` or ``SCOREKEEPER_CREATE_LIMIT`` ...): a
Flask-Limiter string such as ``"20 per hour"``, or ``0``/empty to turn it off
(``docs/limits.md``). Flask-Limiter counts them (fixed windows; a request is counted when it is
checked, a refused one too) and raises its ``RateLimitExceeded``, which :func:`refuse` answers
in words. Limits on a whole view decorate it (``shared_limit``); those counted in the middle of
a view (a rematch, a round's tables, a write once its key is checked) decorate a checkpoint
function the view calls, their cost and key read from the request (``g``).

Counts are kept in ``instance/limits.db`` (:mod:`.limits_store`),
shared by every server process, so a client gets each limit once however many workers serve it;
``RATELIMIT_STORAGE_URI`` may name another store (``redis://...``, ``memcached://...``, or
``memory://``: per process).
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from collections.abc import Callable
from typing import cast

from flask import Flask, current_app, g, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse
from werkzeug.wrappers import Response

from ..store.db import sqlite3
from .security import UNSAFE_METHODS

DEFAULTS = {
    "CREATE_LIMIT": "120 per hour;30 per minute",  # new matches, events, rounds per address
    "PDF_LIMIT": "30 per minute",  # PDFs per address; 0: off
    "WRITE_LIMIT_PER_MINUTE": 60,  # per edit key; 0 turns the limit off
    "PLAYER_EDIT_LIMIT": "30 per hour",  # renames, merges and undos per address
    "ADDRESS_MAX_MB": None,  # storage one address may grow the database by in 7 days;
    # None: a tenth of DATABASE_MAX_MB; 0: no share (the server's budget alone)
    "RATELIMIT_STORAGE_URI": None,  # None: sqlite:///<instance>/limits.db (limits_store)
    "RATELIMIT_SWALLOW_ERRORS": True,  # a count that can't be kept (read-only disk) lets it be
    # No X-RateLimit-* headers: Flask-Limiter would also rewrite the refusal's Retry-After,
    # rounded down (0 in a window's last second), away from the time its sentence gives.
    "RATELIMIT_HEADERS_ENABLED": False,
}
# Views that make one match (or an event) per request; a rematch and a club night's rounds
# count in their views (:func:`spend_creations`), by what they make.
CREATE_ENDPOINTS = ("api.create_match", "match.start", "match.import_match",
                    "events_api.create_event")
EXTENSION = "scorekeeper.limiter"
CHECKPOINTS = "scorekeeper.limit_checkpoints"


def _setting(name: str) -> Callable[[], str]:
    """The limits of a setting (``"120 per hour;30 per minute"``), read at each request; ""
    (none: Flask-Limiter counts nothing) when it is off."""
    def limits() -> str:
        value = str(current_app.config.get(name) or "0").strip()
        return "" if value in ("", "0") else value
    return limits


def wait_words(seconds: int) -> str:
    """How long to wait, in words: "in 40 seconds", "in 3 minutes", "in 2 hours"."""
    if seconds < 90:
        return ngettext("in %(num)d second", "in %(num)d seconds", seconds)
    minutes = math.ceil(seconds / 60)
    if minutes < 90:
        return ngettext("in %(num)d minute", "in %(num)d minutes", minutes)
    return ngettext("in %(num)d hour", "in %(num)d hours", math.ceil(minutes / 60))


def create_message(when: str) -> str:
    return _("Too many new matches from this network address: try again %(when)s. Every "
             "phone on this network (a venue's Wi-Fi) shares the allowance; the organiser can "
             "raise it (CREATE_LIMIT, docs/limits.md).", when=when)


def pdf_message(when: str) -> str:
    return _("Too many PDFs asked for from this network address: try again %(when)s. Every "
             "phone on this network shares the allowance.", when=when)


def write_message(when: str) -> str:
    return _("Too many changes to this match in a minute: try again %(when)s.", when=when)


def player_edit_message(when: str) -> str:
    return _("Too many changes to players from this network address: try again %(when)s.",
             when=when)


def storage_message(megabytes: int) -> str:
    return _("This network address has used its share of the server's storage (%(mb)s MB a "
             "week): nothing more is saved from it for now. Matches from other addresses go "
             "on; the organiser can raise the share (ADDRESS_MAX_MB, docs/limits.md).",
             mb=megabytes)


# The refusal's sentence for each limit, by its scope (the name its counts are kept under).
MESSAGES: dict[str, Callable[[str], str]] = {
    "create": create_message, "pdf": pdf_message, "write": write_message,
    "players": player_edit_message}


def _limiter() -> Limiter:
    limiter: Limiter = current_app.extensions[EXTENSION]
    return limiter


def _cost() -> int:
    return int(g.get("limit_cost", 1))


def _write_key() -> str:
    return str(g.get("write_key", ""))


def _checkpoint(scope: str, cost: int = 1) -> None:
    """Count ``cost`` against the limit ``scope`` now (429 past it): its checkpoint function,
    decorated by Flask-Limiter, reads the cost from ``g``."""
    g.limit_cost = cost
    try:
        current_app.extensions[CHECKPOINTS][scope]()
    finally:
        g.pop("limit_cost", None)


def spend_creations(cost: int = 1) -> None:
    """Count ``cost`` new matches from this address (429 past ``CREATE_LIMIT``)."""
    if cost > 0:
        _checkpoint("create", cost)


def count_player_edit() -> None:
    """One rename, merge or undo from this address (429 past ``PLAYER_EDIT_LIMIT``)."""
    _checkpoint("players")


def refuse(error: RateLimitExceeded) -> Response:
    """Flask-Limiter's refusal as a sentence in the reader's language, a page for pages and
    JSON for the API, with ``Retry-After``: when the last of the spent limits allows again."""
    from .errors import messages, respond

    now = time.time()
    resets = [spent.window.reset_time for spent in _limiter().current_limits if spent.breached]
    seconds = max(1, math.ceil(max(resets, default=now + 1) - now))
    message = MESSAGES.get(str(error.limit.scope))
    text = message(wait_words(seconds)) if message else messages()[429]  # a limit of its own
    return respond(429, text, [("Retry-After", str(seconds))])


def init_app(app: Flask) -> None:
    """One Limiter per app (its storage and strategy, from the ``RATELIMIT_*`` settings); the
    per-address limits decorate their views (call after the blueprints are registered): the
    creating views, and every ``.pdf`` address of the app, found in its URL map."""
    from . import limits_store

    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = (
            f"{limits_store.SCHEME}://{os.path.join(app.instance_path, 'limits.db')}")
    limiter = Limiter(get_remote_address, app=app)
    app.extensions[EXTENSION] = limiter
    app.register_error_handler(RateLimitExceeded, refuse)
    app.after_request(charge_growth)
    create = limiter.shared_limit(_setting("CREATE_LIMIT"), scope="create", cost=_cost)
    pdf = limiter.shared_limit(_setting("PDF_LIMIT"), scope="pdf")
    for endpoint in CREATE_ENDPOINTS:
        app.view_functions[endpoint] = create(_view(app, endpoint))
    for endpoint in pdf_endpoints(app):
        app.view_functions[endpoint] = pdf(_view(app, endpoint))

    # What views count in their middle: each a function of its own (Flask-Limiter keeps a
    # decorated function's limits under its name).
    def creations() -> None:
        """New matches made in a view (a rematch, a club night's tables)."""

    def player_edits() -> None:
        """Renames, merges and undos of players."""

    def writes() -> None:
        """Writes to one match, by its edit key."""

    app.extensions[CHECKPOINTS] = {
        "create": create(creations),
        "players": limiter.shared_limit(_setting("PLAYER_EDIT_LIMIT"),
                                        scope="players")(player_edits),
        "write": limiter.shared_limit(_write_limit, scope="write",
                                      key_func=_write_key)(writes),
    }


def pdf_endpoints(app: Flask) -> list[str]:
    """Every endpoint with an address ending in ``.pdf``."""
    return sorted({rule.endpoint for rule in app.url_map.iter_rules()
                   if rule.rule.endswith(".pdf")})


def _write_item() -> RateLimitItem | None:
    per_minute = int(current_app.config.get("WRITE_LIMIT_PER_MINUTE") or 0)
    return parse(f"{per_minute} per minute") if per_minute > 0 else None


def _write_limit() -> str:
    item = _write_item()
    return "" if item is None else f"{item.amount} per minute"


def count_write(match_id: str) -> None:
    """Count one write to a match whose edit key the caller has just checked; 429 past the
    limit.

    Only unsafe methods count. The count belongs to the match's current edit key (by the hash
    stored with the match: the counts hold no key); a new key starts a new count.
    """
    if _write_item() is None or request.method not in UNSAFE_METHODS:
        return
    from .. import store
    from ..store.db import get_db

    row = store.get_match(get_db(), match_id)
    if row is None:
        return
    g.write_key = hashlib.sha256(f"{match_id}:{row.edit_key_hash}".encode()).hexdigest()[:32]
    _checkpoint("write")


def count_keyed_write(ref: str, key_hash: str) -> None:
    """Count one write to something else kept by an edit key (a duplicate session: ``ref``
    names it), as :func:`count_write` counts a match's: by its key's stored hash."""
    if _write_item() is None or request.method not in UNSAFE_METHODS:
        return
    g.write_key = hashlib.sha256(f"{ref}:{key_hash}".encode()).hexdigest()[:32]
    _checkpoint("write")


# --- the storage share of one address --------------------------------------------------------
# Every write transaction measures what it grew the database file by (store.transaction); after
# the request that growth is charged to the client's address, in KB, in a 7-day window of the
# same counts as the limits above. An address past its share gets 507 before a new match or a
# new hand (never before a correction or an undo, which free as much as they take): one address
# can no longer fill the server's budget and so refuse every other (issue 36).
SHARE_WINDOW = "7 days"


def _share_mb() -> int:
    config = current_app.config
    share = config.get("ADDRESS_MAX_MB")
    if share is None:
        share = float(config.get("DATABASE_MAX_MB") or 0) / 10
    return max(0, math.ceil(float(share or 0)))


def _share_item() -> RateLimitItem | None:
    megabytes = _share_mb()
    return parse(f"{megabytes * 1024} per {SHARE_WINDOW}") if megabytes else None


def refuse_if_address_full() -> None:
    """507 when this client's address has grown the database by its share this week."""
    from .errors import InsufficientStorage

    item = _share_item()
    if item is None:
        return
    try:
        within = _limiter().limiter.test(item, "storage", get_remote_address())
    except sqlite3.Error:
        return  # the counts can't be kept (a read-only disk): the server's budget still holds
    if not within:
        raise InsufficientStorage(storage_message(_share_mb()))


def _view(app: Flask, endpoint: str) -> Callable[..., ResponseReturnValue]:
    """A view of ours: every one is synchronous (Flask's type allows async ones too, which
    the decorator's type cannot carry through)."""
    return cast(Callable[..., ResponseReturnValue], app.view_functions[endpoint])


def charge_growth(response: Response) -> Response:
    """After a request: charge what its writes grew the database by to the client's address."""
    from flask import g

    from .. import store

    db = g.get("db")
    grown = store.take_growth(db) if db is not None else 0
    item = _share_item() if grown > 0 else None
    if item is not None:
        try:
            _limiter().limiter.hit(item, "storage", get_remote_address(),
                                   cost=math.ceil(grown / 1024))
        except sqlite3.Error:
            pass  # as above: uncounted
    return response
