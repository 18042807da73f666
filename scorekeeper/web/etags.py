"""Entity tags of what phones poll: the match's JSON, its live part and its page.

A tag names the match's version (bumped by every record, correction and undo) and the answer's
language (its words follow Accept-Language or the ``lang`` cookie), hashed with the match id, so
an unchanged poll is answered 304 after one indexed query (``SELECT version``): no match load,
replay, template or JSON.
"""

from __future__ import annotations

import hashlib

from flask import current_app, request
from flask_babel import get_locale
from werkzeug.wrappers import Response

# What a proxy may do with a polled answer: keep it, but ask again (revalidate) every time.
REVALIDATE = "no-cache"
# What a sessionless answer's words depend on (``i18n.sessionless``): a proxy keeps one per pair.
LANGUAGE_VARY = ("Cookie", "Accept-Language")


def _lang() -> str:
    return str(get_locale() or "en")


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:20]


def match_etag(match_id: str, version: int) -> str:
    """The entity tag of ``GET /api/matches/<id>`` (unquoted): ``v<version>-<hash>``."""
    return f"v{version}-{_digest(match_id, version, _lang())}"


def live_etag(match_id: str, version: int) -> str:
    """The (weak) entity tag of ``GET /m/<id>/live`` (unquoted): ``l<version>-<hash>``; weak,
    as the same part may go compressed or not (:mod:`scorekeeper.web.compress`)."""
    return f"l{version}-{_digest(match_id, version, _lang(), 'live')}"


def page_etag(match_id: str, version: int | str, *depends: object) -> str:
    """The (weak) entity tag of the match page ``/m/<id>`` at ``version`` for this phone:
    ``depends`` is what else the page shows (its rights, the key's hash)."""
    return f"p{version}-{_digest(match_id, version, _lang(), *depends)}"


def not_modified(tag: str, weak: bool = False, vary: tuple[str, ...] = ()) -> Response | None:
    """A 304 when the request's ``If-None-Match`` names ``tag`` (compared weakly, as RFC 9110
    says for If-None-Match), else None."""
    if not request.if_none_match.contains_weak(tag):
        return None
    response = current_app.response_class(status=304)
    response.set_etag(tag, weak=weak)
    response.headers["Cache-Control"] = REVALIDATE
    response.vary.update(vary)
    return response


def private_page(html: str, tag: str) -> Response:
    """A live part of a page for one phone (keyed links, rights): revalidated by its weak
    ``tag`` and kept by no shared cache."""
    response = current_app.response_class(html, mimetype="text/html")
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = f"private, {REVALIDATE}"
    response.vary.update(LANGUAGE_VARY)
    return response


def session_etag(session_id: str, version: int) -> str:
    """The entity tag of ``GET /api/sessions/<id>`` (unquoted): ``s<version>-<hash>``."""
    return f"s{version}-{_digest(session_id, version, _lang(), 'session')}"
