"""The server's front (ASGI, under uvicorn): the unchanged poll answered in the event loop,
everything else handed to the Flask app on a thread.

At a club night four phones a table poll every 2 seconds and almost every poll finds nothing
new. A threaded WSGI server spends about 0.45 ms of CPU on each (its own HTTP handling and
handing the socket between threads, more than the answer itself); here the event loop parses
the request (httptools, in C), asks :class:`scorekeeper.poll.PollFastPath` (one indexed
``SELECT`` on a kept read-only connection) and writes the 304 itself: no thread, no Flask.

Every other request goes to the app as before (WSGI on a pool of ``threads`` threads, through
a2wsgi): the scorers' lane, ProxyFix, the security headers and every view are unchanged.
Behind trusted proxies (``TRUSTED_PROXIES``) the front leaves polls to the app too, which
reads the forwarded scheme (HSTS) through ProxyFix.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from a2wsgi import WSGIMiddleware
from flask import Flask

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

WANTED = {b"if-none-match": "wanted", b"cookie": "cookie", b"accept-language": "language"}


class Front:
    """The ASGI application ``scorekeeper serve`` runs in each worker process."""

    def __init__(self, app: Flask, threads: int = 128):
        self.app = app
        self.poll = None if app.config.get("TRUSTED_PROXIES") else app.extensions.get(
            "scorekeeper.poll")
        self.wsgi = WSGIMiddleware(app, workers=max(1, threads))  # type: ignore[arg-type]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            if self.poll is not None and scope["method"] == "GET" and not scope["query_string"]:
                if await self._unchanged(scope, send):
                    return
            await self.wsgi(scope, receive, send)  # type: ignore[arg-type]
        elif kind == "lifespan":
            await _lifespan(receive, send)
        # anything else (a websocket): not served; uvicorn closes it

    async def _unchanged(self, scope: Scope, send: Send) -> bool:
        """Answer 304 when the request is a poll naming the match's current ETag."""
        found: dict[str, str] = {}
        for name, value in scope["headers"]:
            if name in WANTED:
                found[WANTED[name]] = value.decode("latin-1")
        wanted = found.get("wanted")
        if not wanted:
            return False
        assert self.poll is not None
        headers = self.poll.answer(scope["path"], wanted, found.get("cookie"),
                                   found.get("language"), scope.get("scheme") == "https")
        if headers is None:
            return False
        await send({"type": "http.response.start", "status": 304,
                    "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers]})
        await send({"type": "http.response.body", "body": b""})
        return True


async def _lifespan(receive: Receive, send: Send) -> None:
    """Nothing to start or stop: the app is built before the worker serves."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
