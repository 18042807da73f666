"""What goes on the wire: pages, stylesheets and scripts gzipped, and stylesheets and scripts
without their comments and spaces, so a phone on weak Wi-Fi loads the match page (HTML, CSS
and its scripts) in a third of the bytes.

The files in ``static/`` keep their comments (they say why); rcssmin and rjsmin take them out
as a file is sent, once per file version (a file's bytes are the cache key), and never in
debug mode, where a developer reads the scripts in the browser. Only successful (200) text
responses are touched, and gzipped when the client accepts gzip and they are of a useful
size. JSON (the API, the live poll and its ETag/304 path) and files such as PDFs are left as
they are. A changed body keeps its entity tag as a weak one (the same content, another
encoding), so a browser's ``If-None-Match`` still gets a 304.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from functools import lru_cache

import rcssmin
import rjsmin
from flask import Flask, current_app, request
from werkzeug.wrappers import Response

TYPES = frozenset({"text/html", "text/css", "text/javascript", "application/javascript"})
MINIFIERS: dict[str, Callable[[str], str]] = {
    "text/css": rcssmin.cssmin,
    "text/javascript": rjsmin.jsmin,
    "application/javascript": rjsmin.jsmin,
}
MIN_SIZE = 1024  # below this the header costs more than it saves
LEVEL = 6  # pages, made per request
FILE_LEVEL = 9  # stylesheets and scripts, made once per file version


def init_app(app: Flask) -> None:
    """Compress eligible responses after everything else has set its headers."""
    app.after_request(compress)


def compress(response: Response) -> Response:
    """Minify and gzip ``response`` in place when it is worth it and the client takes it."""
    if (
        response.status_code != 200
        or response.mimetype not in TYPES
        or "Content-Encoding" in response.headers
        or (response.is_streamed and not response.direct_passthrough)  # a generator: leave it
    ):
        return response
    minify = response.mimetype in MINIFIERS and not current_app.debug
    zipped = "gzip" in request.headers.get("Accept-Encoding", "").lower()
    if not (minify or zipped):
        return response
    response.direct_passthrough = False  # a static file: read it to change it
    body = response.response
    data = response.get_data()
    if hasattr(body, "close"):
        body.close()  # the file it was read from
    if minify:
        data, zipped = _file(response.mimetype, data, zipped)
    elif len(data) >= MIN_SIZE:
        data = gzip.compress(data, LEVEL, mtime=0)
    else:
        zipped = False
    response.set_data(data)
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
        response.vary.add("Accept-Encoding")
    tag, weak = response.get_etag()
    if tag and not weak:
        response.set_etag(tag, weak=True)
    return response


@lru_cache(maxsize=128)  # every stylesheet and script, with and without gzip
def _file(mimetype: str, data: bytes, zipped: bool) -> tuple[bytes, bool]:
    """The file as sent, and whether it is gzipped."""
    small = MINIFIERS[mimetype](data.decode("utf-8")).encode("utf-8")
    if zipped and len(small) >= MIN_SIZE:
        return gzip.compress(small, FILE_LEVEL, mtime=0), True
    return small, False
