"""Scripts, stylesheets and icons named by their content, so a phone asks for each once.

Every address ``url_for`` makes of a file under ``static/`` (and of a game's own files) gets
``?v=<digest of the file>``, and an answer to such an address says it never changes
(``immutable``, a year): the next page load takes it from the phone's cache without asking.
Before, each load asked again for every file (a 304 each), and on a slow network (Slow 4G: over
half a second a request) that was most of a warm load. An edited file has a new digest, so a
new address: nothing stale is kept. The service worker keeps these files by their path and
answers with them offline (``static/js/sw.js``).
"""

from __future__ import annotations

import hashlib
import os
import stat
from functools import lru_cache
from typing import Any

from flask import Flask, current_app, request
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

from . import bundles, game_static

IMMUTABLE = "public, max-age=31536000, immutable"
ENDPOINTS = ("static", game_static.ENDPOINT, bundles.ENDPOINT)


def _read_digest(path: str) -> str | None:
    try:
        with open(path, "rb") as file:
            return hashlib.sha256(file.read()).hexdigest()[:12]
    except (OSError, ValueError):  # no such file, a folder, a name no file can have
        return None


@lru_cache(maxsize=512)
def _kept_digest(path: str) -> str | None:
    return _read_digest(path)


@lru_cache(maxsize=512)
def _digest_as_of(path: str, mtime_ns: int, size: int) -> str | None:
    del mtime_ns, size  # the cache key only: an edited file is read again
    return _read_digest(path)


def digest(path: str) -> str | None:
    """The first 12 hex digits of the file's SHA-256, or None for no such file. Read once
    per process (a page links a dozen files: no disk asked on a page's way out); in debug
    mode, again whenever the file changes."""
    if not current_app.debug:
        return _kept_digest(path)
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return _digest_as_of(path, info.st_mtime_ns, info.st_size) if stat.S_ISREG(
        info.st_mode) else None


def file_named(endpoint: str | None, values: dict[str, Any]) -> str | None:
    """The file an address of ``endpoint`` with these arguments serves, if any."""
    name = values.get("filename")
    if not isinstance(name, str):
        return None
    if endpoint == "static":
        return safe_join(current_app.static_folder or "static", name)
    if endpoint == game_static.ENDPOINT and isinstance(values.get("game"), str):
        found = game_static.file_of(values["game"], name)
        return None if found is None else str(found)
    return None


def current_digest(endpoint: str | None, values: dict[str, Any]) -> str | None:
    """The digest of what an address of ``endpoint`` with these arguments serves, if any."""
    if endpoint == bundles.ENDPOINT:
        name = values.get("name")
        return bundles.digest(name) if isinstance(name, str) else None
    path = file_named(endpoint, values)
    return digest(path) if path is not None else None


def add_digest(endpoint: str, values: dict[str, Any]) -> None:
    """``url_for``'s default: a static file's address carries its digest (unless given)."""
    if endpoint in ENDPOINTS and "v" not in values:
        found = current_digest(endpoint, values)
        if found is not None:
            values["v"] = found


def long_lived(response: Response) -> Response:
    """An answer to the address of a file's current digest is kept a year, never asked again."""
    if request.endpoint in ENDPOINTS and response.status_code in (200, 304):
        asked = request.args.get("v")
        if asked and current_digest(request.endpoint, request.view_args or {}) == asked:
            response.headers["Cache-Control"] = IMMUTABLE
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(add_digest)
    app.after_request(long_lived)


def plain(url: str) -> str:
    """The address without its digest (the service worker keeps the files by their path)."""
    return url.split("?", 1)[0]

