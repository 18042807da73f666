"""A per-match write limit: more than ``WRITE_LIMIT_PER_MINUTE`` writes to one match from one
address in a minute get 429.

Four phones at a table share one NAT address and write a hand every few minutes, so a limit of
60 a minute never touches them; a script gone wild, or someone holding only the view link and
hammering the write addresses, is stopped. The count is per process (gunicorn workers each keep
their own), which is fine for a ceiling meant to stop floods rather than meter use.
"""

from __future__ import annotations

import threading
import time
from collections import deque

from flask import Flask, current_app, request
from flask_babel import gettext as _
from werkzeug.exceptions import TooManyRequests

DEFAULT_LIMIT = 60
WINDOW = 60.0  # seconds
MAX_TRACKED = 10_000  # (match, address) pairs kept before old ones are dropped

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class WriteLimiter:
    """A sliding-window counter per key, safe across threads."""

    def __init__(self, limit: int, window: float = WINDOW):
        self.limit = limit
        self.window = window
        self._hits: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: tuple[str, str], now: float | None = None) -> bool:
        """Count one write for ``key``; False if it goes over the limit."""
        if self.limit <= 0:
            return True
        now = time.monotonic() if now is None else now
        with self._lock:
            hits = self._hits.get(key)
            if hits is None:
                if len(self._hits) >= MAX_TRACKED:
                    self._prune(now)
                hits = self._hits[key] = deque()
            while hits and now - hits[0] >= self.window:
                hits.popleft()
            if len(hits) >= self.limit:
                return False
            hits.append(now)
            return True

    def _prune(self, now: float) -> None:
        for key in [k for k, h in self._hits.items() if not h or now - h[-1] >= self.window]:
            del self._hits[key]
        while len(self._hits) >= MAX_TRACKED:  # all busy: forget the oldest
            del self._hits[next(iter(self._hits))]


def init_app(app: Flask) -> None:
    """Count writes to any address with a ``match_id`` (pages and API alike)."""
    limit = int(app.config.get("WRITE_LIMIT_PER_MINUTE", DEFAULT_LIMIT) or 0)
    app.extensions["scorekeeper.write_limiter"] = WriteLimiter(limit)
    app.before_request(limit_match_writes)


def limit_match_writes() -> None:
    """429 when this address writes to this match too often."""
    if request.method not in UNSAFE_METHODS or not request.view_args:
        return
    match_id = request.view_args.get("match_id")
    if not isinstance(match_id, str):
        return
    limiter: WriteLimiter = current_app.extensions["scorekeeper.write_limiter"]
    if not limiter.allow((match_id, request.remote_addr or "")):
        raise TooManyRequests(
            _("Too many changes to this match in a minute; wait a moment and try again."),
            retry_after=int(limiter.window),
        )
