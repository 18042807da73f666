"""Live by push (issue 41): ``GET /stream?m=<match>&e=<event>`` (``s=<session>``: a duplicate
session, issue 40; ``t=<session>.<table>``: one of its tables) as Server-Sent Events, served
in the ASGI worker's event loop in front of the Flask app, so a watching phone holds one idle
connection and no thread (a2wsgi would hold one of its threads for every open stream).

A stream says only *that* something changed: an event ``change`` with ``{"k": "m:<id>", "v":
<stamp>}``, where the stamp is the match's version, or a digest of the club night's stamp (its
version and its tables' matches' versions, as its ETags), or a duplicate session's stamp
(its version: every result, round and table change bumps it), or a table's (what its page
shows: the round, its results and their answers, its phone; at 1,000 tables a session's
version moves 2.4 times a second, a table's a few times a round). The phone then asks the part
it shows with ``If-None-Match``, as it polled before: the words stay the Flask app's, in the phone's
language. Every (re)connection starts with each topic's stamp now: a phone that was away checks
its version and misses nothing.

The change signal is SQLite's own: while a worker has streams open, its one watcher asks
``PRAGMA data_version`` on its own connection (it changes when any other connection, of any
process, commits) and only then reads the watched stamps. It asks only after the kernel said
the database's files were written (inotify, :mod:`.notify`): no broker, no thread, no timer
while nothing is written; nothing per phone until its match or club night changes.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from sqlite_utils import Database

from ..store import events as event_store
from ..store.db import connect_read_only, sqlite3
from ..store.session_tables import table_stamps
from .app import ASGIApp, Receive, Send
from .notify import Writes
from .notify import watch as watch_writes

PATH = "/stream"
VERSIONED = {"m": "matches", "s": "sessions"}  # topics stamped by their row's version
TICK = 0.05  # seconds between two looks at data_version after a write
# Looks without a change before the watcher sleeps until the next write: half a second. A
# commit's WAL frames are written (inotify wakes the watcher), then synced, then SQLite's index
# of the WAL (a shared memory map, which inotify does not see) says so; on a busy disk the
# sync took longer than the 0.2 s this was, and the change waited for the next write.
SETTLE = 10
ALIVE = 2.0  # seconds: how often a sleeping watcher checks that its worker is not stopping
# (and looks at data_version: a change whose sync outlasted the looks is told within it)
TOPICS = 4  # the most a page follows at once (a table's match and its club night)
RETRY_MS = 3000  # what EventSource waits before it reconnects a dropped stream
TOPIC_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
TABLE_ID = re.compile(r"([A-Za-z0-9_-]{1,64})\.([1-9][0-9]{0,3})")  # <session>.<table>
KINDS = ("m", "e", "s", "t")  # a match, a club night, a duplicate session, one of its tables

BAD = (b"This live address names no match, club night or session. Open the match's page"
       b" instead.\n")
UNKNOWN = b"There is no such match, club night or session here.\n"
FULL = b"Too many phones are following live here: this page asks every few seconds instead.\n"

Key = tuple[str, str]  # ("m", match id), ("e", event id) or ("s", session id)
Inbox = asyncio.Queue[tuple[Key, str] | None]  # a stream's news; None: the worker stops


def max_streams() -> int:
    """Open streams a worker holds at most (``$SCOREKEEPER_STREAMS``, else 20,000): past it a
    stream is refused (503) and the page polls, as it does without streams."""
    return int(os.environ.get("SCOREKEEPER_STREAMS") or 20000)


def max_streams_per_address() -> int:
    """Open streams a worker holds for one client address at most
    (``$SCOREKEEPER_STREAMS_PER_ADDRESS``, else 256; 0: no limit): one stranger cannot take
    every stream of the server, and a venue's phones behind one address (its NAT) still
    follow live. Past it that address's next page polls."""
    return int(os.environ.get("SCOREKEEPER_STREAMS_PER_ADDRESS") or 256)


