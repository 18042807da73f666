"""Gzip for pages, stylesheets and scripts: a phone on weak Wi-Fi loads the match page (HTML,
CSS and its scripts) in a third of the bytes.

Only successful (200) text responses of a useful size are compressed, when the client accepts
gzip. JSON (the API, the live poll and its ETag/304 path) and files such as PDFs are left as
they are. A compressed file keeps its entity tag as a weak one (the same content, another
encoding), so a browser's ``If-None-Match`` still gets a 304.
"""

from __future__ import annotations

import gzip

from flask import Flask, request
from werkzeug.wrappers import Response

TYPES = frozenset({"text/html", "text/css", "text/javascript", "application/javascript"})
MIN_SIZE = 1024  # below this the header costs more than it saves
LEVEL = 6


def init_app(app: Flask) -> None:
    """Compress eligible responses after everything else has set its headers."""
    app.after_request(compress)


def compress(response: Response) -> Response:
    """Gzip ``response`` in place when it is worth it and the client takes it."""
    if (
        response.status_code != 200
        or response.mimetype not in TYPES
        or "gzip" not in request.headers.get("Accept-Encoding", "").lower()
        or "Content-Encoding" in response.headers
        or (response.is_streamed and not response.direct_passthrough)  # a generator: leave it
    ):
        return response
    response.direct_passthrough = False  # a static file: read it to compress it
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    tag, weak = response.get_etag()
    if tag and not weak:
        response.set_etag(tag, weak=True)
    return response
