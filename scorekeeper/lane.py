"""The scorers' lane: a hand save never queues behind strangers' work.

A server process runs Python one thread at a time (the GIL). When a flood of anonymous requests
(PDFs, junk, new matches) keeps every thread busy, a scorer's save waits for a free thread and
then for its turn at the GIL behind all of them. So requests go through one of two lanes:

- **Scorers** (the request names a match and proves the right to edit it: an
  ``Authorization: Bearer`` key or the phone's rights cookie naming the match's current key)
  go straight on, and while one runs no stranger's request starts: those under way finish,
  the next wait. They are few: the write limit per edit key bounds them.
- **Everyone else** shares a small number of running places (``LANE_RUNNING`` per process, 1);
  the others wait for a place (without holding the GIL) for at most ``LANE_WAIT`` seconds, then
  get 503 with ``Retry-After``. When ``LANE_WAITING`` are waiting already, a write (POST, PUT,
  DELETE: new matches, imports, junk) is answered 503 at once, before Flask builds anything; a
  read (GET, HEAD: viewers' phones joining together) still waits its turn. A request that
  waits for something other than the CPU (a PDF render) gives its place back meanwhile
  (:func:`released`).

- **Answers kept for every phone of a match** (the server's front asks the app for the live
  part of a match page or its JSON once per version, ``poll.KEEP_ENVIRON``) have
  ``LANE_RUNNING`` places of their own, which scorers do not hold back: a club night's steady
  stream of saves would otherwise hold back every phone of every table.

So at most ``LANE_RUNNING`` strangers' requests, already under way, compete with a save for the
GIL (``scorekeeper serve`` also shortens the interval at which Python passes it between threads,
so a save that waits for SQLite or the network gets it back within half a millisecond, not
five), and strangers' writes hold at most ``LANE_RUNNING + LANE_WAITING`` server threads: keep
that below the threads per process (``scorekeeper serve``: 128), and the rest stay free for the
scorers. The unchanged poll is answered before this (:mod:`scorekeeper.poll`), so viewers'
phones stay cheap and fast. (A flood of reads from many connections can still take every thread:
put connection limits in the reverse proxy, see README "Speed".)

Proving the right costs one indexed ``SELECT`` on a per-thread read-only connection and a hash;
a wrong key or cookie simply goes to the shared lane (the app answers it as before).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.http import parse_cookie

from .poll import KEEP_ENVIRON, language, lookup_connection
from .security import read_rights

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

# The match a request is about: /api/matches/<id>[/...] or /m/<id>[/...]
MATCH_PATH = re.compile(r"/(?:api/matches|m)/([A-Za-z0-9_-]{1,64})(?:/.*)?")
ENVIRON_KEY = "scorekeeper.lane"
RETRY_AFTER = 2  # seconds
RIGHTS_COOKIES = ("scorer", "__Host-scorer")


class Place:
    """A shared-lane request's running place; :meth:`released` gives it back for a wait."""

    def __init__(self, lane: SharedLane):
        self.lane = lane
        self.held = False

    @contextmanager
    def released(self) -> Iterator[None]:
        if not self.held:
            yield
            return
        self.lane.give_back()
        self.held = False
        try:
            yield
        finally:
            self.lane.take(None)
            self.held = True


class ScorerMark:
    """A scorer's request: :meth:`released` lets strangers run while it waits (a PDF render in
    another process), so a scorer's download never holds everyone else back."""

    def __init__(self, lane: SharedLane):
        self.lane = lane

    @contextmanager
    def released(self) -> Iterator[None]:
        self.lane._scorer_out()
        try:
            yield
        finally:
            self.lane._scorer_in()


# Scorers' requests running in any worker process of this server: set by the server's master
# before it starts the workers (:func:`share_across_processes`), None in a single process.
# ``[total, count of slot 1, ...]``: a worker counts in slot 1 + pid % SLOTS, so that when one
# dies in the middle of a scorer's request (killed, out of memory), the master takes its count
# back (:func:`forget_worker`) and strangers are not held back for good.
_ALL_SCORERS: Any = None
SLOTS = 4096
OTHERS_POLL = 0.002  # seconds: how often a waiting stranger looks at the other processes


def share_across_processes() -> None:
    """Count scorers across the worker processes forked after this (``scorekeeper serve``'s
    master calls it): a scorer's request in one worker then holds strangers back in all, since
    the workers share the same cores."""
    global _ALL_SCORERS
    import multiprocessing

    _ALL_SCORERS = multiprocessing.get_context("fork").Array("i", SLOTS + 1)


def _slot() -> int:
    return 1 + os.getpid() % SLOTS


def forget_worker(_server: Any, worker: Any) -> None:
    """gunicorn's ``child_exit`` hook (in the master): a worker is gone; its scorers too."""
    shared = _ALL_SCORERS
    if shared is None:
        return
    slot = 1 + int(worker.pid) % SLOTS
    with shared.get_lock():
        shared[0] = max(0, shared[0] - shared[slot])
        shared[slot] = 0