class Hub:
    """One worker's streams by topic and the watcher that tells them about changes."""

    def __init__(self, database: Path, alive: Callable[[], bool] = lambda: True,
                 per_address: int = 0):
        self.database, self.alive = database, alive
        self.closing = False
        self.db: Database | None = None
        self.streams: dict[Key, set[Inbox]] = {}
        self.open = 0
        self.per_address = per_address  # 0: no limit (a proxy in front limits them)
        self.by_address: Counter[str] = Counter()
        self.stamps: dict[Key, str | None] = {}
        self.seen: int | None = None
        self.watcher: asyncio.Task[None] | None = None

    def _db(self) -> Database:
        if self.db is None:  # opened in the worker (after the fork), on first use
            self.db = connect_read_only(self.database, busy_timeout_ms=1000)
        return self.db

    def read(self, keys: list[Key]) -> dict[Key, str | None]:
        """Each topic's stamp now (None: no such match, club night or session): indexed
        reads. A session's stamp is its version (a result, an answer, the round); one of its
        tables' is what that table's page shows (store/session_tables.table_stamps)."""
        db = self._db()
        out: dict[Key, str | None] = {}
        for kind, table in VERSIONED.items():  # a match's or a session's stamp: its version
            ids = [i for k, i in keys if k == kind]
            if ids:
                rows = db.execute(f"SELECT id, version FROM {table} WHERE id IN "
                                  f"({','.join('?' * len(ids))})", ids).fetchall()
                found = {r[0]: str(r[1]) for r in rows}
                out.update({(kind, i): found.get(i) for i in ids})
        for k, i in keys:
            if k == "e":
                stamp = event_store.event_stamp(db, i)
                out[(k, i)] = None if stamp is None else hashlib.sha256(
                    stamp.encode()).hexdigest()[:16]
        tables: dict[str, list[int]] = {}  # a session's tables: one read each session
        for k, i in keys:
            if k == "t":
                session_id, _dot, table = i.rpartition(".")
                tables.setdefault(session_id, []).append(int(table))
        for session_id, numbers in tables.items():
            stamps = table_stamps(db, session_id, numbers) or {}
            out.update({("t", f"{session_id}.{n}"): stamps.get(n) for n in numbers})
        return out

    def join(self, now: dict[Key, str | None], queue: Inbox) -> None:
        """A stream follows ``now``'s topics from their stamps now (what it was sent first)."""
        for key, stamp in now.items():
            self.streams.setdefault(key, set()).add(queue)
            self.stamps.setdefault(key, stamp)
        self.open += 1
        if self.watcher is None or self.watcher.done():
            self.seen = self._version()
            self.watcher = asyncio.ensure_future(self._watch())

    def leave(self, keys: list[Key], queue: Inbox) -> None:
        for key in keys:
            held = self.streams.get(key)
            if held is not None:
                held.discard(queue)
                if not held:
                    del self.streams[key]
                    self.stamps.pop(key, None)
        self.open -= 1

    def _version(self) -> int:
        return int(self._db().execute("PRAGMA data_version").fetchone()[0])

    async def _watch(self) -> None:
        """While streams are open: woken by a write to the database's files (:mod:`.notify`),
        it asks data_version every ``TICK`` until it has been still for ``SETTLE`` ticks (a
        commit's last write comes a moment before SQLite's index of the WAL says so), then
        sleeps until the next write. Without inotify it asks every tick."""
        writes = watch_writes(self.database)
        try:
            while self.streams:  # looks first: a write may have come before the watch
                still = 0
                while self.streams and (writes is None or still < SETTLE):
                    await asyncio.sleep(TICK)
                    try:
                        still = 0 if self._check() else still + 1
                    except sqlite3.Error:  # busy a moment (a checkpoint): look again
                        still = 0
                    if writes is None and self._stopping():
                        return
                if writes is not None and await self._written(writes) is None:
                    return
        except Exception:
            # Never silent streams: they end, and their phones reconnect (a new watcher)
            # or poll. The worker's log has the error.
            self._end_all()
            raise
        finally:
            if writes is not None:
                writes.close()

    async def _written(self, writes: Writes) -> bool | None:
        """Sleep until the database is written (True), the streams are gone (False) or the
        worker stops (None)."""
        while self.streams:
            if self._stopping():
                return None
            try:
                await asyncio.wait_for(writes.wait(), ALIVE)
                return True
            except TimeoutError:
                try:
                    self._check()
                except sqlite3.Error:  # busy a moment: the next look
                    pass
        return False

    def _stopping(self) -> bool:
        """Whether the worker stops (SIGTERM): then every stream ends now, and the phones
        reconnect to another worker, rather than holding the stop for its graceful timeout."""
        if self.alive():
            return False
        self.closing = True
        self._end_all()
        return True

    def _end_all(self) -> None:
        for queues in self.streams.values():
            for queue in queues:
                queue.put_nowait(None)

    def _check(self) -> bool:
        """Whether another connection committed since the last look; if so, the watched
        topics whose stamp moved are told (one read for all of them)."""
        version = self._version()
        if version == self.seen:
            return False
        self.seen = version
        for key, stamp in self.read(list(self.streams)).items():
            if stamp is None or stamp == self.stamps.get(key):
                continue
            self.stamps[key] = stamp
            for queue in self.streams.get(key, ()):
                queue.put_nowait((key, stamp))
        return True


