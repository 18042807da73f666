"""What goes on the wire: pages, stylesheets and scripts compressed by Flask-Compress (brotli
when the browser takes it, which browsers do over HTTPS only, else gzip), and stylesheets and
scripts without their comments and spaces, so a phone on weak Wi-Fi loads the match page in a
third of the bytes.

The files in ``static/`` keep their comments (they say why); rcssmin and rjsmin take them out
once, when the app starts, and the static view serves those bytes (never in debug mode, where a
developer reads the scripts in the browser). JSON is left as it is: compressing it would give
the match's strong ETag an encoding suffix, and an unchanged poll would no longer be answered
304 from one ``SELECT version`` (docs/performance.md "Caching headers").
"""

from __future__ import annotations

import hashlib
import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import flask
import rcssmin
import rjsmin
from flask import Flask, current_app, request
from flask.typing import ResponseReturnValue
from flask_compress import Compress
from werkzeug.wrappers import Response

MINIFIERS: dict[str, Callable[[str], str]] = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}
SETTINGS: dict[str, Any] = {
    "COMPRESS_MIMETYPES": ["text/html", "text/css", "text/javascript", "application/javascript"],
    # brotli 6 is smaller than gzip 6 at the same speed; zstd 3 is larger than both on our files
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_BR_LEVEL": 6,
    "COMPRESS_LEVEL": 6,
    "COMPRESS_MIN_SIZE": 1024,  # below this the header costs more than it saves
    "COMPRESS_STREAMS": False,  # files sent from disk (sw.js, icons) go as they are
    # Each view answers its own 304s before any work (etags.py), and some never (a club
    # night's table): Flask-Compress need not judge them again.
    "COMPRESS_EVALUATE_CONDITIONAL_REQUEST": False,
    # Flask-Compress names Accept-Encoding in the Vary of every answer it sees; only answers it
    # may compress go through it, so the JSON keeps its documented Vary (see init_app).
    "COMPRESS_REGISTER": False,
}


def init_app(app: Flask) -> None:
    """Compress eligible responses after everything else has set its headers (register this
    first: after-request hooks run last-registered first), and serve minified files."""
    for name, value in SETTINGS.items():
        app.config.setdefault(name, value)
    compress = Compress(app)
    eligible = frozenset(app.config["COMPRESS_MIMETYPES"])

    def compressed(response: flask.Response) -> flask.Response:
        if response.mimetype not in eligible:
            return response
        return compress.after_request(response)

    app.after_request(compressed)
    if not app.debug:
        files = minified(Path(app.static_folder or "static"))
        # Flask's own static view (synchronous; its type also allows an async one)
        sent = cast(Callable[..., ResponseReturnValue], app.view_functions["static"])

        def static(filename: str) -> ResponseReturnValue:
            small = files.get(filename)
            return sent(filename=filename) if small is None else answer_minified(filename, small)

        app.view_functions["static"] = static


def minified(folder: Path) -> dict[str, bytes]:
    """Every stylesheet and script under ``folder`` (by its path there), minified."""
    return {path.relative_to(folder).as_posix():
            MINIFIERS[path.suffix](path.read_text(encoding="utf-8")).encode("utf-8")
            for path in sorted(folder.rglob("*")) if path.suffix in MINIFIERS}


def answer_minified(filename: str, data: bytes) -> Response:
    """A minified file, revalidated by a weak tag (the same content, brotli, gzip or not)."""
    response = current_app.response_class(
        data, mimetype=mimetypes.guess_type(filename)[0] or "application/octet-stream")
    response.set_etag(hashlib.sha256(data).hexdigest()[:20], weak=True)
    response.cache_control.no_cache = True  # as Flask sends a static file
    max_age = current_app.get_send_file_max_age(filename)
    if max_age:
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = max_age
    return response.make_conditional(request)
