"""The server's front (ASGI, under uvicorn): polls answered in the event loop, everything else
handed to the Flask app on a thread.

At a club night four phones a table poll every 2 seconds and almost every poll finds nothing
new. A threaded WSGI server spends about 0.45 ms of CPU on each (its own HTTP handling and
handing the socket between threads, more than the answer itself); here the event loop parses
the request (httptools, in C), asks :class:`scorekeeper.poll.PollFastPath` for the match's
version (the polls of one loop turn in one indexed ``SELECT``) and writes the 304 itself: no
thread, no Flask.

When the match did change (a hand was saved), the table's phones all ask for the same answer
within two seconds: the live part of the match page (``/m/<id>/live``, what a phone that only
watches polls) or the match's JSON (``/api/matches/<id>``). The app makes it once per match
version and language, and the front keeps it (:class:`Kept`) and gives the others the same
bytes; those asking while it is being made wait for it. Only an answer the app marks as the
same for everyone is kept (``poll.KEEP_ENVIRON``): a plain 200 without a cookie, not a club
night's table (its banner follows the other tables).

Every other request goes to the app as before, as WSGI on a pool of ``threads`` threads: the
scorers' lane, ProxyFix, the security headers and every view are unchanged. The loop reads the
whole body first (a slow upload holds no thread; one declared larger than
``MAX_CONTENT_LENGTH`` is not read, and the app answers it 413 in words), the app runs on a
thread and returns the whole answer, and the loop writes it: one hand-over each way. (a2wsgi's
``WSGIMiddleware`` streams both ways with a hand-over per message, which measured 2.4 ms of CPU
for ``/healthz`` against 1.6 ms under gunicorn's threads; its ``build_environ`` is used here.)
Header names with an underscore are dropped, as gunicorn does, so ``X_Forwarded_For`` can never
pass for ``X-Forwarded-For``.
Behind trusted proxies (``TRUSTED_PROXIES``) the front leaves polls to the app too, which
reads the forwarded scheme (HSTS) through ProxyFix.
"""

from __future__ import annotations

import asyncio
import io
import sqlite3
import sys
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote_from_bytes

from a2wsgi.wsgi import build_environ
from flask import Flask

from .poll import KEEP_ENVIRON, language, poll_of

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# How long a thread may keep the GIL while another waits for it (Python's default: 5 ms). A
# hand save gives it up at each SQLite call and each socket read or write; with a stranger's
# request busy in the same process, each of those turns would cost the save up to the whole
# interval (a "convoy": 20 calls, 100 ms). Measured under the hostile benchmark: save p99
# 146 ms at 5 ms, 75-85 ms at 0.5-1 ms.
SWITCH_INTERVAL = 0.0005

WANTED = {b"if-none-match": "wanted", b"cookie": "cookie", b"accept-language": "language",
          b"accept-encoding": "encoding"}
KEPT_BYTES = 32 * 1024 * 1024  # answers kept per worker process (a few KB each; a 1,000-table
# club night keeps a few MB)

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]  # status, headers, body