def topics(query: bytes) -> list[Key] | None:
    """The topics a stream's query names (``m=<id>&e=<id>``), or None if it names none well."""
    try:
        pairs = parse_qsl(query.decode("ascii"), strict_parsing=True)
    except (UnicodeDecodeError, ValueError):
        return None
    keys = list(dict.fromkeys((k, v) for k, v in pairs))
    if not keys or len(keys) > TOPICS:
        return None
    if any(k not in KINDS or not (TABLE_ID if k == "t" else TOPIC_ID).fullmatch(v)
           for k, v in keys):
        return None
    return keys


def event(key: Key, stamp: str) -> bytes:
    data = json.dumps({"k": f"{key[0]}:{key[1]}", "v": stamp}, separators=(",", ":"))
    return f"event: change\ndata: {data}\n\n".encode()


async def _plain(send: Send, status: int, text: bytes, *extra: tuple[bytes, bytes]) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode()),
                            (b"cache-control", b"no-store"), *extra]})
    await send({"type": "http.response.body", "body": text})


async def _until_gone(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def serve_stream(hub: Hub, scope: MutableMapping[str, Any], receive: Receive,
                       send: Send) -> None:
    """One phone's stream: refused in words (400, 404, 503: the page polls instead), else
    each topic's stamp now, then a ``change`` whenever one moves, until the phone leaves."""
    keys = topics(scope.get("query_string") or b"")
    if keys is None:
        return await _plain(send, 400, BAD)
    client = scope.get("client")
    address = str(client[0]) if client else ""
    if (hub.closing or hub.open >= max_streams()
            or (hub.per_address and hub.by_address[address] >= hub.per_address)):
        return await _plain(send, 503, FULL, (b"retry-after", b"300"))
    now = hub.read(keys)
    if any(stamp is None for stamp in now.values()):
        return await _plain(send, 404, UNKNOWN)
    queue: Inbox = asyncio.Queue()
    hub.join(now, queue)
    hub.by_address[address] += 1
    gone = asyncio.ensure_future(_until_gone(receive))
    try:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/event-stream; charset=utf-8"),
                                (b"cache-control", b"no-store"),
                                (b"x-accel-buffering", b"no")]})
        first = b"retry: %d\n\n" % RETRY_MS + b"".join(
            event(k, s) for k, s in now.items() if s is not None)
        await send({"type": "http.response.body", "body": first, "more_body": True})
        while True:
            got = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({got, gone}, return_when=asyncio.FIRST_COMPLETED)
            if gone in done:
                got.cancel()
                break
            items = [got.result()]
            while not queue.empty():
                items.append(queue.get_nowait())
            news = [item for item in items if item is not None]
            body = b"".join(event(k, s) for k, s in dict(news).items())
            stop = len(news) < len(items)
            await send({"type": "http.response.body", "body": body, "more_body": not stop})
            if stop:
                break
    except OSError:  # the connection broke while writing: the phone reconnects
        pass
    finally:
        hub.leave(keys, queue)
        hub.by_address[address] -= 1
        if not hub.by_address[address]:
            del hub.by_address[address]
        gone.cancel()


def with_streams(app: ASGIApp, database: Path, alive: Callable[[], bool] = lambda: True,
                 behind_proxy: bool = False) -> ASGIApp:
    """``app`` with ``GET /stream`` answered in the event loop (one :class:`Hub` a worker;
    ``alive``: False once the worker stops). Behind a trusted proxy every stream comes from
    the proxy's address: the proxy limits them per phone's address (the nginx profile's
    ``limit_conn sk_streams``), so the worker does not."""
    hub = Hub(database, alive, per_address=0 if behind_proxy else max_streams_per_address())

    async def routed(scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path") == PATH and scope["method"] == "GET":
            return await serve_stream(hub, scope, receive, send)
        return await app(scope, receive, send)

    return routed
