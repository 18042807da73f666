"""The poll fast path: ``GET /api/matches/<id>`` or ``GET /m/<id>/live`` with an
``If-None-Match`` naming the current ETag is answered 304 before Flask sees the request.

Four phones per table poll every 2 seconds and almost every poll finds nothing new, so this is
the server's most frequent request. Here it costs one indexed ``SELECT version`` on a
per-thread read-only SQLite connection: no request context, session, match load, replay or
JSON. Anything else (no or another ETag, an unknown match, any other address) goes on to the
app unchanged, which answers with the same ETag (``match_etag``) and the same headers.

The ETag names the match's version (bumped by every record, correction and undo) and the
answer's language (its messages follow Accept-Language), hashed with the match id; it is
compared in full (``werkzeug.http.parse_etags``).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie, parse_etags

from .i18n import LANG_COOKIE, locale_from

LOOKUP_TIMEOUT = 0.05  # seconds a version lookup waits for a lock
# What a phone polls: the match's JSON, or the live part of its page (a phone that only watches)
PATH = re.compile(r"/(?:api/matches/([A-Za-z0-9_-]{1,64})|m/([A-Za-z0-9_-]{1,64})/live)")
# Where the server's front asks the app whether an answer may be kept for the match's other
# phones: a dict in the WSGI environ; the view puts the answer's match version in it.
KEEP_ENVIRON = "scorekeeper.keep"

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def match_etag(match_id: str, version: int, lang: str) -> str:
    """The entity tag of ``GET /api/matches/<id>`` (unquoted): ``v<version>-<hash>``."""
    digest = hashlib.sha256(f"{match_id}\x1f{version}\x1f{lang}".encode()).hexdigest()[:20]
    return f"v{version}-{digest}"


def keep_for_all(environ: dict[str, Any], version: int) -> None:
    """Say to the server's front that this answer is the same for every phone of the match at
    ``version``, so it may keep it for them (a no-op outside the front)."""
    keep = environ.get(KEEP_ENVIRON)
    if isinstance(keep, dict):
        keep["version"] = version


def live_etag(match_id: str, version: int, lang: str) -> str:
    """The entity tag of ``GET /m/<id>/live`` (unquoted): ``l<version>-<hash>``."""
    digest = hashlib.sha256(f"{match_id}\x1f{version}\x1f{lang}\x1flive".encode()
                            ).hexdigest()[:20]
    return f"l{version}-{digest}"


def poll_of(path: str) -> tuple[str, bool] | None:
    """(match id, whether it is the live part) of a poll's path, or None (not a poll)."""
    found = PATH.fullmatch(path)
    if found is None:
        return None
    return (found.group(1), False) if found.group(1) else (found.group(2), True)


def language(cookie: str | None, accept_language: str | None) -> str:
    """The answer's language as the app picks it for a poll (``i18n.sessionless``)."""
    cookies = parse_cookie(cookie or "")
    return locale_from(cookies.get(LANG_COOKIE),
                       parse_accept_header(accept_language, LanguageAccept))


def lookup_connection(local: threading.local, database: str) -> sqlite3.Connection:
    """This thread's read-only connection for the server's quick lookups (a poll's version,
    the lane's key check), kept in ``local``. It never waits on a lock longer than
    ``LOOKUP_TIMEOUT``: in the server's event loop a wait would stall every connection of the
    worker; a lookup that gives up sends the request to the app, which waits its own busy
    timeout on a thread and says what is wrong."""
    conn: sqlite3.Connection | None = getattr(local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=LOOKUP_TIMEOUT,
                               check_same_thread=True)
        local.conn = conn
    return conn


class PollFastPath:
    """WSGI middleware in front of the Flask app (inside ProxyFix, when that is on)."""

    def __init__(self, app: WSGIApp, database: str, headers: Callable[[bool], list]):
        self.app = app
        self.database = database
        self.headers = headers  # (is https) -> the security headers every answer carries
        self.local = threading.local()

    def _conn(self) -> sqlite3.Connection:
        return lookup_connection(self.local, self.database)

    def versions(self, match_ids: list[str]) -> dict[str, int]:
        """The current version of each of these matches that exists, in one query per 500
        (the server's front asks for every poll of an event-loop turn at once)."""
        found: dict[str, int] = {}
        for start in range(0, len(match_ids), 500):
            some = match_ids[start:start + 500]
            found.update(self._conn().execute(
                f"SELECT id, version FROM matches WHERE id IN ({','.join('?' * len(some))})",
                some).fetchall())
        return found

    def headers_if_unchanged(self, match_id: str, live: bool, version: int, wanted: str,
                             lang: str, https: bool) -> list[tuple[str, str]] | None:
        """The headers of a 304 when ``wanted`` names the ETag of ``version``, else None."""
        tag = (live_etag if live else match_etag)(match_id, version, lang)
        if not parse_etags(wanted).contains_weak(tag):  # If-None-Match compares weakly
            return None
        # The live part's tag is weak: the same part, gzipped or not (scorekeeper.compress)
        headers = [("ETag", f'W/"{tag}"' if live else f'"{tag}"'), ("Cache-Control", "no-cache")]
        if live:
            headers.append(("Vary", "Cookie, Accept-Language, Accept-Encoding"))
        return [*headers, *self.headers(https)]

    def answer(self, path: str, wanted: str, cookie: str | None, accept_language: str | None,
               https: bool) -> list[tuple[str, str]] | None:
        """The headers of a 304 when ``wanted`` (the If-None-Match header of a GET without a
        query) names the current ETag of the match ``path`` addresses; else None (the app
        answers)."""
        found = poll_of(path)
        if found is None:
            return None
        match_id, live = found
        try:
            version = self.versions([match_id]).get(match_id)
        except sqlite3.Error:
            return None  # the app will say what is wrong
        if version is None:
            return None
        return self.headers_if_unchanged(match_id, live, version, wanted,
                                         language(cookie, accept_language), https)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse):
        wanted = environ.get("HTTP_IF_NONE_MATCH")
        if wanted and environ.get("REQUEST_METHOD") == "GET" and not environ.get(
                "QUERY_STRING"):
            headers = self.answer(environ.get("PATH_INFO", ""), wanted,
                                  environ.get("HTTP_COOKIE"),
                                  environ.get("HTTP_ACCEPT_LANGUAGE"),
                                  environ.get("wsgi.url_scheme") == "https")
            if headers is not None:
                start_response("304 NOT MODIFIED", headers)
                return [b""]
        return self.app(environ, start_response)