class Front:
    """The ASGI application ``scorekeeper serve`` runs in each worker process."""

    def __init__(self, app: Flask, threads: int = 128):
        self.app = app
        self.poll = None if app.config.get("TRUSTED_PROXIES") else app.extensions.get(
            "scorekeeper.poll")
        self.versions = Versions(self.poll.versions) if self.poll is not None else None
        self.kept = Kept(KEPT_BYTES)
        self.limit = int(app.config.get("MAX_CONTENT_LENGTH") or 0) or None
        self.threads = ThreadPoolExecutor(max_workers=max(1, threads),
                                          thread_name_prefix="scorekeeper")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            if self.poll is not None and scope["method"] == "GET" and not scope["query_string"]:
                found = poll_of(scope["path"])
                if found is not None:
                    await self._poll(scope, receive, send, *found)
                    return
            await self._app(scope, receive, send)
        elif kind == "lifespan":
            await _lifespan(receive, send)
        # anything else (a websocket): not served; uvicorn closes it

    async def _poll(self, scope: Scope, receive: Receive, send: Send, match_id: str,
                    live: bool) -> None:
        """A poll: 304 when it names the match's current ETag; else the answer kept for this
        version (the same bytes for every phone of the table), or the app's, kept when the
        app says it may be."""
        assert self.poll is not None and self.versions is not None
        found: dict[str, str] = {}
        for name, value in scope["headers"]:
            if name in WANTED:
                found[WANTED[name]] = value.decode("latin-1")
        version = await self.versions.get(match_id)
        if version is None:  # no such match, or the database can't say: the app answers
            await self._app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"
        lang = language(found.get("cookie"), found.get("language"))
        wanted = found.get("wanted")
        if wanted:
            headers = self.poll.headers_if_unchanged(match_id, live, version, wanted, lang,
                                                     https)
            if headers is not None:
                await send({"type": "http.response.start", "status": 304,
                            "headers": [(k.encode("latin-1"), v.encode("latin-1"))
                                        for k, v in headers]})
                await send({"type": "http.response.body", "body": b""})
                return
        key = (scope["path"], lang, https, "gzip" in found.get("encoding", "").lower())
        answer, making = await self.kept.get(key, version)
        if answer is None:
            keep: dict[str, int] = {}
            try:
                answer = await self._app(scope, receive, send, keep)
                if answer is not None and keep.get("version") is not None:
                    self.kept.put(key, keep["version"], answer)
            finally:
                if making:
                    self.kept.done(key)
            return
        status, headers, body = answer
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _app(self, scope: Scope, receive: Receive, send: Send,
                   keep: dict[str, int] | None = None) -> Answer | None:
        """The request to the Flask app on a thread; its whole answer written here (and given
        back: None when the client went away first). ``keep``: the app says in it whether the
        answer may be kept for others (``KEEP_ENVIRON``)."""
        headers = [(name, value) for name, value in scope["headers"] if b"_" not in name]
        query = scope["query_string"]
        if not query.isascii():  # raw UTF-8 in a query: percent-encoded, as a browser sends it
            query = quote_from_bytes(query, safe="/?&=+:;,@!$'()*~%").encode("ascii")
        body, too_big = await self._body(headers, receive)
        if body is None:
            return None  # the client went away before its request was whole: nothing to answer
        environ = build_environ({**scope, "headers": headers, "query_string": query},
                                io.BytesIO(body))
        if environ.pop("HTTP_TRANSFER_ENCODING", None) is not None:
            # A chunked upload, read here: the app sees its length (past the limit: 413).
            environ["CONTENT_LENGTH"] = str((self.limit or 0) + 1 if too_big else len(body))
        if keep is not None:
            environ[KEEP_ENVIRON] = keep
        loop = asyncio.get_running_loop()
        status, response_headers, content = await loop.run_in_executor(
            self.threads, _call, self.app, environ)
        if keep is not None and (status != 200 or any(
                name.lower() == b"set-cookie" for name, _v in response_headers)):
            keep.clear()  # only a plain 200 that is the same for everyone is kept
        await send({"type": "http.response.start", "status": status,
                    "headers": response_headers})
        await send({"type": "http.response.body", "body": content})
        return status, response_headers, content

    async def _body(self, headers: list[tuple[bytes, bytes]], receive: Receive
                    ) -> tuple[bytes | None, bool]:
        """The request body, read in full (None: the client went away first), and whether it
        was too big to read: none is read when it is declared larger than the app takes (the
        app then answers 413 from the declared length), nor kept when a chunked one grows
        past it."""
        declared = next((v for n, v in headers if n == b"content-length"), None)
        if declared is not None and self.limit is not None and declared.isdigit() \
                and int(declared) > self.limit:
            return b"", False
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None, False  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if self.limit is not None and size > self.limit:
                return b"", True
            chunks.append(chunk)
            if not message.get("more_body"):
                return b"".join(chunks), False


