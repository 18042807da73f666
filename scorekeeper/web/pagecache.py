"""The match page, rendered once per match version: a phone asking again gets it from memory.

A 30-hand match page takes a few milliseconds to build (the replay, the history, the hand form
with its buttons); most requests are phones polling or reloading an unchanged match. The page is
kept per (match, version, language, host, role, edit key hash) in a small LRU in each
process, and what must be fresh on every page is put in when it is served: the CSRF token and the
hand form's submission id. A page with anything else of its own (a flashed message, form errors,
problems) is never kept.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from flask import current_app, g, request, session
from flask_wtf.csrf import generate_csrf

from ..i18n import select_locale
from .forms import new_submission_id

SUBMISSION = "submission-id-to-fill-b7e1"  # rendered in place of the submission id
MAX_PAGES = 256

_pages: OrderedDict[tuple[Any, ...], tuple[str, str]] = OrderedDict()
_lock = threading.Lock()


def key(match_id: str, version: int, role: str, key_hash: str | None) -> tuple[Any, ...]:
    """What a kept page depends on: ``role`` is "scorer", "revoked" (this phone scored, but the
    key was replaced since) or "viewer"; a scorer's page also on the edit key (its hash), which
    a new scorer link changes without a new version."""
    return (match_id, version, select_locale(), request.scheme, request.host, role,
            key_hash if role == "scorer" else None)


def cacheable() -> bool:
    """Whether this request's page may be kept or served from memory (no flashed message)."""
    return "_flashes" not in session


def get(page_key: tuple[Any, ...]) -> str | None:
    """The kept page, ready to send (fresh token and submission id), or None."""
    with _lock:
        found = _pages.get(page_key)
        if found is not None:
            _pages.move_to_end(page_key)
    if found is None:
        return None
    html, token = found
    return fill(html, token)


def put(page_key: tuple[Any, ...], html: str, token: str) -> None:
    """Keep a page rendered with ``SUBMISSION`` and the CSRF token ``token``."""
    with _lock:
        _pages[page_key] = (html, token)
        _pages.move_to_end(page_key)
        while len(_pages) > MAX_PAGES:
            _pages.popitem(last=False)


def fill(html: str, token: str) -> str:
    """The page with this request's CSRF token and a new submission id."""
    if token:
        html = html.replace(token, csrf_token())
    return html.replace(SUBMISSION, new_submission_id())


TOKEN_REUSE = 60.0  # seconds a session's signed CSRF token is handed out again (at most half
# its validity, WTF_CSRF_TIME_LIMIT)
_tokens: dict[tuple[Any, str], tuple[str, float]] = {}


def csrf_token() -> str:
    """This session's CSRF token, as ``generate_csrf()`` makes it; a token signed less than a
    minute ago for the same session is given again (signing costs as much as the rest of a
    kept page), well within the token's hour of validity."""
    field = current_app.config.get("WTF_CSRF_FIELD_NAME") or "csrf_token"
    raw = session.get(field)
    if not isinstance(raw, str) or field in g:
        return generate_csrf()  # a new session (this makes its secret), or made already
    now = time.monotonic()
    memo_key = (current_app.config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key, raw)
    with _lock:
        found = _tokens.get(memo_key)
    limit = current_app.config.get("WTF_CSRF_TIME_LIMIT", 3600)
    reuse = TOKEN_REUSE if not limit else min(TOKEN_REUSE, limit / 2)
    if found is not None and now - found[1] < reuse:
        setattr(g, field, found[0])  # what generate_csrf() gives for the rest of the request
        return found[0]
    token = generate_csrf()
    with _lock:
        if len(_tokens) >= MAX_PAGES * 4:
            _tokens.clear()
        _tokens[memo_key] = (token, now)
    return token


def clear() -> None:
    """Forget every kept page (tests)."""
    with _lock:
        _pages.clear()
        _tokens.clear()