class SharedLane:
    """``running`` places, ``waiting`` more requests waiting at most ``wait`` seconds.

    Scorers come first: while a scorer's request runs (in this process, or in another worker
    of the same server), no stranger's request starts (those running finish; the next wait),
    so a save shares the cores with at most the strangers' requests already under way."""

    def __init__(self, running: int, waiting: int, wait: float):
        self.places = max(1, running)
        self.limit = self.places + max(0, waiting)
        self.wait = wait
        self._gate = threading.Condition(threading.Lock())
        self._free = self.places  # running places not taken
        self._scorers = 0  # scorers' requests running now in this process
        self._all = _ALL_SCORERS  # ... and in every worker process (None: this one only)
        self._in = 0  # requests holding or waiting for a place

    def take(self, timeout: float | None) -> bool:
        """Wait for a free place with no scorer running (``timeout`` None: as long as it
        takes); whether one was taken."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._gate:
            while True:
                if self._free > 0 and not self._scorers:
                    if self._all is None or self._all[0] <= 0:
                        self._free -= 1
                        return True
                    pause: float | None = OTHERS_POLL  # a scorer in another process
                else:
                    pause = None
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    pause = left if pause is None else min(pause, left)
                self._gate.wait(pause)

    def give_back(self) -> None:
        with self._gate:
            self._free += 1
            self._gate.notify()

    @contextmanager
    def scorer(self) -> Iterator[None]:
        """A scorer's request runs: hold strangers' requests back until it is done (or waits
        for something other than the CPU: :meth:`ScorerMark.released`)."""
        self._scorer_in()
        try:
            yield
        finally:
            self._scorer_out()

    def _scorer_in(self) -> None:
        with self._gate:
            self._scorers += 1
        if self._all is not None:
            slot = _slot()
            with self._all.get_lock():
                self._all[0] += 1
                self._all[slot] += 1

    def _scorer_out(self) -> None:
        if self._all is not None:
            slot = _slot()
            with self._all.get_lock():
                if self._all[slot] > 0:  # not already taken back (a slot shared by two pids)
                    self._all[slot] -= 1
                    self._all[0] -= 1
        with self._gate:
            self._scorers -= 1
            if not self._scorers:
                self._gate.notify_all()

    def enter(self, patient: bool = False) -> Place | None:
        """A place (held), or None when the lane is full (unless ``patient``) or the wait ran
        out."""
        with self._gate:
            if self._in >= self.limit and not patient:
                return None
            self._in += 1
        place = Place(self)
        if self.take(self.wait):
            place.held = True
            return place
        self._leave()
        return None

    def leave(self, place: Place) -> None:
        if place.held:
            place.held = False
            self.give_back()
        self._leave()

    def _leave(self) -> None:
        with self._gate:
            self._in -= 1


class ScorerLane:
    """WSGI middleware in front of the Flask app (inside the poll fast path)."""

    def __init__(self, app: WSGIApp, database: str, secret: str, *, running: int = 1,
                 waiting: int = 118, wait: float = 10.0,
                 busy: Callable[[str], str] | None = None,
                 headers: Callable[[bool], list[tuple[str, str]]] | None = None):
        self.app = app
        self.database = database
        self.secret = secret
        self.shared = SharedLane(running, waiting, wait)
        self.keeps = threading.Semaphore(max(1, running))  # answers kept for all phones
        self.busy = busy or (lambda _lang: "The server is busy; try again in a moment.")
        self.headers = headers or (lambda _https: [])
        self.local = threading.local()
        self.refused = 0  # answered 503 by the lane (for tests and the benchmark)

    # --- who is a scorer -------------------------------------------------------------------

    def _key_hash(self, match_id: str) -> str | None:
        # A database held by a writer (or locked for good) sends the request to the shared
        # lane at once, and the app answers it as it would.
        conn = lookup_connection(self.local, self.database)
        row = conn.execute("SELECT edit_key_hash FROM matches WHERE id = ?",
                           (match_id,)).fetchone()
        return None if row is None else str(row[0])

    def is_scorer(self, environ: dict[str, Any]) -> bool:
        """Whether the request proves the right to edit the match its path names."""
        found = MATCH_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if not found:
            return False
        match_id = found.group(1)
        bearer = _bearer(environ.get("HTTP_AUTHORIZATION", ""))
        ref = None if bearer else self._cookie_ref(environ, match_id)
        if not bearer and not ref:
            return False
        try:
            stored = self._key_hash(match_id)
        except sqlite3.Error:
            return False
        if stored is None:
            return False
        if bearer:
            given = hashlib.sha256(bearer.encode("utf-8", "surrogatepass")).hexdigest()
            return hmac.compare_digest(given, stored)
        return hmac.compare_digest(ref or "", self._key_ref(match_id, stored))

    def _cookie_ref(self, environ: dict[str, Any], match_id: str) -> str | None:
        cookies = environ.get("HTTP_COOKIE")
        if not cookies:
            return None
        jar = parse_cookie(cookies)
        for name in RIGHTS_COOKIES:
            raw = jar.get(name)
            if not raw:
                continue
            # the app's own reading of the cookie (its signature checked once per value)
            refs = dict(read_rights(self.secret, raw))
            if match_id in refs:
                return refs[match_id]
        return None

    def _key_ref(self, match_id: str, key_hash: str) -> str:
        """``security.key_ref`` (the same HMAC), without an app context."""
        message = "\x1f".join(("scorer-ref", match_id, key_hash)).encode("utf-8")
        digest = hmac.new(str(self.secret).encode("utf-8"), message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode("ascii")

    # --- the lanes -------------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse):
        if KEEP_ENVIRON in environ:
            # An answer the server's front keeps for every phone of a match (its JSON, the live
            # part of its page): made at most once per match version and variant (language,
            # gzip) in this process while the table's other phones wait for it, so bounded by
            # the writes that make new versions (each limited). These have running places of
            # their own that scorers do not hold back: held behind a club night's stream of
            # saves, a table's every phone would wait.
            if not self.keeps.acquire(timeout=self.shared.wait):
                return self._refuse(environ, start_response)
            try:
                return _whole(self.app(environ, start_response))
            finally:
                self.keeps.release()
        if self.is_scorer(environ):
            environ[ENVIRON_KEY] = ScorerMark(self.shared)
            with self.shared.scorer():
                return _whole(self.app(environ, start_response))
        # Reads (a viewer's first poll, a page) wait for a place even when the lane is full:
        # phones joining together must not see 503. Everything else is refused at once.
        place = self.shared.enter(patient=environ.get("REQUEST_METHOD") in ("GET", "HEAD"))
        if place is None:
            return self._refuse(environ, start_response)
        environ[ENVIRON_KEY] = place
        try:
            # The body is produced here, in full, so the place is kept while the app works.
            return _whole(self.app(environ, start_response))
        finally:
            self.shared.leave(place)

    def _refuse(self, environ: dict[str, Any], start_response: StartResponse):
        self.refused += 1
        lang = language(environ.get("HTTP_COOKIE"), environ.get("HTTP_ACCEPT_LANGUAGE"))
        text = self.busy(lang)
        if environ.get("PATH_INFO", "").startswith("/api/"):
            body = json.dumps({"error": "busy", "message": text}, ensure_ascii=False)
            kind = "application/json"
        else:
            body, kind = text + "\n", "text/plain; charset=utf-8"
        data = body.encode("utf-8")
        https = environ.get("wsgi.url_scheme") == "https"
        start_response("503 SERVICE UNAVAILABLE", [
            ("Content-Type", kind), ("Content-Length", str(len(data))),
            ("Retry-After", str(RETRY_AFTER)), ("Cache-Control", "no-store"),
            *self.headers(https)])
        return [data]


def _whole(result: Iterable[bytes]) -> list[bytes]:
    """The app's whole answer, produced now (and the iterable closed)."""
    try:
        return [b"".join(result)]
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()