class Kept:
    """The answers to polls kept per match version, at most ``size`` bytes of them (the least
    recently asked go first): after a hand is saved, the table's phones ask for the same
    answer within two seconds, and the app makes it once. While the app makes one, the others
    asking for it wait for it rather than ask the app too."""

    def __init__(self, size: int):
        self.size = size
        self.bytes = 0
        self.answers: OrderedDict[tuple[Any, ...], tuple[int, Answer]] = OrderedDict()
        self.making: dict[tuple[Any, ...], asyncio.Future[None]] = {}

    async def get(self, key: tuple[Any, ...], version: int) -> tuple[Answer | None, bool]:
        """(the answer kept for ``version`` or a later one, False), after waiting for one
        being made; else (None, whether the caller makes it: it asks the app, then calls
        :meth:`done`)."""
        found = self._kept(key, version)
        if found is not None:
            return found, False
        making = self.making.get(key)
        if making is None:
            self.making[key] = asyncio.get_running_loop().create_future()
            return None, True
        await asyncio.shield(making)
        # None: the app's answer was not one to keep (or is older): the caller asks it too
        return self._kept(key, version), False

    def _kept(self, key: tuple[Any, ...], version: int) -> Answer | None:
        found = self.answers.get(key)
        if found is None or found[0] < version:
            return None
        self.answers.move_to_end(key)
        return found[1]

    def put(self, key: tuple[Any, ...], version: int, answer: Answer) -> None:
        found = self.answers.get(key)
        if found is not None and found[0] > version:
            return  # a later one is kept already
        if found is not None:
            self.bytes -= _size(found[1])
        self.answers[key] = (version, answer)
        self.answers.move_to_end(key)
        self.bytes += _size(answer)
        while self.bytes > self.size and self.answers:
            _key, (_v, gone) = self.answers.popitem(last=False)
            self.bytes -= _size(gone)

    def done(self, key: tuple[Any, ...]) -> None:
        """The answer asked of the app is in (or not): wake those waiting for it."""
        making = self.making.pop(key, None)
        if making is not None and not making.done():
            making.set_result(None)


def _size(answer: Answer) -> int:
    return len(answer[2]) + sum(len(k) + len(v) for k, v in answer[1])


class Versions:
    """Match versions for the polls of one event-loop turn, asked in one query: each SQLite
    call lets go of the GIL and waits to get it back behind the app's threads, so a query per
    poll would make every poll wait its turn again."""

    def __init__(self, lookup: Callable[[list[str]], dict[str, int]]):
        self.lookup = lookup
        self.pending: dict[str, list[asyncio.Future[int | None]]] = {}

    async def get(self, match_id: str) -> int | None:
        """The match's version now (None: no such match, or the database can't say)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int | None] = loop.create_future()
        if not self.pending:
            loop.call_soon(self._ask)  # after the other requests that are ready now
        self.pending.setdefault(match_id, []).append(future)
        return await future

    def _ask(self) -> None:
        pending, self.pending = self.pending, {}
        try:
            found = self.lookup(list(pending))
        except sqlite3.Error:
            found = {}  # the app answers each poll and says what is wrong
        for match_id, futures in pending.items():
            for future in futures:
                if not future.done():
                    future.set_result(found.get(match_id))


def _call(app: Flask, environ: dict[str, Any]
          ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Run the WSGI app (on a server thread); its status, headers and whole body."""
    started: list[Any] = []
    written: list[bytes] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None
                       ) -> Callable[[bytes], None]:
        if exc_info is not None and started:
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [status, headers]
        return written.append

    environ["wsgi.errors"] = sys.stderr
    result = app(environ, start_response)  # type: ignore[arg-type]
    try:
        for chunk in result:
            written.append(chunk)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    status, headers = started
    return (int(status.split(" ", 1)[0]),
            [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers],
            b"".join(written))


async def _lifespan(receive: Receive, send: Send) -> None:
    """Nothing to start or stop: the app is built before the worker serves."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def create_front(threads: int = 128) -> Front:
    """The app with its front, as each worker process of ``scorekeeper serve`` builds it
    (after the fork: never share a SQLite connection across one). The plain gunicorn
    command: ``gunicorn -k scorekeeper.server.FrontWorker 'scorekeeper.front:create_front()'``."""
    from scorekeeper import create_app

    sys.setswitchinterval(SWITCH_INTERVAL)
    return Front(create_app(), threads=threads)
