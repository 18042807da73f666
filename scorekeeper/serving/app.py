"""The app as gunicorn's ASGI worker serves it: the Flask app (WSGI) on a2wsgi's threads, each
request's body read whole in the worker's event loop first.

``gunicorn -k asgi 'scorekeeper.serving.app:create()'`` builds it in each worker after the fork
(never ``--preload``: a SQLite connection must not cross a ``fork()``).
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, MutableMapping
from tempfile import SpooledTemporaryFile
from typing import Any

from a2wsgi import WSGIMiddleware

from . import THREADS

IN_MEMORY = 64 * 1024  # a body larger than this waits in a temporary file, not in memory
CHUNK = 64 * 1024

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


def whole_bodies(app: ASGIApp, limit: int) -> ASGIApp:
    """``app`` called only once its request's body has arrived, as nginx's
    ``proxy_request_buffering`` and hypercorn's WSGI mode do: a2wsgi gives each request a
    thread at once, and a client that stops half-way through its body would hold that thread
    until gunicorn's body timeout, so a few hundred stalled uploads could hold them all. The
    wait is in the event loop, bounded by gunicorn's ``timeout`` for each piece, and costs
    at most ``IN_MEMORY`` of memory a connection. A request without a body, or with one
    announced larger than ``limit``, goes straight to the app (which refuses the latter, 413,
    without reading it)."""

    async def buffered(scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        announced = _announced(scope)
        if scope["type"] != "http" or announced == 0 or announced > limit:
            return await app(scope, receive, send)  # no body (a poll), or one refused unread
        with SpooledTemporaryFile(max_size=IN_MEMORY) as body:
            size = 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    # The client left, or sent nothing more for gunicorn's ``timeout``: in
                    # the second case it is still there and gets a 408 (a client that left
                    # gets nothing; gunicorn drops what is sent to a closed connection).
                    return await _timed_out(send)
                piece = message.get("body", b"")
                size += len(piece)
                more = bool(message.get("more_body"))
                if size > limit:  # chunked and too long: the app refuses it by its length
                    body.seek(0)
                    return await app(_with_length(scope, size),
                                     _replay(body, piece, more, receive), send)
                body.write(piece)
                if not more:
                    break
                # While it waits for the next piece, a stalled upload must not keep the last
                # one alive: a piece is what one socket read brought (up to 256 KiB), not
                # ``IN_MEMORY``. Held, 150 uploads stalled after 900 kB of 1 MB kept 30 MB more
                # of two workers (issue 36, docs/performance.md).
                del message, piece
            body.seek(0)
            await app(_with_length(scope, size), _replay(body, b"", False, receive), send)

    return buffered


TIMED_OUT = b"The request's body did not arrive in time. Nothing was saved; send it again.\n"


async def _timed_out(send: Send) -> None:
    await send({"type": "http.response.start", "status": 408,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(TIMED_OUT)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": TIMED_OUT})


def _announced(scope: MutableMapping[str, Any]) -> int:
    """The body's announced length; -1 for a chunked body (its length is known at its end)."""
    for name, value in scope.get("headers") or ():
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0  # gunicorn's parser refuses a malformed length before this
        if name == b"transfer-encoding":
            return -1
    return 0


def _with_length(scope: MutableMapping[str, Any], size: int) -> MutableMapping[str, Any]:
    """The request as the app gets it: with its body's length, as nginx passes on a chunked
    body it has read (Werkzeug reads no body of unknown length from a2wsgi)."""
    headers = [(n, v) for n, v in scope.get("headers") or ()
               if n not in (b"content-length", b"transfer-encoding")]
    return {**scope, "headers": [*headers, (b"content-length", str(size).encode())]}


def _replay(body: Any, rest: bytes, more: bool, receive: Receive) -> Receive:
    """A ``receive`` that hands the app the buffered body, then ``rest``, then (if ``more``)
    what the client still sends, and afterwards its disconnect."""
    done = False

    async def replayed() -> Message:
        nonlocal done
        if not done:
            piece = body.read(CHUNK)
            if piece:
                return {"type": "http.request", "body": piece, "more_body": True}
            done = True
            return {"type": "http.request", "body": rest, "more_body": more}
        return await receive()

    return replayed


def create(threads: int | None = None) -> ASGIApp:
    """The Flask app behind a2wsgi's pool of ``threads`` (``$SCOREKEEPER_THREADS``, else 8),
    with whole bodies; its live streams in front, in the event loop (:mod:`.streams`)."""
    from pathlib import Path

    from scorekeeper import create_app
    from scorekeeper.printing import pdf_render
    from scorekeeper.web.prints.sheets import PRINT_CSS

    from .config import RUNNING
    from .streams import with_streams

    flask_app = create_app()
    RUNNING["database"] = Path(flask_app.config["DATABASE"])  # for the worker's quick end
    # in the worker, after the fork: its render process loads and renders a line now
    pdf_render.warm(flask_app, (PRINT_CSS,))
    count = threads or int(os.environ.get("SCOREKEEPER_THREADS") or THREADS)
    wsgi = WSGIMiddleware(flask_app, workers=count)  # type: ignore[arg-type]
    whole = whole_bodies(wsgi, flask_app.config["MAX_CONTENT_LENGTH"])  # type: ignore[arg-type]
    worker = RUNNING.get("worker")  # gunicorn's, in a worker; None when built elsewhere
    alive = (lambda: bool(worker.alive)) if worker is not None else (lambda: True)
    return with_streams(whole, Path(flask_app.config["DATABASE"]), alive,
                        behind_proxy=int(flask_app.config.get("TRUSTED_PROXIES") or 0) > 0)