def _bearer(header: str) -> str | None:
    scheme, _sep, value = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return value.strip() or None


@contextmanager
def released(environ: dict[str, Any]) -> Iterator[None]:
    """Give this request's shared-lane place back (a scorer's: let strangers run) while it
    waits for something other than the CPU (a PDF render in another process); a no-op outside
    the lane."""
    place = environ.get(ENVIRON_KEY)
    if isinstance(place, Place | ScorerMark):
        with place.released():
            yield
    else:
        yield


def install(app: Any) -> None:
    """Put the lanes in front of the Flask app (called by ``security.init_app``, before the
    poll fast path wraps it). Settings: ``LANE_RUNNING``, ``LANE_WAITING``, ``LANE_WAIT``;
    ``LANE_RUNNING = 0`` turns the lanes off."""
    from flask_babel import force_locale
    from flask_babel import gettext as _

    from .i18n import LOCALES
    from .security import security_headers

    running = int(app.config.get("LANE_RUNNING", 1) or 0)
    if running <= 0:
        return
    messages: dict[str, str] = {}

    def busy(lang: str) -> str:
        """The refusal in the reader's language (translated once, at the first refusal)."""
        if not messages:
            with app.test_request_context():
                for locale in LOCALES:
                    with force_locale(locale):
                        messages[locale] = str(
                            _("The server is busy; wait a moment and try again."))
        return messages.get(lang, messages["en"])

    app.wsgi_app = ScorerLane(
        app.wsgi_app, app.config["DATABASE"], str(app.config["SECRET_KEY"]),
        running=running, waiting=int(app.config.get("LANE_WAITING", 118)),
        wait=float(app.config.get("LANE_WAIT", 10)), busy=busy, headers=security_headers,
    )
